import type { AccessModule, CurrentUser, DealerFlags, OrganizationDetails } from './operations/account.ts';
import { MSG } from './messages.ts';
import { isDealerRole, isDesignationRole, type Role } from './roles.ts';
import type { ShellRoute } from './shell-routes.ts';

/**
 * Menus and landing redirects (docs/product.md#menus-and-landing-pages), as pure functions: the web
 * app draws the sidebar from `buildMenu`, and the server refuses an operation whose module is not
 * in the caller's menu (`menuGrantsModule`, docs/architecture.md#who-may-do-what).
 */

/** Menu item, with the old API's field names. */
export interface MenuItem {
  MenuName: string;
  /** An MUI icon name ('Dashboard', 'ConfirmationNumber' ...); the web app maps it to a component. */
  MenuICon: string;
  MenuRoute: string;
  has_child_routes: boolean;
  SubMenu: MenuItem[];
}

export interface MenuInput {
  user_type: Role;
  designation_id: string | null;
  /** From designation_detail; null when the user has no designation. */
  accessing_module: AccessModule[] | null;
  organization: OrganizationDetails;
  /** Dealer tab flags; a missing flag counts as true (dealer tab flags default on). */
  dealer?: Partial<DealerFlags>;
  /** The portal keeps mails in an outbox instead of sending them (no mail server configured). */
  mail_outbox?: boolean;
}

export type MenuResult =
  | { ok: true; menu: MenuItem[]; accessControlled: boolean }
  | { ok: false; reason: 'MISSING_DESIGNATION'; message: string };

/**
 * The old portal's navigation delay after login: its client's wait for data; the portal goes as soon
 * as its data is there, and never later than this.
 */
export const LOGIN_NAVIGATION_DELAY_MS = 500;
/**
 * The old portal's redirect after an access-controlled menu build; at most this, as soon as the
 * menu is there.
 */
export const ACCESS_CONTROL_REDIRECT_DELAY_MS = 2000;

// Routes the organization's flags remove wherever they appear
// (docs/product.md#menus-and-landing-pages).
const TRANSACTIONS_ROUTE = '/Transactions';
const PARTNERS_REPORT_ROUTE = '/PartnersClosedTicketReports';

// ---------------------------------------------------------------------------------------------
// Building blocks. Every call returns fresh objects, so a caller that changes a menu it was given
// cannot change the next user's menu.

function link(MenuName: string, MenuICon: string, MenuRoute: string): MenuItem {
  return { MenuName, MenuICon, MenuRoute, has_child_routes: false, SubMenu: [] };
}

/** A group opens its own route when clicked (the first sub-item's unless given). */
function group(
  MenuName: string,
  MenuICon: string,
  SubMenu: MenuItem[],
  MenuRoute = SubMenu[0].MenuRoute,
): MenuItem {
  return { MenuName, MenuICon, MenuRoute, has_child_routes: SubMenu.length > 0, SubMenu };
}

const dashboard = () => link('Dashboard', 'Dashboard', '/Dashboard');

const reportItems = {
  attendance: () => link('Attendance Report', 'EventAvailable', '/AttendenceReport'),
  monthlyUser: () => link('Monthly User Report', 'PersonSearch', '/MonthlyUserReport'),
  monthlyTicket: () => link('Monthly Ticket Reports', 'CalendarMonth', '/MonthlyTicketReports'),
  amcRenewalDue: () => link('AMC Renewal Due', 'Autorenew', '/AmcRenewalDue'),
  serviceType: () => link('Service Type Report', 'Category', '/ServiceTypeReport'),
  ticketAging: () => link('Ticket Aging Report', 'HourglassBottom', '/TicketAgingReport'),
  productivity: () => link('Productivity Report', 'Speed', '/ProductivityReport'),
  customerProducts: () => link('Customer Products', 'Devices', '/CustomerProducts'),
  download: () => link('Download Reports', 'Download', '/TicketReports'),
  // The last Reports sub-item of the full menu, removed unless the organization
  // enables it.
  partnersClosed: () => link('Partners Closed Ticket Reports', 'Handshake', PARTNERS_REPORT_ROUTE),
};
const reports = (items: MenuItem[]) => group('Reports', 'Assessment', items);
const allReports = () => reports(Object.values(reportItems).map((make) => make()));

