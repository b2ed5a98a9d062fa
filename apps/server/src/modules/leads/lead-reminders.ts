import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { member, organization, user } from '../../db/schema/identity.ts';
import { lead, leadFollowUp } from '../../db/schema/leads.ts';
import type { Mailer } from '../../platform/mail.ts';

const BATCH = 200;

/**
 * The follow-ups that have fallen due remind the lead's owner by mail (docs/leads.md#follow-ups),
 * once each: the follow-up is marked reminded in the transaction that queues the mail, only if no
 * other run marked it first, and the mail's idempotency key stops a second one should the job run
 * again after a crash. A lead with no owner reminds whoever planned the follow-up. A done follow-up,
 * or one of a lead won or lost, reminds nobody.
 */
export async function remindDueFollowUps(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  now: Date = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: leadFollowUp.id })
    .from(leadFollowUp)
    .where(and(lte(leadFollowUp.due_at, now), isNull(leadFollowUp.reminded_at), isNull(leadFollowUp.done_at)))
    .orderBy(asc(leadFollowUp.due_at), asc(leadFollowUp.id))
    .limit(BATCH);
  let reminded = 0;
  for (const { id } of due) {
    const sent = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [claimed] = await tx
        .update(leadFollowUp)
        .set({ reminded_at: now })
        .where(and(eq(leadFollowUp.id, id), isNull(leadFollowUp.reminded_at), isNull(leadFollowUp.done_at)))
        .returning();
      if (!claimed) return false;
      const [row] = await tx
        .select({ lead, organization })
        .from(lead)
        .innerJoin(organization, eq(organization.id, lead.organization_id))
        .where(eq(lead.id, claimed.lead_id));
      if (!row || row.lead.status === 'WON' || row.lead.status === 'LOST') return false;
      const [person] = row.lead.owner_member_id
        ? await tx
            .select({ name: user.name, email: user.email })
            .from(member)
            .innerJoin(user, eq(user.id, member.userId))
            .where(and(eq(member.id, row.lead.owner_member_id), eq(member.status, 'ACTIVE')))
        : claimed.created_by
          ? await tx
              .select({ name: user.name, email: user.email })
              .from(user)
              .where(eq(user.id, claimed.created_by))
          : [];
      if (!person) return false;
      const when = new Intl.DateTimeFormat('en-IN', {
        timeZone: row.organization.time_zone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(claimed.due_at);
      await mailer.send(
        {
          to: person.email,
          organizationId: row.organization.id,
          subject: `Follow up lead ${row.lead.lead_number}: ${row.lead.name}`,
          text: [
            `Dear ${person.name},`,
            '',
            `A follow-up of lead ${row.lead.lead_number} (${row.lead.name}, ${row.lead.phone}) is due (${when}):`,
            claimed.note,
            '',
            `Open it: ${publicUrl}/ProductSales?lead=${row.lead.id}`,
            '',
            row.organization.name,
          ].join('\n'),
        },
        tx,
        { idempotencyKey: `lead-follow-up:${claimed.id}` },
      );
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
