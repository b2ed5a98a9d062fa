import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  COMPONENT_REQUEST_STATE_LABELS,
  INVENTORY_MESSAGES,
  IssueComponentRequest,
  ListComponentRequests,
  RaiseComponentRequest,
  type ComponentRequestItem,
  type ComponentRequestLine,
} from '@fieldport/contract/operations/inventory';
import type { WorkflowRecordDescription } from '@fieldport/contract/operations/approvals';
import { ACTIVE_STATES } from '@fieldport/contract/ticket-transitions';
import { ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import { formatRupees } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { member, user } from '../../db/schema/identity.ts';
import { component, componentRequest, componentRequestLine, store } from '../../db/schema/inventory.ts';
import { additionalPart } from '../../db/schema/settings.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { formatNumber, nextNumber } from '../../db/sequences.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import {
  raiseRequest,
  registerWorkflowKind,
  type WorkflowContext,
  type WorkflowRequestRow,
} from '../../platform/workflow.ts';
import { lockTicket, recordEvent, requireAction, type TicketRow } from '../tickets/ticket-rules.ts';
import { readTicketItem } from '../tickets/ticket-item.ts';
import { callerKind } from '../tickets/ticket-scope.ts';
import { actorOf, applyStockMovements, partWords } from './stock-ledger.ts';
import { usableComponents } from './stock.ts';

/**
 * Component requests (docs/inventory.md#parts-for-a-ticket): a ticket's technician or co-ordinator
 * asks a store for components (and additional parts); the request goes through the workflow (kind
 * COMPONENT_REQUEST) and, approved, the store issues the components to the ticket's technician.
 * Each step joins the ticket's timeline; the issue is the ledger's ISSUE rows, referenced by the
 * request's number. What happens at the close is ticket-parts.ts.
 */

const requester = alias(user, 'requester');
const issuedTo = alias(user, 'issued_to');
const issuedBy = alias(user, 'issued_by');

/**
 * The records about a ticket's parts (component requests, MRFs) a caller sees, given the
 * organization condition of the record's table: staff every one; a partner's users those of their
 * stores and of their partner's tickets; a technician those of their tickets. The lists join the
 * record's ticket and store, so the scope reads theirs.
 */
export function ticketPartsScope(caller: Caller, organization: SQL): SQL {
  switch (callerKind(caller)) {
    case 'STAFF':
      return organization;
    case 'PARTNER':
      return and(
        organization,
        or(eq(ticket.partner_party_id, caller.party!.id), eq(store.party_id, caller.party!.id)),
      )!;
    case 'TECHNICIAN':
      return and(organization, eq(ticket.technician_id, caller.membership.id))!;
    default:
      // Dealers and representatives: the operations' access leaves them out already.
      return sql`false`;
  }
}

/** The request's lines as JSON, in order, with the parts' names (one subquery per listed request). */
const linesJson = sql<ComponentRequestLine[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
      'line_id', l.id,
      'component_id', l.component_id,
      'additional_part_id', l.additional_part_id,
      'part_number', coalesce(c.part_number, a.part_code),
      'name', coalesce(c.name, a.name),
      'unit', c.unit,
      'quantity', l.quantity,
      'unit_price', l.unit_price_paise
    ) order by l.position), '[]'::jsonb)
    from ${componentRequestLine} l
    left join ${component} c on c.id = l.component_id
    left join ${additionalPart} a on a.id = l.additional_part_id
   where l.request_id = ${componentRequest.id})`;

export const listComponentRequests = defineList(ListComponentRequests, {
  table: componentRequest,
  scope: (caller) => ticketPartsScope(caller, inOrganization(componentRequest, caller)),
  select: {
    id: componentRequest.id,
    request_number: componentRequest.request_number,
    state: componentRequest.state,
    ticket_id: componentRequest.ticket_id,
    ticket_number: ticket.ticket_number,
    store_id: componentRequest.store_id,
    store_name: store.name,
    note: componentRequest.note,
    lines: linesJson,
    requested_by_name: requester.name,
    workflow_request_id: componentRequest.workflow_request_id,
    decision_comment: componentRequest.decision_comment,
    decided_at: componentRequest.decided_at,
    issued_to_name: issuedTo.name,
    issued_by_name: issuedBy.name,
    issued_at: componentRequest.issued_at,
    created_at: componentRequest.created_at,
  },
  join: (query) =>
    query
      .innerJoin(
        ticket,
        and(
          eq(ticket.id, componentRequest.ticket_id),
          eq(ticket.organization_id, componentRequest.organization_id),
        ),
      )
      .leftJoin(
        store,
        and(
          eq(store.id, componentRequest.store_id),
          eq(store.organization_id, componentRequest.organization_id),
        ),
      )
      .leftJoin(requester, eq(requester.id, componentRequest.requested_by))
      .leftJoin(issuedTo, eq(issuedTo.id, componentRequest.issued_to))
      .leftJoin(issuedBy, eq(issuedBy.id, componentRequest.issued_by)),
  search: [componentRequest.request_number, ticket.ticket_number],
  // Newest first on (organization_id, created_at, id); by state or store on their own indexes.
  sort: { created_on: componentRequest.created_at, request_number: componentRequest.request_number },
  filters: (input) => [
    input.state ? eq(componentRequest.state, input.state) : undefined,
    input.service_center_id ? eq(componentRequest.store_id, input.service_center_id) : undefined,
    input.ticket_id ? eq(componentRequest.ticket_id, input.ticket_id) : undefined,
  ],
  toItem: (row): ComponentRequestItem => ({
    component_request_id: row.id,
    request_number: row.request_number,
    state: row.state,
    ticket_id: row.ticket_id,
    ticket_number: row.ticket_number,
    service_center_id: row.store_id,
    service_center_name: row.store_name ?? null,
    note: row.note,
    lines: row.lines.map((line) => ({ ...line, unit_price: Number(line.unit_price) })),
    requested_by_name: row.requested_by_name ?? 'A former user',
    workflow_request_id: row.workflow_request_id,
    decision_comment: row.decision_comment,
    decided_on: row.decided_at?.toISOString() ?? null,
    issued_to_name: row.issued_to_name ?? null,
    issued_by_name: row.issued_by_name ?? null,
    issued_on: row.issued_at?.toISOString() ?? null,
    created_on: row.created_at.toISOString(),
  }),
});

/** A request as the caller's lists read it (the answer of a mutation). */
async function requestItem(db: Db, caller: Caller, id: string): Promise<ComponentRequestItem> {
  const item = await listComponentRequests.list.findById(db, caller, id);
  if (!item) throw notFound(INVENTORY_MESSAGES.requestNotFound);
  return item;
}

/** '2 × CR-100 Compressor relay, 1 × PIPE-6 Copper pipe 6 mm' */
export function linesWords(lines: { part_number: string; name: string; quantity: number }[]): string {
  return lines.map((line) => `${line.quantity} × ${partWords(line)}`).join(', ');
}

/**
 * A store the caller may ask parts of or order into: active, the organization's, a partner's
 * people's own. Its state decides a purchase's GST (docs/purchasing.md#tax).
 */
export async function usableStore(db: Db, caller: Caller, id: string) {
  const [found] = await db
    .select({ id: store.id, name: store.name, state: store.state, status: store.status })
    .from(store)
    .where(and(inPartyOf(store, caller), eq(store.id, id)));
  if (!found) throw notFound(INVENTORY_MESSAGES.storeNotFound);
  if (found.status !== 'ACTIVE')
    throw badInput(INVENTORY_MESSAGES.storeInactive(found.name), 'service_center_id');
  return found;
}

/** The ticket a parts record is about (the organization's, whoever acts), locked: its timeline follows. */
export async function ticketOfRecord(
  db: Db,
  record: { organization_id: string; ticket_id: string; id: string },
): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(ticket)
    .where(and(eq(ticket.organization_id, record.organization_id), eq(ticket.id, record.ticket_id)))
    .for('update');
  if (!row) throw new Error(`The ticket of parts record ${record.id} is gone`);
  return row;
}

/** The ticket's technician, who gets the parts; CONFLICT when it has none, or is no longer open. */
export async function technicianOf(db: Db, row: TicketRow) {
  if (!(ACTIVE_STATES as readonly TicketState[]).includes(row.state)) {
    throw conflict(INVENTORY_MESSAGES.ticketNotOpenForParts(row.ticket_number, stateWords(row.state)));
  }
  const [technician] = row.technician_id
    ? await db
        .select({ user_id: user.id, name: user.name })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, row.organization_id), eq(member.id, row.technician_id)))
    : [];
  if (!technician) throw conflict(INVENTORY_MESSAGES.noTechnician(row.ticket_number));
  return technician;
}

const stateWords = (state: TicketState) => ticketStateLabel(state).toLowerCase();

// ---------------------------------------------------------------------------------------------
// Raise

export const raiseComponentRequest = defineHandler(RaiseComponentRequest, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'REQUEST_PARTS');

  const storeName = input.service_center_id
    ? (await usableStore(db, caller, input.service_center_id)).name
    : null;

  const componentById = await usableComponents(
    db,
    caller,
    input.components.map((line) => line.component_id),
    (index) => `components.${index}.component_id`,
  );

  const extraIds = input.additional_parts.map((line) => line.additional_part_id);
  const extras = extraIds.length
    ? await db
        .select({
          id: additionalPart.id,
          name: additionalPart.name,
          part_number: additionalPart.part_code,
          price: additionalPart.price_paise,
          status: additionalPart.status,
        })
        .from(additionalPart)
        .where(and(inOrganization(additionalPart, caller), inArray(additionalPart.id, extraIds)))
    : [];
  const extraById = new Map(extras.map((part) => [part.id, part]));
  input.additional_parts.forEach((line, index) => {
    const part = extraById.get(line.additional_part_id);
    if (!part || part.status !== 'ACTIVE')
      throw badInput(
        INVENTORY_MESSAGES.additionalPartNotFound,
        `additional_parts.${index}.additional_part_id`,
      );
  });

  const id = newId();
  const number = formatNumber('CR', await nextNumber(db, caller.organization.id, 'component_request'));
  await db.insert(componentRequest).values({
    id,
    organization_id: caller.organization.id,
    request_number: number,
    ticket_id: row.id,
    store_id: input.service_center_id,
    state: 'PENDING',
    note: input.note,
    requested_by: caller.user.id,
  });
  const named = [
    ...input.components.map((line) => ({ ...line, part: componentById.get(line.component_id)! })),
    ...input.additional_parts.map((line) => ({ ...line, part: extraById.get(line.additional_part_id)! })),
  ];
  await db.insert(componentRequestLine).values(
    named.map((line, position) => ({
      id: newId(),
      organization_id: caller.organization.id,
      request_id: id,
      position,
      component_id: 'component_id' in line ? line.component_id : null,
      additional_part_id: 'additional_part_id' in line ? line.additional_part_id : null,
      quantity: line.quantity,
      unit_price_paise: line.part.price,
    })),
  );
  const asked = linesWords(named.map((line) => ({ ...line.part, quantity: line.quantity })));
  const workflowRequest = await raiseRequest(context, {
    kind: 'COMPONENT_REQUEST',
    record_id: id,
    summary: `${number} for ticket ${row.ticket_number}: ${asked}`,
  });
  await db
    .update(componentRequest)
    .set({ workflow_request_id: workflowRequest.id })
    .where(and(eq(componentRequest.organization_id, caller.organization.id), eq(componentRequest.id, id)));
  await recordEvent(db, caller, row, {
    kind: 'PARTS_REQUESTED',
    text: [storeName ? `${number} from ${storeName}: ${asked}` : `${number}: ${asked}`, input.note]
      .filter(Boolean)
      .join('\n'),
    details: { request_number: number },
  });
  context.auditTarget = id;
  return {
    data: { items: [await requestItem(db, caller, id)] },
    message: INVENTORY_MESSAGES.requestRaised(number),
  };
});

// ---------------------------------------------------------------------------------------------
// The workflow's hooks

/** The request's row with its lines and names, for an approver and for the hooks; the organization's. */
async function loadRequest(db: Db, organizationId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(componentRequest)
    .where(and(eq(componentRequest.organization_id, organizationId), eq(componentRequest.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const lines = await db
    .select({
      component_id: componentRequestLine.component_id,
      additional_part_id: componentRequestLine.additional_part_id,
      quantity: componentRequestLine.quantity,
      unit_price: componentRequestLine.unit_price_paise,
      part_number: sql<string>`coalesce(${component.part_number}, ${additionalPart.part_code})`,
      name: sql<string>`coalesce(${component.name}, ${additionalPart.name})`,
    })
    .from(componentRequestLine)
    .leftJoin(component, eq(component.id, componentRequestLine.component_id))
    .leftJoin(additionalPart, eq(additionalPart.id, componentRequestLine.additional_part_id))
    .where(
      and(eq(componentRequestLine.organization_id, organizationId), eq(componentRequestLine.request_id, id)),
    )
    .orderBy(componentRequestLine.position);
  return { row, lines };
}

async function describeRequest(
  { db, caller }: Pick<WorkflowContext, 'db' | 'caller'>,
  recordId: string,
): Promise<WorkflowRecordDescription | null> {
  const loaded = await loadRequest(db, caller.organization.id, recordId);
  if (!loaded) return null;
  const { row, lines } = loaded;
  // The ticket as the ticket screens read it (the organization's: an approver may not see it).
  const facts = await readTicketItem(db, caller, row.ticket_id, 'organization');
  const [held] = row.store_id
    ? await db
        .select({ name: store.name })
        .from(store)
        .where(and(eq(store.organization_id, row.organization_id), eq(store.id, row.store_id)))
    : [];
  const parts = lines.filter((line) => line.component_id);
  const extras = lines.filter((line) => line.additional_part_id);
  const amount = (list: typeof lines) =>
    list.reduce((sum, line) => sum + line.quantity * Number(line.unit_price), 0);
  return {
    title: `${row.request_number} · Ticket ${facts?.ticket_number ?? ''}`,
    fields: [
      { label: 'Ticket', value: `${facts?.ticket_number ?? '—'} (${facts ? stateWords(facts.state) : '—'})` },
      { label: 'Customer', value: facts?.customer_name ?? '—' },
      { label: 'Technician', value: facts?.technician_name ?? 'Not assigned yet' },
      { label: 'Store', value: held?.name ?? '—' },
      { label: 'Components', value: parts.length ? linesWords(parts) : '—' },
      { label: 'Components at list price', value: formatRupees(amount(parts)) },
      { label: 'Additional parts', value: extras.length ? linesWords(extras) : '—' },
      { label: 'Additional parts amount', value: formatRupees(amount(extras)) },
      { label: 'Note', value: row.note ?? '—' },
      { label: 'State', value: COMPONENT_REQUEST_STATE_LABELS[row.state] },
    ],
  };
}

/**
 * The request ended: approved (to issue; with additional parts only, done), rejected or withdrawn.
 * Its ticket's timeline says so, as the decider (or the requester who withdrew).
 */
async function settleRequest(
  { db, caller }: WorkflowContext,
  workflowRequest: WorkflowRequestRow,
  outcome: 'APPROVED' | 'REJECTED' | 'WITHDRAWN',
  comment: string | null,
) {
  const loaded = await loadRequest(db, workflowRequest.organization_id, workflowRequest.record_id, true);
  if (loaded?.row.state !== 'PENDING') return;
  const { row, lines } = loaded;
  const hasComponents = lines.some((line) => line.component_id);
  const state = outcome === 'APPROVED' && !hasComponents ? 'ISSUED' : outcome;
  await db
    .update(componentRequest)
    .set({ state, decision_comment: comment, decided_at: new Date(), updated_at: new Date() })
    .where(and(eq(componentRequest.organization_id, row.organization_id), eq(componentRequest.id, row.id)));
  const ticketRow = await ticketOfRecord(db, row);
  const kind = {
    APPROVED: 'PARTS_APPROVED',
    REJECTED: 'PARTS_REJECTED',
    WITHDRAWN: 'PARTS_WITHDRAWN',
  } as const;
  const extras = lines.filter((line) => line.additional_part_id);
  const added =
    outcome === 'APPROVED' && extras.length
      ? `Additional parts added to the ticket: ${linesWords(extras)}`
      : null;
  await recordEvent(db, caller, ticketRow, {
    kind: kind[outcome],
    text: [row.request_number, comment, added].filter(Boolean).join('\n'),
    details: { request_number: row.request_number },
  });
}

/** Registers COMPONENT_REQUEST; the inventory's handlers call it once, when they load. */
export function registerComponentRequestKind(): void {
  registerWorkflowKind('COMPONENT_REQUEST', {
    describe: describeRequest,
    onApproved: (context, request, decision) => settleRequest(context, request, 'APPROVED', decision.comment),
    onRejected: (context, request, decision) => settleRequest(context, request, 'REJECTED', decision.comment),
    onWithdrawn: (context, request) => settleRequest(context, request, 'WITHDRAWN', request.withdraw_reason),
  });
}

// ---------------------------------------------------------------------------------------------
// Issue

const issueComponentRequest = defineHandler(IssueComponentRequest, async (input, context) => {
  const { db, caller } = context;
  // The caller's stores only: a partner's users issue from their own.
  const [visible] = await db
    .select({ id: componentRequest.id })
    .from(componentRequest)
    .innerJoin(
      store,
      and(
        eq(store.id, componentRequest.store_id),
        eq(store.organization_id, componentRequest.organization_id),
      ),
    )
    .where(
      and(
        inOrganization(componentRequest, caller),
        inPartyOf(store, caller),
        eq(componentRequest.id, input.component_request_id),
      ),
    );
  if (!visible) throw notFound(INVENTORY_MESSAGES.requestNotFound);
  const { row, lines } = (await loadRequest(db, caller.organization.id, visible.id, true))!;
  if (row.state !== 'APPROVED') {
    throw conflict(
      INVENTORY_MESSAGES.requestNotApproved(row.request_number, COMPONENT_REQUEST_STATE_LABELS[row.state]),
    );
  }
  const ticketRow = await ticketOfRecord(db, row);
  const technician = await technicianOf(db, ticketRow);

  const parts = lines.filter((line) => line.component_id);
  await applyStockMovements(
    db,
    actorOf(caller),
    parts.map((line) => ({
      kind: 'ISSUE' as const,
      store_id: row.store_id!,
      component_id: line.component_id!,
      quantity: line.quantity,
      reference: row.request_number,
      ticket_id: ticketRow.id,
      technician_user_id: technician.user_id,
    })),
  );
  const now = new Date();
  await db
    .update(componentRequest)
    .set({
      state: 'ISSUED',
      issued_to: technician.user_id,
      issued_by: caller.user.id,
      issued_at: now,
      updated_at: now,
    })
    .where(and(eq(componentRequest.organization_id, row.organization_id), eq(componentRequest.id, row.id)));
  await recordEvent(db, caller, ticketRow, {
    kind: 'PARTS_ISSUED',
    text: `${row.request_number} to ${technician.name}: ${linesWords(parts)}`,
    details: { request_number: row.request_number },
  });
  context.auditTarget = row.id;
  return {
    data: { items: [await requestItem(db, caller, row.id)] },
    message: INVENTORY_MESSAGES.requestIssued(row.request_number, technician.name),
  };
});

export const componentRequestHandlers = [listComponentRequests, raiseComponentRequest, issueComponentRequest];
