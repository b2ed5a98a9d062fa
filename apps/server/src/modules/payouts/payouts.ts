import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dayIn, formatRupees } from '@fieldport/contract/fields';
import { rateToBasisPoints, stateOfGstin } from '@fieldport/contract/gst';
import {
  GeneratePayout,
  GetPayout,
  ListInvoice,
  ListPayoutTickets,
  PAYOUT_GST_RATE,
  PAYOUT_STATE_LABELS,
  PAYOUTS_MESSAGES,
  PreviewPayout,
  RecordPayoutPayment,
  type PayoutDetails,
  type PayoutItem,
  type PayoutLine,
  type PayoutPayment,
  type PayoutPreview,
} from '@fieldport/contract/operations/payouts';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@fieldport/contract/operations/purchasing';
import { supplyBetween, taxLine, taxTotals, type TaxSupply } from '@fieldport/contract/tax';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { organization, user } from '../../db/schema/identity.ts';
import { payout, payoutLine, payoutPayment } from '../../db/schema/payouts.ts';
import { party } from '../../db/schema/platform.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { nextDocumentNumber } from '../../db/sequences.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/errors.ts';
import {
  amountColumns,
  paymentStatusCondition,
  paymentStatusOf,
  taxFields,
} from '../../platform/document-amounts.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { dayOf, withinDays } from '../../platform/organization-days.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import {
  raiseRequest,
  registerWorkflowKind,
  type WorkflowContext,
  type WorkflowRequestRow,
} from '../../platform/workflow.ts';

/**
 * Payouts (docs/payouts.md#payouts): what the organization owes a service partner for a period,
 * the sum of the frozen amounts of its closed tickets (plus extras), as one invoice numbered from
 * the organization's sequence, approved through the workflow (kind PAYOUT) and paid in parts. A
 * partner's users read only their own payouts; only the organization's staff generate and pay.
 */

const raisedBy = alias(user, 'payout_raised_by');
const recordedBy = alias(user, 'payout_recorded_by');

const scopeOf = (caller: Caller) => inPartyOf(payout, caller);

/** Only an approved payout is owed: the others match no payment filter. */
const paymentStatusFilter = (status: PaymentStatus) =>
  and(eq(payout.state, 'APPROVED'), paymentStatusCondition(payout.paid_paise, payout.total_paise, status));

const stateOf = (gstin: string | null) => (gstin ? stateOfGstin(gstin) : null);

