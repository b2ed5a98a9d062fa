import { and, eq, inArray, isNull } from 'drizzle-orm';
import { customer } from '../../db/schema/customers.ts';
import { member, user } from '../../db/schema/identity.ts';
import type { OperationContext } from '../../platform/handler.ts';
import type { Mail } from '../../platform/mail.ts';
import type { TicketRow } from './ticket-rules.ts';
import { userOfMember } from '../../platform/tenant.ts';

// The mails of docs/tickets.md#mails, queued inside the operation's transaction (mailer.send(mail,
// ctx.db)), so that a mail is queued only when what it tells about is; the mail job delivers them.

type MailTicket = Pick<TicketRow, 'organization_id' | 'customer_id' | 'ticket_number'>;

/** A notice (created, assigned, closed, needs a technician, the closure code), queued with the operation. */
async function notify(context: OperationContext, mail: Mail) {
  await context.mailer.send({ ...mail, organizationId: context.caller.organization.id }, context.db);
}

async function customerOf(context: OperationContext, row: MailTicket) {
  const [found] = await context.db
    .select({ name: customer.name, email: customer.email })
    .from(customer)
    .where(and(eq(customer.organization_id, row.organization_id), eq(customer.id, row.customer_id)));
  return found;
}

async function mailCustomer(context: OperationContext, row: MailTicket, subject: string, lines: string[]) {
  const found = await customerOf(context, row);
  if (!found?.email) return;
  await notify(context, {
    to: found.email,
    subject: `${subject} (${row.ticket_number})`,
    text: [`Dear ${found.name},`, '', ...lines, '', context.caller.organization.name].join('\n'),
  });
}

export async function mailTicketCreated(context: OperationContext, row: MailTicket) {
  await mailCustomer(context, row, 'Your service request is registered', [
    `We have registered your service request. Your ticket number is ${row.ticket_number}.`,
    'Quote it whenever you contact us about this request.',
  ]);
}

/** The customer and the technician (unless they claimed it themselves), when a ticket is given to a technician. */
export async function mailTicketAssigned(
  context: OperationContext,
  row: MailTicket,
  technicianId: string,
  options: { toTechnician: boolean } = { toTechnician: true },
) {
  const [technician] = await context.db
    .select({ name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, userOfMember())
    .where(and(eq(member.organizationId, row.organization_id), eq(member.id, technicianId)));
  if (!technician) return;
  await mailCustomer(context, row, 'A technician is assigned to your service request', [
    `${technician.name} will attend to your service request ${row.ticket_number}.`,
  ]);
  if (!options.toTechnician) return;
  await notify(context, {
    to: technician.email,
    subject: `Ticket ${row.ticket_number} is assigned to you`,
    text: [
      `Dear ${technician.name},`,
      '',
      `Ticket ${row.ticket_number} is assigned to you. Open My Work to accept or reject it.`,
      '',
      context.caller.organization.name,
    ].join('\n'),
  });
}

export async function mailTicketClosed(context: OperationContext, row: MailTicket) {
  await mailCustomer(context, row, 'Your service request is closed', [
    `Your service request ${row.ticket_number} is closed. Thank you for choosing us.`,
  ]);
}

/** The closure code, to the customer; returns the address it went to. */
export async function mailClosureCode(context: OperationContext, row: MailTicket, code: string) {
  const found = await customerOf(context, row);
  if (!found?.email) return null;
  await notify(context, {
    to: found.email,
    subject: `Closure code for your service request ${row.ticket_number}`,
    text: [
      `Dear ${found.name},`,
      '',
      `Your closure code is ${code}.`,
      `Read it out to the technician only when the work on ticket ${row.ticket_number} is done to your satisfaction.`,
      'The code is valid for 24 hours.',
      '',
      context.caller.organization.name,
    ].join('\n'),
  });
  return found.email;
}

/**
 * docs/product.md#assignment-and-claim: with nobody to give a new ticket to, the co-ordinators are
 * told.
 */
export async function mailCoordinatorsUnassigned(context: OperationContext, row: MailTicket, why: string) {
  const coordinators = await context.db
    .select({ name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, userOfMember())
    .where(
      and(
        eq(member.organizationId, row.organization_id),
        inArray(member.role, ['OWNER', 'ADMIN', 'AGENT']),
        eq(member.status, 'ACTIVE'),
        isNull(member.party_id),
      ),
    );
  for (const person of coordinators) {
    await notify(context, {
      to: person.email,
      subject: `Ticket ${row.ticket_number} needs a technician`,
      text: [
        `Dear ${person.name},`,
        '',
        `Ticket ${row.ticket_number} could not be assigned automatically: ${why}`,
        'Assign it from the Active Tickets list.',
        '',
        context.caller.organization.name,
      ].join('\n'),
    });
  }
}
