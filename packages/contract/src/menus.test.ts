import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AccessModule, CurrentUser, DealerFlags, OrganizationDetails } from './operations/account.ts';
import {
  ACCESS_CONTROL_REDIRECT_DELAY_MS,
  LOGIN_NAVIGATION_DELAY_MS,
  buildMenu,
  fullMenu,
  landingRedirect,
  menuGrantsModule,
  menuInputFromUser,
  menuRoutes,
  normalizeModuleName,
  pageTitle,
  routeAfterOrganizationSwitch,
  type MenuInput,
  type MenuItem,
} from './menus.ts';
import { SHELL_ROUTES } from './shell-routes.ts';
import { ROLES, type Role } from './roles.ts';

// Expected values below are written out by hand from docs/product.md#menus-and-landing-pages; the
// tests never compute them with the code under test.

const MISSING_DESIGNATION = 'Designation is not Updated, Kindly contact Admin to update Designation..!';

/** A menu as lines: 'Reports' for an item, 'Reports > Download Reports' for its sub-item. */
function outline(menu: MenuItem[]): string[] {
  return menu.flatMap((item) => [
    item.MenuName,
    ...item.SubMenu.map((sub) => `${item.MenuName} > ${sub.MenuName}`),
  ]);
}

function organization(flags: Partial<OrganizationDetails> = {}): OrganizationDetails {
  return {
    organization_name: 'Acme Service',
    organization_logo_url: null,
    organization_gstin: null,
    enable_credits_recharge: true,
    is_access_control_enable: false,
    is_enable_partners_monthly_closed_ticket_report_tab: true,
    ...flags,
  };
}

function menuOf(input: Partial<MenuInput> & { user_type: Role }): MenuItem[] {
  const result = buildMenu({
    designation_id: 'designation-1',
    accessing_module: null,
    organization: organization(),
    ...input,
  });
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.menu;
}

const FULL_MENU = [
  'Dashboard',
  'Reports',
  'Reports > Attendance Report',
  'Reports > Monthly User Report',
  'Reports > Monthly Ticket Reports',
  'Reports > AMC Renewal Due',
  'Reports > Service Type Report',
  'Reports > Ticket Aging Report',
  'Reports > Productivity Report',
  'Reports > Customer Products',
  'Reports > Download Reports',
  'Reports > Partners Closed Ticket Reports',
  'All Search',
  'Tickets',
  'Tickets > Active Tickets',
  'Tickets > Partially Closed Tickets',
  'Tickets > Closed Tickets',
  'Tickets > Inactive Tickets',
  'Tickets > Cost Configuration',
  'Tickets > Service Partner Payout',
  'MRF Tickets',
  'Requests',
  'Requests > Request For Services',
  'Requests > RFS',
  'Scheduled Service',
  'Approvals',
  'Approvals > Component Approvals',
  'Approvals > Payout Approvals',
  'Approvals > Product Fleet Approvals',
  'Approvals > Product Fleet Tagging Approval',
  'Approvals > Quotation Approvals',
  'Approvals > Product Replacement Approvals',
  'Masters',
  'Masters > Dealers',
  'Masters > Users',
  'Masters > Technicians',
  'Masters > Service Partners',
  'Masters > Reps And Agents',
  'Masters > Invalid Users',
  'Masters > Partner Service Co-Ordinators',
  'Masters > Partner Representatives',
  'Masters > Dealer Service Co-Ordinators',
  'Masters > Dealer Representatives',
  'Masters > Product Catalogue',
  'Masters > Product Fleet',
  'Masters > Dealer Product Fleet',
  'Masters > Customers',
  'Masters > Dealer Customers',
  'Masters > Territories',
  'Inventory',
  'Inventory > Inventory',
  'Inventory > Components',
  'Inventory > Components Transaction History',
  'Inventory > Transfer Product Fleet',
  'Store/Service Center',
  'Leads',
  'Cabinet',
  'Audit Logs',
  'Quotations',
  'Quotations > Quotations List',
  'Quotations > Quotations View',
  'Quotations > Templates',
  'Quotations > Contracts',
  'Purchase Order',
  'Purchase Order > Purchase Orders',
  'Purchase Order > Vendors',
  'Product Replacement',
  'Settings',
  'Settings > Support Types',
  'Settings > Product Fleet Status',
  'Settings > Service Types',
  'Settings > Additional Parts',
  'Settings > Territory Categories',
  'Settings > WIP State',
  'Settings > Escalation Notification',
  'Settings > Problem Description',
  'Settings > Closure Remarks',
  'Settings > Customer Category',
  'Settings > Workflow Settings',
  'Settings > Organization Settings',
  'Settings > Designations',
  'Transactions',
];

const TICKETS_BY_STATE = [
  'Tickets',
  'Tickets > Active Tickets',
  'Tickets > Partially Closed Tickets',
  'Tickets > Closed Tickets',
  'Tickets > Inactive Tickets',
];

const MY_TICKETS = [
  'My Tickets',
  'My Tickets > Active Tickets',
  'My Tickets > Partially Closed Tickets',
  'My Tickets > Closed Tickets',
  'My Tickets > Inactive Tickets',
];