const search = () => link('All Search', 'Search', '/AllModules');

const ticketStates = () => [
  link('Active Tickets', 'ConfirmationNumber', '/ActiveTickets'),
  link('Partially Closed Tickets', 'PendingActions', '/PartiallyClosedTickets'),
  link('Closed Tickets', 'TaskAlt', '/ClosedTickets'),
  link('Inactive Tickets', 'DoNotDisturbOn', '/InactiveTickets'),
];
// Clicking Tickets goes to /ActiveTickets.
const tickets = (items: MenuItem[]) => group('Tickets', 'ConfirmationNumber', items, '/ActiveTickets');
// Dealers and representatives see only their own tickets, under 'My Tickets', in
// every state: the ticket page's four tabs are the group's four routes.
const myTickets = () => group('My Tickets', 'ConfirmationNumber', ticketStates(), '/ActiveTickets');
const allTickets = () =>
  tickets([
    ...ticketStates(),
    link('Cost Configuration', 'PriceChange', '/CostConfiguration'),
    link('Service Partner Payout', 'Payments', '/ServicePartnerPayout'),
  ]);

const mrfTickets = () => link('MRF Tickets', 'Build', '/MRFTickets');
// /RFS sits beside /RequestForServices among the inherited routes; the Requests item gives it a
// place in the menu so that every route of the shell is reachable.
const requests = () =>
  group('Requests', 'SupportAgent', [
    link('Request For Services', 'SupportAgent', '/RequestForServices'),
    link('RFS', 'Assignment', '/RFS'),
  ]);
const scheduledService = () => link('Scheduled Service', 'EventRepeat', '/ScheduleServices');

const approvals = () =>
  group('Approvals', 'Approval', [
    link('Component Approvals', 'Approval', '/Approvals'),
    link('Payout Approvals', 'Payments', '/PayoutApprovals'),
    link('Product Fleet Approvals', 'FactCheck', '/ProductFleetApprovals'),
    link('Product Fleet Tagging Approval', 'LocalOffer', '/ProductFleetTaggingApproval'),
    link('Quotation Approvals', 'RequestQuote', '/QuotationApprovals'),
    link('Product Replacement Approvals', 'SwapHoriz', '/FgrApprovals'),
  ]);

const masterItems = {
  dealers: () => link('Dealers', 'Storefront', '/DealersView'),
  users: () => link('Users', 'People', '/EnterpriseUsers'),
  technicians: () => link('Technicians', 'Engineering', '/EnterpriseTechnicians'),
  servicePartners: () => link('Service Partners', 'Handshake', '/ServicePartners'),
  repsAndAgents: () => link('Reps And Agents', 'Groups', '/AllRepsAndAgents'),
  invalidUsers: () => link('Invalid Users', 'PersonOff', '/InvalidUsers'),
  // The partner and dealer pages, seen from the organization. Their labels in
  // the partner and dealer menus ('Service Co-Ordinators', 'My Customers' ...) speak to the party
  // itself; here they name whose people and things they are, so that no two items of the full
  // menu share a name (access control matches by name).
  partnerCoOrdinators: () =>
    link('Partner Service Co-Ordinators', 'SupportAgent', '/PartnerServiceCoOrdinators'),
  partnerRepresentatives: () => link('Partner Representatives', 'Badge', '/PartnerRepresentatives'),
  dealerCoOrdinators: () => link('Dealer Service Co-Ordinators', 'SupportAgent', '/DealerAgent'),
  dealerRepresentatives: () => link('Dealer Representatives', 'Badge', '/DealerRepresentative'),
  productCatalogue: () => link('Product Catalogue', 'Category', '/ProductCatalogue'),
  productFleet: () => link('Product Fleet', 'PrecisionManufacturing', '/ProductFleet'),
  dealerProductFleet: () => link('Dealer Product Fleet', 'PrecisionManufacturing', '/DealerProducts'),
  customers: () => link('Customers', 'Person', '/CustomersView'),
  dealerCustomers: () => link('Dealer Customers', 'Person', '/MyCustomer'),
  territories: () => link('Territories', 'Map', '/TerritoriesView'),
};
type MasterKey = keyof typeof masterItems;
const masters = (keys: MasterKey[]) =>
  group(
    'Masters',
    'Storage',
    keys.map((key) => masterItems[key]()),
  );
