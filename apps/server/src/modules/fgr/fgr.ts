import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dayIn } from '@fieldport/contract/fields';
import {
  FGR_CLAIM_STATUS_LABELS,
  FGR_MESSAGES,
  FGR_STATE_LABELS,
  GenerateFGR,
  GetFGR,
  ListFGR,
  ReopenFGR,
  UpdateFGR,
  UpdateFGRClaimStatus,
  type FgrItem,
} from '@fieldport/contract/operations/fgr';
import { coverageOn, COVERAGE_LABELS } from '@fieldport/contract/operations/product-fleet';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { workflowRequest } from '../../db/schema/approvals.ts';
import { amcContractItem } from '../../db/schema/contracts.ts';
import { customer } from '../../db/schema/customers.ts';
import { fgr } from '../../db/schema/fgr.ts';
import { user } from '../../db/schema/identity.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { nextDocumentNumber } from '../../db/sequences.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { todayOf, withinDays } from '../../platform/organization-days.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { inOrganization } from '../../platform/tenant.ts';
import {
  raiseRequest,
  registerWorkflowKind,
  type WorkflowContext,
  type WorkflowRequestRow,
} from '../../platform/workflow.ts';
import { visibleTickets } from '../tickets/ticket-scope.ts';

/**
 * Product replacement, FGR (docs/fgr.md): generated from a ticket and its fleet item while the
 * item is in warranty or under AMC, approved through the workflow (kind FGR); approved, the
 * replacement serial takes the old item's place in the fleet. The claim towards the manufacturer
 * is followed afterwards.
 */

const createdBy = alias(user, 'created_by');
const oldItem = alias(fleetItem, 'old_item');

export const listFgr = defineList(ListFGR, {
  table: fgr,
  // Whoever sees the ticket sees its replacement.
  scope: (caller) => and(inOrganization(fgr, caller), visibleTickets(caller))!,
  select: {
    id: fgr.id,
    fgr_number: fgr.fgr_number,
    state: fgr.state,
    ticket_id: fgr.ticket_id,
    ticket_number: ticket.ticket_number,
    customer_id: ticket.customer_id,
    customer_name: customer.name,
    customer_phone: customer.phone,
    product_name: service.name,
    manufacturer_name: service.manufacturer_name,
    fleet_item_id: fgr.fleet_item_id,
    old_serial_number: oldItem.serial_number,
    coverage: fgr.coverage,
    coverage_until: fgr.coverage_until,
    reason: fgr.reason,
    replacement_serial_number: fgr.replacement_serial_number,
    replacement_fleet_item_id: fgr.replacement_fleet_item_id,
    note: fgr.note,
    workflow_request_id: fgr.workflow_request_id,
    decision_comment: fgr.decision_comment,
    claim_status: fgr.claim_status,
    claim_reference: fgr.claim_reference,
    claim_note: fgr.claim_note,
    claim_updated_at: fgr.claim_updated_at,
    reopened_count: fgr.reopened_count,
    created_by_name: createdBy.name,
    created_at: fgr.created_at,
    updated_at: fgr.updated_at,
  },
  join: (query) =>
    query
      .innerJoin(ticket, and(eq(ticket.id, fgr.ticket_id), eq(ticket.organization_id, fgr.organization_id)))
      .innerJoin(
        customer,
        and(eq(customer.id, ticket.customer_id), eq(customer.organization_id, fgr.organization_id)),
      )
      .innerJoin(
        oldItem,
        and(eq(oldItem.id, fgr.fleet_item_id), eq(oldItem.organization_id, fgr.organization_id)),
      )
      .innerJoin(service, eq(service.id, oldItem.service_id))
      .leftJoin(createdBy, eq(createdBy.id, fgr.created_by)),
  search: [
    fgr.fgr_number,
    ticket.ticket_number,
    customer.name,
    oldItem.serial_number,
    fgr.replacement_serial_number,
  ],
  sort: { created_on: fgr.created_at, fgr_number: fgr.fgr_number, updated_on: fgr.updated_at },
  filters: (input, caller) => [
    input.state ? eq(fgr.state, input.state) : undefined,
    input.claim_status ? and(eq(fgr.state, 'APPROVED'), eq(fgr.claim_status, input.claim_status)) : undefined,
    input.ticket_id ? eq(fgr.ticket_id, input.ticket_id) : undefined,
    ...withinDays(fgr.created_at, input.from_date, input.to_date, caller.organization.time_zone),
  ],
  toItem: (row): FgrItem => ({
    fgr_id: row.id,
    fgr_number: row.fgr_number,
    state: row.state,
    ticket_id: row.ticket_id,
    ticket_number: row.ticket_number,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    product_name: row.product_name,
    manufacturer_name: row.manufacturer_name,
    fleet_item_id: row.fleet_item_id,
    old_serial_number: row.old_serial_number,
    coverage: row.coverage,
    coverage_until: row.coverage_until,
    reason: row.reason,
    replacement_serial_number: row.replacement_serial_number,
    replacement_fleet_item_id: row.replacement_fleet_item_id,
    note: row.note,
    workflow_request_id: row.workflow_request_id,
    decision_comment: row.decision_comment,
    claim_status: row.claim_status,
    claim_reference: row.claim_reference,
    claim_note: row.claim_note,
    claim_updated_on: row.claim_updated_at?.toISOString() ?? null,
    reopened_count: row.reopened_count,
    created_by_name: row.created_by_name ?? 'A former user',
    created_on: row.created_at.toISOString(),
    updated_on: row.updated_at.toISOString(),
  }),
  export: {
    title: 'Product replacements',
    columns: [
      { header: 'FGR', width: 22, value: (item) => item.fgr_number },
      {
        header: 'Generated on',
        width: 20,
        numFmt: 'dd-mmm-yyyy hh:mm',
        value: (item) => new Date(item.created_on),
      },
      { header: 'State', width: 20, value: (item) => FGR_STATE_LABELS[item.state] },
      { header: 'Ticket', width: 16, value: (item) => item.ticket_number },
      { header: 'Customer', width: 28, value: (item) => item.customer_name },
      { header: 'Product', width: 28, value: (item) => item.product_name },
      { header: 'Old serial', width: 20, value: (item) => item.old_serial_number },
      { header: 'New serial', width: 20, value: (item) => item.replacement_serial_number },
      { header: 'Covered by', width: 16, value: (item) => COVERAGE_LABELS[item.coverage] },
      { header: 'Claim', width: 16, value: (item) => FGR_CLAIM_STATUS_LABELS[item.claim_status] },
      { header: 'Claim reference', width: 20, value: (item) => item.claim_reference ?? '' },
    ],
  },
});

