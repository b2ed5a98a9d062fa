/**
 * The paths of the public pages a mail or the sign-in card links to, for the router. They are the
 * contract's (QUOTATION_LINK_PATH in contract/operations/quotations.ts, LANDING_PATH in
 * contract/contact.ts), spelt here so that the sign-in screen's entry loads neither those modules
 * nor zod with them (docs/architecture.md#what-each-screen-loads); public-paths.test.ts holds them
 * equal.
 */
export const QUOTATION_PAGE_PATH = '/Quotation';

/** The public landing page with the contact form (docs/landing.md). */
export const LANDING_PAGE_PATH = '/Welcome';

/**
 * An organization's public request form and a request's status page (REQUEST_FORM_PATH and
 * REQUEST_STATUS_PATH in contract/operations/requests.ts, docs/requests.md).
 */
export const REQUEST_FORM_PAGE_PATH = '/RequestService';
export const REQUEST_STATUS_PAGE_PATH = '/RequestStatus';

/** A lead form's public link (LEAD_FORM_PATH in contract/operations/leads.ts, docs/leads.md#the-public-link). */
export const LEAD_FORM_PAGE_PATH = '/LeadForm';
