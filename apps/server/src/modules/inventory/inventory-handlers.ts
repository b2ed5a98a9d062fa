import { componentHandlers } from './components.ts';
import { serviceCenterHandlers } from './service-centers.ts';
import { stockHandlers } from './stock.ts';

/** Spare parts (docs/inventory.md): components, stores, stock and its ledger. */
export const inventoryHandlers = [...componentHandlers, ...serviceCenterHandlers, ...stockHandlers];