export async function fgrItem(db: Db, caller: Caller, id: string): Promise<FgrItem> {
  const item = await listFgr.list.findById(db, caller, id);
  if (!item) throw notFound(FGR_MESSAGES.notFound);
  return item;
}

const answer = async (context: OperationContext, id: string, message: string) => {
  context.auditTarget = id;
  return { data: { items: [await fgrItem(context.db, context.caller, id)] }, message };
};

const getFgr = defineHandler(GetFGR, async (input, { db, caller }) => ({
  data: { items: [await fgrItem(db, caller, input.fgr_id)] },
}));

// ---------------------------------------------------------------------------------------------
// Coverage: what allows a replacement

type FleetItemRow = typeof fleetItem.$inferSelect;

/** Why an item is not covered today, in words: "its warranty ended on 14 Jan 2026 and it has no AMC". */
function whyNotCovered(item: FleetItemRow, today: string): string {
  const warranty = item.warranty_end_date
    ? `its warranty ended on ${calendarDayText(item.warranty_end_date)}`
    : 'it has no warranty recorded';
  let amc = 'it has no AMC';
  if (item.amc_end_date && item.amc_start_date) {
    if (today < item.amc_start_date) amc = `its AMC starts on ${calendarDayText(item.amc_start_date)}`;
    else if (today > item.amc_end_date) amc = `its AMC ended on ${calendarDayText(item.amc_end_date)}`;
    else amc = 'its AMC has no visits left';
  }
  return `${warranty} and ${amc}`;
}

/** The item's coverage today, or BAD_USER_INPUT saying why it cannot be replaced. */
function requireCovered(item: FleetItemRow, today: string) {
  if (item.status !== 'ACTIVE') throw badInput(FGR_MESSAGES.itemInactive(item.serial_number), 'ticket_id');
  const coverage = coverageOn(item, today);
  if (coverage.coverage === 'OUT_OF_WARRANTY') {
    throw badInput(FGR_MESSAGES.notCovered(item.serial_number, whyNotCovered(item, today)), 'ticket_id');
  }
  return { coverage: coverage.coverage, coverage_until: coverage.covered_until! };
}

