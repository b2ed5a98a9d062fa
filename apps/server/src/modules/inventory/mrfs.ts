import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CancelMrf,
  FulfilMrf,
  HoldMrf,
  INVENTORY_MESSAGES,
  ListMrfs,
  MRF_STATE_LABELS,
  RaiseMrf,
  type MrfItem,
  type MrfLine,
} from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { customer } from '../../db/schema/customers.ts';
import { member, user } from '../../db/schema/identity.ts';
import { component, mrf, mrfLine, stockLevel, store } from '../../db/schema/inventory.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { formatNumber, nextNumber } from '../../db/sequences.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList, qualified } from '../../platform/lists.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import {
  lockTicket,
  recordEvent,
  requireAction,
  transition,
  type TicketRow,
} from '../tickets/ticket-rules.ts';
import {
  linesWords,
  ticketOfRecord,
  ticketPartsScope,
  technicianOf,
  usableStore,
} from './component-requests.ts';
import { actorOf, applyStockMovements, partWords, type StockMovementInput } from './stock-ledger.ts';
import { usableComponents } from './stock.ts';

/**
 * MRFs (docs/inventory.md#mrf): a ticket needs components its store does not have; the MRF is
 * raised from the ticket (by its technician or a co-ordinator), which waits ON_HOLD for the
 * material. The store may hold the MRF (a late supplier), fulfil it from a receipt (the parts are
 * received into the store and issued to the ticket's technician in one movement, and the ticket
 * resumes) or cancel it (the ticket resumes too). Each step joins the ticket's timeline.
 */

const raisedBy = alias(user, 'raised_by');
const fulfilledBy = alias(user, 'fulfilled_by');

