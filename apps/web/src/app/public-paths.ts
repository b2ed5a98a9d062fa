/**
 * The paths of the public pages a mail links to, for the router. They are the contract's
 * (QUOTATION_LINK_PATH in contract/operations/quotations.ts), spelt here so that the sign-in
 * screen's entry does not load that module and zod with it (docs/architecture.md#what-each-screen-loads);
 * public-paths.test.ts holds them equal.
 */
export const QUOTATION_PAGE_PATH = '/Quotation';