const ALL_REPORTS = FULL_MENU.filter((line) => line === 'Reports' || line.startsWith('Reports > '));
const ALL_APPROVALS = FULL_MENU.filter((line) => line === 'Approvals' || line.startsWith('Approvals > '));
const ALL_MASTERS = FULL_MENU.filter((line) => line === 'Masters' || line.startsWith('Masters > '));
const ALL_TICKETS = FULL_MENU.filter((line) => line === 'Tickets' || line.startsWith('Tickets > '));
const ALL_QUOTATIONS = FULL_MENU.filter((line) => line === 'Quotations' || line.startsWith('Quotations > '));
const REQUESTS = ['Requests', 'Requests > Request For Services', 'Requests > RFS'];

/** Role default menus with every flag on (MANAGEMENT, NSM, RSM are our choice). */
const DEFAULT_MENUS: Record<Exclude<Role, 'DEALER_OWNER' | 'DEALER_AGENT'>, string[]> = {
  OWNER: FULL_MENU,
  ADMIN: FULL_MENU,
  AGENT: [
    'All Search',
    'Reports',
    'Reports > Download Reports',
    ...ALL_TICKETS,
    ...REQUESTS,
    'Scheduled Service',
    ...ALL_APPROVALS,
    ...ALL_MASTERS,
    'Cabinet',
    'Audit Logs',
    ...ALL_QUOTATIONS,
    'Product Replacement',
  ],
  STORE_MANAGER: [], // AGENT's and the stock, filled below
  MANAGER: [
    'Dashboard',
    ...ALL_REPORTS,
    ...TICKETS_BY_STATE,
    ...REQUESTS,
    'Scheduled Service',
    ...ALL_APPROVALS,
    'Masters',
    'Masters > Users',
    'Masters > Technicians',
    'Masters > Product Catalogue',
    'Masters > Product Fleet',
    'Masters > Customers',
    'Cabinet',
  ],
  MANAGEMENT: [
    'Dashboard',
    ...ALL_REPORTS,
    'All Search',
    ...TICKETS_BY_STATE,
    ...ALL_APPROVALS,
    'Audit Logs',
  ],
  NSM: [
    'Dashboard',
    ...ALL_REPORTS,
    'All Search',
    ...TICKETS_BY_STATE,
    'Leads',
    'Masters',
    'Masters > Dealers',
    'Masters > Customers',
    'Masters > Territories',
    ...ALL_QUOTATIONS,
  ],
  RSM: [
    'All Search',
    ...ALL_REPORTS,
    ...TICKETS_BY_STATE,
    'Leads',
    'Masters',
    'Masters > Dealers',
    'Masters > Customers',
    ...ALL_QUOTATIONS,
  ],
  SERVICE_PARTNER: [
    'Dashboard',
    'Reports',
    'Reports > Attendance Report',
    'Reports > Download Reports',
    ...TICKETS_BY_STATE,
    'Customers',
    'Service Co-Ordinators',
    'Partner Payout',
    'Representatives',
    'Store/Service Center',
    'Inventory',
    'Components Transaction History',
    'Cabinet',
  ],
  PARTNER_AGENT: [], // same as SERVICE_PARTNER, filled below
  TECHNICIAN: ['My Work'],
  REPRESENTATIVE: ['Dashboard', ...MY_TICKETS],
};
DEFAULT_MENUS.STORE_MANAGER = [
  ...DEFAULT_MENUS.AGENT,
  'MRF Tickets',
  ...FULL_MENU.filter(
    (line) =>
      line === 'Inventory' ||
      line.startsWith('Inventory > ') ||
      line === 'Store/Service Center' ||
      line === 'Purchase Order' ||
      line.startsWith('Purchase Order > '),
  ),
];
DEFAULT_MENUS.PARTNER_AGENT = DEFAULT_MENUS.SERVICE_PARTNER;

const DEALER_FLAGS: (keyof DealerFlags)[] = [
  'is_report_tab_visible',
  'is_product_fleet_tab_visible',
  'is_customer_tab_visible',
  'enable_service_co_ordinators_tab',
  'enable_representatives_tab',
];

/** The dealer menu; each tab goes when its flag is false (missing means on). */
function expectedDealerMenu(dealer: Partial<DealerFlags>): string[] {
  const off = (flag: keyof DealerFlags) => dealer[flag] === false;
  return [
    'Dashboard',
    ...(off('is_report_tab_visible')
      ? []
      : [
          'Reports',
          'Reports > Attendance Report',
          'Reports > Service Type Report',
          'Reports > Ticket Aging Report',
          'Reports > Download Reports',
        ]),
    ...MY_TICKETS,
    'RFS',
    ...(off('is_product_fleet_tab_visible') ? [] : ['My Product Fleet']),
    ...(off('is_customer_tab_visible') ? [] : ['My Customers']),
    ...(off('enable_service_co_ordinators_tab') ? [] : ['Service Co-Ordinators']),
    ...(off('enable_representatives_tab') ? [] : ['Representatives']),
    'Cabinet',
  ];
}

