import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FeaturePageProps } from '../ui/feature-page.ts';

type FeaturePage = LazyExoticComponent<ComponentType<FeaturePageProps>> & {
  /** Starts fetching the page's code before it is drawn (the browser fetches a module once). */
  preload: () => Promise<unknown>;
};

/** A page loaded when its route is first opened, from a named export of its module. */
function page<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<FeaturePageProps>,
): FeaturePage {
  return Object.assign(
    lazy(async () => ({ default: pick(await load()) })),
    // A failed preload is only a missed head start: drawing the page loads it again and says so.
    { preload: () => load().catch(() => undefined) },
  );
}

const settings = () => import('../features/settings/named-master-pages.tsx');
const people = () => import('../features/people/user-screen.tsx');
const parties = () => import('../features/people/party-screen.tsx');
const customers = () => import('../features/customers/customers-page.tsx');
const tickets = () => import('../features/tickets/tickets-page.tsx');
const fleet = () => import('../features/product-fleet/product-fleet-page.tsx');
const approvals = () => import('../features/approvals/approvals-page.tsx');
const inventory = () => import('../features/inventory/inventory-pages.tsx');
const reports = () => import('../features/reports/report-page.tsx');

/**
 * The one registry of built screens: shell route (SHELL_ROUTES in contract/shell-routes.ts) -> its
 * lazy page. A route that is not here shows the placeholder (shell-route-page.tsx). Areas add a
 * line per screen as they land; a route's area is the folder of its screen under features/.
 */
