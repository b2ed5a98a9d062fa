/** The routes of the signed-in shell, each with its title and its product area. */

export interface ShellRoute {
  route: string;
  /** What a person reads; the menu item that opens the route may name it otherwise (`pageTitle`). */
  title: string;
  /** The product area serving the route: its folder under apps/web/src/features once built. */
  area: string;
}

/**
 * Every child route of the shell (docs/product.md#the-shell), with its title and area. Three
 * routes are ours: /Transactions for the credits item, /Technician for the field engineer's app,
 * and /MailOutbox for the mails kept when no mail server is configured.
 */
export const SHELL_ROUTES: ShellRoute[] = [
  // Dashboard and work
  { route: '/Dashboard', title: 'Dashboard', area: 'dashboard' },
  { route: '/RequestForServices', title: 'Request For Services', area: 'requests' },
  { route: '/ScheduleServices', title: 'Scheduled Service', area: 'schedules' },
  { route: '/MRFTickets', title: 'MRF Tickets', area: 'inventory' },
  { route: '/RFS', title: 'RFS', area: 'requests' },
  { route: '/AllModules', title: 'All Search', area: 'search' },
  // Tickets. /Tickets is the group route of the six below; its menu item opens /ActiveTickets.
  { route: '/Tickets', title: 'Tickets', area: 'tickets' },
  { route: '/ActiveTickets', title: 'Active Tickets', area: 'tickets' },
  { route: '/PartiallyClosedTickets', title: 'Partially Closed Tickets', area: 'tickets' },
  { route: '/ClosedTickets', title: 'Closed Tickets', area: 'tickets' },
  { route: '/InactiveTickets', title: 'Inactive Tickets', area: 'tickets' },
  { route: '/CostConfiguration', title: 'Cost Configuration', area: 'payouts' },
  { route: '/ServicePartnerPayout', title: 'Service Partner Payout', area: 'payouts' },
  // Quotations, purchasing, documents
  { route: '/QuotationsList', title: 'Quotations List', area: 'quotations' },
  { route: '/QuotationsView', title: 'Quotations View', area: 'quotations' },
  { route: '/TemplateList', title: 'Templates', area: 'quotations' },
  { route: '/ContractsList', title: 'Contracts', area: 'contracts' },
  { route: '/PurchaseOrder', title: 'Purchase Orders', area: 'purchasing' },
  { route: '/VendorsView', title: 'Vendors', area: 'purchasing' },
  { route: '/Cabinet', title: 'Cabinet', area: 'cabinet' },
  // Reports
  { route: '/AttendenceReport', title: 'Attendance Report', area: 'reports' },
  { route: '/MonthlyUserReport', title: 'Monthly User Report', area: 'reports' },
  { route: '/MonthlyTicketReports', title: 'Monthly Ticket Reports', area: 'reports' },
  { route: '/AmcRenewalDue', title: 'AMC Renewal Due', area: 'reports' },
  { route: '/ServiceTypeReport', title: 'Service Type Report', area: 'reports' },
  { route: '/TicketAgingReport', title: 'Ticket Aging Report', area: 'reports' },
  { route: '/ProductivityReport', title: 'Productivity Report', area: 'reports' },
  { route: '/CustomerProducts', title: 'Customer Products', area: 'product-fleet' },
  { route: '/TicketReports', title: 'Download Reports', area: 'reports' },
  { route: '/PartnersClosedTicketReports', title: 'Partners Closed Ticket Reports', area: 'reports' },
  // People
  { route: '/DealersView', title: 'Dealers', area: 'people' },
  { route: '/EnterpriseUsers', title: 'Users', area: 'people' },
  { route: '/EnterpriseTechnicians', title: 'Technicians', area: 'people' },
  { route: '/ServicePartners', title: 'Service Partners', area: 'people' },
  { route: '/AllRepsAndAgents', title: 'Reps And Agents', area: 'people' },
  { route: '/InvalidUsers', title: 'Invalid Users', area: 'people' },
  { route: '/PartnerServiceCoOrdinators', title: 'Service Co-Ordinators', area: 'people' },
  { route: '/PartnerRepresentatives', title: 'Representatives', area: 'people' },
  { route: '/DealerAgent', title: 'Service Co-Ordinators', area: 'people' },
  { route: '/DealerRepresentative', title: 'Representatives', area: 'people' },
  // Products and inventory
  { route: '/ProductCatalogue', title: 'Product Catalogue', area: 'product-catalogue' },
  { route: '/ProductFleet', title: 'Product Fleet', area: 'product-fleet' },
  { route: '/ComponentsView', title: 'Components', area: 'inventory' },
  { route: '/ComponentsTransactionHistory', title: 'Components Transaction History', area: 'inventory' },
  { route: '/InventoryView', title: 'Inventory', area: 'inventory' },
  { route: '/ProductFleetInventory', title: 'Transfer Product Fleet', area: 'product-fleet' },
  { route: '/ServiceCenter', title: 'Store/Service Center', area: 'inventory' },
  { route: '/DealerProducts', title: 'My Product Fleet', area: 'product-fleet' },
  { route: '/CustomersView', title: 'Customers', area: 'customers' },
  { route: '/MyCustomer', title: 'My Customers', area: 'customers' },
  { route: '/TerritoriesView', title: 'Territories', area: 'territories' },
  { route: '/ProductSales', title: 'Leads', area: 'leads' },
  // Approvals
  { route: '/Approvals', title: 'Component Approvals', area: 'approvals' },
  { route: '/PayoutApprovals', title: 'Payout Approvals', area: 'approvals' },
  { route: '/ProductFleetApprovals', title: 'Product Fleet Approvals', area: 'approvals' },
  { route: '/ProductFleetTaggingApproval', title: 'Product Fleet Tagging Approval', area: 'approvals' },
  { route: '/QuotationApprovals', title: 'Quotation Approvals', area: 'approvals' },
  { route: '/FgrApprovals', title: 'Product Replacement Approvals', area: 'approvals' },
  { route: '/FgrView', title: 'Product Replacement', area: 'fgr' },
  // Settings
  { route: '/SupportTypes', title: 'Support Types', area: 'settings' },
  { route: '/ProductFleetStatus', title: 'Product Fleet Status', area: 'settings' },
  { route: '/ServiceTypes', title: 'Service Types', area: 'settings' },
  { route: '/AdditionalParts', title: 'Additional Parts', area: 'settings' },
  { route: '/TerritoryCategories', title: 'Territory Categories', area: 'settings' },
  { route: '/WipState', title: 'WIP State', area: 'settings' },
  { route: '/EscalationNotification', title: 'Escalation Notification', area: 'settings' },
  { route: '/ProblemDescription', title: 'Problem Description', area: 'settings' },
  { route: '/ClosureRemarks', title: 'Closure Remarks', area: 'settings' },
  { route: '/CustomerCategory', title: 'Customer Category', area: 'settings' },
  { route: '/WorkflowSettings', title: 'Workflow Settings', area: 'approvals' },
  { route: '/OrganizationSettings', title: 'Organization Settings', area: 'organization' },
  { route: '/DesignationsView', title: 'Designations', area: 'designations' },
  // Audit
  { route: '/AuditLogs', title: 'Audit Logs', area: 'audit' },
  // Ours (see above)
  { route: '/Transactions', title: 'Transactions', area: 'credits' },
  { route: '/Technician', title: 'My Work', area: 'tickets' },
  { route: '/MailOutbox', title: 'Mail Outbox', area: 'mail-outbox' },
];