const allMasters = () => masters(Object.keys(masterItems) as MasterKey[]);

const inventory = () =>
  group('Inventory', 'Inventory', [
    link('Inventory', 'Inventory', '/InventoryView'),
    link('Components', 'Memory', '/ComponentsView'),
    link('Components Transaction History', 'ReceiptLong', '/ComponentsTransactionHistory'),
    link('Transfer Product Fleet', 'LocalShipping', '/ProductFleetInventory'),
  ]);
const serviceCentre = () => link('Store/Service Center', 'Store', '/ServiceCenter');
const leads = () => link('Leads', 'TrendingUp', '/ProductSales');
const cabinet = () => link('Cabinet', 'FolderShared', '/Cabinet');
const auditLogs = () => link('Audit Logs', 'History', '/AuditLogs');
const quotations = () =>
  group('Quotations', 'RequestQuote', [
    link('Quotations List', 'RequestQuote', '/QuotationsList'),
    link('Quotations View', 'Preview', '/QuotationsView'),
    link('Templates', 'Description', '/TemplateList'),
    link('Contracts', 'Gavel', '/ContractsList'),
  ]);
const purchaseOrder = () =>
  group('Purchase Order', 'ShoppingCart', [
    link('Purchase Orders', 'ShoppingCart', '/PurchaseOrder'),
    link('Vendors', 'Business', '/VendorsView'),
  ]);
const productReplacement = () => link('Product Replacement', 'SwapHoriz', '/FgrView');
// The default master-setting label is 'Service Types', so Settings opens there.
const settings = () =>
  group(
    'Settings',
    'Settings',
    [
      link('Support Types', 'Help', '/SupportTypes'),
      link('Product Fleet Status', 'Rule', '/ProductFleetStatus'),
      link('Service Types', 'MiscellaneousServices', '/ServiceTypes'),
      link('Additional Parts', 'Extension', '/AdditionalParts'),
      link('Territory Categories', 'Map', '/TerritoryCategories'),
      link('WIP State', 'Timelapse', '/WipState'),
      link('Escalation Notification', 'NotificationsActive', '/EscalationNotification'),
      link('Problem Description', 'ReportProblem', '/ProblemDescription'),
      link('Closure Remarks', 'Comment', '/ClosureRemarks'),
      link('Customer Category', 'Label', '/CustomerCategory'),
      link('Workflow Settings', 'AccountTree', '/WorkflowSettings'),
      link('Organization Settings', 'Business', '/OrganizationSettings'),
      link('Designations', 'Badge', '/DesignationsView'),
    ],
    '/ServiceTypes',
  );
const transactions = () => link('Transactions', 'AccountBalanceWallet', TRANSACTIONS_ROUTE);
const mailOutbox = () => link('Mail Outbox', 'Outbox', '/MailOutbox');

/**
 * The full menu before the organization's flags are applied: every route of the shell is
 * reachable from it.
 */
function fullMenuItems(): MenuItem[] {
  return [
    dashboard(),
    allReports(),
    search(),
    allTickets(),
    mrfTickets(),
    requests(),
    scheduledService(),
    approvals(),
    allMasters(),
    inventory(),
    serviceCentre(),
    leads(),
    cabinet(),
    auditLogs(),
    quotations(),
    purchaseOrder(),
    productReplacement(),
    settings(),
    transactions(),
  ];
}

/**
 * The full menu of an organization, as owners and admins see it. Also the list of modules and
 * sub-modules a designation can grant (access-controlled menus are built from it).
 */
export function fullMenu(organization: OrganizationDetails): MenuItem[] {
  return applyOrganizationFlags(fullMenuItems(), organization);
}

/**
 * Role default menus (docs/product.md#menus-and-landing-pages). For MANAGEMENT, NSM and RSM the old
 * portal said only "reduced menus"; the lists below are our choice: management oversees
 * (dashboard, reports, approvals, audit), NSM and RSM sell (leads, dealers, customers, quotations);
 * NSM lands on the dashboard and RSM on tickets, so each has that page.
 */