/**
 * A designation whose names differ from the menu's in case and spaces, with VIEW false entries,
 * a module granted without sub-modules, and a module the menu does not have.
 */
const ACCESS: AccessModule[] = [
  { module_name: 'dashboard', module_rights: [{ VIEW: true }], sub_modules: [] },
  {
    module_name: 'REPORTS',
    module_rights: [{ VIEW: true, EXPORT: true }],
    sub_modules: [
      { module_name: 'download reports', module_rights: [{ VIEW: true }], sub_modules: [] },
      { module_name: 'PartnersClosed TicketReports', module_rights: [{ VIEW: true }], sub_modules: [] },
      { module_name: 'Attendance Report', module_rights: [{ VIEW: false }], sub_modules: [] },
    ],
  },
  {
    module_name: ' Tick ets ',
    module_rights: [{ VIEW: false }, { VIEW: true }],
    sub_modules: [
      { module_name: 'closedtickets', module_rights: [{ VIEW: true }], sub_modules: [] },
      { module_name: 'Active Tickets', module_rights: [{ VIEW: false, EDIT: true }], sub_modules: [] },
    ],
  },
  {
    module_name: 'Settings',
    module_rights: [{ VIEW: false, EDIT: true }],
    sub_modules: [{ module_name: 'Service Types', module_rights: [{ VIEW: true }], sub_modules: [] }],
  },
  { module_name: 'Masters', module_rights: [{ VIEW: true }], sub_modules: [] },
  { module_name: 'transactions', module_rights: [{ VIEW: true }], sub_modules: [] },
  { module_name: 'Cabinet', module_rights: [], sub_modules: [] },
  { module_name: 'Unknown Module', module_rights: [{ VIEW: true }], sub_modules: [] },
];

function expectedAccessMenu(credits: boolean, partnersReport: boolean): string[] {
  return [
    'Dashboard',
    'Reports',
    'Reports > Download Reports',
    ...(partnersReport ? ['Reports > Partners Closed Ticket Reports'] : []),
    'Tickets',
    'Tickets > Closed Tickets',
    'Masters',
    ...(credits ? ['Transactions'] : []),
  ];
}

const DESIGNATION_ROLES: Role[] = ['MANAGEMENT', 'NSM', 'RSM', 'MANAGER', 'AGENT', 'STORE_MANAGER'];

describe('buildMenu over every role and every flag combination', () => {
  const bools = [true, false];
  const dealerValues = [true, false, undefined];

  for (const role of ROLES) {
    it(`${role}`, () => {
      let cases = 0;
      for (const credits of bools)
        for (const accessControl of bools)
          for (const partnersReport of bools)
            for (const hasDesignation of bools)
              for (const a of dealerValues)
                for (const b of dealerValues)
                  for (const c of dealerValues)
                    for (const d of dealerValues)
                      for (const e of dealerValues) {
                        const dealer: Partial<DealerFlags> = {};
                        [a, b, c, d, e].forEach((value, i) => {
                          if (value !== undefined) dealer[DEALER_FLAGS[i]] = value;
                        });
                        const label = JSON.stringify({
                          role,
                          credits,
                          accessControl,
                          partnersReport,
                          hasDesignation,
                          dealer,
                        });
                        const result = buildMenu({
                          user_type: role,
                          designation_id: hasDesignation ? 'designation-1' : null,
                          accessing_module: ACCESS,
                          organization: organization({
                            enable_credits_recharge: credits,
                            is_access_control_enable: accessControl,
                            is_enable_partners_monthly_closed_ticket_report_tab: partnersReport,
                          }),
                          dealer,
                        });
                        cases++;

                        if (DESIGNATION_ROLES.includes(role) && !hasDesignation) {
                          expect(result, label).toEqual({
                            ok: false,
                            reason: 'MISSING_DESIGNATION',
                            message: MISSING_DESIGNATION,
                          });
                          continue;
                        }
                        if (!result.ok) throw new Error(`unexpected refusal ${label}`);

                        let expected: string[];
                        if (DESIGNATION_ROLES.includes(role) && accessControl) {
                          expected = expectedAccessMenu(credits, partnersReport);
                          expect(result.accessControlled, label).toBe(true);
                        } else {
                          expect(result.accessControlled, label).toBe(false);
                          expected =
                            role === 'DEALER_OWNER' || role === 'DEALER_AGENT'
                              ? expectedDealerMenu(dealer)
                              : DEFAULT_MENUS[role];
                          if (!credits) expected = expected.filter((line) => line !== 'Transactions');
                          if (!partnersReport) {
                            expected = expected.filter(
                              (line) => line !== 'Reports > Partners Closed Ticket Reports',
                            );
                          }
                        }
                        expect(outline(result.menu), label).toEqual(expected);
                        for (const item of result.menu) {
                          expect(item.has_child_routes, label).toBe(item.SubMenu.length > 0);
                        }
                      }
      expect(cases).toBe(16 * 243);
    });
  }
});