export const listInvoices = defineList(ListInvoice, {
  table: payout,
  scope: scopeOf,
  select: {
    id: payout.id,
    invoice_number: payout.invoice_number,
    party_id: payout.party_id,
    party_name: party.name,
    partner_gstin: payout.partner_gstin,
    organization_gstin: payout.organization_gstin,
    supply: payout.supply,
    period_from: payout.period_from,
    period_to: payout.period_to,
    ticket_count: payout.ticket_count,
    extra_count: payout.extra_count,
    state: payout.state,
    taxable: payout.taxable_paise,
    cgst: payout.cgst_paise,
    sgst: payout.sgst_paise,
    igst: payout.igst_paise,
    total: payout.total_paise,
    paid: payout.paid_paise,
    workflow_request_id: payout.workflow_request_id,
    decision_comment: payout.decision_comment,
    note: payout.note,
    raised_by_name: raisedBy.name,
    created_at: payout.created_at,
    updated_at: payout.updated_at,
  },
  join: (query) =>
    query
      .innerJoin(party, and(eq(party.id, payout.party_id), eq(party.organization_id, payout.organization_id)))
      .leftJoin(raisedBy, eq(raisedBy.id, payout.raised_by)),
  search: [payout.invoice_number, party.name],
  // Newest first on (organization_id, created_at, id); a partner's own on the party's index.
  sort: {
    created_on: payout.created_at,
    invoice_number: payout.invoice_number,
    total_amount: payout.total_paise,
    period_from: payout.period_from,
  },
  filters: (input, caller) => [
    input.party_id ? eq(payout.party_id, input.party_id) : undefined,
    input.state ? eq(payout.state, input.state) : undefined,
    input.payment_status ? paymentStatusFilter(input.payment_status) : undefined,
    ...withinDays(payout.created_at, input.from_date, input.to_date, caller.organization.time_zone),
  ],
  toItem: (row): PayoutItem => ({
    payout_id: row.id,
    invoice_number: row.invoice_number,
    party_id: row.party_id,
    party_name: row.party_name,
    partner_gstin: row.partner_gstin,
    partner_state: stateOf(row.partner_gstin),
    organization_gstin: row.organization_gstin,
    organization_state: stateOf(row.organization_gstin),
    supply: row.supply,
    period_from: row.period_from,
    period_to: row.period_to,
    ticket_count: row.ticket_count,
    extra_count: row.extra_count,
    state: row.state,
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
    note: row.note,
    raised_by_name: row.raised_by_name ?? 'A former user',
    created_on: row.created_at.toISOString(),
    updated_on: row.updated_at.toISOString(),
  }),
  export: {
    title: 'Partner payouts',
    columns: [
      { header: 'Invoice number', width: 22, value: (item) => item.invoice_number },
      {
        header: 'Generated on',
        width: 20,
        numFmt: 'dd-mmm-yyyy hh:mm',
        value: (item) => new Date(item.created_on),
      },
      { header: 'Service partner', width: 30, value: (item) => item.party_name },
      { header: 'Partner GSTIN', width: 18, value: (item) => item.partner_gstin ?? '' },
      { header: 'Period from', width: 12, value: (item) => item.period_from },
      { header: 'Period to', width: 12, value: (item) => item.period_to },
      { header: 'Tickets', width: 9, value: (item) => item.ticket_count },
      { header: 'State', width: 20, value: (item) => PAYOUT_STATE_LABELS[item.state] },
      ...amountColumns<PayoutItem>({ paid: true }),
      {
        header: 'Payment',
        width: 14,
        value: (item) => (item.state === 'APPROVED' ? PAYMENT_STATUS_LABELS[item.payment_status] : ''),
      },
    ],
  },
});

export async function payoutItem(db: Db, caller: Caller, id: string): Promise<PayoutItem> {
  const item = await listInvoices.list.findById(db, caller, id);
  if (!item) throw notFound(PAYOUTS_MESSAGES.payoutNotFound);
  return item;
}

const answer = async (context: OperationContext, id: string, message: string) => {
  context.auditTarget = id;
  return { data: { items: [await payoutItem(context.db, context.caller, id)] }, message };
};

// ---------------------------------------------------------------------------------------------
// Lines and payments

const lineSelect = {
  id: payoutLine.id,
  ticket_id: payoutLine.ticket_id,
  ticket_number: ticket.ticket_number,
  closed_on: payoutLine.closed_on,
  service_name: service.name,
  description: payoutLine.description,
  tax_rate_bp: payoutLine.tax_rate_bp,
  taxable: payoutLine.taxable_paise,
  cgst: payoutLine.cgst_paise,
  sgst: payoutLine.sgst_paise,
  igst: payoutLine.igst_paise,
  total: payoutLine.total_paise,
};

const toLine = (row: {
  id: string;
  ticket_id: string | null;
  ticket_number: string | null;
  closed_on: string | null;
  service_name: string | null;
  description: string;
  tax_rate_bp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}): PayoutLine => ({
  line_id: row.id,
  ticket_id: row.ticket_id,
  ticket_number: row.ticket_number,
  closed_on: row.closed_on,
  service_name: row.service_name,
  description: row.description,
  taxable: row.taxable,
  tax_rate: row.tax_rate_bp / 100,
  cgst: row.cgst,
  sgst: row.sgst,
  igst: row.igst,
  total: row.total,
});

