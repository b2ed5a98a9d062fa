import { and, eq, gte, inArray, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatRupees, shiftDay } from '@fieldport/contract/fields';
import {
  GetQuotation,
  ListQuotations,
  ListWorkFlowPayments,
  QUOTATION_REVISABLE_STATES,
  QUOTATION_STATE_LABELS,
  QUOTATION_MAX_VALIDITY_DAYS,
  QUOTATIONS_MESSAGES,
  RecordQuotationPayment,
  ReviseQuotation,
  SaveQuotation,
  SubmitQuotation,
  type QuotationDetails,
  type QuotationItem,
  type QuotationLine,
  type QuotationPayment,
  type QuotationRevision,
  type QuotationState,
} from '@fieldport/contract/operations/quotations';
import { PAYMENT_MODE_LABELS } from '@fieldport/contract/operations/purchasing';
import { taxTotals } from '@fieldport/contract/tax';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { user } from '../../db/schema/identity.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { quotation, quotationLine, quotationPayment, quotationTemplate } from '../../db/schema/quotations.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { nextDocumentNumber } from '../../db/sequences.ts';
import type { Caller } from '../../platform/caller.ts';
import {
  amountColumns,
  paymentStatusCondition,
  paymentStatusOf,
  taxFields,
} from '../../platform/document-amounts.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList, qualified, referenceMatches, searchCondition } from '../../platform/lists.ts';
import { todayOf, withinDays } from '../../platform/organization-days.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import {
  raiseRequest,
  registerWorkflowKind,
  type WorkflowContext,
  type WorkflowRequestRow,
} from '../../platform/workflow.ts';
import { visibleTickets } from '../tickets/ticket-scope.ts';
import { priceLines, quotationSupply, type PricedLine } from './quotation-lines.ts';

/**
 * Quotations (docs/quotations.md): drafted for a customer (from one of its tickets or on its own),
 * approved through the workflow (kind QUOTATION), mailed with a signed link (quotation-link.ts),
 * accepted or rejected by the customer, paid in parts, revised under the same number. A partner's
 * or dealer's people see only their party's quotations; the organization's see every one.
 */

const createdBy = alias(user, 'created_by');
const recordedBy = alias(user, 'recorded_by');

/** APPROVED or SENT past the validity reads EXPIRED; the stored state otherwise. */
export function effectiveState(state: QuotationState, validUntil: string, today: string): QuotationState {
  return (state === 'APPROVED' || state === 'SENT') && validUntil < today ? 'EXPIRED' : state;
}

/** The rows whose effective state is `state`, on the organization's `today`. */
function stateCondition(state: QuotationState, today: string): SQL {
  if (state === 'EXPIRED') {
    return and(inArray(quotation.state, ['APPROVED', 'SENT']), lt(quotation.valid_until, today))!;
  }
  if (state === 'APPROVED' || state === 'SENT') {
    return and(eq(quotation.state, state), gte(quotation.valid_until, today))!;
  }
  return eq(quotation.state, state);
}