describe('owner and admin', () => {
  it.each(['OWNER', 'ADMIN'] as const)(
    '%s: Partners Closed Ticket Reports is the last Reports sub-item, shown only when enabled',
    (role) => {
      const on = menuOf({ user_type: role }).find((item) => item.MenuName === 'Reports');
      expect(on?.SubMenu.at(-1)).toMatchObject({
        MenuName: 'Partners Closed Ticket Reports',
        MenuRoute: '/PartnersClosedTicketReports',
      });
      const off = menuOf({
        user_type: role,
        organization: organization({ is_enable_partners_monthly_closed_ticket_report_tab: false }),
      }).find((item) => item.MenuName === 'Reports');
      expect(off?.SubMenu.map((sub) => sub.MenuName)).toHaveLength(9);
      expect(off?.SubMenu.at(-1)?.MenuName).toBe('Download Reports');
    },
  );

  it.each(['OWNER', 'ADMIN'] as const)('%s: Transactions goes when credits recharge is disabled', (role) => {
    expect(menuOf({ user_type: role }).at(-1)).toMatchObject({
      MenuName: 'Transactions',
      MenuRoute: '/Transactions',
    });
    const menu = menuOf({ user_type: role, organization: organization({ enable_credits_recharge: false }) });
    expect(menu.map((item) => item.MenuName)).not.toContain('Transactions');
    expect(menu.at(-1)?.MenuName).toBe('Settings');
  });

  it('ignores access control and the designation', () => {
    const menu = menuOf({
      user_type: 'ADMIN',
      designation_id: null,
      accessing_module: [],
      organization: organization({ is_access_control_enable: true }),
    });
    expect(outline(menu)).toEqual(FULL_MENU);
  });

  it('routes: Tickets opens /ActiveTickets, Settings opens Service Types', () => {
    const menu = menuOf({ user_type: 'OWNER' });
    const route = (name: string) => menu.find((item) => item.MenuName === name)?.MenuRoute;
    expect(route('Dashboard')).toBe('/Dashboard');
    expect(route('Tickets')).toBe('/ActiveTickets');
    expect(route('Settings')).toBe('/ServiceTypes');
    expect(route('All Search')).toBe('/AllModules');
    expect(route('Requests')).toBe('/RequestForServices');
    expect(route('Scheduled Service')).toBe('/ScheduleServices');
    expect(route('Leads')).toBe('/ProductSales');
    expect(route('Product Replacement')).toBe('/FgrView');
    expect(route('Store/Service Center')).toBe('/ServiceCenter');
    expect(route('Audit Logs')).toBe('/AuditLogs');
  });
});

describe('dealer menu', () => {
  it.each(DEALER_FLAGS)('%s false removes its tab', (flag) => {
    const all = menuOf({ user_type: 'DEALER_OWNER', dealer: {} });
    const without = menuOf({ user_type: 'DEALER_AGENT', dealer: { [flag]: false } });
    const removed = {
      is_report_tab_visible: 'Reports',
      is_product_fleet_tab_visible: 'My Product Fleet',
      is_customer_tab_visible: 'My Customers',
      enable_service_co_ordinators_tab: 'Service Co-Ordinators',
      enable_representatives_tab: 'Representatives',
    }[flag];
    expect(all.map((item) => item.MenuName)).toContain(removed);
    expect(without.map((item) => item.MenuName)).toEqual(
      all.map((item) => item.MenuName).filter((name) => name !== removed),
    );
  });

  it('routes of the dealer tabs', () => {
    const menu = menuOf({ user_type: 'DEALER_OWNER' });
    expect(menu.map((item) => [item.MenuName, item.MenuRoute])).toEqual([
      ['Dashboard', '/Dashboard'],
      ['Reports', '/AttendenceReport'],
      ['My Tickets', '/ActiveTickets'],
      ['RFS', '/RFS'],
      ['My Product Fleet', '/DealerProducts'],
      ['My Customers', '/MyCustomer'],
      ['Service Co-Ordinators', '/DealerAgent'],
      ['Representatives', '/DealerRepresentative'],
      ['Cabinet', '/Cabinet'],
    ]);
  });

  it('dealer flags do not touch other roles', () => {
    const dealer = Object.fromEntries(DEALER_FLAGS.map((flag) => [flag, false]));
    expect(outline(menuOf({ user_type: 'SERVICE_PARTNER', dealer }))).toEqual(DEFAULT_MENUS.SERVICE_PARTNER);
  });
});

