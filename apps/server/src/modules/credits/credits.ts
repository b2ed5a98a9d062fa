import { and, eq, gte, or, sql } from 'drizzle-orm';
import {
  CREDITS_MESSAGES,
  GetCreditBalance,
  ListCreditTransactions,
  RechargeCredits,
  type CreditBalance,
  type CreditEntryItem,
} from '@fieldport/contract/operations/credits';
import type { Db } from '../../db/client.ts';
import { creditAccount, creditEntry } from '../../db/schema/credits.ts';
import { user } from '../../db/schema/identity.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { newId } from '../../db/ids.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList, qualified, searchCondition } from '../../platform/lists.ts';
import { withinDays } from '../../platform/organization-days.ts';

/**
 * Credits (docs/credits.md): the balance is `credit_account.balance`, moved only together with a
 * `credit_entry` row in the same transaction, so it always equals the sum of the ledger.
 */

async function balanceOf(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccount.balance })
    .from(creditAccount)
    .where(eq(creditAccount.organization_id, organizationId));
  return row?.balance ?? 0;
}

/** Adds credits and writes their entry; the account is opened on the first addition. */
export async function addCredits(
  db: Db,
  organizationId: string,
  entry: {
    kind: 'OPENING' | 'RECHARGE';
    credits: number;
    amount_paise: number | null;
    provider: string | null;
    reference: string | null;
    created_by: string | null;
    id?: string;
  },
): Promise<number> {
  const [account] = await db
    .insert(creditAccount)
    .values({ organization_id: organizationId, balance: entry.credits })
    .onConflictDoUpdate({
      target: creditAccount.organization_id,
      set: { balance: sql`${creditAccount.balance} + ${entry.credits}`, updated_at: new Date() },
    })
    .returning({ balance: creditAccount.balance });
  await db.insert(creditEntry).values({
    id: entry.id ?? newId(),
    organization_id: organizationId,
    kind: entry.kind,
    credits: entry.credits,
    balance_after: account.balance,
    amount_paise: entry.amount_paise,
    provider: entry.provider,
    reference: entry.reference,
    created_by: entry.created_by,
  });
  return account.balance;
}

/**
 * Spends a new ticket's service's credits, when its organization uses credits. One conditional
 * UPDATE: concurrent creations take the account's row in turn and each sees the balance the
 * previous one left, so the balance never goes below zero. Refused (and, the operation failing,
 * the ticket not written) when the balance is short.
 */
export async function spendTicketCredits(
  db: Db,
  caller: Caller,
  row: { id: string; organization_id: string; service_id: string },
): Promise<void> {
  if (!caller.organization.enable_credits_recharge) return;
  const [offered] = await db
    .select({ credits: service.credits })
    .from(service)
    .where(and(eq(service.organization_id, row.organization_id), eq(service.id, row.service_id)));
  const needed = offered?.credits ?? 0;
  if (needed <= 0) return;
  const [account] = await db
    .update(creditAccount)
    .set({ balance: sql`${creditAccount.balance} - ${needed}`, updated_at: new Date() })
    .where(and(eq(creditAccount.organization_id, row.organization_id), gte(creditAccount.balance, needed)))
    .returning({ balance: creditAccount.balance });
  if (!account) {
    throw conflict(
      caller.party
        ? CREDITS_MESSAGES.shortForParty
        : CREDITS_MESSAGES.shortForStaff(needed, await balanceOf(db, row.organization_id)),
      'service_id',
    );
  }
  await db.insert(creditEntry).values({
    id: newId(),
    organization_id: row.organization_id,
    kind: 'SPEND',
    credits: -needed,
    balance_after: account.balance,
    ticket_id: row.id,
    created_by: caller.user.id,
  });
}

async function creditBalance(context: OperationContext): Promise<CreditBalance> {
  return {
    credits_enabled: context.caller.organization.enable_credits_recharge,
    balance: await balanceOf(context.db, context.caller.organization.id),
    price_per_credit_paise: context.config.creditPricePaise,
    provider_name: context.payments?.name ?? null,
  };
}

export const getCreditBalance = defineHandler(GetCreditBalance, async (_input, context) => ({
  data: { items: [await creditBalance(context)] },
}));

