import { costConfigurationHandlers } from './cost-configurations.ts';

/** What service partners earn (docs/payouts.md): rate cards. */
export const payoutHandlers = [...costConfigurationHandlers];