function roleDefaultMenu(role: Role): MenuItem[] {
  switch (role) {
    case 'OWNER':
    case 'ADMIN':
      return fullMenuItems();
    case 'AGENT':
      return agentMenu();
    case 'STORE_MANAGER':
      // The agent's menu, the material requests the store fulfils, the stores whose stock the store
      // manager keeps and where parts are bought (docs/inventory.md#who).
      return [...agentMenu(), mrfTickets(), inventory(), serviceCentre(), purchaseOrder()];
    case 'MANAGER':
      // "users, products, customers" are the Masters pages about them.
      return [
        dashboard(),
        allReports(),
        tickets(ticketStates()),
        requests(),
        scheduledService(),
        approvals(),
        masters(['users', 'technicians', 'productCatalogue', 'productFleet', 'customers']),
        cabinet(),
      ];
    case 'MANAGEMENT':
      return [dashboard(), allReports(), search(), tickets(ticketStates()), approvals(), auditLogs()];
    case 'NSM':
      return [
        dashboard(),
        allReports(),
        search(),
        tickets(ticketStates()),
        leads(),
        masters(['dealers', 'customers', 'territories']),
        quotations(),
      ];
    case 'RSM':
      return [
        search(),
        allReports(),
        tickets(ticketStates()),
        leads(),
        masters(['dealers', 'customers']),
        quotations(),
      ];
    case 'SERVICE_PARTNER':
    case 'PARTNER_AGENT':
      return [
        dashboard(),
        reports([reportItems.attendance(), reportItems.download()]),
        tickets(ticketStates()),
        link('Customers', 'Person', '/CustomersView'),
        link('Service Co-Ordinators', 'SupportAgent', '/PartnerServiceCoOrdinators'),
        link('Partner Payout', 'Payments', '/ServicePartnerPayout'),
        link('Representatives', 'Badge', '/PartnerRepresentatives'),
        // The partner's own stores and their stock (docs/inventory.md#who).
        serviceCentre(),
        link('Inventory', 'Inventory', '/InventoryView'),
        link('Components Transaction History', 'ReceiptLong', '/ComponentsTransactionHistory'),
        // The folders the organization shares with the partner (docs/cabinet.md).
        cabinet(),
      ];
    case 'DEALER_OWNER':
    case 'DEALER_AGENT':
      return dealerMenu({});
    case 'TECHNICIAN':
      return [link('My Work', 'Engineering', '/Technician')];
    case 'REPRESENTATIVE':
      return [dashboard(), myTickets()];
  }
}

function agentMenu(): MenuItem[] {
  return [
    search(),
    reports([reportItems.download()]),
    allTickets(),
    requests(),
    scheduledService(),
    approvals(),
    allMasters(),
    cabinet(),
    auditLogs(),
    quotations(),
    productReplacement(),
  ];
}

/** Each dealer tab depends on its flag, default true. */
function dealerMenu(flags: Partial<DealerFlags>): MenuItem[] {
  const on = (flag: keyof DealerFlags) => flags[flag] !== false;
  const menu: MenuItem[] = [dashboard()];
  if (on('is_report_tab_visible')) {
    menu.push(
      reports([
        reportItems.attendance(),
        reportItems.serviceType(),
        reportItems.ticketAging(),
        reportItems.download(),
      ]),
    );
  }
  menu.push(myTickets());
  // A dealer's people raise requests for service and follow theirs (docs/requests.md).
  menu.push(link('RFS', 'Assignment', '/RFS'));
  if (on('is_product_fleet_tab_visible'))
    menu.push(link('My Product Fleet', 'PrecisionManufacturing', '/DealerProducts'));
  if (on('is_customer_tab_visible')) menu.push(link('My Customers', 'Person', '/MyCustomer'));
  if (on('enable_service_co_ordinators_tab'))
    menu.push(link('Service Co-Ordinators', 'SupportAgent', '/DealerAgent'));
  if (on('enable_representatives_tab')) menu.push(link('Representatives', 'Badge', '/DealerRepresentative'));
  // The folders the organization shares with the dealer (docs/cabinet.md).
  menu.push(cabinet());
  return menu;
}

/**
 * The organization's flags remove items wherever they appear: Transactions without credits
 * recharge, the partners closed-ticket report unless enabled (default off).
 */