/** A page of a payout's tickets; the payout is scoped as the list of payouts (a partner: its own). */
export const listPayoutTickets = defineList(ListPayoutTickets, {
  table: payoutLine,
  scope: (caller) =>
    and(
      inOrganization(payoutLine, caller),
      caller.party ? eq(payout.party_id, caller.party.id) : undefined,
      isNotNull(payoutLine.ticket_id),
    )!,
  select: lineSelect,
  join: (query) =>
    query
      .innerJoin(
        payout,
        and(eq(payout.id, payoutLine.payout_id), eq(payout.organization_id, payoutLine.organization_id)),
      )
      .leftJoin(
        ticket,
        and(eq(ticket.id, payoutLine.ticket_id), eq(ticket.organization_id, payoutLine.organization_id)),
      )
      .leftJoin(service, eq(service.id, ticket.service_id)),
  search: [ticket.ticket_number],
  // A payout's lines in closing order on payout_line_payout_idx.
  sort: {
    closed_on: payoutLine.closed_on,
    ticket_number: ticket.ticket_number,
    total: payoutLine.total_paise,
  },
  filters: (input) => [eq(payoutLine.payout_id, input.payout_id)],
  toItem: (row) => toLine(row),
});

/** A payout's lines in order, tickets then extras (its PDF); `only` narrows them (its extras). */
export async function payoutLines(
  db: Db,
  organizationId: string,
  payoutId: string,
  only?: SQL,
): Promise<PayoutLine[]> {
  const rows = await db
    .select(lineSelect)
    .from(payoutLine)
    .leftJoin(ticket, and(eq(ticket.id, payoutLine.ticket_id), eq(ticket.organization_id, organizationId)))
    .leftJoin(service, eq(service.id, ticket.service_id))
    .where(and(eq(payoutLine.organization_id, organizationId), eq(payoutLine.payout_id, payoutId), only))
    .orderBy(asc(payoutLine.position));
  return rows.map(toLine);
}

/** A payout's extras: its lines of no ticket. */
const extrasOf = (db: Db, organizationId: string, payoutId: string) =>
  payoutLines(db, organizationId, payoutId, isNull(payoutLine.ticket_id));

export async function payoutDetails(db: Db, caller: Caller, id: string): Promise<PayoutDetails> {
  const item = await payoutItem(db, caller, id);
  const extras = await extrasOf(db, caller.organization.id, id);
  const paymentRows = await db
    .select({
      id: payoutPayment.id,
      amount: payoutPayment.amount_paise,
      paid_on: payoutPayment.paid_on,
      mode: payoutPayment.mode,
      reference: payoutPayment.reference,
      note: payoutPayment.note,
      recorded_by_name: recordedBy.name,
      created_at: payoutPayment.created_at,
    })
    .from(payoutPayment)
    .leftJoin(recordedBy, eq(recordedBy.id, payoutPayment.recorded_by))
    .where(and(eq(payoutPayment.organization_id, caller.organization.id), eq(payoutPayment.payout_id, id)))
    .orderBy(payoutPayment.paid_on, payoutPayment.created_at);
  const payments: PayoutPayment[] = paymentRows.map((row) => ({
    payment_id: row.id,
    amount: row.amount,
    paid_on: row.paid_on,
    mode: row.mode,
    reference: row.reference,
    note: row.note,
    recorded_by_name: row.recorded_by_name ?? 'A former user',
    recorded_on: row.created_at.toISOString(),
  }));
  return { ...item, extras, payments };
}

const getPayout = defineHandler(GetPayout, async (input, { db, caller }) => ({
  data: { items: [await payoutDetails(db, caller, input.payout_id)] },
}));

// ---------------------------------------------------------------------------------------------
// What a period holds, and generating the payout

interface Period {
  party_id: string;
  period_from: string;
  period_to: string;
}

/**
 * The partner: a service partner of the caller's organization, for its staff only. Locked when a
 * payout is generated, so that one payout of it is generated at a time.
 */