describe('partner, technician and representative menus', () => {
  it('partner routes', () => {
    const menu = menuOf({ user_type: 'PARTNER_AGENT' });
    expect(menu.map((item) => [item.MenuName, item.MenuRoute])).toEqual([
      ['Dashboard', '/Dashboard'],
      ['Reports', '/AttendenceReport'],
      ['Tickets', '/ActiveTickets'],
      ['Customers', '/CustomersView'],
      ['Service Co-Ordinators', '/PartnerServiceCoOrdinators'],
      ['Partner Payout', '/ServicePartnerPayout'],
      ['Representatives', '/PartnerRepresentatives'],
      ['Store/Service Center', '/ServiceCenter'],
      ['Inventory', '/InventoryView'],
      ['Components Transaction History', '/ComponentsTransactionHistory'],
      ['Cabinet', '/Cabinet'],
    ]);
  });

  it('technician: My Work opens the field engineer app', () => {
    expect(menuOf({ user_type: 'TECHNICIAN', designation_id: null })).toEqual([
      {
        MenuName: 'My Work',
        MenuICon: 'Engineering',
        MenuRoute: '/Technician',
        has_child_routes: false,
        SubMenu: [],
      },
    ]);
  });

  it('representative: Dashboard and My Tickets in every state', () => {
    const menu = menuOf({ user_type: 'REPRESENTATIVE', designation_id: null });
    expect([...menuRoutes(menu)]).toEqual([
      '/Dashboard',
      '/ActiveTickets',
      '/PartiallyClosedTickets',
      '/ClosedTickets',
      '/InactiveTickets',
    ]);
  });

  it('every party user reaches the four ticket tabs of their own tickets', () => {
    const tabs = ['/ActiveTickets', '/PartiallyClosedTickets', '/ClosedTickets', '/InactiveTickets'];
    const dealerFlagsOff = Object.fromEntries(DEALER_FLAGS.map((flag) => [flag, false]));
    const partyRoles: Role[] = [
      'DEALER_OWNER',
      'DEALER_AGENT',
      'REPRESENTATIVE',
      'SERVICE_PARTNER',
      'PARTNER_AGENT',
    ];
    for (const user_type of partyRoles) {
      for (const dealer of [{}, dealerFlagsOff]) {
        const routes = menuRoutes(menuOf({ user_type, designation_id: null, dealer }));
        for (const tab of tabs) expect(routes.has(tab), `${user_type} ${tab}`).toBe(true);
      }
    }
  });
});

describe('access control', () => {
  const controlled = (
    role: Role,
    accessing_module: AccessModule[] | null,
    flags: Partial<OrganizationDetails> = {},
  ) =>
    menuOf({
      user_type: role,
      accessing_module,
      organization: organization({ is_access_control_enable: true, ...flags }),
    });

  it('matches names ignoring case and spaces, and hides VIEW false', () => {
    const menu = controlled('AGENT', ACCESS);
    expect(outline(menu)).toEqual(expectedAccessMenu(true, true));
    // Settings grants EDIT but not VIEW; Cabinet grants nothing; Active Tickets is VIEW false.
    expect(menuGrantsModule(menu, 'Settings')).toBe(false);
    expect(menuGrantsModule(menu, 'Service Types')).toBe(false);
    expect(menuGrantsModule(menu, 'Cabinet')).toBe(false);
    expect(menuGrantsModule(menu, 'Active Tickets')).toBe(false);
    expect(menuGrantsModule(menu, 'Attendance Report')).toBe(false);
    expect(menuGrantsModule(menu, 'Closed Tickets')).toBe(true);
  });

  it('a group opens a sub-item it still shows; a module without sub-modules is a plain link', () => {
    const menu = controlled('MANAGER', ACCESS);
    const byName = Object.fromEntries(menu.map((item) => [item.MenuName, item]));
    expect(byName.Tickets).toMatchObject({ MenuRoute: '/ClosedTickets', has_child_routes: true });
    expect(byName.Reports).toMatchObject({ MenuRoute: '/TicketReports', has_child_routes: true });
    expect(byName.Masters).toMatchObject({ MenuRoute: '/DealersView', has_child_routes: false, SubMenu: [] });
    expect([...menuRoutes(menu)].sort()).toEqual(
      [
        '/Dashboard',
        '/TicketReports',
        '/PartnersClosedTicketReports',
        '/ClosedTickets',
        '/DealersView',
        '/Transactions',
      ].sort(),
    );
  });

  it('the organization flags still remove Transactions and the partners report', () => {
    const menu = controlled('NSM', ACCESS, {
      enable_credits_recharge: false,
      is_enable_partners_monthly_closed_ticket_report_tab: false,
    });
    expect(outline(menu)).toEqual([
      'Dashboard',
      'Reports',
      'Reports > Download Reports',
      'Tickets',
      'Tickets > Closed Tickets',
      'Masters',
    ]);
  });

  it('a designation with no modules gives an empty menu', () => {
    expect(controlled('RSM', null)).toEqual([]);
    expect(controlled('RSM', [])).toEqual([]);
  });

  it('a designation can grant any item of the full menu, e.g. Settings with two of its pages', () => {
    const menu = controlled('MANAGEMENT', [
      {
        module_name: 'settings',
        module_rights: [{ VIEW: true }],
        sub_modules: [
          { module_name: 'Organization Settings', module_rights: [{ VIEW: true }], sub_modules: [] },
          { module_name: 'Designations', module_rights: [{ VIEW: true }], sub_modules: [] },
          { module_name: 'Service Types', module_rights: [{ VIEW: false }], sub_modules: [] },
        ],
      },
    ]);
    expect(outline(menu)).toEqual([
      'Settings',
      'Settings > Organization Settings',
      'Settings > Designations',
    ]);
    expect(menu[0].MenuRoute).toBe('/OrganizationSettings');
  });

  it.each(DESIGNATION_ROLES)('%s without a designation is refused, access control on or off', (role) => {
    for (const is_access_control_enable of [true, false]) {
      for (const designation_id of [null, '', '  ']) {
        expect(
          buildMenu({
            user_type: role,
            designation_id,
            accessing_module: ACCESS,
            organization: organization({ is_access_control_enable }),
          }),
        ).toEqual({ ok: false, reason: 'MISSING_DESIGNATION', message: MISSING_DESIGNATION });
      }
    }
  });

  it.each([
    'OWNER',
    'ADMIN',
    'SERVICE_PARTNER',
    'PARTNER_AGENT',
    'DEALER_OWNER',
    'DEALER_AGENT',
    'TECHNICIAN',
    'REPRESENTATIVE',
  ] as const)('%s is never access-controlled nor refused', (role) => {
    const result = buildMenu({
      user_type: role,
      designation_id: null,
      accessing_module: [],
      organization: organization({ is_access_control_enable: true }),
    });
    expect(result.ok && result.accessControlled).toBe(false);
    expect(result.ok).toBe(true);
  });
});

