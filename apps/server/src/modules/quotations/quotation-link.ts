import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { formatRupees } from '@fieldport/contract/fields';
import {
  QUOTATION_STATE_LABELS,
  QUOTATIONS_MESSAGES,
  quotationLinkPath,
  quotationResponseBody,
  quotationTokenBody,
  ShareQuotation,
  type PublicQuotation,
  type QuotationItem,
  type QuotationOutcome,
} from '@fieldport/contract/operations/quotations';
import type { Config } from '../../config.ts';
import type { Identity } from '../../auth/identity.ts';
import { hitRateLimit, refuseTooMany } from '../../auth/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { customerLocation } from '../../db/schema/customers.ts';
import { member, organization, user } from '../../db/schema/identity.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import { quotation } from '../../db/schema/quotations.ts';
import { callerOfMembership } from '../../graphql/caller.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import type { Mailer } from '../../platform/mail.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { signedIdTokens } from '../../platform/secrets.ts';
import { todayOf } from '../../platform/organization-days.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { insertContract, renewalStart } from '../contracts/contracts.ts';
import { fleetItemForTicket } from '../product-fleet/fleet-tickets.ts';
import { serviceOffer } from '../product-catalogue/service-offer.ts';
import { insertTicket } from '../tickets/create-ticket.ts';
import { quotationPdf } from './quotation-pdf.ts';
import {
  effectiveState,
  lockQuotation,
  quotationItem,
  setQuotation,
  type QuotationRow,
} from './quotations.ts';

/**
 * The customer's side of a quotation (docs/quotations.md#the-customers-link): an approved quotation
 * is mailed with a signed link; whoever holds it reads the quotation, downloads its PDF, and
 * accepts or rejects it, without signing in. The signature is the proof; the link stops working
 * when the quotation is revised or its validity passes. Accepting raises a ticket per service line
 * and an AMC contract per AMC line's product, in the name of whoever drafted the quotation.
 */

// ---------------------------------------------------------------------------------------------
// The signed token

const linkTokens = (secret: string) => signedIdTokens(secret, 'fieldport quotation link');

/** '<quotation id>.<signature>': the same for every mail of one revision (a later mail repeats the link). */
export function quotationToken(secret: string, quotationId: string): string {
  return linkTokens(secret).tokenOf(quotationId);
}

/** The quotation id a genuine token names; null for any other string. */
export function quotationIdOfToken(secret: string, token: string): string | null {
  return linkTokens(secret).idOf(token);
}

/** The server's secret, which better-auth holds (app.ts gives it one). */
export const serverSecret = (identity: Identity) => identity.options.secret!;

// ---------------------------------------------------------------------------------------------
// Share

const shareQuotation = defineHandler(ShareQuotation, async (input, context) => {
  const { db, caller } = context;
  const row = await lockQuotation(db, caller, input.quotation_id);
  const state = effectiveState(row.state, row.valid_until, todayOf(caller));
  if (state !== 'APPROVED' && state !== 'SENT') {
    throw conflict(QUOTATIONS_MESSAGES.notShareable(row.quotation_number, QUOTATION_STATE_LABELS[state]));
  }
  const item = await quotationItem(db, caller, row.id);
  const to = input.email ?? item.customer_email;
  if (!to) throw badInput(QUOTATIONS_MESSAGES.noCustomerEmail(item.customer_name), 'email');
  // Made now, inside the operation: a document that cannot be made refuses the share.
  const pdf = await quotationPdf({ ...item, state: 'SENT' }, caller.organization, context.files);
  await setQuotation(db, row, { state: 'SENT', shared_at: new Date(), shared_to: to });
  const link = `${context.config.publicUrl}${quotationLinkPath(quotationToken(serverSecret(context.identity), row.id))}`;
  const organizationName = caller.organization.name;
  const number = `${row.quotation_number}${row.revision > 1 ? ` rev ${row.revision}` : ''}`;
  context.afterCommit(async (committed) => {
    await committed.mailer.send({
      to,
      organizationId: caller.organization.id,
      subject: `Quotation ${number} from ${organizationName}`,
      text: [
        `Dear ${item.customer_name},`,
        '',
        `Please find attached our quotation ${number} for ${formatRupees(item.total_amount)}, valid until ${calendarDayText(item.valid_until)}.`,
        ...(input.message ? ['', input.message] : []),
        '',
        'To accept or reject it, open:',
        link,
        '',
        'Regards,',
        caller.user.name,
        organizationName,
      ].join('\n'),
      attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
    });
  });
  context.auditTarget = row.id;
  return {
    data: { items: [await quotationItem(db, caller, row.id)] },
    message: QUOTATIONS_MESSAGES.shared(number, to),
  };
});

