import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import {
  ConvertServiceRequest,
  ListServiceRequests,
  MergeServiceRequest,
  RaiseServiceRequest,
  REQUEST_MESSAGES,
  REQUEST_SOURCE_LABELS,
  REQUEST_STATE_LABELS,
  RejectServiceRequest,
  requestFormPath,
  requestStatusPath,
  type RequestSource,
  type ServiceRequestItem,
} from '@fieldport/contract/operations/requests';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { OPEN_TICKET_STATES, ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { nextDocumentNumber } from '../../db/sequences.ts';
import { customer } from '../../db/schema/customers.ts';
import { user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { serviceRequest } from '../../db/schema/requests.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { conflict, DomainError, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import type { Mailer } from '../../platform/mail.ts';
import { dayWords, withinDays } from '../../platform/organization-days.ts';
import { dayIn } from '@fieldport/contract/fields';
import { signedIdTokens } from '../../platform/secrets.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import { phoneColumns } from '../customers/customer-rules.ts';
import { serverSecret } from '../quotations/quotation-link.ts';
import { createTicket } from '../tickets/create-ticket.ts';
import { lockTicket, recordEvent } from '../tickets/ticket-rules.ts';

// Requests for service (docs/requests.md): raised here or through the public form
// (request-link.ts), triaged here.

export type RequestRow = typeof serviceRequest.$inferSelect;

const raisedBy = alias(user, 'request_raised_by');
const decidedBy = alias(user, 'request_decided_by');
const dealer = alias(party, 'request_dealer');
const matched = alias(customer, 'request_matched_customer');

// ---------------------------------------------------------------------------------------------
// The status link

const statusTokens = (secret: string) => signedIdTokens(secret, 'fieldport request status');
export const requestStatusToken = (secret: string, requestId: string) =>
  statusTokens(secret).tokenOf(requestId);
export const requestIdOfToken = (secret: string, token: string) => statusTokens(secret).idOf(token);

/** The whole address of a request's status page. */
export const statusLink = (publicUrl: string, secret: string, requestId: string) =>
  `${publicUrl}${requestStatusPath(requestStatusToken(secret, requestId))}`;

// ---------------------------------------------------------------------------------------------
// Who sees what

/**
 * Staff see every request of the organization; a dealer's people only their dealer's; anybody else
 * of a party (none has the menus today) only what they raised.
 */
function requestScope(caller: Caller) {
  const organization = inOrganization(serviceRequest, caller);
  if (!caller.party) return organization;
  if (caller.party.kind === 'DEALER') {
    return inPartyOf(
      { organization_id: serviceRequest.organization_id, party_id: serviceRequest.dealer_party_id },
      caller,
    );
  }
  return and(organization, eq(serviceRequest.created_by_member_id, caller.membership.id))!;
}

/**
 * The fleet item with the request's serial number (an installed, approved, active one; the one at
 * the matched customer first), as one JSON value: the list reads it per row of its page only.
 */
const matchedFleet = sql<{ id: string; product: string; customer: string | null } | null>`(
  select json_build_object('id', f.id, 'product', s.name, 'customer', c.name)
    from fleet_item f
    join service s on s.id = f.service_id
    left join customer c on c.id = f.customer_id
   where f.organization_id = ${serviceRequest.organization_id}
     and f.serial_number = ${serviceRequest.serial_number}
     and f.approval_state = 'APPROVED' and f.status = 'ACTIVE' and f.customer_id is not null
   order by (f.customer_id = ${matched.id}) desc nulls last, f.created_at
   limit 1)`;

const matchedLocation = sql<string | null>`(
  select l.id from customer_location l
   where l.customer_id = ${matched.id} and l.organization_id = ${serviceRequest.organization_id}
   order by l.is_primary desc, (l.pincode = ${serviceRequest.pincode}) desc limit 1)`;

const requests = defineList(ListServiceRequests, {
  table: serviceRequest,
  scope: requestScope,
  select: {
    row: serviceRequest,
    dealer_name: dealer.name,
    raised_by_name: raisedBy.name,
    decided_by_name: decidedBy.name,
    ticket_number: ticket.ticket_number,
    ticket_state: ticket.state,
    matched_customer_id: matched.id,
    matched_customer_name: matched.name,
    matched_location_id: matchedLocation,
    matched_fleet: matchedFleet,
  },
  join: (query) =>
    query
      .leftJoin(dealer, eq(dealer.id, serviceRequest.dealer_party_id))
      .leftJoin(raisedBy, eq(raisedBy.id, serviceRequest.created_by))
      .leftJoin(decidedBy, eq(decidedBy.id, serviceRequest.decided_by))
      .leftJoin(ticket, eq(ticket.id, serviceRequest.ticket_id))
      .leftJoin(
        matched,
        and(
          eq(matched.organization_id, serviceRequest.organization_id),
          eq(matched.phone, serviceRequest.phone),
        ),
      ),
  search: [
    serviceRequest.request_number,
    serviceRequest.customer_name,
    serviceRequest.phone,
    serviceRequest.serial_number,
  ],
  sort: { created_on: serviceRequest.created_at, request_number: serviceRequest.request_number },
  filters: (input, caller) => [
    input.request_state ? eq(serviceRequest.state, input.request_state) : undefined,
    input.source ? eq(serviceRequest.source, input.source) : undefined,
    input.mine ? eq(serviceRequest.created_by_member_id, caller.membership.id) : undefined,
    ...withinDays(serviceRequest.created_at, input.from_date, input.to_date, caller.organization.time_zone),
  ],
  toItem: (selected, caller): ServiceRequestItem => {
    const { row } = selected;
    // What conversion would use is the organization's to know: a dealer is not told of customers
    // or products that are not its own.
    const staff = !caller.party;
    const fleet = staff ? selected.matched_fleet : null;
    return {
      request_id: row.id,
      request_number: row.request_number,
      state: row.state,
      source: row.source,
      customer_name: row.customer_name,
      customer_phone: row.phone,
      customer_phone_display: formatPhoneInternational(row.phone),
      customer_email: row.email,
      address: row.address,
      pincode: row.pincode,
      city: row.city,
      state_name: row.state_name,
      country: row.country,
      serial_number: row.serial_number,
      product_name: row.product_name,
      problem: row.problem,
      preferred_visit_date: row.preferred_visit_date,
      dealer_name: selected.dealer_name,
      raised_by_name: selected.raised_by_name,
      created_on: row.created_at.toISOString(),
      matched_customer_id: staff ? selected.matched_customer_id : null,
      matched_customer_name: staff ? selected.matched_customer_name : null,
      matched_location_id: staff ? selected.matched_location_id : null,
      matched_fleet_item_id: fleet?.id ?? null,
      matched_product_name: fleet?.product ?? null,
      matched_fleet_customer_name: fleet?.customer ?? null,
      decided_by_name: selected.decided_by_name,
      decided_on: row.decided_at?.toISOString() ?? null,
      reject_reason: row.reject_reason,
      ticket_id: row.ticket_id,
      ticket_number: selected.ticket_number,
      ticket_state: (selected.ticket_state as TicketState | null) ?? null,
    };
  },
});

export const listServiceRequests = Object.assign(
  defineHandler(ListServiceRequests, async (input, context) => ({
    data: {
      ...(await requests.list.page(context.db, context.caller, input)),
      public_form_path: context.caller.party ? null : requestFormPath(context.caller.organization.slug),
    },
  })),
  { list: requests.list },
);

/** One request as the list shows it, read in the operation's transaction. */
async function requestItem(db: Db, caller: Caller, id: string): Promise<ServiceRequestItem> {
  const item = await requests.list.findById(db, caller, id);
  if (!item) throw new Error(`Request ${id} vanished in its own transaction`);
  return item;
}

// ---------------------------------------------------------------------------------------------
// Raising

type RequestValues = ParsedInputOf<typeof RaiseServiceRequest>;

/** Who raised a request, for the row: signed in (staff or a dealer's people) or the public form. */
export type RequestOrigin =
  | { source: 'PUBLIC'; organizationId: string; ip: string }
  | { source: Exclude<RequestSource, 'PUBLIC'>; caller: Caller };

/**
 * Numbers and writes a request, and queues the customer's mail with its status link when it has an
 * address (in the same transaction: the mail goes if, and only if, the request is kept).
 */
export async function insertRequest(
  db: Db,
  deps: { mailer: Mailer; publicUrl: string; secret: string },
  organization: { id: string; name: string; time_zone: string },
  origin: RequestOrigin,
  values: RequestValues,
): Promise<RequestRow> {
  const phone = phoneColumns(values.customer_phone, values.phone_country);
  const caller = origin.source === 'PUBLIC' ? null : origin.caller;
  const number = await nextDocumentNumber(db, organization.id, 'RFS', dayIn(organization.time_zone));
  const [row] = await db
    .insert(serviceRequest)
    .values({
      id: newId(),
      organization_id: organization.id,
      request_number: number,
      source: origin.source,
      dealer_party_id: caller?.party?.kind === 'DEALER' ? caller.party.id : null,
      customer_name: values.customer_name,
      phone: phone.phone,
      phone_country: phone.phone_country,
      email: values.customer_email,
      address: values.address,
      pincode: values.pincode,
      city: values.city,
      state_name: values.state,
      country: values.country,
      serial_number: values.serial_number,
      product_name: values.product_name,
      problem: values.problem,
      preferred_visit_date: values.preferred_visit_date,
      created_by_member_id: caller?.membership.id ?? null,
      created_by: caller?.user.id ?? null,
      ip_address: origin.source === 'PUBLIC' ? origin.ip : null,
    })
    .returning();
  if (row.email) {
    await deps.mailer.send(
      {
        to: row.email,
        organizationId: organization.id,
        subject: `Your request ${number} to ${organization.name}`,
        text: [
          `Dear ${row.customer_name},`,
          '',
          `${organization.name} has your request for service ${number}:`,
          row.problem,
          '',
          'Follow it, and the visit it becomes, at:',
          statusLink(deps.publicUrl, deps.secret, row.id),
          '',
          'Regards,',
          organization.name,
        ].join('\n'),
      },
      db,
    );
  }
  return row;
}

export const raiseServiceRequest = defineHandler(RaiseServiceRequest, async (input, context) => {
  const { db, caller } = context;
  const row = await insertRequest(
    db,
    { mailer: context.mailer, publicUrl: context.config.publicUrl, secret: serverSecret(context.identity) },
    caller.organization,
    { source: caller.party?.kind === 'DEALER' ? 'DEALER' : 'STAFF', caller },
    input,
  );
  context.auditTarget = row.id;
  return {
    data: { items: [await requestItem(db, caller, row.id)] },
    message: REQUEST_MESSAGES.raised(row.request_number),
  };
});

// ---------------------------------------------------------------------------------------------
// Triage

/** A request the caller may see, locked for the decision; refused unless still NEW. */
async function lockNewRequest(db: Db, caller: Caller, id: string): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(serviceRequest)
    .where(and(requestScope(caller), eq(serviceRequest.id, id)))
    .for('update');
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  if (row.state !== 'NEW') {
    throw conflict(REQUEST_MESSAGES.notNew(row.request_number, REQUEST_STATE_LABELS[row.state]));
  }
  return row;
}

async function decide(
  db: Db,
  caller: Caller,
  row: RequestRow,
  values: Partial<Pick<RequestRow, 'state' | 'reject_reason' | 'ticket_id' | 'customer_id'>>,
) {
  await db
    .update(serviceRequest)
    .set({ ...values, decided_by: caller.user.id, decided_at: new Date() })
    .where(eq(serviceRequest.id, row.id));
}

/** The decision's answer: the request as it now is. */
async function answerRequest(context: OperationContext, row: RequestRow, message: string) {
  context.auditTarget = row.id;
  return { data: { items: [await requestItem(context.db, context.caller, row.id)] }, message };
}

export const convertServiceRequest = defineHandler(ConvertServiceRequest, async (input, context) => {
  const { db, caller } = context;
  const row = await lockNewRequest(db, caller, input.request_id);
  let created;
  try {
    // The ticket is made exactly as the ticket form makes one (its checks, customer, assignment).
    created = await createTicket.handle(input.ticket, context);
  } catch (error) {
    if (error instanceof DomainError && error.field) {
      throw new DomainError(error.code, error.message, `ticket.${error.field}`);
    }
    throw error;
  }
  const made = created.data.items[0];
  await recordEvent(
    db,
    caller,
    { id: made.ticket_id, organization_id: caller.organization.id },
    {
      kind: 'REQUEST_CONVERTED',
      text: `From request ${row.request_number} (${REQUEST_SOURCE_LABELS[row.source]}): ${row.problem}`,
      details: { request_id: row.id, request_number: row.request_number },
    },
  );
  await decide(db, caller, row, {
    state: 'CONVERTED',
    ticket_id: made.ticket_id,
    customer_id: made.customer_id,
  });
  return answerRequest(context, row, REQUEST_MESSAGES.converted(row.request_number, made.ticket_number));
});

export const rejectServiceRequest = defineHandler(RejectServiceRequest, async (input, context) => {
  const { db, caller } = context;
  const row = await lockNewRequest(db, caller, input.request_id);
  await decide(db, caller, row, { state: 'REJECTED', reject_reason: input.reason });
  if (row.email) {
    await context.mailer.send(
      {
        to: row.email,
        organizationId: caller.organization.id,
        subject: `Your request ${row.request_number} to ${caller.organization.name}`,
        text: [
          `Dear ${row.customer_name},`,
          '',
          `We are sorry: ${caller.organization.name} cannot take up your request ${row.request_number} of ${dayWords(dayIn(caller.organization.time_zone, row.created_at))}.`,
          `Reason: ${input.reason}`,
          '',
          'Regards,',
          caller.organization.name,
        ].join('\n'),
      },
      db,
    );
  }
  return answerRequest(context, row, REQUEST_MESSAGES.rejected(row.request_number));
});

export const mergeServiceRequest = defineHandler(MergeServiceRequest, async (input, context) => {
  const { db, caller } = context;
  const row = await lockNewRequest(db, caller, input.request_id);
  let target;
  try {
    target = await lockTicket(db, caller, input.ticket_id);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') {
      throw new DomainError('BAD_USER_INPUT', REQUEST_MESSAGES.ticketNotFound, 'ticket_id');
    }
    throw error;
  }
  if (!(OPEN_TICKET_STATES as readonly string[]).includes(target.state)) {
    throw conflict(
      REQUEST_MESSAGES.ticketNotOpen(target.ticket_number, ticketStateLabel(target.state)),
      'ticket_id',
    );
  }
  await recordEvent(db, caller, target, {
    kind: 'REQUEST_MERGED',
    text: `Request ${row.request_number} from ${row.customer_name} (${formatPhoneInternational(row.phone)}): ${row.problem}`,
    details: { request_id: row.id, request_number: row.request_number },
  });
  await decide(db, caller, row, { state: 'MERGED', ticket_id: target.id, customer_id: target.customer_id });
  return answerRequest(context, row, REQUEST_MESSAGES.merged(row.request_number, target.ticket_number));
});

export const requestsHandlers = [
  listServiceRequests,
  raiseServiceRequest,
  convertServiceRequest,
  rejectServiceRequest,
  mergeServiceRequest,
];