/** Where each role lands after signing in. */
const LANDING: Record<Role, string> = {
  OWNER: '/Dashboard',
  ADMIN: '/Dashboard',
  MANAGER: '/Dashboard',
  MANAGEMENT: '/Dashboard',
  NSM: '/Dashboard',
  RSM: '/ActiveTickets',
  AGENT: '/ActiveTickets',
  STORE_MANAGER: '/ActiveTickets',
  SERVICE_PARTNER: '/ActiveTickets',
  PARTNER_AGENT: '/ActiveTickets',
  DEALER_OWNER: '/ActiveTickets',
  DEALER_AGENT: '/ActiveTickets',
  REPRESENTATIVE: '/ActiveTickets',
  TECHNICIAN: '/Technician',
};

describe('landingRedirect', () => {
  it.each(ROLES)('%s', (role) => {
    expect(landingRedirect(role, false)).toEqual({ route: LANDING[role], delayMs: 0 });
    expect(landingRedirect(role, true)).toEqual({ route: LANDING[role], delayMs: 2000 });
  });

  it('delays no longer than the inherited ones', () => {
    expect(LOGIN_NAVIGATION_DELAY_MS).toBe(500);
    expect(ACCESS_CONTROL_REDIRECT_DELAY_MS).toBe(2000);
  });

  it.each(ROLES)('%s lands on a page of its default menu', (role) => {
    const menu = menuOf({ user_type: role });
    expect(menuRoutes(menu).has(landingRedirect(role, false).route)).toBe(true);
  });
});

describe('routeAfterOrganizationSwitch (a switch goes to /Dashboard)', () => {
  // A switch goes to /Dashboard, which partner, dealer and representative menus have though they
  // land elsewhere at sign-in. The others have none (agent and store manager by their default
  // menu, the RSM's reduced menu, the technician's My Work): their landing page.
  const AFTER_SWITCH: Record<Role, string> = {
    ...LANDING,
    SERVICE_PARTNER: '/Dashboard',
    PARTNER_AGENT: '/Dashboard',
    DEALER_OWNER: '/Dashboard',
    DEALER_AGENT: '/Dashboard',
    REPRESENTATIVE: '/Dashboard',
  };

  it.each(ROLES)('%s with its default menu', (role) => {
    expect(routeAfterOrganizationSwitch(role, menuOf({ user_type: role }))).toBe(AFTER_SWITCH[role]);
  });

  it('a designation without Dashboard goes to the role landing page when the menu has it, else its first page', () => {
    const organizationWithAccessControl = organization({ is_access_control_enable: true });
    const tickets: AccessModule = {
      module_name: 'Tickets',
      module_rights: [{ VIEW: true }],
      sub_modules: [],
    };
    const withTickets = menuOf({
      user_type: 'MANAGER',
      organization: organizationWithAccessControl,
      accessing_module: [tickets],
    });
    // A manager lands on /Dashboard, which this menu lacks: the first page it has.
    expect(routeAfterOrganizationSwitch('MANAGER', withTickets)).toBe('/ActiveTickets');
    // An agent lands on /ActiveTickets, which this menu has.
    const agentMenu = menuOf({
      user_type: 'AGENT',
      organization: organizationWithAccessControl,
      accessing_module: [tickets],
    });
    expect(routeAfterOrganizationSwitch('AGENT', agentMenu)).toBe('/ActiveTickets');
  });
});

