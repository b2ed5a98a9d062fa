import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ActivateOrDeactivateEscalationNotification,
  CreateEscalationNotification,
} from '@fieldport/contract/operations/settings';
import { Get_Ticket_Details, ReassignOrOpenTheAssignedTicket } from '@fieldport/contract/operations/tickets';
import { mailOutbox } from '../../db/schema/platform.ts';
import { ticketEscalation } from '../../db/schema/tickets.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { fireDueEscalations } from './escalations.ts';
import { ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

// Escalation rules fire (docs/escalations.md): once per ticket, rule and level, however often and
// wherever the job runs.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const run = () => fireDueEscalations(app.database.db, app.mailer, app.config.publicUrl);

async function rule(world: TicketWorld, values: Record<string, unknown>) {
  const created = await world.ok('OWNER', CreateEscalationNotification, {
    escalation_notification_name: `Rule ${Math.random().toString(36).slice(2, 8)}`,
    ticket_state: 'OPEN',
    after_hours: 2,
    notify_roles: ['AGENT'],
    ...values,
  });
  return created.items[0];
}

async function mailsAbout(world: TicketWorld, ticketNumber: string) {
  const rows = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.organization_id, world.org.id));
  return rows
    .filter((row) => row.subject.includes(`ticket ${ticketNumber} `))
    .map((row) => row.to_address)
    .sort();
}

async function timeline(world: TicketWorld, ticketId: string) {
  const details = await world.ok('AGENT', Get_Ticket_Details, { ticket_id: ticketId });
  return details.items[0].timeline.filter((event) => event.kind === 'ESCALATED');
}

describe('an escalation rule', () => {
  it('tells its roles and addresses once a ticket has stayed in its state past its hours, and never twice', async () => {
    const world = await ticketWorld(app);
    const escalation = await rule(world, { notify_emails: ['service.head@test.local'] });
    const late = await world.seed({ state: 'OPEN', created_at: hoursAgo(3) });
    const early = await world.seed({ state: 'OPEN', created_at: hoursAgo(1) });

    await run();
    expect(await mailsAbout(world, late.ticket_number)).toEqual(
      [world.members.AGENT.email, 'service.head@test.local'].sort(),
    );
    expect(await mailsAbout(world, early.ticket_number)).toEqual([]);
    const [entry] = await timeline(world, late.id);
    expect(entry.text).toBe(
      `Level 1 escalation '${escalation.escalation_notification_name}': Open for more than 2 hours; told ` +
        `${world.members.AGENT.email}, service.head@test.local`,
    );
    const [mail] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to_address, 'service.head@test.local'),
          eq(mailOutbox.organization_id, world.org.id),
        ),
      );
    expect(mail.subject).toBe(
      `Escalation (level 1): ticket ${late.ticket_number} Open for more than 2 hours`,
    );
    expect(mail.body_text).toContain(`/ActiveTickets?ticket_id=${late.id}`);

    // Again, and twice at the same moment (two processes): nobody is told again.
    await run();
    await Promise.all([run(), run()]);
    expect(await mailsAbout(world, late.ticket_number)).toHaveLength(2);
    expect(await timeline(world, late.id)).toHaveLength(1);
    expect(
      await app.database.db.select().from(ticketEscalation).where(eq(ticketEscalation.ticket_id, late.id)),
    ).toHaveLength(1);
  });

  it('counts the hours from when the ticket came into the state, and leaves a ticket that moved on', async () => {
    const world = await ticketWorld(app);
    await rule(world, {
      ticket_state: 'ASSIGNED',
      after_hours: 2,
      notify_emails: ['assigned.watch@test.local'],
    });
    await rule(world, { ticket_state: 'OPEN', after_hours: 2, notify_emails: ['open.watch@test.local'] });
    // Created long ago, assigned just now: not yet 2 hours in ASSIGNED, and no longer OPEN.
    const moved = await world.seed({ state: 'OPEN', created_at: hoursAgo(5) });
    await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: moved.id,
      action: 'ASSIGN',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    await run();
    expect(await mailsAbout(world, moved.ticket_number)).toEqual([]);
  });

  it('fires only for its priority, category and territory, and each level of a chain once', async () => {
    const world = await ticketWorld(app);
    await rule(world, {
      priority: 'URGENT',
      category_id: world.category.id,
      territory_id: world.territories.bengaluru.id,
      notify_roles: [],
      notify_emails: ['urgent.desk@test.local'],
    });
    await rule(world, {
      after_hours: 4,
      level: 2,
      notify_roles: [],
      notify_emails: ['service.head@test.local'],
    });
    const urgent = await world.seed({ state: 'OPEN', priority: 'URGENT', created_at: hoursAgo(3) });
    const usual = await world.seed({ state: 'OPEN', priority: 'MEDIUM', created_at: hoursAgo(5) });
    await run();
    expect(await mailsAbout(world, urgent.ticket_number)).toEqual(['urgent.desk@test.local']);
    expect(await mailsAbout(world, usual.ticket_number)).toEqual(['service.head@test.local']);
    expect((await timeline(world, usual.id)).map((entry) => entry.text?.slice(0, 7))).toEqual(['Level 2']);
  });

  it("tells a partner role only the ticket's own partner's people, and the technician role only its technician", async () => {
    const world = await ticketWorld(app);
    const otherPartner = await seedParty(world.db, {
      organization_id: world.org.id,
      kind: 'SERVICE_PARTNER',
      name: `Other partner ${world.tag}`,
    });
    const stranger = await addTestMember(world.db, {
      organizationId: world.org.id,
      role: 'SERVICE_PARTNER',
      party_id: otherPartner.id,
    });
    await rule(world, { ticket_state: 'ASSIGNED', notify_roles: ['SERVICE_PARTNER', 'TECHNICIAN'] });
    const ticket = await world.seed({
      state: 'ASSIGNED',
      partner_party_id: world.partner.id,
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
      created_at: hoursAgo(3),
    });
    await run();
    const told = await mailsAbout(world, ticket.ticket_number);
    expect(told).toEqual(
      [world.members.SERVICE_PARTNER.email, world.members.PARTNER_TECHNICIAN.email].sort(),
    );
    expect(told).not.toContain(stranger.email);
    expect(told).not.toContain(world.members.TECHNICIAN.email);
  });

  it('is not fired by an inactive rule', async () => {
    const world = await ticketWorld(app);
    const inactive = await rule(world, { notify_emails: ['nobody.now@test.local'] });
    await world.ok('OWNER', ActivateOrDeactivateEscalationNotification, {
      escalation_notification_id: inactive.escalation_notification_id,
      escalation_notification_status: 'INACTIVE',
    });
    const ticket = await world.seed({ state: 'OPEN', created_at: hoursAgo(3) });
    await run();
    expect(await mailsAbout(world, ticket.ticket_number)).toEqual([]);
  });
});
