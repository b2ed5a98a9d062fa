import { costConfigurationHandlers } from './cost-configurations.ts';
import { priceUnpricedTickets } from './partner-amounts.ts';
import { payoutsHandlers, registerPayoutKind } from './payouts.ts';

registerPayoutKind();

/**
 * What service partners earn (docs/payouts.md): rate cards, pricing the flagged tickets, and the
 * payouts with their invoices.
 */
export const payoutHandlers = [...costConfigurationHandlers, priceUnpricedTickets, ...payoutsHandlers];