/** The quotation's lines as JSON, in order. */
const linesJson = sql<QuotationLine[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
      'line_id', l.id,
      'kind', l.kind,
      'item_id', l.item_id,
      'description', l.description,
      'hsn_code', l.hsn_code,
      'fleet_item_id', l.fleet_item_id,
      'fleet_item_serial', f.serial_number,
      'quantity', l.quantity,
      'unit_price', l.unit_price_paise,
      'discount', l.discount_paise,
      'tax_rate', l.tax_rate_bp / 100.0,
      'taxable', l.taxable_paise,
      'cgst', l.cgst_paise,
      'sgst', l.sgst_paise,
      'igst', l.igst_paise,
      'total', l.total_paise
    ) order by l.position), '[]'::jsonb)
    from ${quotationLine} l
    left join ${fleetItem} f on f.id = l.fleet_item_id
   where l.quotation_id = ${qualified(quotation.id)})`;

export const listQuotations = defineList(ListQuotations, {
  table: quotation,
  scope: 'party',
  select: {
    id: quotation.id,
    quotation_number: quotation.quotation_number,
    revision: quotation.revision,
    state: quotation.state,
    customer_id: quotation.customer_id,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_email: customer.email,
    location_id: quotation.location_id,
    customer_address: sql<string>`${customerLocation.address} || ', ' || ${customerLocation.city} || ', ' || ${customerLocation.state} || ' ' || ${customerLocation.pincode}`,
    customer_state: customerLocation.state,
    ticket_id: quotation.ticket_id,
    ticket_number: ticket.ticket_number,
    template_id: quotation.template_id,
    template_name: quotationTemplate.name,
    supply: quotation.supply,
    valid_until: quotation.valid_until,
    header_text: quotation.header_text,
    footer_text: quotation.footer_text,
    terms: quotation.terms,
    lines: linesJson,
    taxable: quotation.taxable_paise,
    cgst: quotation.cgst_paise,
    sgst: quotation.sgst_paise,
    igst: quotation.igst_paise,
    total: quotation.total_paise,
    paid: quotation.paid_paise,
    workflow_request_id: quotation.workflow_request_id,
    decision_comment: quotation.decision_comment,
    customer_comment: quotation.customer_comment,
    responded_at: quotation.responded_at,
    outcome: quotation.outcome,
    shared_at: quotation.shared_at,
    shared_to: quotation.shared_to,
    created_by_name: createdBy.name,
    created_at: quotation.created_at,
    updated_at: quotation.updated_at,
  },
  join: (query) =>
    query
      .innerJoin(
        customer,
        and(eq(customer.id, quotation.customer_id), eq(customer.organization_id, quotation.organization_id)),
      )
      .innerJoin(
        customerLocation,
        and(
          eq(customerLocation.id, quotation.location_id),
          eq(customerLocation.organization_id, quotation.organization_id),
        ),
      )
      .leftJoin(
        ticket,
        and(eq(ticket.id, quotation.ticket_id), eq(ticket.organization_id, quotation.organization_id)),
      )
      .leftJoin(
        quotationTemplate,
        and(
          eq(quotationTemplate.id, quotation.template_id),
          eq(quotationTemplate.organization_id, quotation.organization_id),
        ),
      )
      .leftJoin(createdBy, eq(createdBy.id, quotation.created_by)),
  // Every condition and sort reads the quotation's own columns, and each join adds one row at most
  // (the customer and the location are required references): a page's ids and its count come from
  // the quotations alone, without planning the joins or walking the customers to merge them.
  count: 'table',
  // The customer is found first: a join read in date order until a page matched took 200 ms at
  // 100,000 quotations (docs/architecture.md#lists).
  search: (term, caller) =>
    or(
      searchCondition([quotation.quotation_number], term),
      referenceMatches(quotation.customer_id, customer, searchCondition([customer.name], term), caller),
    ),
  // Newest first on (organization_id, created_at, id); by state or customer on their own indexes.
  sort: {
    created_on: quotation.created_at,
    quotation_number: quotation.quotation_number,
    total_amount: quotation.total_paise,
    valid_until: quotation.valid_until,
    updated_on: quotation.updated_at,
  },
  filters: (input, caller) => [
    input.state ? stateCondition(input.state, todayOf(caller)) : undefined,
    input.payment_status
      ? and(
          eq(quotation.state, 'ACCEPTED'),
          paymentStatusCondition(quotation.paid_paise, quotation.total_paise, input.payment_status),
        )
      : undefined,
    input.customer_id ? eq(quotation.customer_id, input.customer_id) : undefined,
    input.ticket_id ? eq(quotation.ticket_id, input.ticket_id) : undefined,
    ...withinDays(quotation.created_at, input.from_date, input.to_date, caller.organization.time_zone),
  ],
  toItem: (row, caller): QuotationItem => ({
    quotation_id: row.id,
    quotation_number: row.quotation_number,
    revision: row.revision,
    state: effectiveState(row.state, row.valid_until, todayOf(caller)),
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    customer_email: row.customer_email,
    location_id: row.location_id,
    customer_address: row.customer_address,
    customer_state: row.customer_state,
    ticket_id: row.ticket_id,
    ticket_number: row.ticket_number,
    template_id: row.template_id,
    template_name: row.template_name,
    supply: row.supply,
    valid_until: row.valid_until,
    header_text: row.header_text,
    footer_text: row.footer_text,
    terms: row.terms,
    lines: row.lines,
    taxable_amount: row.taxable,
    cgst_amount: row.cgst,
    sgst_amount: row.sgst,
    igst_amount: row.igst,
    total_amount: row.total,
    paid_amount: row.paid,
    balance_amount: row.total - row.paid,
    payment_status: paymentStatusOf(row.total, row.paid),
    workflow_request_id: row.workflow_request_id,
    decision_comment: row.decision_comment,
    customer_comment: row.customer_comment,
    responded_on: row.responded_at?.toISOString() ?? null,
    outcome: row.outcome,
    shared_on: row.shared_at?.toISOString() ?? null,
    shared_to: row.shared_to,
    created_by_name: row.created_by_name ?? 'A former user',
    created_on: row.created_at.toISOString(),
    updated_on: row.updated_at.toISOString(),
  }),
  export: {
    title: 'Quotations',
    columns: [
      { header: 'Quotation', width: 22, value: (item) => item.quotation_number },
      { header: 'Revision', width: 9, value: (item) => item.revision },
      {
        header: 'Drafted on',
        width: 20,
        numFmt: 'dd-mmm-yyyy hh:mm',
        value: (item) => new Date(item.created_on),
      },
      { header: 'State', width: 22, value: (item) => QUOTATION_STATE_LABELS[item.state] },
      { header: 'Customer', width: 28, value: (item) => item.customer_name },
      { header: 'Ticket', width: 16, value: (item) => item.ticket_number ?? '' },
      { header: 'Valid until', width: 14, value: (item) => item.valid_until },
      ...amountColumns<QuotationItem>({ paid: true }),
    ],
  },
});

export async function quotationItem(db: Db, caller: Caller, id: string): Promise<QuotationItem> {
  const item = await listQuotations.list.findById(db, caller, id);
  if (!item) throw notFound(QUOTATIONS_MESSAGES.notFound);
  return item;
}

const answer = async (context: OperationContext, id: string, message: string) => {
  context.auditTarget = id;
  return { data: { items: [await quotationItem(context.db, context.caller, id)] }, message };
};

// ---------------------------------------------------------------------------------------------
// Payments and revisions

const paymentColumns = {
  id: quotationPayment.id,
  quotation_id: quotationPayment.quotation_id,
  quotation_number: quotation.quotation_number,
  revision: quotation.revision,
  customer_name: customer.name,
  amount: quotationPayment.amount_paise,
  paid_on: quotationPayment.paid_on,
  mode: quotationPayment.mode,
  reference: quotationPayment.reference,
  note: quotationPayment.note,
  recorded_by_name: recordedBy.name,
  created_at: quotationPayment.created_at,
};

const paymentOf = (row: {
  id: string;
  quotation_id: string;
  quotation_number: string;
  revision: number;
  customer_name: string;
  amount: number;
  paid_on: string;
  mode: QuotationPayment['mode'];
  reference: string;
  note: string | null;
  recorded_by_name: string | null;
  created_at: Date;
}): QuotationPayment => ({
  payment_id: row.id,
  quotation_id: row.quotation_id,
  quotation_number: row.quotation_number,
  revision: row.revision,
  customer_name: row.customer_name,
  amount: row.amount,
  paid_on: row.paid_on,
  mode: row.mode,
  reference: row.reference,
  note: row.note,
  recorded_by_name: row.recorded_by_name ?? 'A former user',
  recorded_on: row.created_at.toISOString(),
});

export const listQuotationPayments = defineList(ListWorkFlowPayments, {
  table: quotationPayment,
  // A payment is seen by whoever sees its quotation.
  scope: (caller) => and(inOrganization(quotationPayment, caller), inPartyOf(quotation, caller))!,
  select: paymentColumns,
  join: (query) =>
    query
      .innerJoin(
        quotation,
        and(
          eq(quotation.id, quotationPayment.quotation_id),
          eq(quotation.organization_id, quotationPayment.organization_id),
        ),
      )
      .innerJoin(
        customer,
        and(eq(customer.id, quotation.customer_id), eq(customer.organization_id, quotation.organization_id)),
      )
      .leftJoin(recordedBy, eq(recordedBy.id, quotationPayment.recorded_by)),
  search: [quotationPayment.reference, quotation.quotation_number],
  // Newest first on (organization_id, paid_on, id).
  sort: { paid_on: quotationPayment.paid_on, amount: quotationPayment.amount_paise },
  filters: (input) => [
    input.quotation_id ? eq(quotationPayment.quotation_id, input.quotation_id) : undefined,
    input.mode ? eq(quotationPayment.mode, input.mode) : undefined,
    input.from_date ? gte(quotationPayment.paid_on, input.from_date) : undefined,
    input.to_date ? lte(quotationPayment.paid_on, input.to_date) : undefined,
  ],
  toItem: (row) => paymentOf(row),
  export: {
    title: 'Quotation payments',
    columns: [
      { header: 'Paid on', width: 14, value: (item) => item.paid_on },
      { header: 'Quotation', width: 22, value: (item) => `${item.quotation_number} rev ${item.revision}` },
      { header: 'Customer', width: 28, value: (item) => item.customer_name },
      { header: 'Amount (₹)', width: 14, value: (item) => item.amount / 100, numFmt: '#,##0.00' },
      { header: 'Mode', width: 10, value: (item) => PAYMENT_MODE_LABELS[item.mode] },
      { header: 'Reference', width: 20, value: (item) => item.reference },
      { header: 'Recorded by', width: 22, value: (item) => item.recorded_by_name },
    ],
  },
});

export async function quotationDetails(db: Db, caller: Caller, id: string): Promise<QuotationDetails> {
  const item = await quotationItem(db, caller, id);
  const payments = await db
    .select(paymentColumns)
    .from(quotationPayment)
    .innerJoin(quotation, eq(quotation.id, quotationPayment.quotation_id))
    .innerJoin(customer, eq(customer.id, quotation.customer_id))
    .leftJoin(recordedBy, eq(recordedBy.id, quotationPayment.recorded_by))
    .where(and(inOrganization(quotationPayment, caller), eq(quotationPayment.quotation_id, id)))
    .orderBy(quotationPayment.paid_on, quotationPayment.created_at);
  const today = todayOf(caller);
  const revisions = await db
    .select({
      id: quotation.id,
      revision: quotation.revision,
      state: quotation.state,
      valid_until: quotation.valid_until,
      total: quotation.total_paise,
      created_at: quotation.created_at,
    })
    .from(quotation)
    .where(and(inPartyOf(quotation, caller), eq(quotation.quotation_number, item.quotation_number)))
    .orderBy(quotation.revision);
  return {
    ...item,
    payments: payments.map(paymentOf),
    revisions: revisions.map((row): QuotationRevision => ({
      quotation_id: row.id,
      revision: row.revision,
      state: effectiveState(row.state, row.valid_until, today),
      total_amount: row.total,
      created_on: row.created_at.toISOString(),
    })),
  };
}

const getQuotation = defineHandler(GetQuotation, async (input, { db, caller }) => ({
  data: { items: [await quotationDetails(db, caller, input.quotation_id)] },
}));

// ---------------------------------------------------------------------------------------------
// Draft

type QuotationRow = typeof quotation.$inferSelect;

/** The quotation, locked, if the caller may work it. */
async function lockQuotation(db: Db, caller: Caller, id: string): Promise<QuotationRow> {
  const [row] = await db
    .select()
    .from(quotation)
    .where(and(inPartyOf(quotation, caller), eq(quotation.id, id)))
    .for('update');
  if (!row) throw notFound(QUOTATIONS_MESSAGES.notFound);
  return row;
}

async function setQuotation(db: Db, row: QuotationRow, values: Partial<typeof quotation.$inferInsert>) {
  await db
    .update(quotation)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(quotation.organization_id, row.organization_id), eq(quotation.id, row.id)));
}

function requireDraft(row: QuotationRow) {
  if (row.state !== 'DRAFT') {
    throw conflict(QUOTATIONS_MESSAGES.notDraft(row.quotation_number, QUOTATION_STATE_LABELS[row.state]));
  }
}

/** A valid-until day from today to a year away. */
function checkValidity(validUntil: string, today: string) {
  if (validUntil < today)
    throw badInput(QUOTATIONS_MESSAGES.validityPassed(calendarDayText(today)), 'valid_until');
  const last = shiftDay(today, QUOTATION_MAX_VALIDITY_DAYS);
  if (validUntil > last)
    throw badInput(QUOTATIONS_MESSAGES.validityTooLong(calendarDayText(last)), 'valid_until');
}

/** The customer (one the caller may see, active) and its location (the primary one when none is named). */
async function customerPlace(db: Db, caller: Caller, customerId: string, locationId: string | null) {
  const [found] = await db
    .select({ id: customer.id, status: customer.status })
    .from(customer)
    .where(and(inPartyOf(customer, caller), eq(customer.id, customerId)));
  if (!found) throw badInput(QUOTATIONS_MESSAGES.customerNotFound, 'customer_id');
  if (found.status !== 'ACTIVE') throw badInput(QUOTATIONS_MESSAGES.customerInactive, 'customer_id');
  const [location] = await db
    .select({ id: customerLocation.id, state: customerLocation.state })
    .from(customerLocation)
    .where(
      and(
        inOrganization(customerLocation, caller),
        eq(customerLocation.customer_id, customerId),
        locationId ? eq(customerLocation.id, locationId) : eq(customerLocation.is_primary, true),
      ),
    );
  if (!location) throw badInput(QUOTATIONS_MESSAGES.locationNotFound, 'location_id');
  return location;
}

async function writeLines(db: Db, row: { organization_id: string; id: string }, lines: PricedLine[]) {
  await db.insert(quotationLine).values(
    lines.map((line, position) => ({
      id: newId(),
      organization_id: row.organization_id,
      quotation_id: row.id,
      position,
      kind: line.kind,
      item_id: line.item_id,
      description: line.description,
      hsn_code: line.hsn_code,
      fleet_item_id: line.fleet_item_id,
      quantity: line.quantity,
      unit_price_paise: line.unit_price,
      discount_paise: line.discount,
      tax_rate_bp: line.tax_rate_bp,
      taxable_paise: line.amounts.taxable,
      cgst_paise: line.amounts.cgst,
      sgst_paise: line.amounts.sgst,
      igst_paise: line.amounts.igst,
      total_paise: line.amounts.total,
    })),
  );
}

export const saveQuotation = defineHandler(SaveQuotation, async (input, context) => {
  const { db, caller } = context;
  const existing = input.quotation_id ? await lockQuotation(db, caller, input.quotation_id) : null;
  if (existing) requireDraft(existing);
  const today = todayOf(caller);
  checkValidity(input.valid_until, today);
  const location = await customerPlace(db, caller, input.customer_id, input.location_id);
  if (input.ticket_id) {
    const [found] = await db
      .select({ id: ticket.id, number: ticket.ticket_number, customer_id: ticket.customer_id })
      .from(ticket)
      .where(and(visibleTickets(caller), eq(ticket.id, input.ticket_id)));
    if (!found) throw badInput(QUOTATIONS_MESSAGES.ticketNotFound, 'ticket_id');
    if (found.customer_id !== input.customer_id) {
      throw badInput(QUOTATIONS_MESSAGES.ticketOfAnotherCustomer(found.number), 'ticket_id');
    }
  }
  if (input.template_id) {
    const [template] = await db
      .select({ id: quotationTemplate.id, status: quotationTemplate.status })
      .from(quotationTemplate)
      .where(and(inOrganization(quotationTemplate, caller), eq(quotationTemplate.id, input.template_id)));
    if (!template || (template.status !== 'ACTIVE' && template.id !== existing?.template_id)) {
      throw badInput(QUOTATIONS_MESSAGES.templateNotFound, 'template_id');
    }
  }
  const supply = quotationSupply(caller.organization, location.state);
  const lines = await priceLines(db, caller, input.lines, supply, input.customer_id);
  const totals = taxTotals(lines.map((line) => line.amounts));
  const values = {
    customer_id: input.customer_id,
    location_id: location.id,
    ticket_id: input.ticket_id,
    template_id: input.template_id,
    supply,
    valid_until: input.valid_until,
    header_text: input.header_text,
    footer_text: input.footer_text,
    terms: input.terms,
    taxable_paise: totals.taxable,
    cgst_paise: totals.cgst,
    sgst_paise: totals.sgst,
    igst_paise: totals.igst,
    total_paise: totals.total,
  };
  if (existing) {
    await db
      .delete(quotationLine)
      .where(
        and(
          eq(quotationLine.organization_id, existing.organization_id),
          eq(quotationLine.quotation_id, existing.id),
        ),
      );
    await setQuotation(db, existing, values);
    await writeLines(db, existing, lines);
    return answer(context, existing.id, QUOTATIONS_MESSAGES.saved(existing.quotation_number));
  }
  const id = newId();
  const number = await nextDocumentNumber(db, caller.organization.id, 'QT', today);
  await db.insert(quotation).values({
    id,
    organization_id: caller.organization.id,
    quotation_number: number,
    party_id: caller.party?.id ?? null,
    revision: 1,
    state: 'DRAFT',
    ...values,
    created_by_member_id: caller.membership.id,
    created_by: caller.user.id,
  });
  await writeLines(db, { organization_id: caller.organization.id, id }, lines);
  return answer(context, id, QUOTATIONS_MESSAGES.saved(number));
});

export const submitQuotation = defineHandler(SubmitQuotation, async (input, context) => {
  const { db, caller } = context;
  const row = await lockQuotation(db, caller, input.quotation_id);
  requireDraft(row);
  checkValidity(row.valid_until, todayOf(caller));
  const item = await quotationItem(db, caller, row.id);
  const request = await raiseRequest(context, {
    kind: 'QUOTATION',
    record_id: row.id,
    summary: `${row.quotation_number}${row.revision > 1 ? ` rev ${row.revision}` : ''} for ${item.customer_name}: ${formatRupees(row.total_paise)}`,
  });
  await setQuotation(db, row, {
    state: 'PENDING_APPROVAL',
    workflow_request_id: request.id,
    decision_comment: null,
  });
  return answer(context, row.id, QUOTATIONS_MESSAGES.submitted(row.quotation_number));
});

// ---------------------------------------------------------------------------------------------
// Approval (the workflow engine's hooks)

async function describeQuotation({ db, caller }: Pick<WorkflowContext, 'db' | 'caller'>, recordId: string) {
  // The approver reads the quotation whoever's party drafted it (still the caller's organization's):
  // the engine decided they may see the request.
  const item = await listQuotations.list.findById(db, { ...caller, party: null }, recordId);
  if (!item) return null;
  return {
    title: `${item.quotation_number}${item.revision > 1 ? ` rev ${item.revision}` : ''} for ${item.customer_name}`,
    fields: [
      { label: 'Customer', value: `${item.customer_name}, ${item.customer_address}` },
      ...(item.ticket_number ? [{ label: 'Ticket', value: item.ticket_number }] : []),
      {
        label: 'Lines',
        value: item.lines
          .map(
            (line) =>
              `${line.description} × ${line.quantity} at ${formatRupees(line.unit_price)}` +
              `${line.discount ? ` less ${formatRupees(line.discount)}` : ''}, GST ${line.tax_rate}%: ${formatRupees(line.total)}`,
          )
          .join('\n'),
      },
      ...taxFields(item.supply, item),
      { label: 'Valid until', value: calendarDayText(item.valid_until) },
      { label: 'Terms', value: item.terms ?? '—' },
      { label: 'Drafted by', value: item.created_by_name },
      { label: 'State', value: QUOTATION_STATE_LABELS[item.state] },
    ],
  };
}

async function settleQuotation(
  { db }: WorkflowContext,
  request: WorkflowRequestRow,
  state: 'APPROVED' | 'DRAFT',
  comment: string | null,
) {
  await db
    .update(quotation)
    .set({ state, decision_comment: comment, updated_at: new Date() })
    .where(
      and(
        eq(quotation.organization_id, request.organization_id),
        eq(quotation.id, request.record_id),
        eq(quotation.state, 'PENDING_APPROVAL'),
      ),
    );
}

/** Registers QUOTATION; the quotations handlers call it once, when they load. */
export function registerQuotationKind(): void {
  registerWorkflowKind('QUOTATION', {
    describe: describeQuotation,
    onApproved: (context, request, decision) =>
      settleQuotation(context, request, 'APPROVED', decision.comment),
    // Refused or withdrawn, it is a draft again: changed, it may be sent for approval once more.
    onRejected: (context, request, decision) => settleQuotation(context, request, 'DRAFT', decision.comment),
    onWithdrawn: (context, request) => settleQuotation(context, request, 'DRAFT', request.withdraw_reason),
  });
}

// ---------------------------------------------------------------------------------------------
// Revise, pay

const reviseQuotation = defineHandler(ReviseQuotation, async (input, context) => {
  const { db, caller } = context;
  const row = await lockQuotation(db, caller, input.quotation_id);
  const state = effectiveState(row.state, row.valid_until, todayOf(caller));
  if (!QUOTATION_REVISABLE_STATES.includes(state)) {
    throw conflict(QUOTATIONS_MESSAGES.notRevisable(row.quotation_number, QUOTATION_STATE_LABELS[state]));
  }
  const [latest] = await db
    .select({ revision: max(quotation.revision) })
    .from(quotation)
    .where(
      and(
        eq(quotation.organization_id, row.organization_id),
        eq(quotation.quotation_number, row.quotation_number),
      ),
    );
  const id = newId();
  const revision = (latest?.revision ?? row.revision) + 1;
  const today = todayOf(caller);
  await db.insert(quotation).values({
    ...row,
    id,
    revision,
    state: 'DRAFT',
    // Still in the future, or a fortnight from today: the person sets it before sending it again.
    valid_until: row.valid_until >= today ? row.valid_until : shiftDay(today, 14),
    paid_paise: 0,
    workflow_request_id: null,
    decision_comment: null,
    customer_comment: null,
    responded_at: null,
    outcome: null,
    shared_at: null,
    shared_to: null,
    created_by_member_id: caller.membership.id,
    created_by: caller.user.id,
    created_at: new Date(),
    updated_at: new Date(),
  });
  const lines = await db
    .select()
    .from(quotationLine)
    .where(
      and(eq(quotationLine.organization_id, row.organization_id), eq(quotationLine.quotation_id, row.id)),
    );
  if (lines.length) {
    await db.insert(quotationLine).values(lines.map((line) => ({ ...line, id: newId(), quotation_id: id })));
  }
  await setQuotation(db, row, { state: 'REVISED' });
  return answer(context, id, QUOTATIONS_MESSAGES.revised(row.quotation_number, revision));
});

export const recordQuotationPayment = defineHandler(RecordQuotationPayment, async (input, context) => {
  const { db, caller } = context;
  const row = await lockQuotation(db, caller, input.quotation_id);
  if (row.state !== 'ACCEPTED') {
    const state = effectiveState(row.state, row.valid_until, todayOf(caller));
    throw conflict(QUOTATIONS_MESSAGES.notPayable(row.quotation_number, QUOTATION_STATE_LABELS[state]));
  }
  if (input.paid_on > todayOf(caller)) throw badInput(QUOTATIONS_MESSAGES.paidInFuture, 'paid_on');
  const balance = row.total_paise - row.paid_paise;
  if (input.amount > balance) throw badInput(QUOTATIONS_MESSAGES.overpaid(formatRupees(balance)), 'amount');
  await db.insert(quotationPayment).values({
    id: newId(),
    organization_id: row.organization_id,
    quotation_id: row.id,
    amount_paise: input.amount,
    paid_on: input.paid_on,
    mode: input.mode,
    reference: input.reference,
    note: input.note,
    recorded_by: caller.user.id,
  });
  await setQuotation(db, row, { paid_paise: row.paid_paise + input.amount });
  return answer(
    context,
    row.id,
    QUOTATIONS_MESSAGES.paid(
      formatRupees(input.amount),
      row.quotation_number,
      formatRupees(balance - input.amount),
    ),
  );
});

export const quotationHandlers = [
  listQuotations,
  listQuotationPayments,
  getQuotation,
  saveQuotation,
  submitQuotation,
  reviseQuotation,
  recordQuotationPayment,
];

export { lockQuotation, setQuotation, type QuotationRow };
