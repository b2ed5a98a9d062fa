import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import {
  ClaimTicket,
  Get_Ticket_Details,
  List_Technician_Tickets,
  ReleaseTicket,
  UpdateTicketWorkStatus,
} from '@fieldport/contract/operations/tickets';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TICKET_NOT_FOUND } from './ticket-rules.ts';
import { auditOf, itemOf, storedTicket, ticketWorld } from './ticket.test-kit.ts';

// The technician's app: a claim can be undone (ReleaseTicket), and the floating pool shows the
// nearest visit first (docs/tickets.md#assignment, "The field engineer's app").

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('releasing a claimed ticket', () => {
  it('gives the claimer’s ticket back to the pool it came from, on the timeline and in the audit log', async () => {
    const world = await ticketWorld(app);
    const row = await world.seed({ state: 'OPEN', is_floating: true, partner_party_id: world.partner.id });
    await world.ok('PARTNER_TECHNICIAN', ClaimTicket, { ticket_id: row.id });
    const details = await world.ok('PARTNER_TECHNICIAN', Get_Ticket_Details, { ticket_id: row.id });
    expect(details.items[0].allowed_actions).toContain('RELEASE');

    const answer = await world.as('PARTNER_TECHNICIAN', ReleaseTicket, { ticket_id: row.id });
    expect(answer.envelope?.status_message).toBe(`Ticket ${row.ticket_number} is back in the floating pool`);
    expect(itemOf(answer.envelope!.data)).toMatchObject({
      state: 'OPEN',
      is_floating: true,
      technician_id: null,
      // The partner's pool, not the organization's.
      partner_party_id: world.partner.id,
    });
    const { row: stored, events } = await storedTicket(world.db, row.id);
    expect(stored.assigned_at).toBeNull();
    expect(events.at(-1)).toMatchObject({
      kind: 'RELEASED',
      from_state: 'ACCEPTED',
      to_state: 'OPEN',
      actor_user_id: world.members.PARTNER_TECHNICIAN.userId,
    });
    expect((await auditOf(world.db, world.org.id, 'ReleaseTicket')).map((entry) => entry.target)).toEqual([
      row.id,
    ]);
    // Back in the partner's pool: another of its technicians may claim it.
    const pool = await world.ok('PARTNER_TECHNICIAN', List_Technician_Tickets, { view: 'FLOATING' });
    expect(pool.items.map((item) => item.ticket_id)).toEqual([row.id]);
  });

  it('refuses anybody but the claimer, a ticket assigned rather than claimed, and a started one, writing nothing', async () => {
    const world = await ticketWorld(app);
    const claimed = await world.seed({ state: 'OPEN', is_floating: true });
    await world.ok('TECHNICIAN', ClaimTicket, { ticket_id: claimed.id });
    const before = await storedTicket(world.db, claimed.id);

    const other = await world.as('SECOND_TECHNICIAN', ReleaseTicket, { ticket_id: claimed.id });
    expect(other.errors?.[0]).toMatchObject({ message: TICKET_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    const coordinator = await world.as('AGENT', ReleaseTicket, { ticket_id: claimed.id });
    expect(coordinator.errors?.[0]).toMatchObject({
      // Releasing is a technician's ('My Work'): the permission table refuses co-ordinators.
      message: MSG.forbiddenModule,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await storedTicket(world.db, claimed.id)).toEqual(before);

    // Assigned by a co-ordinator and accepted: not the technician's to float.
    const assigned = await world.seed({
      state: 'ACCEPTED',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    const notClaimed = await world.as('TECHNICIAN', ReleaseTicket, { ticket_id: assigned.id });
    expect(notClaimed.errors?.[0]).toMatchObject({
      message: `Ticket ${assigned.ticket_number} was not claimed by you from the floating pool, so it cannot go back there. Ask a co-ordinator to reassign it.`,
      extensions: { code: 'CONFLICT' },
    });
    const assignedDetails = await world.ok('TECHNICIAN', Get_Ticket_Details, { ticket_id: assigned.id });
    expect(assignedDetails.items[0].allowed_actions).not.toContain('RELEASE');

    // Work started: the claim is no longer the last move, and the state refuses it.
    await world.ok('TECHNICIAN', UpdateTicketWorkStatus, {
      ticket_id: claimed.id,
      wip_sub_stage_id: world.subStage.id,
    });
    const started = await world.as('TECHNICIAN', ReleaseTicket, { ticket_id: claimed.id });
    expect(started.errors?.[0]).toMatchObject({
      message: `Ticket ${claimed.ticket_number} is in progress and cannot be given back to the pool.`,
      extensions: { code: 'CONFLICT' },
    });
  });
});

describe('the floating pool', () => {
  it('shows the nearest visit first, then tickets without a visit date, newest first', async () => {
    const world = await ticketWorld(app);
    const at = (iso: string) => new Date(iso);
    // Made in this order, oldest first; the pool is not in this order.
    const oldNoDate = await world.seed({
      state: 'OPEN',
      is_floating: true,
      created_at: at('2026-01-01T09:00Z'),
    });
    const later = await world.seed({
      state: 'OPEN',
      is_floating: true,
      preferred_visit_date: '2026-03-20',
      created_at: at('2026-01-02T09:00Z'),
    });
    const soonest = await world.seed({
      state: 'OPEN',
      is_floating: true,
      preferred_visit_date: '2026-03-10',
      created_at: at('2026-01-03T09:00Z'),
    });
    const newNoDate = await world.seed({
      state: 'OPEN',
      is_floating: true,
      created_at: at('2026-01-04T09:00Z'),
    });
    const sameDayOlder = await world.seed({
      state: 'OPEN',
      is_floating: true,
      preferred_visit_date: '2026-03-20',
      created_at: at('2026-01-01T08:00Z'),
    });
    const pool = await world.ok('TECHNICIAN', List_Technician_Tickets, {
      view: 'FLOATING',
      sort_by: 'nearest_visit',
      sort_order: 'asc',
    });
    expect(pool.items.map((item) => item.ticket_number)).toEqual(
      [soonest, later, sameDayOlder, newNoDate, oldNoDate].map((row) => row.ticket_number),
    );
  });
});