export const FEATURE_ROUTES: Partial<Record<string, FeaturePage>> = {
  // Settings masters (docs/masters.md)
  '/SupportTypes': page(settings, (m) => m.SupportTypesPage),
  '/ProductFleetStatus': page(settings, (m) => m.ProductFleetStatusesPage),
  '/ServiceTypes': page(settings, (m) => m.ServiceTypesPage),
  '/AdditionalParts': page(
    () => import('../features/settings/additional-parts-page.tsx'),
    (m) => m.default,
  ),
  '/TerritoryCategories': page(settings, (m) => m.TerritoryCategoriesPage),
  '/WipState': page(
    () => import('../features/settings/wip-state-page.tsx'),
    (m) => m.default,
  ),
  '/EscalationNotification': page(
    () => import('../features/settings/escalation-notification-page.tsx'),
    (m) => m.default,
  ),
  '/ProblemDescription': page(settings, (m) => m.ProblemDescriptionsPage),
  '/ClosureRemarks': page(settings, (m) => m.ClosureRemarksPage),
  '/CustomerCategory': page(settings, (m) => m.CustomerCategoriesPage),
  // Product catalogue and territories
  '/ProductCatalogue': page(
    () => import('../features/product-catalogue/product-catalogue-page.tsx'),
    (m) => m.default,
  ),
  '/TerritoriesView': page(
    () => import('../features/territories/territories-page.tsx'),
    (m) => m.default,
  ),
  // Organization settings, designations and the audit log
  '/OrganizationSettings': page(
    () => import('../features/organization/organization-settings-page.tsx'),
    (m) => m.default,
  ),
  '/DesignationsView': page(
    () => import('../features/designations/designations-page.tsx'),
    (m) => m.default,
  ),
  '/AuditLogs': page(
    () => import('../features/audit/audit-logs-page.tsx'),
    (m) => m.default,
  ),
  // People (docs/people.md)
  '/EnterpriseUsers': page(people, (m) => m.EnterpriseUsersPage),
  '/EnterpriseTechnicians': page(people, (m) => m.EnterpriseTechniciansPage),
  '/ServicePartners': page(parties, (m) => m.ServicePartnersPage),
  '/PartnerServiceCoOrdinators': page(people, (m) => m.PartnerServiceCoOrdinatorsPage),
  '/PartnerRepresentatives': page(people, (m) => m.PartnerRepresentativesPage),
  '/DealersView': page(parties, (m) => m.DealersPage),
  '/DealerAgent': page(people, (m) => m.DealerAgentsPage),
  '/DealerRepresentative': page(people, (m) => m.DealerRepresentativesPage),
  '/AllRepsAndAgents': page(people, (m) => m.AllRepsAndAgentsPage),
  '/InvalidUsers': page(people, (m) => m.InvalidUsersPage),
  // Customers (docs/customers.md)
  '/CustomersView': page(customers, (m) => m.CustomersPage),
  '/MyCustomer': page(customers, (m) => m.MyCustomersPage),
  // Tickets (docs/tickets.md): the four lists; a ticket opens on its list's route with ?ticket_id=
  '/ActiveTickets': page(tickets, (m) => m.ActiveTicketsPage),
  '/PartiallyClosedTickets': page(tickets, (m) => m.PartiallyClosedTicketsPage),
  '/ClosedTickets': page(tickets, (m) => m.ClosedTicketsPage),
  '/InactiveTickets': page(tickets, (m) => m.InactiveTicketsPage),
  // The mails kept when no mail server is configured (docs/operations.md#mail)
  '/MailOutbox': page(
    () => import('../features/mail-outbox/mail-outbox-page.tsx'),
    (m) => m.default,
  ),
  // The installed fleet (docs/product-fleet.md)
  '/ProductFleet': page(fleet, (m) => m.ProductFleetPage),
  '/DealerProducts': page(fleet, (m) => m.DealerProductsPage),
  '/CustomerProducts': page(
    () => import('../features/product-fleet/customer-products-page.tsx'),
    (m) => m.CustomerProductsPage,
  ),
  '/ProductFleetInventory': page(
    () => import('../features/product-fleet/transfer-page.tsx'),
    (m) => m.TransferProductFleetPage,
  ),
  // Spare parts (docs/inventory.md)
  '/ComponentsView': page(inventory, (m) => m.ComponentsPage),
  '/ServiceCenter': page(inventory, (m) => m.ServiceCentersPage),
  '/InventoryView': page(inventory, (m) => m.InventoryPage),
  '/ComponentsTransactionHistory': page(inventory, (m) => m.StockMovementsPage),
  '/MRFTickets': page(inventory, (m) => m.MrfPage),
  // Purchasing (docs/purchasing.md)
  '/PurchaseOrder': page(
    () => import('../features/purchasing/purchase-orders-page.tsx'),
    (m) => m.default,
  ),
  '/VendorsView': page(
    () => import('../features/purchasing/vendors-page.tsx'),
    (m) => m.default,
  ),
  // Quotations (docs/quotations.md); '/QuotationApprovals' is with the approvals below
  '/QuotationsList': page(
    () => import('../features/quotations/quotations-page.tsx'),
    (m) => m.default,
  ),
  '/QuotationsView': page(
    () => import('../features/quotations/quotation-view-page.tsx'),
    (m) => m.default,
  ),
  '/TemplateList': page(
    () => import('../features/quotations/templates-page.tsx'),
    (m) => m.default,
  ),
  // AMC contracts (docs/contracts.md), under the Quotations menu
  '/ContractsList': page(
    () => import('../features/contracts/contracts-page.tsx'),
    (m) => m.default,
  ),
  // Scheduled maintenance: plans that raise tickets ahead of their due dates (docs/schedules.md)
  '/ScheduleServices': page(
    () => import('../features/schedules/schedules-page.tsx'),
    (m) => m.default,
  ),
  // Requests for service (docs/requests.md): triaged here, raised on /RFS or the public form
  '/RequestForServices': page(
    () => import('../features/requests/requests-page.tsx'),
    (m) => m.default,
  ),
  '/RFS': page(
    () => import('../features/requests/raise-request-page.tsx'),
    (m) => m.default,
  ),
  // Leads (docs/leads.md): the leads and the forms that capture them; the public form is /LeadForm
  '/ProductSales': page(
    () => import('../features/leads/leads-page.tsx'),
    (m) => m.default,
  ),
  // Reports (docs/reports.md): one screen drawn from each report's layout
  '/TicketAgingReport': page(reports, (m) => m.reportPages.GetTicketAgingReport),
  '/MonthlyTicketReports': page(reports, (m) => m.reportPages.GetMonthlyTicketReport),
  '/ServiceTypeReport': page(reports, (m) => m.reportPages.GetServiceTypeReport),
  '/PartnersClosedTicketReports': page(reports, (m) => m.reportPages.GetPartnersClosedTicketReport),
  '/ProductivityReport': page(reports, (m) => m.reportPages.GetProductivityReport),
  '/MonthlyUserReport': page(reports, (m) => m.reportPages.GetMonthlyUserReport),
  '/AmcRenewalDue': page(reports, (m) => m.reportPages.GetAmcRenewalDueReport),
  '/AttendenceReport': page(reports, (m) => m.reportPages.ListAttendanceHistory),
  // Download Reports: ticket lists of any size, generated by a background job
  '/TicketReports': page(
    () => import('../features/reports/downloads-page.tsx'),
    (m) => m.default,
  ),
  // What service partners earn (docs/payouts.md)
  '/CostConfiguration': page(
    () => import('../features/payouts/cost-configuration-page.tsx'),
    (m) => m.default,
  ),
  // Staff generate and pay; a service partner's users read their own ('Partner Payout').
  '/ServicePartnerPayout': page(
    () => import('../features/payouts/payouts-page.tsx'),
    (m) => m.default,
  ),
  // Product replacement, FGR (docs/fgr.md); '/FgrApprovals' is with the approvals below
  '/FgrView': page(
    () => import('../features/fgr/fgr-page.tsx'),
    (m) => m.default,
  ),
  // The cabinet: folders of documents shared with partners and dealers (docs/cabinet.md)
  '/Cabinet': page(
    () => import('../features/cabinet/cabinet-page.tsx'),
    (m) => m.default,
  ),
  // Credits (docs/credits.md)
  '/Transactions': page(
    () => import('../features/credits/transactions-page.tsx'),
    (m) => m.default,
  ),
  // Approvals (docs/approvals.md): one screen, filtered by the route's kind
  '/Approvals': page(approvals, (m) => m.approvalsPages.COMPONENT_REQUEST),
  '/PayoutApprovals': page(approvals, (m) => m.approvalsPages.PAYOUT),
  '/QuotationApprovals': page(approvals, (m) => m.approvalsPages.QUOTATION),
  '/FgrApprovals': page(approvals, (m) => m.approvalsPages.FGR),
  '/ProductFleetApprovals': page(approvals, (m) => m.approvalsPages.PRODUCT_FLEET),
  '/ProductFleetTaggingApproval': page(approvals, (m) => m.approvalsPages.FLEET_TAGGING),
  '/WorkflowSettings': page(
    () => import('../features/approvals/workflow-settings-page.tsx'),
    (m) => m.default,
  ),
  // All Search: one field across tickets, customers, the fleet, documents and people (docs/search.md)
  '/AllModules': page(
    () => import('../features/search/all-search-page.tsx'),
    (m) => m.default,
  ),
  // The field engineer's app (docs/tickets.md#the-field-engineers-app)
  '/Technician': page(
    () => import('../features/tickets/technician-page.tsx'),
    (m) => m.default,
  ),
};