/** The MRF's lines as JSON, in order, with the store's stock of each part now. */
const linesJson = sql<MrfLine[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
      'component_id', l.component_id,
      'part_number', c.part_number,
      'name', c.name,
      'unit', c.unit,
      'quantity', l.quantity,
      'in_stock', coalesce(sl.quantity, 0)
    ) order by l.position), '[]'::jsonb)
    from ${mrfLine} l
    join ${component} c on c.id = l.component_id
    left join ${stockLevel} sl on sl.store_id = ${qualified(mrf.store_id)} and sl.component_id = l.component_id
   where l.mrf_id = ${qualified(mrf.id)})`;

export const listMrfs = defineList(ListMrfs, {
  table: mrf,
  scope: (caller) => ticketPartsScope(caller, inOrganization(mrf, caller)),
  select: {
    id: mrf.id,
    mrf_number: mrf.mrf_number,
    state: mrf.state,
    ticket_id: mrf.ticket_id,
    ticket_number: ticket.ticket_number,
    ticket_state: ticket.state,
    customer_name: customer.name,
    technician_name: sql<
      string | null
    >`(select u.name from ${member} m join ${user} u on u.id = m.user_id where m.id = ${qualified(ticket.technician_id)})`,
    store_id: mrf.store_id,
    store_name: store.name,
    lines: linesJson,
    note: mrf.note,
    reason: mrf.reason,
    receipt_reference: mrf.receipt_reference,
    raised_by_name: raisedBy.name,
    fulfilled_by_name: fulfilledBy.name,
    fulfilled_at: mrf.fulfilled_at,
    created_at: mrf.created_at,
    updated_at: mrf.updated_at,
  },
  join: (query) =>
    query
      .innerJoin(ticket, and(eq(ticket.id, mrf.ticket_id), eq(ticket.organization_id, mrf.organization_id)))
      .innerJoin(store, and(eq(store.id, mrf.store_id), eq(store.organization_id, mrf.organization_id)))
      .innerJoin(customer, eq(customer.id, ticket.customer_id))
      .leftJoin(raisedBy, eq(raisedBy.id, mrf.raised_by))
      .leftJoin(fulfilledBy, eq(fulfilledBy.id, mrf.fulfilled_by)),
  search: [mrf.mrf_number, ticket.ticket_number, customer.name],
  // Newest first on (organization_id, created_at, id); by state or store on their own indexes.
  sort: { created_on: mrf.created_at, mrf_number: mrf.mrf_number, updated_on: mrf.updated_at },
  filters: (input) => [
    input.state ? eq(mrf.state, input.state) : undefined,
    input.service_center_id ? eq(mrf.store_id, input.service_center_id) : undefined,
    input.ticket_id ? eq(mrf.ticket_id, input.ticket_id) : undefined,
  ],
  toItem: (row): MrfItem => ({
    mrf_id: row.id,
    mrf_number: row.mrf_number,
    state: row.state,
    ticket_id: row.ticket_id,
    ticket_number: row.ticket_number,
    ticket_state: row.ticket_state,
    customer_name: row.customer_name,
    technician_name: row.technician_name,
    service_center_id: row.store_id,
    service_center_name: row.store_name,
    lines: row.lines,
    note: row.note,
    reason: row.reason,
    receipt_reference: row.receipt_reference,
    raised_by_name: row.raised_by_name ?? 'A former user',
    fulfilled_by_name: row.fulfilled_by_name ?? null,
    fulfilled_on: row.fulfilled_at?.toISOString() ?? null,
    created_on: row.created_at.toISOString(),
    updated_on: row.updated_at.toISOString(),
  }),
});

async function mrfItem(db: Db, caller: Caller, id: string): Promise<MrfItem> {
  const item = await listMrfs.list.findById(db, caller, id);
  if (!item) throw notFound(INVENTORY_MESSAGES.mrfNotFound);
  return item;
}

const answer = async (context: OperationContext, id: string, message: string) => {
  context.auditTarget = id;
  return { data: { items: [await mrfItem(context.db, context.caller, id)] }, message };
};

// ---------------------------------------------------------------------------------------------
// Raise

export const raiseMrf = defineHandler(RaiseMrf, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'REQUEST_PARTS');
  if (row.state !== 'IN_PROGRESS' && row.state !== 'ON_HOLD') {
    throw conflict(
      INVENTORY_MESSAGES.mrfTicketState(row.ticket_number, row.state.toLowerCase().replace('_', ' ')),
    );
  }
  const into = await usableStore(db, caller, input.service_center_id);
  const byId = await usableComponents(
    db,
    caller,
    input.components.map((line) => line.component_id),
    (index) => `components.${index}.component_id`,
  );

  const id = newId();
  const number = formatNumber('MRF', await nextNumber(db, caller.organization.id, 'mrf'));
  await db.insert(mrf).values({
    id,
    organization_id: caller.organization.id,
    mrf_number: number,
    ticket_id: row.id,
    store_id: into.id,
    state: 'OPEN',
    note: input.note,
    raised_by: caller.user.id,
  });
  await db.insert(mrfLine).values(
    input.components.map((line, position) => ({
      id: newId(),
      organization_id: caller.organization.id,
      mrf_id: id,
      position,
      component_id: line.component_id,
      quantity: line.quantity,
    })),
  );
  const needed = linesWords(
    input.components.map((line) => ({ ...byId.get(line.component_id)!, quantity: line.quantity })),
  );
  const event = {
    kind: 'MRF_RAISED' as const,
    text: [`Waiting for material: ${number} at ${into.name}: ${needed}`, input.note]
      .filter(Boolean)
      .join('\n'),
    details: { mrf_number: number },
  };
  if (row.state === 'IN_PROGRESS') await transition(context, row, 'ON_HOLD', {}, event);
  else await recordEvent(db, caller, row, event);
  return answer(context, id, INVENTORY_MESSAGES.mrfRaised(number, row.ticket_number));
});

// ---------------------------------------------------------------------------------------------
// The store's decisions

/** The MRF, locked, if the caller sees it and its store is theirs; open or held, else CONFLICT. */
async function lockOpenMrf(db: Db, caller: Caller, id: string) {
  const [row] = await db
    .select({ mrf })
    .from(mrf)
    .innerJoin(store, and(eq(store.id, mrf.store_id), eq(store.organization_id, mrf.organization_id)))
    .where(and(inOrganization(mrf, caller), inPartyOf(store, caller), eq(mrf.id, id)))
    .for('update', { of: mrf });
  if (!row) throw notFound(INVENTORY_MESSAGES.mrfNotFound);
  if (row.mrf.state !== 'OPEN' && row.mrf.state !== 'ON_HOLD') {
    throw conflict(INVENTORY_MESSAGES.mrfNotOpen(row.mrf.mrf_number, MRF_STATE_LABELS[row.mrf.state]));
  }
  return row.mrf;
}

type MrfRow = typeof mrf.$inferSelect;

async function setMrf(db: Db, row: MrfRow, values: Partial<typeof mrf.$inferInsert>) {
  await db
    .update(mrf)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(mrf.organization_id, row.organization_id), eq(mrf.id, row.id)));
}

/**
 * The MRF ended (fulfilled or cancelled): its ticket resumes if it waits on hold and no other MRF
 * of it is still open or held; the timeline says what happened either way.
 */
async function settleTicket(
  context: OperationContext,
  row: MrfRow,
  ticketRow: TicketRow,
  kind: 'MRF_FULFILLED' | 'MRF_CANCELLED',
  text: string,
) {
  const [other] = await context.db
    .select({ id: mrf.id })
    .from(mrf)
    .where(
      and(
        eq(mrf.organization_id, row.organization_id),
        eq(mrf.ticket_id, ticketRow.id),
        ne(mrf.id, row.id),
        inArray(mrf.state, ['OPEN', 'ON_HOLD']),
      ),
    )
    .limit(1);
  const event = { kind, text, details: { mrf_number: row.mrf_number } };
  if (ticketRow.state === 'ON_HOLD' && !other) await transition(context, ticketRow, 'IN_PROGRESS', {}, event);
  else await recordEvent(context.db, context.caller, ticketRow, event);
}

const holdMrf = defineHandler(HoldMrf, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOpenMrf(db, caller, input.mrf_id);
  const holding = input.action === 'HOLD';
  if (row.state === (holding ? 'ON_HOLD' : 'OPEN')) {
    throw conflict(INVENTORY_MESSAGES.mrfNotOpen(row.mrf_number, MRF_STATE_LABELS[row.state]));
  }
  await setMrf(db, row, { state: holding ? 'ON_HOLD' : 'OPEN', reason: holding ? input.reason : null });
  const ticketRow = await ticketOfRecord(db, row);
  await recordEvent(db, caller, ticketRow, {
    kind: holding ? 'MRF_HELD' : 'MRF_REOPENED',
    text: [row.mrf_number, input.reason].filter(Boolean).join(': '),
    details: { mrf_number: row.mrf_number },
  });
  return answer(
    context,
    row.id,
    (holding ? INVENTORY_MESSAGES.mrfHeld : INVENTORY_MESSAGES.mrfOpened)(row.mrf_number),
  );
});

const fulfilMrf = defineHandler(FulfilMrf, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOpenMrf(db, caller, input.mrf_id);
  const lines = await db
    .select({
      component_id: mrfLine.component_id,
      quantity: mrfLine.quantity,
      part_number: component.part_number,
      name: component.name,
    })
    .from(mrfLine)
    .innerJoin(component, eq(component.id, mrfLine.component_id))
    .where(and(eq(mrfLine.organization_id, row.organization_id), eq(mrfLine.mrf_id, row.id)))
    .orderBy(mrfLine.position);
  const costOf = new Map<string, number>();
  input.lines.forEach((line, index) => {
    if (!lines.some((ours) => ours.component_id === line.component_id)) {
      throw badInput(INVENTORY_MESSAGES.mrfNotItsPart, `lines.${index}.component_id`);
    }
    costOf.set(line.component_id, line.unit_cost);
  });
  const missing = lines.find((line) => !costOf.has(line.component_id));
  if (missing) throw badInput(INVENTORY_MESSAGES.mrfCostMissing(partWords(missing)), 'lines');

  const ticketRow = await ticketOfRecord(db, row);
  const technician = await technicianOf(db, ticketRow);
  const ticketParts = { ticket_id: ticketRow.id, technician_user_id: technician.user_id };
  const movements: StockMovementInput[] = [
    ...lines.map((line) => ({
      kind: 'RECEIVE' as const,
      store_id: row.store_id,
      component_id: line.component_id,
      quantity: line.quantity,
      unit_cost: costOf.get(line.component_id)!,
      reference: input.reference,
      reason: `For ${row.mrf_number}`,
    })),
    ...lines.map((line) => ({
      kind: 'ISSUE' as const,
      store_id: row.store_id,
      component_id: line.component_id,
      quantity: line.quantity,
      reference: row.mrf_number,
      ...ticketParts,
    })),
  ];
  await applyStockMovements(db, actorOf(caller), movements);
  const now = new Date();
  await setMrf(db, row, {
    state: 'FULFILLED',
    receipt_reference: input.reference,
    fulfilled_by: caller.user.id,
    fulfilled_at: now,
  });
  await settleTicket(
    context,
    row,
    ticketRow,
    'MRF_FULFILLED',
    `${row.mrf_number} fulfilled (${input.reference}): ${linesWords(lines)} issued to ${technician.name}`,
  );
  return answer(context, row.id, INVENTORY_MESSAGES.mrfFulfilled(row.mrf_number, ticketRow.ticket_number));
});

const cancelMrf = defineHandler(CancelMrf, async (input, context) => {
  const { db } = context;
  const row = await lockOpenMrf(db, context.caller, input.mrf_id);
  await setMrf(db, row, { state: 'CANCELLED', reason: input.reason });
  const ticketRow = await ticketOfRecord(db, row);
  await settleTicket(
    context,
    row,
    ticketRow,
    'MRF_CANCELLED',
    `${row.mrf_number} cancelled: ${input.reason}`,
  );
  return answer(context, row.id, INVENTORY_MESSAGES.mrfCancelled(row.mrf_number));
});

export const mrfHandlers = [listMrfs, raiseMrf, holdMrf, fulfilMrf, cancelMrf];
