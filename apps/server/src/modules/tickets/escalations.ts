import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isDealerRole, isPartnerRole, type Role } from '@fieldport/contract/roles';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { member, organization, user } from '../../db/schema/identity.ts';
import { escalationNotification } from '../../db/schema/settings.ts';
import { ticketEscalation, ticketEvent } from '../../db/schema/tickets.ts';
import type { Mailer } from '../../platform/mail.ts';
import { userOfMember } from '../../platform/tenant.ts';

/**
 * Escalations fire (docs/escalations.md): a scheduled job reads every active rule and the open
 * tickets that have stayed in the rule's state longer than its hours (of its priority, category and
 * territory when set), and for each one writes, in one transaction, the firing (unique per ticket,
 * rule and level), an ESCALATED entry on the ticket's timeline and a mail to each recipient. A
 * second run, in another process or after a crash, finds the firing and tells nobody again.
 */

/** Tickets fired per rule and run; the rest wait for the next run. */
const BATCH = 500;

interface Rule {
  id: string;
  organization_id: string;
  name: string;
  ticket_state: string;
  after_hours: number;
  level: number;
  priority: string | null;
  category_id: string | null;
  territory_id: string | null;
  notify_roles: Role[];
  notify_emails: string[];
  organizationName: string;
  timeZone: string;
}

interface DueTicket {
  id: string;
  ticket_number: string;
  state: string;
  state_since: Date;
  technician_id: string | null;
  partner_party_id: string | null;
  dealer_party_id: string | null;
  customer_name: string;
}

export interface EscalationRun {
  /** Escalations written by this run (ticket, rule, level), and the mails they queued. */
  fired: number;
  mails: number;
}

export async function fireDueEscalations(db: Db, mailer: Mailer, publicUrl: string): Promise<EscalationRun> {
  const rules: Rule[] = await db
    .select({
      id: escalationNotification.id,
      organization_id: escalationNotification.organization_id,
      name: escalationNotification.name,
      ticket_state: escalationNotification.ticket_state,
      after_hours: escalationNotification.after_hours,
      level: escalationNotification.level,
      priority: escalationNotification.priority,
      category_id: escalationNotification.category_id,
      territory_id: escalationNotification.territory_id,
      notify_roles: escalationNotification.notify_roles,
      notify_emails: escalationNotification.notify_emails,
      organizationName: organization.name,
      timeZone: organization.time_zone,
    })
    .from(escalationNotification)
    .innerJoin(organization, eq(organization.id, escalationNotification.organization_id))
    .where(eq(escalationNotification.status, 'ACTIVE'));

  const run: EscalationRun = { fired: 0, mails: 0 };
  for (const rule of rules) {
    for (const due of await dueTickets(db, rule)) {
      const mails = await fire(db, mailer, publicUrl, rule, due);
      if (mails === null) continue;
      run.fired += 1;
      run.mails += mails;
    }
  }
  return run;
}

/** The rule's tickets past its hours in its state, not yet fired at its level. */
async function dueTickets(db: Db, rule: Rule): Promise<DueTicket[]> {
  // When the ticket came into its state: its newest entry into it on the timeline, or its creation.
  const result = await db.execute<
    Omit<DueTicket, 'state_since'> & { state_since: string | Date } & Record<string, unknown>
  >(sql`
    select t.id, t.ticket_number, t.state, t.technician_id, t.partner_party_id, t.dealer_party_id,
      c.name as customer_name, s.state_since
    from ticket t
    join customer c on c.id = t.customer_id
    cross join lateral (
      select coalesce(
        (select max(e.created_at) from ticket_event e
          where e.organization_id = t.organization_id and e.ticket_id = t.id and e.to_state = t.state),
        t.created_at) as state_since
    ) s
    where t.organization_id = ${rule.organization_id}
      and t.state = ${rule.ticket_state}
      ${rule.priority ? sql`and t.priority = ${rule.priority}` : sql``}
      ${rule.category_id ? sql`and t.category_id = ${rule.category_id}` : sql``}
      ${rule.territory_id ? sql`and t.territory_id = ${rule.territory_id}` : sql``}
      and s.state_since <= now() - make_interval(hours => ${rule.after_hours})
      and not exists (
        select 1 from ticket_escalation x
        where x.ticket_id = t.id and x.rule_id = ${rule.id} and x.level = ${rule.level})
    order by s.state_since, t.id
    limit ${BATCH}`);
  return result.rows.map((row) => ({ ...row, state_since: new Date(row.state_since) }));
}