export const quotationLinkHandlers = [shareQuotation];

// ---------------------------------------------------------------------------------------------
// Accepting: what it makes

type AcceptContext = OperationContext;

/** One ticket per service line, for the quotation's customer and place, in the drafter's name. */
async function raiseTickets(context: AcceptContext, row: QuotationRow, item: QuotationItem) {
  const { db, caller } = context;
  const [place] = await db
    .select({ pincode: customerLocation.pincode })
    .from(customerLocation)
    .where(eq(customerLocation.id, row.location_id));
  const raised: QuotationOutcome['tickets'] = [];
  for (const line of item.lines.filter((entry) => entry.kind === 'SERVICE')) {
    const offered = await serviceOffer(db, caller, line.item_id);
    // A service no longer offered raises nothing: the co-ordinators see the acceptance and act.
    if (!offered?.offered) continue;
    let fleet = null;
    if (line.fleet_item_id) {
      try {
        fleet = (
          await fleetItemForTicket(db, caller, {
            fleet_item_id: line.fleet_item_id,
            customer_id: row.customer_id,
            location_id: null,
            service_id: offered.service_id,
            under_warranty: false,
          })
        ).columns;
      } catch {
        // The item moved or is not this service's: the ticket is raised without it.
        fleet = null;
      }
    }
    const created = await insertTicket(context, {
      customer_id: row.customer_id,
      location_id: row.location_id,
      pincode: place.pincode,
      service_id: offered.service_id,
      category_id: offered.category_id,
      service_type_id: null,
      ticket_prefix: offered.ticket_prefix,
      serial_number: fleet?.serial_number ?? null,
      problem_description_id: null,
      problem_note: `Quotation ${row.quotation_number} accepted: ${line.description}`.slice(0, 1000),
      priority: 'MEDIUM',
      preferred_visit_date: null,
      preferred_visit_time: null,
      under_warranty: false,
      dealer_party_id: caller.party?.kind === 'DEALER' ? caller.party.id : null,
      fleet,
    });
    raised.push({ ticket_id: created.id, ticket_number: created.ticket_number });
  }
  return raised;
}

/**
 * An AMC contract per AMC line with a product (docs/contracts.md): from today, or from the day after
 * the AMC the product is under ends (a renewal), at the line's taxable amount.
 */
async function makeContracts(context: AcceptContext, row: QuotationRow, item: QuotationItem) {
  const { db, caller } = context;
  const today = todayOf(caller);
  const made: QuotationOutcome['amc_items'] = [];
  for (const line of item.lines.filter((entry) => entry.kind === 'AMC' && entry.fleet_item_id)) {
    const [found] = await db
      .select({ item: fleetItem, type: amcType })
      .from(fleetItem)
      .innerJoin(
        amcType,
        and(eq(amcType.id, line.item_id), eq(amcType.organization_id, fleetItem.organization_id)),
      )
      .where(
        and(
          inOrganization(fleetItem, caller),
          eq(fleetItem.id, line.fleet_item_id!),
          eq(fleetItem.customer_id, row.customer_id),
        ),
      )
      .for('update', { of: fleetItem });
    // The product left the customer since: the co-ordinators see the acceptance and act.
    if (!found) continue;
    const contract = await insertContract(db, caller, {
      customer_id: row.customer_id,
      type: found.type,
      start_date: renewalStart(found.item, today),
      fleet_item_ids: [found.item.id],
      amount: line.taxable,
      source: 'QUOTATION',
      quotation_id: row.id,
      note: `Quotation ${row.quotation_number} accepted`,
    });
    made.push({
      fleet_item_id: found.item.id,
      serial_number: found.item.serial_number,
      amc_type_name: found.type.name,
      contract_id: contract.id,
      contract_number: contract.contract_number,
      amc_start_date: contract.start_date,
      amc_end_date: contract.end_date,
    });
  }
  return made;
}