/** A replacement serial new to the fleet for the item's product, and not the item's own. */
async function requireFreeSerial(db: Db, item: FleetItemRow, serial: string) {
  if (serial === item.serial_number) throw badInput(FGR_MESSAGES.sameSerial, 'replacement_serial_number');
  const [taken] = await db
    .select({ id: fleetItem.id })
    .from(fleetItem)
    .where(
      and(
        eq(fleetItem.organization_id, item.organization_id),
        eq(fleetItem.service_id, item.service_id),
        eq(fleetItem.serial_number, serial),
      ),
    );
  if (taken) throw badInput(FGR_MESSAGES.serialTaken(serial), 'replacement_serial_number');
}

async function lockItem(db: Db, organizationId: string, id: string): Promise<FleetItemRow> {
  const [row] = await db
    .select()
    .from(fleetItem)
    .where(and(eq(fleetItem.organization_id, organizationId), eq(fleetItem.id, id)))
    .for('update');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Generate, change, send again

type FgrRow = typeof fgr.$inferSelect;

async function lockFgr(db: Db, caller: Caller, id: string): Promise<FgrRow> {
  const [row] = await db
    .select({ fgr })
    .from(fgr)
    .innerJoin(ticket, and(eq(ticket.id, fgr.ticket_id), eq(ticket.organization_id, fgr.organization_id)))
    .where(and(inOrganization(fgr, caller), visibleTickets(caller), eq(fgr.id, id)))
    .for('update', { of: fgr });
  if (!row) throw notFound(FGR_MESSAGES.notFound);
  return row.fgr;
}

async function setFgr(db: Db, row: FgrRow, values: Partial<typeof fgr.$inferInsert>) {
  await db
    .update(fgr)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(fgr.organization_id, row.organization_id), eq(fgr.id, row.id)));
}

const summaryOf = (number: string, ticketNumber: string, oldSerial: string, newSerial: string) =>
  `${number} on ${ticketNumber}: ${oldSerial} replaced by ${newSerial}`;

export const generateFgr = defineHandler(GenerateFGR, async (input, context) => {
  const { db, caller } = context;
  const [found] = await db
    .select({
      id: ticket.id,
      number: ticket.ticket_number,
      state: ticket.state,
      fleet_item_id: ticket.fleet_item_id,
    })
    .from(ticket)
    .where(and(visibleTickets(caller), eq(ticket.id, input.ticket_id)))
    .for('update', { of: ticket });
  if (!found) throw badInput(FGR_MESSAGES.ticketNotFound, 'ticket_id');
  if (found.state === 'DISCARDED') throw badInput(FGR_MESSAGES.ticketDiscarded(found.number), 'ticket_id');
  if (!found.fleet_item_id) throw badInput(FGR_MESSAGES.noFleetItem(found.number), 'ticket_id');
  const [live] = await db
    .select({ number: fgr.fgr_number })
    .from(fgr)
    .where(
      and(
        inOrganization(fgr, caller),
        eq(fgr.ticket_id, found.id),
        sql`${fgr.state} IN ('PENDING_APPROVAL', 'APPROVED')`,
      ),
    );
  if (live) throw conflict(FGR_MESSAGES.alreadyLive(found.number, live.number), 'ticket_id');
  const item = await lockItem(db, caller.organization.id, found.fleet_item_id);
  const covered = requireCovered(item, todayOf(caller));
  const serial = input.replacement_serial_number!;
  await requireFreeSerial(db, item, serial);

  const id = newId();
  const number = await nextDocumentNumber(db, caller.organization.id, 'FGR', todayOf(caller));
  await db.insert(fgr).values({
    id,
    organization_id: caller.organization.id,
    fgr_number: number,
    state: 'PENDING_APPROVAL',
    ticket_id: found.id,
    fleet_item_id: item.id,
    ...covered,
    reason: input.reason,
    replacement_serial_number: serial,
    note: input.note,
    created_by: caller.user.id,
  });
  const request = await raiseRequest(context, {
    kind: 'FGR',
    record_id: id,
    summary: summaryOf(number, found.number, item.serial_number, serial),
  });
  await db
    .update(fgr)
    .set({ workflow_request_id: request.id })
    .where(and(eq(fgr.organization_id, caller.organization.id), eq(fgr.id, id)));
  return answer(context, id, FGR_MESSAGES.generated(number));
});

