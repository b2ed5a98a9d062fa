import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import { account, member, session, user } from '../../db/schema/identity.ts';
import { seedMember } from '../../db/seed/factories.ts';
import type { OperationContext } from '../../graphql/handler.ts';
import { conflict, unavailable } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { uniqueViolation } from '../../platform/masters.ts';

/**
 * Invitations (issue 5 item 1): a new person gets a temporary password by mail and must change it
 * at the first sign-in (login step 2, /auth/complete-new-password); a person who already has a
 * sign-in (a member of another organization) keeps their password and is only told.
 */

// No 0/O, 1/l/I: the password is read from a mail and typed by hand.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#%+=!?';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

/** 12 random characters with an upper and a lower case letter, a digit and a symbol (the password policy). */
export function temporaryPassword(length = 12): string {
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

interface InvitationMail {
  to: string;
  name: string;
  role: Role;
  /** Null: the person already has a sign-in and keeps their password. */
  temporaryPassword: string | null;
  /** Where the membership is, for the person to recognise it. */
  partyName?: string | null;
}

/** Sends the invitation, recorded in the operation's transaction; a mail that cannot be sent undoes everything. */
export async function mailInvitation(context: OperationContext, mail: InvitationMail): Promise<void> {
  const organizationName = context.caller.organization.name;
  const where = mail.partyName ? `${organizationName} (${mail.partyName})` : organizationName;
  const signIn = `${context.config.publicUrl}/`;
  const lines = [
    `Hello ${mail.name},`,
    '',
    `${context.caller.user.name} has added you to ${where} on Fieldport as ${roleLabel(mail.role)}.`,
    '',
    ...(mail.temporaryPassword
      ? [
          `Sign-in address: ${signIn}`,
          `Email: ${mail.to}`,
          `Temporary password: ${mail.temporaryPassword}`,
          '',
          'When you sign in, you will be asked to choose your own password. The temporary password works until then.',
        ]
      : [
          `Sign in at ${signIn} with ${mail.to} and the password you already use for Fieldport`,
          '(Forgot Password on the sign-in page sends you a code if you do not remember it).',
          `Choose ${organizationName} with Switch Organization in the user menu.`,
        ]),
    '',
    'If you did not expect this mail, you can ignore it.',
  ];
  try {
    await context.mailer.send(
      { to: mail.to, subject: `You are invited to ${organizationName} on Fieldport`, text: lines.join('\n') },
      context.db,
    );
  } catch {
    throw unavailable(
      `The invitation to ${mail.to} could not be mailed, so nothing was saved. Please try again in a few minutes.`,
    );
  }
}

export interface NewMember {
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
    .leftJoin(member, and(eq(member.userId, user.id), eq(member.organizationId, caller.organization.id)))
    .where(eq(user.email, values.email));
  if (existing?.role) throw alreadyMember(values, existing.role as Role, existing.status === 'INVALID');

  const password = temporaryPassword();
  let created;
  try {
    created = await seedMember(db, {
      organizationId: caller.organization.id,
      email: values.email,
      name: values.name,
      role: values.role,
      // Used only when the person is new: seedUser keeps an existing person's password.
      password,
      mustChangePassword: true,
      designation_id: values.designation_id,
      party_id: values.party_id,
      phone_number: values.phone_number,
      invited_at: new Date(),
    });
  } catch (error) {
    // Two invitations of one email at the same moment: the second finds the first's rows.
    if (uniqueViolation(error)) throw alreadyMember(values, values.role, false);
    throw error;
  }
  const newPerson = !existing;
  await mailInvitation(context, {
    to: values.email,
    name: newPerson ? values.name : created.user.name,
    role: values.role,
    temporaryPassword: newPerson ? password : null,
    partyName: values.partyName,
  });
  return { userId: created.user.id, membershipId: created.membership.id, newPerson };
}

function alreadyMember(values: NewMember, role: Role, invalid: boolean) {
  return conflict(
    invalid
      ? `${values.email} is already a member of this organization, marked invalid. Restore them from Invalid Users.`
      : `${values.email} is already a member of this organization (${roleLabel(role)}).`,
    values.emailField,
  );
}

/**
 * A new temporary password for a person who has not yet chosen their own, mailed again. Their
 * sessions end: every one of them was opened with a temporary password and can do nothing else.
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
  await db.delete(session).where(eq(session.userId, target.userId));
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
