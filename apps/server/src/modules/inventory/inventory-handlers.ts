import { componentHandlers } from './components.ts';
import { componentRequestHandlers, registerComponentRequestKind } from './component-requests.ts';
import { mrfHandlers } from './mrfs.ts';
import { serviceCenterHandlers } from './service-centers.ts';
import { stockHandlers } from './stock.ts';
import { ticketPartsHandlers } from './ticket-parts.ts';

// A component request is approved through the workflow engine (docs/approvals.md): its hooks are
// in place before any request is raised.
registerComponentRequestKind();

/** Spare parts (docs/inventory.md): components, stores, stock and its ledger, parts for tickets, MRFs. */
export const inventoryHandlers = [
  ...componentHandlers,
  ...serviceCenterHandlers,
  ...stockHandlers,
  ...componentRequestHandlers,
  ...mrfHandlers,
  ...ticketPartsHandlers,
];
