import { z } from 'zod';
import { dateRangeFilter, dateRangeInOrder, wholeNumberSchema } from '../fields.ts';
import { listInput, type PageData } from '../lists.ts';
import { mutation, query, type ItemsData } from '../operation.ts';

/**
 * Credits (docs/credits.md): an organization that uses them (`enable_credits_recharge`) spends
 * its services' credits on each ticket it creates, and buys more through a payment provider. The
 * balance is the sum of its ledger, never below zero.
 */

/** The menu item of the ledger (`/Transactions`); the server refuses the operations without it. */
export const CREDITS_MODULE = 'Transactions';

/** RECHARGE: credits bought; SPEND: a new ticket's service's credits; OPENING: given when the account was opened. */
export const CREDIT_ENTRY_KINDS = ['OPENING', 'RECHARGE', 'SPEND'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

export const CREDIT_ENTRY_KIND_LABELS: Record<CreditEntryKind, string> = {
  OPENING: 'Opening balance',
  RECHARGE: 'Recharge',
  SPEND: 'Ticket',
};

/** The most credits one recharge buys: a mistyped extra zero is caught before a payment is asked. */
export const RECHARGE_MAX_CREDITS = 100_000;

export const CREDITS_MESSAGES = {
  noProvider:
    "No payment provider is configured, so credits cannot be bought here. Ask the portal's administrators to configure one (docs/credits.md).",
  paymentFailed: (reason: string) =>
    `The payment did not go through: ${reason}. Nothing was charged and no credits were added.`,
  recharged: (credits: number) => `${credits.toLocaleString('en-IN')} credits added`,
  /** To the organization's own people, who may recharge or ask whoever can. */
  shortForStaff: (needed: number, balance: number) =>
    `Not enough credits: a ticket for this service uses ${needed} and the organization has ${balance} left. Recharge on Transactions, then create the ticket again.`,
  /** To a partner's or dealer's user, who is not told the organization's balance. */
  shortForParty:
    'The organization has not enough credits for a ticket for this service. Ask the organization to recharge, then create the ticket again.',
} as const;

export interface CreditBalance {
  /** Whether the organization uses credits (`enable_credits_recharge`). */
  credits_enabled: boolean;
  balance: number;
  /** What one credit costs, in paise. */
  price_per_credit_paise: number;
  /** The payment provider recharges go through; null: none is configured and recharging is refused. */
  provider_name: string | null;
}

export interface CreditEntryItem {
  entry_id: string;
  kind: CreditEntryKind;
  /** Added (positive) or spent (negative). */
  credits: number;
  balance_after: number;
  /** What a recharge cost; null for the others. */
  amount_paise: number | null;
  ticket_id: string | null;
  ticket_number: string | null;
  /** The provider's reference of a recharge's payment. */
  reference: string | null;
  created_by_name: string | null;
  created_on: string;
}

export const GetCreditBalance = query<ItemsData<CreditBalance>>()({
  name: 'GetCreditBalance',
  description: "The organization's credit balance, the price of a credit and whether credits can be bought",
  access: { module: CREDITS_MODULE, right: 'VIEW' },
  input: z.object({}).strict(),
});

export const ListCreditTransactions = query<PageData<CreditEntryItem>>()({
  name: 'ListCreditTransactions',
  description: "A page of the organization's credit ledger, newest first",
  access: { module: CREDITS_MODULE, right: 'VIEW' },
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on'] as const,
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        kind: z
          .enum(CREDIT_ENTRY_KINDS, { error: `kind must be one of ${CREDIT_ENTRY_KINDS.join(', ')}` })
          .optional(),
        ...dateRangeFilter('from', 'to'),
      },
    }),
    'from',
    'to',
  ),
});

export const RechargeCredits = mutation<ItemsData<CreditBalance>>()({
  name: 'RechargeCredits',
  description: 'Buys credits through the payment provider; they are added once the payment succeeds',
  access: { module: CREDITS_MODULE, right: 'CREATE' },
  input: z.object({ credits: wholeNumberSchema('Credits', 1, RECHARGE_MAX_CREDITS) }).strict(),
});
