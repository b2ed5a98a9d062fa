import { vendorHandlers } from './vendors.ts';

/** Purchasing (docs/purchasing.md): vendors. */
export const purchasingHandlers = [...vendorHandlers];