/** Fires one rule for one ticket; null when another run fired it first. */
async function fire(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  rule: Rule,
  due: DueTicket,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [fired] = await tx
      .insert(ticketEscalation)
      .values({
        id: newId(),
        organization_id: rule.organization_id,
        ticket_id: due.id,
        rule_id: rule.id,
        level: rule.level,
        ticket_state: due.state as typeof ticketEscalation.$inferInsert.ticket_state,
        state_since: due.state_since,
      })
      .onConflictDoNothing()
      .returning({ id: ticketEscalation.id });
    if (!fired) return null;

    const recipients = await recipientsOf(tx as unknown as Db, rule, due);
    const state = ticketStateLabel(due.state as Parameters<typeof ticketStateLabel>[0]);
    const since = new Intl.DateTimeFormat('en-IN', {
      timeZone: rule.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(due.state_since);
    const told = recipients.map((person) => person.email);
    await tx.insert(ticketEvent).values({
      id: newId(),
      organization_id: rule.organization_id,
      ticket_id: due.id,
      kind: 'ESCALATED',
      text:
        `Level ${rule.level} escalation '${rule.name}': ${state} for more than ${hours(rule.after_hours)}` +
        (told.length ? `; told ${told.join(', ')}` : '; nobody to tell'),
      details: { rule_id: rule.id, level: rule.level, state_since: due.state_since.toISOString(), told },
    });
    for (const person of recipients) {
      await mailer.send(
        {
          to: person.email,
          organizationId: rule.organization_id,
          subject: `Escalation (level ${rule.level}): ticket ${due.ticket_number} ${state} for more than ${hours(rule.after_hours)}`,
          text: [
            `Dear ${person.name},`,
            '',
            `Ticket ${due.ticket_number} of ${due.customer_name} has been ${state} since ${since}, ` +
              `longer than the ${hours(rule.after_hours)} the rule '${rule.name}' allows.`,
            '',
            `Open it: ${publicUrl}/ActiveTickets?ticket_id=${due.id}`,
            '',
            rule.organizationName,
          ].join('\n'),
        },
        tx as unknown as Db,
        { idempotencyKey: `escalation:${due.id}:${rule.id}:${rule.level}:${person.email}` },
      );
    }
    return recipients.length;
  });
}

const hours = (count: number) => (count === 1 ? '1 hour' : `${count} hours`);

/**
 * Whom a rule tells about a ticket, each address once: the rule's addresses; the organization's
 * active staff of its staff roles; of the partner and dealer roles only the people of the ticket's
 * own partner and dealer, and of TECHNICIAN only the ticket's technician, never another party's.
 */
async function recipientsOf(db: Db, rule: Rule, due: DueTicket): Promise<{ name: string; email: string }[]> {
  const roles = rule.notify_roles;
  const staffRoles = roles.filter(
    (role) => role !== 'TECHNICIAN' && !isPartnerRole(role) && !isDealerRole(role),
  );
  const partnerRoles = roles.filter(isPartnerRole);
  const dealerRoles = roles.filter(isDealerRole);
  const peopleWhere = (condition: SQL | undefined) =>
    db
      .select({ name: user.name, email: user.email })
      .from(member)
      .innerJoin(user, userOfMember())
      .where(and(eq(member.organizationId, rule.organization_id), eq(member.status, 'ACTIVE'), condition))
      .orderBy(user.email);
  const found = [
    ...(staffRoles.length
      ? await peopleWhere(and(inArray(member.role, staffRoles), isNull(member.party_id)))
      : []),
    ...(partnerRoles.length && due.partner_party_id
      ? await peopleWhere(and(inArray(member.role, partnerRoles), eq(member.party_id, due.partner_party_id)))
      : []),
    ...(dealerRoles.length && due.dealer_party_id
      ? await peopleWhere(and(inArray(member.role, dealerRoles), eq(member.party_id, due.dealer_party_id)))
      : []),
    ...(roles.includes('TECHNICIAN') && due.technician_id
      ? await peopleWhere(eq(member.id, due.technician_id))
      : []),
    ...rule.notify_emails.map((email) => ({ name: 'colleague', email })),
  ];
  const seen = new Set<string>();
  return found.filter((person) => {
    const key = person.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