function applyOrganizationFlags(menu: MenuItem[], organization: OrganizationDetails): MenuItem[] {
  const removed = new Set<string>();
  if (!organization.enable_credits_recharge) removed.add(TRANSACTIONS_ROUTE);
  if (!organization.is_enable_partners_monthly_closed_ticket_report_tab) removed.add(PARTNERS_REPORT_ROUTE);
  if (removed.size === 0) return menu;
  return menu
    .filter((item) => !removed.has(item.MenuRoute) || item.has_child_routes)
    .map((item) =>
      item.has_child_routes
        ? withSubMenu(
            item,
            item.SubMenu.filter((sub) => !removed.has(sub.MenuRoute)),
          )
        : item,
    );
}

/**
 * A group with a new sub-menu. When the group's own route is no longer among its sub-items it
 * opens the first one that is left, so that clicking never leads to a page the menu hides; a
 * group left without sub-items keeps its route and becomes a plain link.
 */
function withSubMenu(item: MenuItem, SubMenu: MenuItem[]): MenuItem {
  const keepsRoute = SubMenu.length === 0 || SubMenu.some((sub) => sub.MenuRoute === item.MenuRoute);
  return {
    ...item,
    MenuRoute: keepsRoute ? item.MenuRoute : SubMenu[0].MenuRoute,
    has_child_routes: SubMenu.length > 0,
    SubMenu,
  };
}

const normalizedNames = new Map<string, string>();

/**
 * Matching ignores case and spaces. Every access decision compares an operation's module with each
 * name in the caller's menu, so the names are normalized once and kept (a few hundred: the menus'
 * and the designations' module names; an odd name beyond that is normalized each time).
 */
export function normalizeModuleName(name: string): string {
  let normalized = normalizedNames.get(name);
  if (normalized === undefined) {
    normalized = name.toLowerCase().replace(/\s+/g, '');
    if (normalizedNames.size < 2000) normalizedNames.set(name, normalized);
  }
  return normalized;
}

function grantsView(entry: AccessModule): boolean {
  return (entry.module_rights ?? []).some((right) => right?.VIEW === true);
}

/** Normalized names of the entries that grant VIEW. */
function viewable(entries: AccessModule[] | null | undefined): Map<string, AccessModule[]> {
  const byName = new Map<string, AccessModule[]>();
  for (const entry of entries ?? []) {
    if (!entry || typeof entry.module_name !== 'string' || !grantsView(entry)) continue;
    const key = normalizeModuleName(entry.module_name);
    byName.set(key, [...(byName.get(key) ?? []), entry]);
  }
  return byName;
}

/**
 * The access-controlled menu is the full menu cut down to the modules, and within
 * them the sub-modules, whose VIEW right is true. A module granted without sub-modules keeps its
 * item but none of its sub-items.
 */
function accessControlledMenu(full: MenuItem[], accessing: AccessModule[] | null): MenuItem[] {
  const modules = viewable(accessing);
  const menu: MenuItem[] = [];
  for (const item of full) {
    const entries = modules.get(normalizeModuleName(item.MenuName));
    if (!entries) continue;
    if (!item.has_child_routes) {
      menu.push(item);
      continue;
    }
    const subModules = viewable(entries.flatMap((entry) => entry.sub_modules ?? []));
    menu.push(
      withSubMenu(
        item,
        item.SubMenu.filter((sub) => subModules.has(normalizeModuleName(sub.MenuName))),
      ),
    );
  }
  return menu;
}

/** The menu of a user (docs/product.md#menus-and-landing-pages). */
export function buildMenu(input: MenuInput): MenuResult {
  const role = input.user_type;
  if (isDesignationRole(role)) {
    // docs/product.md#roles-and-parties: refused without a designation, whether access control is
    // on or not.
    if (input.designation_id == null || input.designation_id.trim() === '') {
      return { ok: false, reason: 'MISSING_DESIGNATION', message: MSG.missingDesignation };
    }
    if (input.organization.is_access_control_enable) {
      const menu = accessControlledMenu(fullMenu(input.organization), input.accessing_module);
      return { ok: true, menu, accessControlled: true };
    }
  }
  const base = isDealerRole(role) ? dealerMenu(input.dealer ?? {}) : roleDefaultMenu(role);
  // Owners and admins read the kept mails; designations cannot grant it (it is not in the full menu).
  if (input.mail_outbox && (role === 'OWNER' || role === 'ADMIN')) base.push(mailOutbox());
  return { ok: true, menu: applyOrganizationFlags(base, input.organization), accessControlled: false };
}

