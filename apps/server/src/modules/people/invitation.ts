import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import { account, member, session, user, type MembershipStatus } from '../../db/schema/identity.ts';
import { seedMember } from '../../db/seed/factories.ts';
import type { OperationContext } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { newId } from '../../db/ids.ts';
import { uniqueViolation } from '../../platform/masters.ts';
import { membersOf } from '../../platform/tenant.ts';

/**
 * Invitations (docs/people.md#invitations): a new person gets a temporary password by mail and
 * must change it at the first sign-in (login step 2, /auth/complete-new-password). A person who
 * already has a sign-in is asked: their membership stays PENDING, counting for nothing, until they
 * accept the mailed link (invitation-routes.ts); nothing of theirs is read, shown or changed here.
 */

/** How long an invitation link works. */
const INVITATION_DAYS = 7;

/** A single-use token for an invitation link; only its hash is kept. */
function invitationToken(): { token: string; hash: string; expiresAt: Date } {
  const token = crypto.randomBytes(32).toString('base64url');
  return {
    token,
    hash: hashInvitationToken(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  };
}

export function hashInvitationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

// No 0/O, 1/l/I: the password is read from a mail and typed by hand.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#%+=!?';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

/** 12 random characters with an upper and a lower case letter, a digit and a symbol (the password policy). */
function temporaryPassword(length = 12): string {
  const pick = (alphabet: string) => alphabet[crypto.randomInt(alphabet.length)];
  const characters = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (characters.length < length) characters.push(pick(ALL));
  // Fisher-Yates, so that the required classes are not always in front.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  return characters.join('');
}

type InvitationMail = {
  to: string;
  role: Role;
  /** Where the membership is, for the person to recognise it. */
  partyName?: string | null;
} & (
  | { name: string; temporaryPassword: string }
  /** A person who already signs in: a link to accept or decline, no password. */
  | { acceptToken: string }
);

/** Sends the invitation, recorded in the operation's transaction; a mail that cannot be sent undoes everything. */
async function mailInvitation(context: OperationContext, mail: InvitationMail): Promise<void> {
  const organizationName = context.caller.organization.name;
  const where = mail.partyName ? `${organizationName} (${mail.partyName})` : organizationName;
  const signIn = `${context.config.publicUrl}/`;
  const lines =
    'temporaryPassword' in mail
      ? [
          `Hello ${mail.name},`,
          '',
          `${context.caller.user.name} has added you to ${where} on Fieldport as ${roleLabel(mail.role)}.`,
          '',
          `Sign-in address: ${signIn}`,
          `Email: ${mail.to}`,
          `Temporary password: ${mail.temporaryPassword}`,
          '',
          'When you sign in, you will be asked to choose your own password. The temporary password works until then.',
          '',
          'If you did not expect this mail, you can ignore it.',
        ]
      : [
          'Hello,',
          '',
          `${context.caller.user.name} invites you to join ${where} on Fieldport as ${roleLabel(mail.role)}.`,
          '',
          'To accept or decline, open this link:',
          `${context.config.publicUrl}/AcceptInvitation?token=${mail.acceptToken}`,
          '',
          `The link works once and for ${INVITATION_DAYS} days. Until you accept, ${organizationName} sees only your email address.`,
          `After accepting, sign in as usual with ${mail.to} and choose ${organizationName} with Switch Organization in the user menu.`,
          '',
          'If you did not expect this mail, ignore it: nothing changes for you.',
        ];
  // Queued with the invitation; a mail server that is down delays it (docs/operations.md#mail).
  await context.mailer.send(
    {
      to: mail.to,
      subject: `You are invited to ${organizationName} on Fieldport`,
      text: lines.join('\n'),
      organizationId: context.caller.organization.id,
    },
    context.db,
  );
}

interface NewMember {
  email: string;
  name: string;
  role: Role;
  phone_number: string | null;
  designation_id: string | null;
  party_id: string | null;
  partyName?: string | null;
  /** The input field that holds the email, for the message of a conflict. */
  emailField: string;
}

/**
 * Adds a membership, and the person when the email is new (with the demo's seed functions), then
 * mails the invitation. An email that is already a member of this organization is a CONFLICT.
 */
export async function inviteMember(
  context: OperationContext,
  values: NewMember,
): Promise<{ userId: string; membershipId: string; newPerson: boolean }> {
  const { db, caller } = context;
  const [existing] = await db
    .select({ id: user.id, role: member.role, status: member.status })
    .from(user)
    .leftJoin(member, and(eq(member.userId, user.id), membersOf(caller)))
    .where(eq(user.email, values.email));
  if (existing?.role) throw alreadyMember(values, existing.role as Role, existing.status as MembershipStatus);

  const password = temporaryPassword();
  const link = invitationToken();
  let created;
  try {
    created = await seedMember(db, {
      organizationId: caller.organization.id,
      email: values.email,
      name: values.name,
      role: values.role,
      // Used only when the person is new: seedUser keeps an existing person's password and name.
      password,
      mustChangePassword: true,
      designation_id: values.designation_id,
      party_id: values.party_id,
      phone_number: values.phone_number,
      invited_at: new Date(),
      // A person who already signs in joins only when they accept: nobody is added to an
      // organization without their consent (docs/people.md#invitations).
      ...(existing
        ? { status: 'PENDING', invitation_token_hash: link.hash, invitation_expires_at: link.expiresAt }
        : {}),
    });
  } catch (error) {
    // Two invitations of one email at the same moment: the second finds the first's rows.
    if (uniqueViolation(error)) throw alreadyMember(values, values.role, 'ACTIVE');
    throw error;
  }
  const newPerson = !existing;
  await mailInvitation(context, {
    to: values.email,
    role: values.role,
    partyName: values.partyName,
    ...(newPerson ? { name: values.name, temporaryPassword: password } : { acceptToken: link.token }),
  });
  return { userId: created.user.id, membershipId: created.membership.id, newPerson };
}

function alreadyMember(values: NewMember, role: Role, status: MembershipStatus) {
  const message =
    status === 'INVALID'
      ? `${values.email} is already a member of this organization, marked invalid. Restore them from Invalid Users.`
      : status === 'PENDING'
        ? `${values.email} is already invited to this organization. Send the invitation again from the list if it was lost.`
        : `${values.email} is already a member of this organization (${roleLabel(role)}).`;
  return conflict(message, values.emailField);
}

/** The answer's words for an invitation: a pending one names only the email typed. */
export function invitationMessage(
  invited: { newPerson: boolean },
  email: string,
  name: string,
  organization: string,
) {
  return invited.newPerson
    ? `${name} invited. A temporary password was mailed to ${email}.`
    : `Invitation sent to ${email}. They join ${organization} when they accept it.`;
}

/** A pending invitation mailed again with a new link; the old link stops working. */
export async function remindPending(
  context: OperationContext,
  target: { membershipId: string; email: string; role: Role; partyName: string | null },
): Promise<void> {
  const link = invitationToken();
  await context.db
    .update(member)
    .set({
      invitation_token_hash: link.hash,
      invitation_expires_at: link.expiresAt,
      invited_at: new Date(),
      updated_at: new Date(),
    })
    .where(eq(member.id, target.membershipId));
  await mailInvitation(context, {
    to: target.email,
    role: target.role,
    partyName: target.partyName,
    acceptToken: link.token,
  });
}

/**
 * A new temporary password for a person who has never signed in anywhere, mailed again. Only the
 * sessions working in this organization end: nobody else's are this organization's to end.
 */
export async function reinvite(
  context: OperationContext,
  target: {
    userId: string;
    membershipId: string;
    email: string;
    name: string;
    role: Role;
    partyName: string | null;
  },
): Promise<void> {
  const { db } = context;
  const password = temporaryPassword();
  const hash = await hashPassword(password);
  const updated = await db
    .update(account)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(account.userId, target.userId), eq(account.providerId, 'credential')))
    .returning({ id: account.id });
  if (updated.length === 0) {
    // A person made without a password sign-in (none are today) gets one.
    await db.insert(account).values({
      id: newId(),
      accountId: target.userId,
      providerId: 'credential',
      userId: target.userId,
      password: hash,
    });
  }
  await db
    .update(user)
    .set({ mustChangePassword: true, updatedAt: new Date() })
    .where(eq(user.id, target.userId));
  await db
    .delete(session)
    .where(
      and(
        eq(session.userId, target.userId),
        eq(session.activeOrganizationId, context.caller.organization.id),
      ),
    );
  await db
    .update(member)
    .set({ invited_at: new Date(), updated_at: new Date() })
    .where(eq(member.id, target.membershipId));
  await mailInvitation(context, {
    to: target.email,
    name: target.name,
    role: target.role,
    temporaryPassword: password,
    partyName: target.partyName,
  });
}
