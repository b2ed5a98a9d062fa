import { contractHandlers } from './contracts.ts';
import { renewalQuotationHandlers } from './raise-renewal-quotation.ts';

/** AMC contracts (docs/contracts.md), and drafting their renewals as quotations. */
export const contractsHandlers = [...contractHandlers, ...renewalQuotationHandlers];