const updateFgr = defineHandler(UpdateFGR, async (input, context) => {
  const { db, caller } = context;
  const row = await lockFgr(db, caller, input.fgr_id);
  if (row.state !== 'PENDING_APPROVAL') {
    throw conflict(FGR_MESSAGES.notPending(row.fgr_number, FGR_STATE_LABELS[row.state]));
  }
  const serial = input.replacement_serial_number!;
  if (serial !== row.replacement_serial_number) {
    await requireFreeSerial(db, await lockItem(db, row.organization_id, row.fleet_item_id), serial);
  }
  // The approver reads the record as it is now (the engine's describe): the change is what they
  // decide; the request's one-line summary names the new serial too.
  await setFgr(db, row, { reason: input.reason, replacement_serial_number: serial, note: input.note });
  if (row.workflow_request_id && serial !== row.replacement_serial_number) {
    const [of] = await db
      .select({ ticket: ticket.ticket_number, serial: fleetItem.serial_number })
      .from(ticket)
      .innerJoin(fleetItem, eq(fleetItem.id, row.fleet_item_id))
      .where(eq(ticket.id, row.ticket_id));
    await db
      .update(workflowRequest)
      .set({ summary: summaryOf(row.fgr_number, of.ticket, of.serial, serial) })
      .where(
        and(
          eq(workflowRequest.organization_id, row.organization_id),
          eq(workflowRequest.id, row.workflow_request_id),
        ),
      );
  }
  return answer(context, row.id, FGR_MESSAGES.updated(row.fgr_number));
});

const reopenFgr = defineHandler(ReopenFGR, async (input, context) => {
  const { db, caller } = context;
  const row = await lockFgr(db, caller, input.fgr_id);
  if (row.state !== 'REJECTED' && row.state !== 'WITHDRAWN') {
    throw conflict(FGR_MESSAGES.notReopenable(row.fgr_number, FGR_STATE_LABELS[row.state]));
  }
  const [live] = await db
    .select({ number: fgr.fgr_number })
    .from(fgr)
    .where(
      and(
        eq(fgr.organization_id, row.organization_id),
        eq(fgr.ticket_id, row.ticket_id),
        sql`${fgr.state} IN ('PENDING_APPROVAL', 'APPROVED')`,
      ),
    );
  const item = await lockItem(db, row.organization_id, row.fleet_item_id);
  const [of] = await db
    .select({ number: ticket.ticket_number })
    .from(ticket)
    .where(eq(ticket.id, row.ticket_id));
  if (live) throw conflict(FGR_MESSAGES.alreadyLive(of.number, live.number));
  const covered = requireCovered(item, todayOf(caller));
  await requireFreeSerial(db, item, row.replacement_serial_number);
  const request = await raiseRequest(context, {
    kind: 'FGR',
    record_id: row.id,
    summary: `${summaryOf(row.fgr_number, of.number, item.serial_number, row.replacement_serial_number)} (again: ${input.comment})`,
  });
  await setFgr(db, row, {
    state: 'PENDING_APPROVAL',
    ...covered,
    workflow_request_id: request.id,
    decision_comment: null,
    reopened_count: row.reopened_count + 1,
    note: [row.note, `Sent again: ${input.comment}`].filter(Boolean).join('\n'),
  });
  return answer(context, row.id, FGR_MESSAGES.reopened(row.fgr_number));
});

export const updateClaimStatus = defineHandler(UpdateFGRClaimStatus, async (input, context) => {
  const { db, caller } = context;
  const row = await lockFgr(db, caller, input.fgr_id);
  if (row.state !== 'APPROVED') throw conflict(FGR_MESSAGES.notApproved(row.fgr_number));
  await setFgr(db, row, {
    claim_status: input.claim_status,
    claim_reference: input.claim_reference,
    claim_note: input.claim_note,
    claim_updated_at: new Date(),
  });
  return answer(
    context,
    row.id,
    FGR_MESSAGES.claimUpdated(row.fgr_number, FGR_CLAIM_STATUS_LABELS[input.claim_status]),
  );
});

// ---------------------------------------------------------------------------------------------
// Approval (the workflow engine's hooks): the replacement takes the old item's place

async function describeFgr({ db, caller }: Pick<WorkflowContext, 'db' | 'caller'>, recordId: string) {
  // The approver reads it whoever's ticket it is (still the caller's organization's): the engine
  // decided they may see the request.
  const item = await listFgr.list.findById(db, { ...caller, party: null }, recordId);
  if (!item) return null;
  return {
    title: `${item.fgr_number}: ${item.old_serial_number} replaced by ${item.replacement_serial_number}`,
    fields: [
      { label: 'Ticket', value: item.ticket_number },
      { label: 'Customer', value: item.customer_name },
      { label: 'Product', value: [item.product_name, item.manufacturer_name].filter(Boolean).join(', ') },
      {
        label: 'Covered by',
        value: `${COVERAGE_LABELS[item.coverage]} until ${calendarDayText(item.coverage_until)}`,
      },
      { label: 'Reason', value: item.reason },
      { label: 'Replacement serial', value: item.replacement_serial_number },
      { label: 'Note', value: item.note ?? '—' },
      { label: 'Generated by', value: item.created_by_name },
    ],
  };
}