// ---------------------------------------------------------------------------------------------
// The public routes

interface LinkDeps {
  db: Db;
  config: Config;
  identity: Identity;
  mailer: Mailer;
  files: FileStore;
}

/** An answer, sent once the transaction has committed: JSON, a PDF, or "too many, retry after". */
type Answer =
  | { status: number; body: Record<string, unknown> }
  | { status: 200; pdf: { filename: string; content: Buffer } }
  | { status: 429; retryAfter: number };
const refusal = (status: number, code: string, message: string, field?: string): Answer => ({
  status,
  body: { code, message, ...(field ? { field } : {}) },
});

function send(reply: FastifyReply, answer: Answer) {
  if ('retryAfter' in answer) return refuseTooMany(reply, answer.retryAfter);
  if ('pdf' in answer) {
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${answer.pdf.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(answer.pdf.content);
  }
  return reply.code(answer.status).send(answer.body);
}

/** What runs once a customer's answer is committed. */
interface AfterAnswer {
  tasks: ((committed: OperationContext) => Promise<void>)[];
  drafter: { email: string; name: string } | null;
  item: QuotationItem;
  found: Found;
  decision: 'ACCEPTED' | 'REJECTED';
}

interface Found {
  row: QuotationRow;
  organization: typeof organization.$inferSelect;
  /** The drafter as a caller (reads are scoped as theirs); null when their membership is gone. */
  caller: Caller | null;
  today: string;
}

export function registerQuotationLinkRoutes(app: FastifyInstance, deps: LinkDeps) {
  const { db, config } = deps;

  /** The organization's view of the quotation, as its drafter (or, gone, as the organization) reads it. */
  async function itemOf(tx: Db, found: Found): Promise<QuotationItem> {
    const reader = found.caller ?? ({ organization: found.organization, party: null } as Caller);
    return quotationItem(tx, { ...reader, party: null }, found.row.id);
  }

  function publicOf(found: Found, item: QuotationItem): PublicQuotation {
    return {
      organization_name: found.organization.name,
      organization_logo_url: found.organization.logo ? deps.files.signedUrl(found.organization.logo) : null,
      quotation_number: item.quotation_number,
      revision: item.revision,
      state: item.state,
      customer_name: item.customer_name,
      customer_address: item.customer_address,
      valid_until: item.valid_until,
      header_text: item.header_text,
      footer_text: item.footer_text,
      terms: item.terms,
      supply: item.supply,
      lines: item.lines.map(({ line_id: _line, item_id: _item, fleet_item_id: _fleet, ...line }) => line),
      taxable_amount: item.taxable_amount,
      cgst_amount: item.cgst_amount,
      sgst_amount: item.sgst_amount,
      igst_amount: item.igst_amount,
      total_amount: item.total_amount,
      customer_comment: item.customer_comment,
      responded_on: item.responded_on,
      time_zone: found.organization.time_zone,
    };
  }

  /**
   * Checks the limit per address and the token, then finds the quotation (locked for an answer)
   * and refuses a link that no longer opens it: a revised quotation, one past its validity, one
   * that was never sent.
   */
  async function withQuotation(
    request: FastifyRequest,
    body: unknown,
    lock: boolean,
    run: (tx: Db, found: Found) => Promise<Answer>,
  ): Promise<Answer> {
    const retryAfter = await hitRateLimit(db, {
      key: `ip:${request.ip}:/api/quotation-link`,
      max: config.rateLimits.ipPerMinute,
      windowSeconds: 60,
    });
    if (retryAfter > 0) return { status: 429, retryAfter };
    const token = (body as { token?: unknown } | null)?.token;
    const id = typeof token === 'string' ? quotationIdOfToken(serverSecret(deps.identity), token) : null;
    if (!id) return refusal(404, 'NOT_FOUND', QUOTATIONS_MESSAGES.linkNotValid);
    return db.transaction(async (transaction): Promise<Answer> => {
      const tx = transaction as unknown as Db;
      const query = tx
        .select({ quotation, organization })
        .from(quotation)
        .innerJoin(organization, eq(organization.id, quotation.organization_id))
        .where(eq(quotation.id, id));
      const [row] = lock ? await query.for('update', { of: quotation }) : await query;
      if (!row || row.quotation.state === 'DRAFT' || row.quotation.state === 'PENDING_APPROVAL') {
        return refusal(404, 'NOT_FOUND', QUOTATIONS_MESSAGES.linkNotValid);
      }
      const today = todayOf({ organization: row.organization });
      const number = row.quotation.quotation_number;
      if (row.quotation.state === 'REVISED') {
        return refusal(410, 'QUOTATION_REVISED', QUOTATIONS_MESSAGES.linkRevised(number));
      }
      if (effectiveState(row.quotation.state, row.quotation.valid_until, today) === 'EXPIRED') {
        return refusal(
          410,
          'LINK_EXPIRED',
          QUOTATIONS_MESSAGES.linkExpired(number, calendarDayText(row.quotation.valid_until)),
        );
      }
      const [drafter] = row.quotation.created_by_member_id
        ? await tx
            .select({ id: member.id })
            .from(member)
            .where(and(eq(member.id, row.quotation.created_by_member_id), eq(member.status, 'ACTIVE')))
        : [];
      const caller = drafter ? await callerOfMembership(tx, drafter.id, 'quotation-link') : null;
      return run(tx, { row: row.quotation, organization: row.organization, caller, today });
    });
  }

  app.post('/api/quotation-link/read', async (request, reply) => {
    const parsed = quotationTokenBody.safeParse(request.body ?? {});
    const answer = await withQuotation(
      request,
      parsed.success ? parsed.data : null,
      false,
      async (tx, found) => ({
        status: 200,
        body: { ...publicOf(found, await itemOf(tx, found)) },
      }),
    );
    return send(reply, answer);
  });

  app.get<{ Querystring: { token?: string } }>('/api/quotation-link/pdf', async (request, reply) => {
    const answer = await withQuotation(request, { token: request.query.token }, false, async (tx, found) => ({
      status: 200,
      pdf: await quotationPdf(await itemOf(tx, found), found.organization, deps.files),
    }));
    return send(reply, answer);
  });

  /** Accept or reject: the answer is the customer's, written once, while the quotation is sent. */
  const respond =
    (decision: 'ACCEPTED' | 'REJECTED') => async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = quotationResponseBody.safeParse(request.body ?? {});
      const commentIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'comment');
      if (commentIssue) return send(reply, refusal(400, 'BAD_USER_INPUT', commentIssue.message, 'comment'));
      let after: AfterAnswer | null = null;
      const answer = await withQuotation(request, parsed.data ?? null, true, async (tx, found) => {
        const { row } = found;
        const comment = parsed.data!.comment;
        if (row.state === 'ACCEPTED' || row.state === 'REJECTED') {
          return refusal(
            409,
            'CONFLICT',
            QUOTATIONS_MESSAGES.alreadyAnswered(row.quotation_number, QUOTATION_STATE_LABELS[row.state]),
          );
        }
        if (row.state !== 'SENT' && row.state !== 'APPROVED') {
          return refusal(409, 'CONFLICT', QUOTATIONS_MESSAGES.notOpenToAnswer(row.quotation_number));
        }
        if (decision === 'REJECTED' && !comment) {
          return refusal(400, 'BAD_USER_INPUT', QUOTATIONS_MESSAGES.rejectNeedsComment, 'comment');
        }
        await setQuotation(tx, row, { state: decision, customer_comment: comment, responded_at: new Date() });
        const tasks: AfterAnswer['tasks'] = [];
        let outcome: QuotationOutcome | null = null;
        if (decision === 'ACCEPTED' && found.caller) {
          const context = {
            db: tx,
            caller: found.caller,
            request,
            identity: deps.identity,
            mailer: deps.mailer,
            config,
            files: deps.files,
            payments: null,
            afterCommit: (task: (committed: OperationContext) => Promise<void>) => void tasks.push(task),
          } satisfies OperationContext;
          const accepted = await itemOf(tx, found);
          outcome = {
            tickets: await raiseTickets(context, row, accepted),
            amc_items: await makeContracts(context, row, accepted),
          };
          await setQuotation(tx, row, { outcome });
        }
        await writeAudit(tx, {
          organization_id: row.organization_id,
          user_id: null,
          user_email: null,
          operation: decision === 'ACCEPTED' ? 'AcceptQuotation' : 'RejectQuotation',
          target: row.id,
          changes: { comment, ...(outcome ? { outcome } : {}) },
          ip_address: request.ip,
        });
        const item = await itemOf(tx, found);
        const [drafter] = row.created_by
          ? await tx
              .select({ email: user.email, name: user.name })
              .from(user)
              .where(eq(user.id, row.created_by))
          : [];
        after = { tasks, drafter: drafter ?? null, item, found, decision };
        return {
          status: 200,
          body: {
            status: 'SUCCESS',
            status_message:
              decision === 'ACCEPTED'
                ? QUOTATIONS_MESSAGES.accepted(row.quotation_number, found.organization.name)
                : QUOTATIONS_MESSAGES.rejected(row.quotation_number),
            quotation: publicOf(found, item),
          },
        };
      });
      if (after) await runAfterAnswer(after);
      return send(reply, answer);
    };

  /** The tickets' own mails, and a mail to the drafter of the quotation. */
  async function runAfterAnswer(after: AfterAnswer) {
    const { item, found, decision, drafter } = after;
    if (found.caller) {
      const committed = {
        db,
        caller: found.caller,
        identity: deps.identity,
        mailer: deps.mailer,
        config,
        files: deps.files,
        payments: null,
        afterCommit: () => {},
      } as unknown as OperationContext;
      for (const task of after.tasks) {
        try {
          await task(committed);
        } catch {
          // A mail that could not go does not undo the customer's answer.
        }
      }
    }
    if (!drafter) return;
    const tickets = item.outcome?.tickets ?? [];
    const amcs = item.outcome?.amc_items ?? [];
    try {
      await deps.mailer.send({
        to: drafter.email,
        organizationId: found.organization.id,
        subject: `Quotation ${item.quotation_number} ${decision === 'ACCEPTED' ? 'accepted' : 'rejected'} by ${item.customer_name}`,
        text: [
          `${item.customer_name} ${decision === 'ACCEPTED' ? 'accepted' : 'rejected'} quotation ${item.quotation_number} (${formatRupees(item.total_amount)}).`,
          ...(item.customer_comment ? ['', `Their comment: ${item.customer_comment}`] : []),
          ...(tickets.length
            ? ['', `Tickets raised: ${tickets.map((entry) => entry.ticket_number).join(', ')}`]
            : []),
          ...(amcs.length
            ? [
                '',
                `Under AMC now: ${amcs.map((entry) => `${entry.serial_number} (${entry.amc_type_name})`).join(', ')}`,
              ]
            : []),
        ].join('\n'),
      });
    } catch {
      // The answer stands; the outbox keeps what could not be sent.
    }
  }

  app.post('/api/quotation-link/accept', respond('ACCEPTED'));
  app.post('/api/quotation-link/reject', respond('REJECTED'));
}
