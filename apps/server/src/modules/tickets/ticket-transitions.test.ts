import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDef } from '@fieldport/contract/operation';
import {
  AcceptOrRejectTicket,
  AttendanceCheckIn,
  List_Ticket_Assignees,
  ClaimTicket,
  CloseTicket,
  DiscardTicket,
  Get_Ticket_Details,
  HoldOrResumeTicket,
  List_Open_Tickets,
  MarkTicketAsFOC,
  PartiallyCloseTicket,
  ReCreateTicket,
  ReassignOrOpenTheAssignedTicket,
  TicketInteraction,
  UpdateTicketServiceCharges,
  UpdateTicketVisit,
  UpdateTicketWarranty,
  UpdateTicketWorkStatus,
  type TicketItem,
} from '@fieldport/contract/operations/tickets';
import { TRANSITIONS, transitionRefusal, type TicketAction } from '@fieldport/contract/ticket-transitions';
import { TICKET_STATES, type TicketState } from '@fieldport/contract/ticket-states';
import type { SeedTicket } from '../../db/seed/tickets.ts';
import { mailsTo, startTestApp, type TestApp } from '../../test/harness.ts';
import { SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';
import { auditOf, storedTicket, ticketWorld, type TicketWorld } from './ticket.test-kit.ts';
import { TICKET_NOT_FOUND } from './ticket-rules.ts';

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

interface Case {
  action: TicketAction;
  label: string;
  who: string;
  op: OperationDef;
  input: (id: string) => Record<string, unknown>;
  /** How the ticket is seeded besides its state. */
  seed: () => Partial<SeedTicket>;
  /** The state the ticket is in afterwards. */
  to: TicketState;
}

const mine = () => ({ technician_id: world.members.TECHNICIAN.membershipId });

const CASES: Case[] = [
  {
    action: 'ASSIGN',
    label: 'assign to another technician',
    who: 'AGENT',
    op: ReassignOrOpenTheAssignedTicket,
    input: (id) => ({
      ticket_id: id,
      action: 'ASSIGN',
      technician_id: world.members.SECOND_TECHNICIAN.membershipId,
    }),
    seed: mine,
    to: 'ASSIGNED',
  },
  {
    action: 'CLAIM',
    label: 'claim a floating ticket',
    who: 'TECHNICIAN',
    op: ClaimTicket,
    input: (id) => ({ ticket_id: id }),
    seed: () => ({ is_floating: true }),
    to: 'ACCEPTED',
  },
  {
    action: 'ACCEPT',
    label: 'accept',
    who: 'TECHNICIAN',
    op: AcceptOrRejectTicket,
    input: (id) => ({ ticket_id: id, action: 'ACCEPT' }),
    seed: mine,
    to: 'ACCEPTED',
  },
  {
    action: 'REJECT',
    label: 'reject with a reason',
    who: 'TECHNICIAN',
    op: AcceptOrRejectTicket,
    input: (id) => ({ ticket_id: id, action: 'REJECT', reason: 'Outside my area today' }),
    seed: mine,
    to: 'OPEN',
  },
  {
    action: 'UPDATE_WORK',
    label: 'start or update work at a sub-stage',
    who: 'TECHNICIAN',
    op: UpdateTicketWorkStatus,
    input: (id) => ({ ticket_id: id, wip_sub_stage_id: world.subStage.id, note: 'Gas leak found' }),
    seed: mine,
    to: 'IN_PROGRESS',
  },
  {
    action: 'HOLD',
    label: 'hold with a reason',
    who: 'TECHNICIAN',
    op: HoldOrResumeTicket,
    input: (id) => ({ ticket_id: id, action: 'HOLD', reason: 'Waiting for the compressor' }),
    seed: mine,
    to: 'ON_HOLD',
  },
  {
    action: 'RESUME',
    label: 'resume',
    who: 'TECHNICIAN',
    op: HoldOrResumeTicket,
    input: (id) => ({ ticket_id: id, action: 'RESUME' }),
    seed: mine,
    to: 'IN_PROGRESS',
  },
  {
    action: 'PARTIALLY_CLOSE',
    label: 'partially close with a closure remark',
    who: 'TECHNICIAN',
    op: PartiallyCloseTicket,
    input: (id) => ({ ticket_id: id, closure_remark_id: world.remark.id }),
    seed: mine,
    to: 'PARTIALLY_CLOSED',
  },
  {
    action: 'CLOSE',
    label: 'close with a reason (co-ordinator)',
    who: 'AGENT',
    op: CloseTicket,
    input: (id) => ({ ticket_id: id, reason: 'Customer confirmed by phone' }),
    seed: mine,
    to: 'CLOSED',
  },
  {
    action: 'DISCARD',
    label: 'discard with a reason',
    who: 'AGENT',
    op: DiscardTicket,
    input: (id) => ({ ticket_id: id, reason: 'Duplicate of an earlier ticket' }),
    seed: mine,
    to: 'DISCARDED',
  },
  {
    action: 'REOPEN',
    label: 'reopen without an assignee (floating again)',
    who: 'AGENT',
    op: ReassignOrOpenTheAssignedTicket,
    input: (id) => ({ ticket_id: id, action: 'REOPEN', reason: 'Still not cooling' }),
    seed: mine,
    to: 'OPEN',
  },
  {
    action: 'RECREATE',
    label: 're-create (the closed ticket stays closed)',
    who: 'AGENT',
    op: ReCreateTicket,
    input: (id) => ({ ticket_id: id, reason: 'The noise came back' }),
    seed: mine,
    to: 'CLOSED',
  },
];

const EVENT_OF: Record<TicketAction, string> = {
  ASSIGN: 'ASSIGNED',
  CLAIM: 'CLAIMED',
  RELEASE: 'RELEASED',
  ACCEPT: 'ACCEPTED',
  REJECT: 'REJECTED',
  UPDATE_WORK: 'WORK_UPDATED',
  HOLD: 'HELD',
  RESUME: 'RESUMED',
  PARTIALLY_CLOSE: 'PARTIALLY_CLOSED',
  CLOSE: 'CLOSED',
  DISCARD: 'DISCARDED',
  REOPEN: 'REOPENED',
  RECREATE: 'RECREATED',
};

describe.each(CASES)('$label', (entry) => {
  const allowed = TRANSITIONS[entry.action].from;

  it.each(allowed.map((state) => [state]))(
    `from %s leads to ${entry.to}, in the timeline and the audit log`,
    async (state) => {
      const row = await world.seed({ state, ...entry.seed() });
      const auditedBefore = (await auditOf(world.db, world.org.id, entry.op.name)).length;
      const answer = await world.as(entry.who, entry.op, entry.input(row.id));
      expect(answer.errors).toBeUndefined();
      const after = await storedTicket(world.db, row.id);
      expect(after.row.state).toBe(entry.to);
      const last = after.events.at(-1)!;
      expect(last).toMatchObject({
        kind: EVENT_OF[entry.action],
        actor_user_id: world.members[entry.who].userId,
      });
      if (entry.action !== 'RECREATE') expect(last).toMatchObject({ from_state: state, to_state: entry.to });
      const audited = await auditOf(world.db, world.org.id, entry.op.name);
      expect(audited).toHaveLength(auditedBefore + 1);
      expect(audited.at(-1)?.target).toBe(
        (answer.envelope!.data as { items: TicketItem[] }).items[0].ticket_id,
      );
    },
  );

  const refused = TICKET_STATES.filter((state) => !allowed.includes(state));
  it.each(refused.map((state) => [state]))(
    'from %s is refused with a CONFLICT, writing nothing',
    async (state) => {
      const row = await world.seed({ state, ...entry.seed() });
      const before = await storedTicket(world.db, row.id);
      const auditedBefore = (await auditOf(world.db, world.org.id, entry.op.name)).length;
      const answer = await world.as(entry.who, entry.op, entry.input(row.id));
      // A ticket that is not OPEN is in nobody's floating pool: to a technician it is not assigned
      // to, it is not there at all (docs/tickets.md#who-sees-and-does-what).
      expect(answer.errors?.[0]).toMatchObject(
        entry.action === 'CLAIM'
          ? { message: TICKET_NOT_FOUND, extensions: { code: 'NOT_FOUND' } }
          : {
              message: transitionRefusal(row.ticket_number, entry.action, state),
              extensions: { code: 'CONFLICT' },
            },
      );
      expect(await storedTicket(world.db, row.id)).toEqual(before);
      expect(await auditOf(world.db, world.org.id, entry.op.name)).toHaveLength(auditedBefore);
    },
  );
});

describe('who may take which action', () => {
  it('refuses a technician the co-ordinators’ actions and a co-ordinator the technician’s, writing nothing', async () => {
    const row = await world.seed({ state: 'ASSIGNED', ...mine() });
    const before = await storedTicket(world.db, row.id);
    const discard = await world.as('TECHNICIAN', DiscardTicket, {
      ticket_id: row.id,
      reason: 'Not mine to do',
    });
    expect(discard.errors?.[0]).toMatchObject({
      message: `You cannot discard ticket ${row.ticket_number}.`,
      extensions: { code: 'FORBIDDEN' },
    });
    const accept = await world.as('AGENT', AcceptOrRejectTicket, { ticket_id: row.id, action: 'ACCEPT' });
    expect(accept.errors?.[0]).toMatchObject({
      message: `You cannot accept ticket ${row.ticket_number}.`,
      extensions: { code: 'FORBIDDEN' },
    });
    const withoutCode = await world.as('TECHNICIAN', CloseTicket, {
      ticket_id: row.id,
      reason: 'Customer is happy',
    });
    expect(withoutCode.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await storedTicket(world.db, row.id)).toEqual(before);
  });

  it('keeps a technician away from tickets not assigned to them', async () => {
    const row = await world.seed({ state: 'ACCEPTED', ...mine() });
    const answer = await world.as('SECOND_TECHNICIAN', UpdateTicketWorkStatus, {
      ticket_id: row.id,
      wip_sub_stage_id: world.subStage.id,
    });
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect((await storedTicket(world.db, row.id)).row.state).toBe('ACCEPTED');
  });

  it('lists the assignees eligible first: checked-in and least busy technicians, then the others, and the partners', async () => {
    const own = await ticketWorld(app);
    const row = await own.seed({ state: 'OPEN' });
    await own.seed({ state: 'IN_PROGRESS', technician_id: own.members.SECOND_TECHNICIAN.membershipId });
    await own.ok('TECHNICIAN', AttendanceCheckIn, {});
    const items = (await own.ok('AGENT', List_Ticket_Assignees, { ticket_id: row.id })).items;
    const byId = new Map(items.map((item) => [item.assignee_id, item]));
    expect(items[0]).toMatchObject({
      kind: 'TECHNICIAN',
      assignee_id: own.members.TECHNICIAN.membershipId,
      eligible: true,
      checked_in: true,
      open_tickets: 0,
    });
    expect(byId.get(own.members.SECOND_TECHNICIAN.membershipId)).toMatchObject({
      eligible: true,
      open_tickets: 1,
    });
    expect(byId.get(own.members.PARTNER_TECHNICIAN.membershipId)).toMatchObject({
      eligible: true,
      party_name: own.partner.name,
    });
    expect(byId.get(own.members.FAR_TECHNICIAN.membershipId)).toMatchObject({ eligible: false });
    expect(items.at(-1)).toMatchObject({ kind: 'TECHNICIAN', eligible: false });
    expect(byId.get(own.partner.id)).toMatchObject({
      kind: 'SERVICE_PARTNER',
      eligible: true,
      open_tickets: 0,
    });
    // A partner's agent sees only the partner's technicians.
    const partnerRow = await own.seed({ state: 'ASSIGNED', partner_party_id: own.partner.id });
    const forPartner = (await own.ok('PARTNER_AGENT', List_Ticket_Assignees, { ticket_id: partnerRow.id }))
      .items;
    expect(forPartner.map((item) => item.assignee_id)).toEqual([own.members.PARTNER_TECHNICIAN.membershipId]);
  });

  it('lets a partner’s agent assign the partner’s tickets only to the partner’s technicians', async () => {
    const row = await world.seed({ state: 'ASSIGNED', partner_party_id: world.partner.id });
    const toOurs = await world.as('PARTNER_AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: row.id,
      action: 'ASSIGN',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    expect(toOurs.errors?.[0]).toMatchObject({
      message: "Technician not found. Choose one of your partner's active technicians.",
      extensions: { code: 'BAD_USER_INPUT', field: 'technician_id' },
    });
    const toPartner = await world.as('PARTNER_AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: row.id,
      action: 'ASSIGN',
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
    });
    expect(toPartner.errors).toBeUndefined();
    const after = (await storedTicket(world.db, row.id)).row;
    expect(after).toMatchObject({
      state: 'ASSIGNED',
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
      partner_party_id: world.partner.id,
    });
    // The partner's technician is mailed; the organization's own ticket is not the partner's to touch.
    const mails = await mailsTo(app, world.members.PARTNER_TECHNICIAN.email);
    expect(mails.map((mail) => mail.subject)).toContain(`Ticket ${row.ticket_number} is assigned to you`);
    const ours = await world.seed({ state: 'OPEN' });
    const refused = await world.as('PARTNER_AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: ours.id,
      action: 'ASSIGN',
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
    });
    expect(refused.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('lets a co-ordinator give a ticket to a service partner, which accepts it or gives it back', async () => {
    const row = await world.seed({ state: 'OPEN' });
    await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: row.id,
      action: 'ASSIGN',
      partner_party_id: world.partner.id,
    });
    const partnerList = await world.ok('SERVICE_PARTNER', List_Open_Tickets, { list: 'ACTIVE' });
    expect(partnerList.items.map((item) => item.ticket_id)).toContain(row.id);
    await world.ok('SERVICE_PARTNER', AcceptOrRejectTicket, {
      ticket_id: row.id,
      action: 'REJECT',
      reason: 'No staff this week',
    });
    expect((await storedTicket(world.db, row.id)).row).toMatchObject({
      state: 'OPEN',
      partner_party_id: null,
    });
    const gone = await world.ok('SERVICE_PARTNER', List_Open_Tickets, { list: 'ACTIVE' });
    expect(gone.items.map((item) => item.ticket_id)).not.toContain(row.id);
  });

  it('tells the second claimer that another technician claimed the ticket', async () => {
    const row = await world.seed({ state: 'OPEN', is_floating: true });
    await world.ok('TECHNICIAN', ClaimTicket, { ticket_id: row.id });
    const second = await world.as('SECOND_TECHNICIAN', ClaimTicket, { ticket_id: row.id });
    expect(second.errors?.[0]).toMatchObject({
      message: `Ticket ${row.ticket_number} was claimed by another technician.`,
      extensions: { code: 'CONFLICT' },
    });
    const far = await world.as('FAR_TECHNICIAN', ClaimTicket, { ticket_id: row.id });
    expect(far.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('reopens to an assignee, and re-creates a linked ticket for the same customer', async () => {
    const closed = await world.seed({ state: 'CLOSED', ...mine() });
    const recreated = (
      await world.ok('AGENT', ReCreateTicket, { ticket_id: closed.id, reason: 'Leaking again' })
    ).items[0];
    expect(recreated).toMatchObject({
      state: 'OPEN',
      customer_id: world.customer.id,
      recreated_from_ticket_id: closed.id,
      recreated_from_ticket_number: closed.ticket_number,
      problem_note: 'Leaking again',
    });
    const reopened = (
      await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
        ticket_id: closed.id,
        action: 'REOPEN',
        reason: 'Customer called back',
        technician_id: world.members.SECOND_TECHNICIAN.membershipId,
      })
    ).items[0];
    expect(reopened).toMatchObject({
      state: 'ASSIGNED',
      technician_id: world.members.SECOND_TECHNICIAN.membershipId,
      closed_with: null,
      closed_on: null,
    });
  });
});

describe('the fields of a ticket and its timeline', () => {
  it('changes FOC, visit, warranty and charges on an open ticket, each in the timeline, and refuses them once closed', async () => {
    const row = await world.seed({ state: 'ASSIGNED', ...mine() });
    await world.ok('AGENT', MarkTicketAsFOC, { ticket_id: row.id, is_foc: true, reason: 'Goodwill visit' });
    const again = await world.as('AGENT', MarkTicketAsFOC, {
      ticket_id: row.id,
      is_foc: true,
      reason: 'Goodwill visit',
    });
    expect(again.errors?.[0].message).toBe(`Ticket ${row.ticket_number} is already free of charge.`);
    await world.ok('TECHNICIAN', UpdateTicketVisit, {
      ticket_id: row.id,
      preferred_visit_date: '2030-02-01',
      preferred_visit_time: '09:30',
    });
    await world.ok('AGENT', UpdateTicketWarranty, { ticket_id: row.id, under_warranty: true });
    const charged = (
      await world.ok('AGENT', UpdateTicketServiceCharges, { ticket_id: row.id, service_charge_paise: 59_900 })
    ).items[0];
    expect(charged).toMatchObject({
      is_foc: true,
      preferred_visit_date: '2030-02-01',
      preferred_visit_time: '09:30',
      under_warranty: true,
      service_charge_paise: 59_900,
    });
    const negative = await world.as('AGENT', UpdateTicketServiceCharges, {
      ticket_id: row.id,
      service_charge_paise: -1,
    });
    expect(negative.errors?.[0]).toMatchObject({
      message:
        'service_charge_paise: Service charge must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
      extensions: { code: 'BAD_USER_INPUT', field: 'service_charge_paise' },
    });
    const techCharges = await world.as('TECHNICIAN', UpdateTicketServiceCharges, {
      ticket_id: row.id,
      service_charge_paise: 1,
    });
    expect(techCharges.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const { events } = await storedTicket(world.db, row.id);
    expect(events.map((event) => event.kind).slice(-4)).toEqual([
      'FOC_MARKED',
      'VISIT_UPDATED',
      'WARRANTY_UPDATED',
      'CHARGES_UPDATED',
    ]);

    const closed = await world.seed({ state: 'CLOSED', ...mine() });
    const refused = await world.as('AGENT', UpdateTicketWarranty, {
      ticket_id: closed.id,
      under_warranty: true,
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: `Ticket ${closed.ticket_number} is closed and cannot be changed.`,
      extensions: { code: 'CONFLICT' },
    });
  });

  it('adds notes, calls and uploaded photos to the timeline, and refuses a photo that was never uploaded', async () => {
    const row = await world.seed({ state: 'IN_PROGRESS', ...mine() });
    const note = (
      await world.ok('TECHNICIAN', TicketInteraction, {
        ticket_id: row.id,
        kind: 'NOTE',
        text: 'Filter cleaned',
      })
    ).items[0];
    expect(note).toMatchObject({
      kind: 'NOTE',
      text: 'Filter cleaned',
      actor_name: expect.stringContaining('TECHNICIAN'),
    });
    await world.ok('AGENT', TicketInteraction, {
      ticket_id: row.id,
      kind: 'CALL',
      text: 'Customer asked for an update',
    });
    const photo = await world.as('TECHNICIAN', TicketInteraction, {
      ticket_id: row.id,
      kind: 'PHOTO',
      file_key: `organizations/${world.org.id}/uploads/none/photo.jpg`,
    });
    expect(photo.errors?.[0]).toMatchObject({
      message: 'The photo was not found. Upload it again.',
      extensions: { code: 'BAD_USER_INPUT', field: 'file_key' },
    });
    const uploaded = await uploadFile(app, await world.cookieOf('TECHNICIAN'), {
      name: 'outdoor-unit.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
      purpose: 'TICKET_PHOTO',
    });
    const added = (
      await world.ok('TECHNICIAN', TicketInteraction, {
        ticket_id: row.id,
        kind: 'PHOTO',
        file_key: uploaded.s3_key,
      })
    ).items[0];
    expect(added).toMatchObject({
      kind: 'PHOTO',
      file_name: 'outdoor-unit.png',
      file_url: expect.any(String),
    });
    const details = (await world.ok('AGENT', Get_Ticket_Details, { ticket_id: row.id })).items[0];
    expect(details.timeline.map((event) => event.kind).slice(-3)).toEqual(['NOTE', 'CALL', 'PHOTO']);
    // The photo can be read from the address the timeline gives.
    const image = await app.app.inject({ method: 'GET', url: details.timeline.at(-1)!.file_url! });
    expect(image.statusCode).toBe(200);
    expect(Buffer.from(image.rawPayload).equals(SAMPLE_FILES.png)).toBe(true);
  });
});