export const listCreditTransactions = defineList(ListCreditTransactions, {
  table: creditEntry,
  select: {
    id: creditEntry.id,
    kind: creditEntry.kind,
    credits: creditEntry.credits,
    balance_after: creditEntry.balance_after,
    amount_paise: creditEntry.amount_paise,
    ticket_id: creditEntry.ticket_id,
    ticket_number: sql<
      string | null
    >`(select ${qualified(ticket.ticket_number)} from ${ticket} where ${qualified(ticket.id)} = ${qualified(creditEntry.ticket_id)})`,
    reference: creditEntry.reference,
    created_by_name: sql<
      string | null
    >`(select ${qualified(user.name)} from ${user} where ${qualified(user.id)} = ${qualified(creditEntry.created_by)})`,
    created_at: creditEntry.created_at,
  },
  // A ticket's number (its trigram index, within the organization), or a payment's reference.
  search: (term, caller) =>
    or(
      searchCondition([creditEntry.reference], term),
      sql`${creditEntry.ticket_id} = any(array(select ${qualified(ticket.id)} from ${ticket} where ${qualified(ticket.organization_id)} = ${caller.organization.id} and ${searchCondition([ticket.ticket_number], term)}))`,
    ),
  count: 'table',
  sort: { created_on: creditEntry.created_at },
  filters: (input, caller) => [
    input.kind ? eq(creditEntry.kind, input.kind) : undefined,
    ...withinDays(creditEntry.created_at, input.from, input.to, caller.organization.time_zone),
  ],
  toItem: (row): CreditEntryItem => ({
    entry_id: row.id,
    kind: row.kind,
    credits: row.credits,
    balance_after: row.balance_after,
    amount_paise: row.amount_paise,
    ticket_id: row.ticket_id,
    ticket_number: row.ticket_number,
    reference: row.reference,
    created_by_name: row.created_by_name,
    created_on: row.created_at.toISOString(),
  }),
  export: {
    title: 'Credit transactions',
    columns: [
      { header: 'When', width: 20, numFmt: 'dd-mmm-yyyy hh:mm', value: (item) => new Date(item.created_on) },
      { header: 'What', width: 18, value: (item) => item.kind },
      { header: 'Ticket', width: 16, value: (item) => item.ticket_number },
      { header: 'Credits', width: 10, value: (item) => item.credits },
      { header: 'Balance after', width: 14, value: (item) => item.balance_after },
      {
        header: 'Amount (₹)',
        width: 14,
        numFmt: '#,##0.00',
        value: (item) => (item.amount_paise === null ? null : item.amount_paise / 100),
      },
      { header: 'Reference', width: 24, value: (item) => item.reference },
      { header: 'By', width: 22, value: (item) => item.created_by_name },
    ],
  },
});

/**
 * Buys credits: the provider collects credits x the price, and only then are they added. No
 * provider configured: refused, nothing written. (An organization that does not use credits has
 * no Transactions item in its menu, so the operation is refused before it gets here.)
 */
export const rechargeCredits = defineHandler(RechargeCredits, async (input, context) => {
  const { caller, payments } = context;
  if (!payments) throw conflict(CREDITS_MESSAGES.noProvider);
  const amount = input.credits * context.config.creditPricePaise;
  if (!Number.isSafeInteger(amount) || amount > 2_147_483_647) {
    throw badInput('Credits: that many credits cost more than one payment can take', 'credits');
  }
  const id = newId();
  const paid = await payments.charge({
    organization_id: caller.organization.id,
    amount_paise: amount,
    description: `${input.credits} Fieldport credits for ${caller.organization.name}`,
    idempotency_key: id,
  });
  if (!paid.ok) throw conflict(CREDITS_MESSAGES.paymentFailed(paid.reason));
  await addCredits(context.db, caller.organization.id, {
    id,
    kind: 'RECHARGE',
    credits: input.credits,
    amount_paise: amount,
    provider: payments.name,
    reference: paid.reference,
    created_by: caller.user.id,
  });
  context.auditTarget = id;
  return {
    data: { items: [await creditBalance(context)] },
    message: CREDITS_MESSAGES.recharged(input.credits),
  };
});

export const creditHandlers = [getCreditBalance, listCreditTransactions, rechargeCredits];