export function menuInputFromUser(user: CurrentUser): MenuInput {
  const dealer: Partial<DealerFlags> = {};
  const flags: (keyof DealerFlags)[] = [
    'is_report_tab_visible',
    'is_product_fleet_tab_visible',
    'is_customer_tab_visible',
    'enable_service_co_ordinators_tab',
    'enable_representatives_tab',
  ];
  for (const flag of flags) {
    const value = user[flag];
    if (typeof value === 'boolean') dealer[flag] = value;
  }
  return {
    user_type: user.user_type,
    designation_id: user.designation_id,
    accessing_module: user.designation_detail?.accessing_module ?? null,
    organization: user.organization_details,
    dealer,
    ...(user.mail_outbox ? { mail_outbox: true } : {}),
  };
}

/** Where a user lands after login; with access control, after 2000 ms. */
export function landingRedirect(
  user_type: Role,
  accessControlled: boolean,
): { route: string; delayMs: number } {
  const delayMs = accessControlled ? ACCESS_CONTROL_REDIRECT_DELAY_MS : 0;
  return { route: landingRoute(user_type), delayMs };
}

function landingRoute(role: Role): string {
  switch (role) {
    case 'OWNER':
    case 'ADMIN':
    case 'MANAGER':
    case 'MANAGEMENT':
    case 'NSM':
      return '/Dashboard';
    case 'TECHNICIAN':
      return '/Technician';
    case 'RSM':
    case 'AGENT':
    case 'STORE_MANAGER':
    case 'SERVICE_PARTNER':
    case 'PARTNER_AGENT':
    case 'DEALER_OWNER':
    case 'DEALER_AGENT':
    case 'REPRESENTATIVE':
      return '/ActiveTickets';
  }
}

/**
 * Where a user is at home: the landing route of their role when their menu has it,
 * otherwise the first page their menu opens. The access-denied page links there.
 */
export function homeRoute(user_type: Role, menu: MenuItem[]): string {
  const landing = landingRoute(user_type);
  if (menuRoutes(menu).has(landing)) return landing;
  return menu[0]?.MenuRoute ?? '/';
}

/**
 * docs/product.md#switching-organization: after switching the user goes to /Dashboard; a role whose
 * menu in the new organization has no Dashboard goes home instead of to a refusal.
 */
export function routeAfterOrganizationSwitch(user_type: Role, menu: MenuItem[]): string {
  return menuRoutes(menu).has('/Dashboard') ? '/Dashboard' : homeRoute(user_type, menu);
}

/**
 * Whether the menu shows a module: a top-level item or a sub-item of that name (normalized). The
 * server refuses (FORBIDDEN) an operation whose module the caller's menu does not show.
 */
export function menuGrantsModule(menu: MenuItem[], moduleName: string): boolean {
  const wanted = normalizeModuleName(moduleName);
  return menu.some(
    (item) => normalizeModuleName(item.MenuName) === wanted || menuGrantsModule(item.SubMenu, moduleName),
  );
}

/** Every route the menu reaches, items and sub-items. */
export function menuRoutes(menu: MenuItem[]): Set<string> {
  const routes = new Set<string>();
  const visit = (items: MenuItem[]) => {
    for (const item of items) {
      routes.add(item.MenuRoute);
      visit(item.SubMenu);
    }
  };
  visit(menu);
  return routes;
}

// The role helpers live in roles.ts; the menu API was announced with them, so they can be imported
// from here too.
export { isDealerRole, isPartnerRole, roleLabel } from './roles.ts';

/**
 * The title of a route's page as this user's menu names it, so that a page is called what the item
 * that opened it says (the organization's 'Dealer Customers' is the dealer's 'My Customers'). A
 * group shares its route with a sub-item; the sub-item's name is the page's. Routes outside the
 * menu keep their own title.
 */
export function pageTitle(menu: MenuItem[], route: ShellRoute): string {
  const find = (items: MenuItem[]): string | undefined => {
    for (const item of items) {
      const inside = find(item.SubMenu);
      if (inside) return inside;
      if (!item.has_child_routes && item.MenuRoute === route.route) return item.MenuName;
    }
    return undefined;
  };
  return find(menu) ?? route.title;
}