async function partnerFor(db: Db, caller: Caller, partyId: string, lock: boolean) {
  if (caller.party) throw forbidden(PAYOUTS_MESSAGES.organizationOnly);
  const query = db
    .select({ id: party.id, name: party.name, gstin: party.gstin })
    .from(party)
    .where(and(inOrganization(party, caller), eq(party.kind, 'SERVICE_PARTNER'), eq(party.id, partyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw badInput(PAYOUTS_MESSAGES.partnerNotFound, 'party_id');
  return row;
}

/** CGST + SGST or IGST between the partner's state and the organization's; null: no GST. */
async function supplyFor(db: Db, caller: Caller, partner: { name: string; gstin: string | null }) {
  const [own] = await db
    .select({ gstin: organization.gstin })
    .from(organization)
    .where(eq(organization.id, caller.organization.id));
  const organizationGstin = own?.gstin ?? null;
  if (!partner.gstin) return { supply: null, organizationGstin };
  if (!organizationGstin) throw badInput(PAYOUTS_MESSAGES.organizationGstinMissing(partner.name), 'party_id');
  const supply: TaxSupply = supplyBetween(stateOf(partner.gstin) ?? '', stateOf(organizationGstin) ?? '');
  return { supply, organizationGstin };
}

/** The closed tickets of the partner whose closing day (organization's calendar) is in the period. */
function closedInPeriod(caller: Caller, period: Period) {
  return and(
    inOrganization(ticket, caller),
    eq(ticket.partner_party_id, period.party_id),
    eq(ticket.state, 'CLOSED'),
    ...withinDays(ticket.closed_at, period.period_from, period.period_to, caller.organization.time_zone),
  )!;
}

/** Not on a payout that is waiting or approved (a rejected one's tickets are free again). */
const notOnLivePayout = sql`not exists (
  select 1 from ${payoutLine} pl
   where pl.organization_id = ${ticket.organization_id} and pl.ticket_id = ${ticket.id} and pl.live)`;

/** What a payout of the period pays: its closed tickets, priced, not on a live payout. */
const payableInPeriod = (caller: Caller, period: Period) =>
  and(closedInPeriod(caller, period), isNotNull(ticket.partner_amount_paise), notOnLivePayout);

/** Whether a ticket is on a payout that is waiting or approved: its amount is then kept as paid. */
export async function ticketOnLivePayout(db: Db, organizationId: string, ticketId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payoutLine.id })
    .from(payoutLine)
    .where(
      and(
        eq(payoutLine.organization_id, organizationId),
        eq(payoutLine.ticket_id, ticketId),
        eq(payoutLine.live, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function notPricedCount(db: Db, caller: Caller, period: Period): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ticket)
    .where(and(closedInPeriod(caller, period), sql`${ticket.partner_amount_paise} is null`));
  return row.n;
}

function requirePeriodPast(caller: Caller, period: Period) {
  const today = dayIn(caller.organization.time_zone);
  if (period.period_to > today) throw badInput(PAYOUTS_MESSAGES.periodInFuture(today), 'period_to');
}

const previewPayout = defineHandler(PreviewPayout, async (input, { db, caller }) => {
  const partner = await partnerFor(db, caller, input.party_id, false);
  requirePeriodPast(caller, input);
  const { supply } = await supplyFor(db, caller, partner);
  const [payable] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${ticket.partner_amount_paise}), 0)`.mapWith(Number),
    })
    .from(ticket)
    .where(payableInPeriod(caller, input));
  const preview: PayoutPreview = {
    party_id: partner.id,
    party_name: partner.name,
    period_from: input.period_from,
    period_to: input.period_to,
    ticket_count: payable.n,
    ticket_amount: payable.amount,
    not_priced_count: await notPricedCount(db, caller, input),
    supply,
  };
  return { data: { items: [preview] } };
});

/** Lines are written in batches: a busy partner's month can hold thousands of tickets. */
const LINE_BATCH = 1000;

export const generatePayout = defineHandler(GeneratePayout, async (input, context) => {
  const { db, caller } = context;
  const partner = await partnerFor(db, caller, input.party_id, true);
  requirePeriodPast(caller, input);
  const { supply, organizationGstin } = await supplyFor(db, caller, partner);
  const timeZone = caller.organization.time_zone;

  const tickets = await db
    .select({
      id: ticket.id,
      ticket_number: ticket.ticket_number,
      amount: ticket.partner_amount_paise,
      closed_on: sql<string>`${dayOf(ticket.closed_at, timeZone)}::text`,
    })
    .from(ticket)
    .where(payableInPeriod(caller, input))
    .orderBy(asc(ticket.closed_at), asc(ticket.id));
  if (tickets.length === 0) {
    throw badInput(
      PAYOUTS_MESSAGES.nothingToPay(
        partner.name,
        calendarDayText(input.period_from),
        calendarDayText(input.period_to),
        await notPricedCount(db, caller, input),
      ),
      'period_to',
    );
  }

  // A registered partner charges GST on each line; an unregistered one none (docs/payouts.md#tax).
  const taxRateBp = supply ? rateToBasisPoints(PAYOUT_GST_RATE) : 0;
  const taxOf = (amount: number) =>
    taxLine(
      { quantity: 1, unit_price: amount, discount: 0, tax_rate_bp: taxRateBp },
      supply ?? 'INTRA_STATE',
    );
  const lines = [
    ...tickets.map((row) => ({
      ticket_id: row.id,
      closed_on: row.closed_on,
      description: `Service ticket ${row.ticket_number}`,
      amounts: taxOf(row.amount!),
    })),
    ...input.extras.map((extra) => ({
      ticket_id: null,
      closed_on: null,
      description: extra.description,
      amounts: taxOf(extra.amount),
    })),
  ];
  const totals = taxTotals(lines.map((line) => line.amounts));

  const id = newId();
  const number = await nextDocumentNumber(db, caller.organization.id, 'INV', dayIn(timeZone));
  await db.insert(payout).values({
    id,
    organization_id: caller.organization.id,
    invoice_number: number,
    party_id: partner.id,
    period_from: input.period_from,
    period_to: input.period_to,
    state: 'PENDING',
    supply,
    partner_gstin: partner.gstin,
    organization_gstin: organizationGstin,
    ticket_count: tickets.length,
    extra_count: input.extras.length,
    taxable_paise: totals.taxable,
    cgst_paise: totals.cgst,
    sgst_paise: totals.sgst,
    igst_paise: totals.igst,
    total_paise: totals.total,
    note: input.note,
    raised_by: caller.user.id,
  });
  for (let start = 0; start < lines.length; start += LINE_BATCH) {
    await db.insert(payoutLine).values(
      lines.slice(start, start + LINE_BATCH).map((line, index) => ({
        id: newId(),
        organization_id: caller.organization.id,
        payout_id: id,
        position: start + index,
        ticket_id: line.ticket_id,
        closed_on: line.closed_on,
        description: line.description,
        tax_rate_bp: taxRateBp,
        taxable_paise: line.amounts.taxable,
        cgst_paise: line.amounts.cgst,
        sgst_paise: line.amounts.sgst,
        igst_paise: line.amounts.igst,
        total_paise: line.amounts.total,
      })),
    );
  }
  const request = await raiseRequest(context, {
    kind: 'PAYOUT',
    record_id: id,
    summary: `${number} to ${partner.name}: ${formatRupees(totals.total)} for ${tickets.length} ${tickets.length === 1 ? 'ticket' : 'tickets'}`,
  });
  await db
    .update(payout)
    .set({ workflow_request_id: request.id })
    .where(and(eq(payout.organization_id, caller.organization.id), eq(payout.id, id)));
  return answer(context, id, PAYOUTS_MESSAGES.generated(number, tickets.length));
});

// ---------------------------------------------------------------------------------------------
// Approval (the workflow engine's hooks)

async function describePayout({ db, caller }: Pick<WorkflowContext, 'db' | 'caller'>, recordId: string) {
  // The engine decided the approver may see the request: read it as the organization's.
  const item = await listInvoices.list.findById(db, { ...caller, party: null }, recordId);
  if (!item) return null;
  const extras = await extrasOf(db, caller.organization.id, recordId);
  const ticketsAmount = item.taxable_amount - extras.reduce((sum, line) => sum + line.taxable, 0);
  return {
    title: `${item.invoice_number} to ${item.party_name}`,
    fields: [
      {
        label: 'Service partner',
        value: [item.party_name, item.partner_gstin, item.partner_state].filter(Boolean).join(', '),
      },
      {
        label: 'Period',
        value: `${calendarDayText(item.period_from)} to ${calendarDayText(item.period_to)}`,
      },
      {
        label: 'Tickets',
        value: `${item.ticket_count} closed ${item.ticket_count === 1 ? 'ticket' : 'tickets'}: ${formatRupees(ticketsAmount)}`,
      },
      {
        label: 'Extras',
        value: extras.length
          ? extras.map((line) => `${line.description}: ${formatRupees(line.taxable)}`).join('\n')
          : '—',
      },
      ...taxFields(item.supply, item),
      { label: 'Note', value: item.note ?? '—' },
      { label: 'Generated by', value: item.raised_by_name },
      { label: 'State', value: PAYOUT_STATE_LABELS[item.state] },
    ],
  };
}

async function settlePayout(
  { db }: WorkflowContext,
  request: WorkflowRequestRow,
  outcome: 'APPROVED' | 'REJECTED' | 'WITHDRAWN',
  comment: string | null,
) {
  const settled = await db
    .update(payout)
    .set({ state: outcome, decision_comment: comment, updated_at: new Date() })
    .where(
      and(
        eq(payout.organization_id, request.organization_id),
        eq(payout.id, request.record_id),
        eq(payout.state, 'PENDING'),
      ),
    )
    .returning({ id: payout.id });
  // A payout that will not be paid lets its tickets go to the next one.
  if (settled.length && outcome !== 'APPROVED') {
    await db
      .update(payoutLine)
      .set({ live: false })
      .where(
        and(
          eq(payoutLine.organization_id, request.organization_id),
          eq(payoutLine.payout_id, request.record_id),
        ),
      );
  }
}

/** Registers PAYOUT; the payouts handlers call it once, when they load. */
export function registerPayoutKind(): void {
  registerWorkflowKind('PAYOUT', {
    describe: describePayout,
    onApproved: (context, request, decision) => settlePayout(context, request, 'APPROVED', decision.comment),
    onRejected: (context, request, decision) => settlePayout(context, request, 'REJECTED', decision.comment),
    onWithdrawn: (context, request) => settlePayout(context, request, 'WITHDRAWN', request.withdraw_reason),
  });
}

// ---------------------------------------------------------------------------------------------
// The payout payment update

export const recordPayoutPayment = defineHandler(RecordPayoutPayment, async (input, context) => {
  const { db, caller } = context;
  if (caller.party) throw forbidden(PAYOUTS_MESSAGES.organizationOnly);
  const [row] = await db
    .select()
    .from(payout)
    .where(and(scopeOf(caller), eq(payout.id, input.payout_id)))
    .for('update');
  if (!row) throw notFound(PAYOUTS_MESSAGES.payoutNotFound);
  if (row.state !== 'APPROVED') {
    throw conflict(PAYOUTS_MESSAGES.notApproved(row.invoice_number, PAYOUT_STATE_LABELS[row.state]));
  }
  if (input.paid_on > dayIn(caller.organization.time_zone)) {
    throw badInput(PAYOUTS_MESSAGES.paidInFuture, 'paid_on');
  }
  const balance = row.total_paise - row.paid_paise;
  if (input.amount > balance) throw badInput(PAYOUTS_MESSAGES.overpaid(formatRupees(balance)), 'amount');
  await db.insert(payoutPayment).values({
    id: newId(),
    organization_id: row.organization_id,
    payout_id: row.id,
    amount_paise: input.amount,
    paid_on: input.paid_on,
    mode: input.mode,
    reference: input.reference,
    note: input.note,
    recorded_by: caller.user.id,
  });
  await db
    .update(payout)
    .set({ paid_paise: row.paid_paise + input.amount, updated_at: new Date() })
    .where(and(eq(payout.organization_id, row.organization_id), eq(payout.id, row.id)));
  return answer(
    context,
    row.id,
    PAYOUTS_MESSAGES.paid(
      formatRupees(input.amount),
      row.invoice_number,
      formatRupees(balance - input.amount),
    ),
  );
});

export const payoutsHandlers = [
  previewPayout,
  generatePayout,
  listInvoices,
  getPayout,
  listPayoutTickets,
  recordPayoutPayment,
];
