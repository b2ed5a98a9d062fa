import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { invitationTokenBody, type InvitationDetails } from '@fieldport/contract/operations/people';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { member, organization, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { hitRateLimit, refuseTooMany } from '../../auth/rate-limit.ts';
import { writeAudit } from '../../platform/audit.ts';
import { hashInvitationToken } from './invitation.ts';
import { partyOfMember, userOfMember } from '../../platform/tenant.ts';

/**
 * The public side of an invitation (docs/people.md#invitations): the person who was mailed a
 * link reads, accepts or declines it without signing in, the token being the proof. Answers carry
 * only what the mail already said (organization, role, email).
 */

const NOT_VALID =
  'This invitation link is not valid any more: it was used, declined, withdrawn or replaced by a newer one. Ask the organization to send the invitation again.';

/** An answer, sent once the transaction has committed (a client must never read a write that may yet roll back). */
type Answer = { status: number; body: Record<string, unknown> };

const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  body: { code, message },
});

export function registerInvitationRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const { db, config } = deps;

  /**
   * Checks the body and the limit per address (a token cannot be guessed, but nobody gets to
   * try), then finds the invitation and locks it until the answer is written.
   */
  async function withInvitation(
    request: { body: unknown; ip: string },
    reply: FastifyReply,
    action: 'read' | 'accept' | 'decline',
    run: (tx: Db, found: InvitationRow) => Promise<Record<string, unknown>>,
  ) {
    // The identity routes' limit per address (AUTH_RATE_LIMIT_IP_PER_MINUTE), shared by the three.
    const retryAfter = await hitRateLimit(db, {
      key: `ip:${request.ip}:/api/invitations`,
      max: config.rateLimits.ipPerMinute,
      windowSeconds: 60,
    });
    if (retryAfter > 0) return refuseTooMany(reply, retryAfter);
    const parsed = invitationTokenBody.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(404).send({ code: 'NOT_FOUND', message: NOT_VALID });
    const hash = hashInvitationToken(parsed.data.token);
    const answer = await db.transaction(async (tx): Promise<Answer> => {
      const [found] = await tx
        .select({
          membershipId: member.id,
          organizationId: member.organizationId,
          userId: member.userId,
          role: member.role,
          status: member.status,
          expiresAt: member.invitation_expires_at,
          email: user.email,
          organizationName: organization.name,
          organizationStatus: organization.status,
          partyName: party.name,
        })
        .from(member)
        .innerJoin(user, userOfMember())
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .leftJoin(party, partyOfMember())
        .where(eq(member.invitation_token_hash, hash))
        .for('update', { of: member });
      if (!found || found.status !== 'PENDING') return refusal(404, 'NOT_FOUND', NOT_VALID);
      if (!found.expiresAt || found.expiresAt.getTime() <= Date.now()) {
        return refusal(
          410,
          'INVITATION_EXPIRED',
          `This invitation has expired. Ask ${found.organizationName} to send it again.`,
        );
      }
      // Declining stays possible while the organization is suspended.
      if (action === 'accept' && found.organizationStatus !== 'ACTIVE') {
        return refusal(403, 'FORBIDDEN', MSG.organizationSuspended);
      }
      return {
        status: 200,
        body: await run(tx as unknown as Db, { ...found, partyName: found.partyName ?? null }),
      };
    });
    return reply.code(answer.status).send(answer.body);
  }

  app.post('/api/invitations/read', (request, reply) =>
    withInvitation(request, reply, 'read', async (_tx, found) => {
      const details: InvitationDetails = {
        organization_name: found.organizationName,
        party_name: found.partyName,
        role: roleLabel(found.role as Role),
        email: found.email,
        expires_on: found.expiresAt!.toISOString(),
      };
      return { ...details };
    }),
  );

  app.post('/api/invitations/accept', (request, reply) =>
    withInvitation(request, reply, 'accept', async (tx, found) => {
      await tx
        .update(member)
        .set({
          status: 'ACTIVE',
          invitation_token_hash: null,
          invitation_expires_at: null,
          updated_at: new Date(),
        })
        .where(eq(member.id, found.membershipId));
      await writeAudit(tx, {
        organization_id: found.organizationId,
        user_id: found.userId,
        user_email: found.email,
        operation: 'ACCEPT_INVITATION',
        target: found.userId,
        ip_address: request.ip,
      });
      return {
        status: 'SUCCESS',
        status_message: `You joined ${found.organizationName} as ${roleLabel(found.role as Role)}. Choose it with Switch Organization in the user menu.`,
      };
    }),
  );

  app.post('/api/invitations/decline', (request, reply) =>
    withInvitation(request, reply, 'decline', async (tx, found) => {
      // Declined leaves nothing behind: the organization may invite the person again later.
      await tx.delete(member).where(eq(member.id, found.membershipId));
      await writeAudit(tx, {
        organization_id: found.organizationId,
        user_id: found.userId,
        user_email: found.email,
        operation: 'DECLINE_INVITATION',
        target: found.userId,
        ip_address: request.ip,
      });
      return {
        status: 'SUCCESS',
        status_message: `You declined the invitation to ${found.organizationName}.`,
      };
    }),
  );
}

interface InvitationRow {
  membershipId: string;
  organizationId: string;
  userId: string;
  role: string;
  email: string;
  organizationName: string;
  expiresAt: Date | null;
  partyName: string | null;
}