describe('menuGrantsModule and normalizeModuleName', () => {
  it('normalizes case and spaces', () => {
    expect(normalizeModuleName(' Audit  Logs\t')).toBe('auditlogs');
    expect(normalizeModuleName('Store/Service Center')).toBe('store/servicecenter');
  });

  it('finds top-level items and sub-items by normalized name', () => {
    const owner = menuOf({ user_type: 'OWNER' });
    expect(menuGrantsModule(owner, 'tickets')).toBe(true);
    expect(menuGrantsModule(owner, 'ACTIVETICKETS')).toBe(true);
    expect(menuGrantsModule(owner, 'audit logs')).toBe(true);
    expect(menuGrantsModule(owner, 'Designations')).toBe(true);
    expect(menuGrantsModule(owner, 'Not A Module')).toBe(false);
  });

  it('follows the role menu and the organization flags', () => {
    const agent = menuOf({ user_type: 'AGENT' });
    expect(menuGrantsModule(agent, 'Reports')).toBe(true);
    expect(menuGrantsModule(agent, 'Download Reports')).toBe(true);
    expect(menuGrantsModule(agent, 'Attendance Report')).toBe(false);
    expect(menuGrantsModule(agent, 'Dashboard')).toBe(false);
    expect(menuGrantsModule(agent, 'Settings')).toBe(false);
    expect(menuGrantsModule(agent, 'Inventory')).toBe(false);
    const noCredits = menuOf({
      user_type: 'OWNER',
      organization: organization({ enable_credits_recharge: false }),
    });
    expect(menuGrantsModule(noCredits, 'Transactions')).toBe(false);
    expect(menuGrantsModule([], 'Dashboard')).toBe(false);
  });
});

describe('menuInputFromUser', () => {
  const user: CurrentUser = {
    user_id: 'u1',
    user_name: 'Dee Ler',
    user_email_id: 'dee@example.com',
    user_type: 'DEALER_AGENT',
    organization_id: 'o1',
    designation_id: null,
    designation_detail: null,
    organization_details: organization({ enable_credits_recharge: false }),
    time_zone: 'Asia/Kolkata',
    is_customer_tab_visible: false,
    enable_representatives_tab: true,
  };

  it('takes the fields of the current user; missing dealer flags stay missing', () => {
    expect(menuInputFromUser(user)).toEqual({
      user_type: 'DEALER_AGENT',
      designation_id: null,
      accessing_module: null,
      organization: user.organization_details,
      dealer: { is_customer_tab_visible: false, enable_representatives_tab: true },
    });
    const result = buildMenu(menuInputFromUser(user));
    expect(result.ok && result.menu.map((item) => item.MenuName)).toEqual([
      'Dashboard',
      'Reports',
      'My Tickets',
      'RFS',
      'My Product Fleet',
      'Service Co-Ordinators',
      'Representatives',
      'Cabinet',
    ]);
  });

  it('reads accessing_module from designation_detail', () => {
    const manager: CurrentUser = {
      ...user,
      user_type: 'MANAGER',
      designation_id: 'd1',
      designation_detail: { accessing_module: ACCESS },
      organization_details: organization({ is_access_control_enable: true }),
    };
    const result = buildMenu(menuInputFromUser(manager));
    expect(result.ok && outline(result.menu)).toEqual(expectedAccessMenu(true, true));
  });
});

describe('menus are fresh values', () => {
  it('changing a returned menu does not change the next one', () => {
    const first = menuOf({ user_type: 'OWNER' });
    first[0].MenuName = 'Changed';
    first[1].SubMenu.length = 0;
    expect(outline(menuOf({ user_type: 'OWNER' }))).toEqual(FULL_MENU);
  });
});

/** Every child route of the shell the old portal had, written out by hand. */
const INHERITED_SHELL_ROUTES = [
  // Dashboard and work
  '/Dashboard',
  '/RequestForServices',
  '/ScheduleServices',
  '/MRFTickets',
  '/RFS',
  '/AllModules',
  // Tickets
  '/Tickets',
  '/ActiveTickets',
  '/PartiallyClosedTickets',
  '/ClosedTickets',
  '/InactiveTickets',
  '/CostConfiguration',
  '/ServicePartnerPayout',
  // Quotations, purchasing, documents
  '/QuotationsList',
  '/QuotationsView',
  '/TemplateList',
  '/ContractsList',
  '/PurchaseOrder',
  '/VendorsView',
  '/Cabinet',
  // Reports
  '/AttendenceReport',
  '/MonthlyUserReport',
  '/MonthlyTicketReports',
  '/AmcRenewalDue',
  '/ServiceTypeReport',
  '/TicketAgingReport',
  '/ProductivityReport',
  '/CustomerProducts',
  '/TicketReports',
  '/PartnersClosedTicketReports',
  // People
  '/DealersView',
  '/EnterpriseUsers',
  '/EnterpriseTechnicians',
  '/ServicePartners',
  '/AllRepsAndAgents',
  '/InvalidUsers',
  '/PartnerServiceCoOrdinators',
  '/PartnerRepresentatives',
  '/DealerAgent',
  '/DealerRepresentative',
  // Products and inventory
  '/ProductCatalogue',
  '/ProductFleet',
  '/ComponentsView',
  '/ComponentsTransactionHistory',
  '/InventoryView',
  '/ProductFleetInventory',
  '/ServiceCenter',
  '/DealerProducts',
  '/CustomersView',
  '/MyCustomer',
  '/TerritoriesView',
  '/ProductSales',
  // Approvals
  '/Approvals',
  '/PayoutApprovals',
  '/ProductFleetApprovals',
  '/ProductFleetTaggingApproval',
  '/QuotationApprovals',
  '/FgrApprovals',
  '/FgrView',
  // Settings
  '/SupportTypes',
  '/ProductFleetStatus',
  '/ServiceTypes',
  '/AdditionalParts',
  '/TerritoryCategories',
  '/WipState',
  '/EscalationNotification',
  '/ProblemDescription',
  '/ClosureRemarks',
  '/CustomerCategory',
  '/WorkflowSettings',
  '/OrganizationSettings',
  '/DesignationsView',
  // Audit
  '/AuditLogs',
];