/**
 * Approved: a new fleet item with the replacement serial at the old one's customer and place, with
 * its warranty and AMC (its days and visits) carried over; the old one inactive. Both histories
 * say so, and the old one's AMC contracts cover the new one.
 */
async function replaceItem({ db, caller }: WorkflowContext, request: WorkflowRequestRow) {
  const [row] = await db
    .select()
    .from(fgr)
    .where(
      and(
        eq(fgr.organization_id, request.organization_id),
        eq(fgr.id, request.record_id),
        eq(fgr.state, 'PENDING_APPROVAL'),
      ),
    )
    .for('update');
  if (!row) return;
  const old = await lockItem(db, row.organization_id, row.fleet_item_id);
  await requireFreeSerial(db, old, row.replacement_serial_number);
  const id = newId();
  await db.insert(fleetItem).values({
    id,
    organization_id: old.organization_id,
    serial_number: row.replacement_serial_number,
    service_id: old.service_id,
    customer_id: old.customer_id,
    location_id: old.location_id,
    dealer_party_id: old.dealer_party_id,
    invoice_date: old.invoice_date,
    installation_date: dayIn(caller.organization.time_zone),
    warranty_months: old.warranty_months,
    warranty_end_date: old.warranty_end_date,
    warranty_end_explicit: old.warranty_end_date !== null,
    amc_type_id: old.amc_type_id,
    amc_start_date: old.amc_start_date,
    amc_end_date: old.amc_end_date,
    amc_visits_included: old.amc_visits_included,
    amc_visits_used: old.amc_visits_used,
    product_fleet_status_id: old.product_fleet_status_id,
    notes: `Replaces ${old.serial_number} (${row.fgr_number}).`,
    approval_state: 'APPROVED',
    created_by: caller.user.id,
  });
  await db
    .update(fleetItem)
    .set({ status: 'INACTIVE', updated_at: new Date() })
    .where(and(eq(fleetItem.organization_id, old.organization_id), eq(fleetItem.id, old.id)));
  const at = new Date();
  await db.insert(fleetItemEvent).values([
    {
      id: newId(),
      organization_id: old.organization_id,
      fleet_item_id: old.id,
      kind: 'DEACTIVATED',
      details: `Replaced by ${row.replacement_serial_number} under ${row.fgr_number}`,
      actor_user_id: caller.user.id,
      created_at: at,
    },
    {
      id: newId(),
      organization_id: old.organization_id,
      fleet_item_id: id,
      kind: 'CREATED',
      details: `Replaces ${old.serial_number} under ${row.fgr_number}`,
      actor_user_id: caller.user.id,
      created_at: new Date(at.getTime() + 1),
    },
  ]);
  // The AMC contracts the old item was on cover its replacement (docs/contracts.md).
  const contracts = await db
    .select({ contract_id: amcContractItem.contract_id })
    .from(amcContractItem)
    .where(
      and(
        eq(amcContractItem.organization_id, old.organization_id),
        eq(amcContractItem.fleet_item_id, old.id),
      ),
    );
  if (contracts.length) {
    await db.insert(amcContractItem).values(
      contracts.map((entry) => ({
        id: newId(),
        organization_id: old.organization_id,
        contract_id: entry.contract_id,
        fleet_item_id: id,
      })),
    );
  }
  await setFgr(db, row, { state: 'APPROVED', replacement_fleet_item_id: id, claim_status: 'PENDING' });
}

async function refuseFgr(
  { db }: WorkflowContext,
  request: WorkflowRequestRow,
  state: 'REJECTED' | 'WITHDRAWN',
  comment: string | null,
) {
  await db
    .update(fgr)
    .set({ state, decision_comment: comment, updated_at: new Date() })
    .where(
      and(
        eq(fgr.organization_id, request.organization_id),
        eq(fgr.id, request.record_id),
        eq(fgr.state, 'PENDING_APPROVAL'),
      ),
    );
}

/** Registers FGR; the handlers call it once, when they load. */
export function registerFgrKind(): void {
  registerWorkflowKind('FGR', {
    describe: describeFgr,
    onApproved: (context, request) => replaceItem(context, request),
    onRejected: (context, request, decision) => refuseFgr(context, request, 'REJECTED', decision.comment),
    onWithdrawn: (context, request) => refuseFgr(context, request, 'WITHDRAWN', request.withdraw_reason),
  });
}

export const fgrHandlers = [listFgr, getFgr, generateFgr, updateFgr, reopenFgr, updateClaimStatus];
