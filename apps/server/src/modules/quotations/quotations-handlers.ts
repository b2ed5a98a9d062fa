import { quotationLinkHandlers } from './quotation-link.ts';
import { quotationTemplateHandlers } from './quotation-templates.ts';
import { quotationHandlers, registerQuotationKind } from './quotations.ts';

registerQuotationKind();

/** Quotations (docs/quotations.md): templates, quotations, their link and payments. */
export const quotationsHandlers = [
  ...quotationTemplateHandlers,
  ...quotationHandlers,
  ...quotationLinkHandlers,
];
