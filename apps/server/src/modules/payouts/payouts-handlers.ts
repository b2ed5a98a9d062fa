import { costConfigurationHandlers } from './cost-configurations.ts';
import { priceUnpricedTickets } from './partner-amounts.ts';

/** What service partners earn (docs/payouts.md): rate cards, and pricing the flagged tickets. */
export const payoutHandlers = [...costConfigurationHandlers, priceUnpricedTickets];