describe('SHELL_ROUTES', () => {
  const shell = new Map(SHELL_ROUTES.map((entry) => [entry.route, entry]));

  it('lists every inherited route, /Transactions and /Technician, once each', () => {
    expect(new Set(INHERITED_SHELL_ROUTES).size).toBe(73);
    expect(shell.size).toBe(SHELL_ROUTES.length);
    for (const route of INHERITED_SHELL_ROUTES) expect(shell.has(route), route).toBe(true);
    expect(
      SHELL_ROUTES.map((entry) => entry.route).filter((route) => !INHERITED_SHELL_ROUTES.includes(route)),
    ).toEqual(['/Transactions', '/Technician', '/MailOutbox']);
    for (const entry of SHELL_ROUTES) {
      expect(entry.title.trim(), entry.route).not.toBe('');
      expect(entry.area, entry.route).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('names a page as the menu item that opens it', () => {
    const page = (route: string) => SHELL_ROUTES.find((entry) => entry.route === route)!;
    const owner = menuOf({ user_type: 'OWNER' });
    const dealer = menuOf({ user_type: 'DEALER_OWNER' });
    expect(pageTitle(owner, page('/MyCustomer'))).toBe('Dealer Customers');
    expect(pageTitle(dealer, page('/MyCustomer'))).toBe('My Customers');
    expect(pageTitle(owner, page('/ActiveTickets'))).toBe('Active Tickets');
    expect(pageTitle(owner, page('/ServiceTypes'))).toBe('Service Types');
    expect(pageTitle(owner, page('/AllModules'))).toBe('All Search');
    expect(pageTitle(owner, page('/ServiceCenter'))).toBe('Store/Service Center');
    expect(pageTitle(dealer, page('/AuditLogs'))).toBe('Audit Logs');
  });

  it('uses the inherited parenthesised labels as titles', () => {
    const titles: Record<string, string> = {
      '/AllModules': 'All Search',
      '/TicketReports': 'Download Reports',
      '/DealerAgent': 'Service Co-Ordinators',
      '/DealerRepresentative': 'Representatives',
      '/ProductFleetInventory': 'Transfer Product Fleet',
      '/ServiceCenter': 'Store/Service Center',
      '/DealerProducts': 'My Product Fleet',
      '/MyCustomer': 'My Customers',
      '/ProductSales': 'Leads',
      '/FgrView': 'Product Replacement',
      '/FgrApprovals': 'Product Replacement Approvals',
      '/Approvals': 'Component Approvals',
      '/ServiceTypes': 'Service Types',
      '/Technician': 'My Work',
    };
    for (const [route, title] of Object.entries(titles)) expect(shell.get(route)?.title, route).toBe(title);
  });

  it('gives each route the area whose folder serves it', () => {
    const areas: Record<string, string> = {
      '/Dashboard': 'dashboard',
      '/ActiveTickets': 'tickets',
      '/TicketReports': 'reports',
      '/EnterpriseUsers': 'people',
      '/ProductCatalogue': 'product-catalogue',
      '/InventoryView': 'inventory',
      '/CustomersView': 'customers',
      '/TerritoriesView': 'territories',
      '/QuotationApprovals': 'approvals',
      '/ServiceTypes': 'settings',
      '/AuditLogs': 'audit',
      '/QuotationsList': 'quotations',
      '/Technician': 'tickets',
      '/OrganizationSettings': 'organization',
      '/DesignationsView': 'designations',
      '/MailOutbox': 'mail-outbox',
    };
    for (const [route, area] of Object.entries(areas)) expect(shell.get(route)?.area, route).toBe(area);
  });

  it('the full menu reaches every inherited route (/Tickets is the group route its item opens as /ActiveTickets)', () => {
    const routes = menuRoutes(fullMenu(organization()));
    const unreachable = INHERITED_SHELL_ROUTES.filter((route) => !routes.has(route));
    expect(unreachable).toEqual(['/Tickets']);
    expect(routes.has('/Transactions')).toBe(true);
  });

  it.each(ROLES)('every route of the %s menu is a shell route', (role) => {
    for (const route of menuRoutes(menuOf({ user_type: role }))) expect(shell.has(route), route).toBe(true);
  });
});

describe('icons', () => {
  const icons = new URL('../../../node_modules/@mui/icons-material/', import.meta.url);
  it.skipIf(!existsSync(fileURLToPath(icons)))('every MenuICon is an MUI icon name', () => {
    const all: MenuItem[] = [];
    const collect = (items: MenuItem[]) => items.forEach((item) => (all.push(item), collect(item.SubMenu)));
    for (const role of ROLES) collect(menuOf({ user_type: role }));
    for (const item of all)
      expect(existsSync(fileURLToPath(new URL(`${item.MenuICon}.js`, icons))), item.MenuICon).toBe(true);
  });
});
