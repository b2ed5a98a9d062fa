import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.ts';
import type { Access, OperationDef } from './operation.ts';
import type { AccessModule, OrganizationDetails } from './operations/account.ts';
import {
  callerHoldsRight,
  decideAccess,
  decideDesignationGrant,
  decideStaffGrant,
  designationGrants,
  modulePaths,
} from './permissions.ts';
import {
  SAMPLE_DESIGNATION,
  TABLE_ORGANIZATION,
  moduleEntry,
  tableProfile,
} from './permission-samples.test-kit.ts';
import { buildMenu, fullMenu, type MenuItem } from './menus.ts';
import { DESIGNATION_ROLES, ROLES } from './roles.ts';

// The expected decisions of the first block are written out by hand from
// docs/product.md#menus-and-landing-pages; the table at the end is printed from the function
// itself, so that a diff in it is a reviewed permission change.

const organization = (flags: Partial<OrganizationDetails> = {}) => ({ ...TABLE_ORGANIZATION, ...flags });
const profile = tableProfile;
const entry = moduleEntry;

const allowed = { allowed: true };
const notInMenu = { allowed: false, reason: 'MODULE_NOT_IN_MENU' };
const rightMissing = { allowed: false, reason: 'RIGHT_NOT_GRANTED' };

describe('decideAccess', () => {
  it('lets every role call an operation that needs no module, even without a designation', () => {
    for (const role of ROLES) {
      expect(decideAccess({ module: null }, profile(role, { designation: false })), role).toEqual(allowed);
    }
  });

  it('refuses a designation role without a designation with its message', () => {
    expect(
      decideAccess({ module: 'Dashboard', right: 'VIEW' }, profile('MANAGER', { designation: false })),
    ).toEqual({
      allowed: false,
      reason: 'MISSING_DESIGNATION',
      message: 'Designation is not Updated, Kindly contact Admin to update Designation..!',
    });
  });

  it('follows the role default menus when access control is off', () => {
    const auditLogs: Access = { module: 'Audit Logs', right: 'EXPORT' };
    expect(decideAccess(auditLogs, profile('OWNER'))).toEqual(allowed);
    expect(decideAccess(auditLogs, profile('AGENT'))).toEqual(allowed);
    expect(decideAccess(auditLogs, profile('MANAGEMENT'))).toEqual(allowed);
    expect(decideAccess(auditLogs, profile('MANAGER'))).toMatchObject(notInMenu);
    expect(decideAccess(auditLogs, profile('SERVICE_PARTNER'))).toMatchObject(notInMenu);
    expect(decideAccess(auditLogs, profile('TECHNICIAN'))).toMatchObject(notInMenu);
    const settings: Access = { module: 'Organization Settings', right: 'EDIT' };
    expect(decideAccess(settings, profile('ADMIN'))).toEqual(allowed);
    expect(decideAccess(settings, profile('AGENT'))).toMatchObject(notInMenu);
    expect(decideAccess(settings, profile('DEALER_OWNER'))).toMatchObject(notInMenu);
  });

  it('takes the organization flags into account: no Transactions without credits recharge', () => {
    const transactions: Access = { module: 'Transactions', right: 'VIEW' };
    expect(decideAccess(transactions, profile('OWNER'))).toEqual(allowed);
    expect(
      decideAccess(transactions, profile('OWNER', { flags: { enable_credits_recharge: false } })),
    ).toMatchObject(notInMenu);
  });

  it('serves one operation under several module names, each as its menu names it', () => {
    const customers: Access = { module: ['Customers', 'Dealer Customers', 'My Customers'], right: 'VIEW' };
    expect(decideAccess(customers, profile('SERVICE_PARTNER'))).toEqual(allowed);
    expect(decideAccess(customers, profile('DEALER_OWNER'))).toEqual(allowed);
    expect(
      decideAccess(customers, profile('DEALER_OWNER', { dealer: { is_customer_tab_visible: false } })),
    ).toMatchObject(notInMenu);
    expect(decideAccess(customers, profile('TECHNICIAN'))).toMatchObject(notInMenu);
  });

  describe('with access control on', () => {
    const accessing = [
      entry('Audit Logs', { VIEW: true }),
      entry('settings', { VIEW: true, EDIT: true }, [
        entry('Designations', { VIEW: true }),
        entry('organization  SETTINGS', { VIEW: true, EDIT: true }),
        entry('Service Types', { VIEW: false, EDIT: true }),
      ]),
      entry('Inventory', { VIEW: true }, [entry('Inventory', { VIEW: true, CREATE: true })]),
    ];
    const agent = profile('AGENT', { accessControl: true, accessing });

    it('allows VIEW on a module the designation shows, names matched ignoring case and spaces', () => {
      expect(decideAccess({ module: 'Audit Logs', right: 'VIEW' }, agent)).toEqual(allowed);
      expect(decideAccess({ module: 'Organization Settings', right: 'VIEW' }, agent)).toEqual(allowed);
      expect(decideAccess({ module: 'Designations', right: 'VIEW' }, agent)).toEqual(allowed);
    });

    it('refuses another right unless the designation grants it on that very module', () => {
      expect(decideAccess({ module: 'Audit Logs', right: 'EXPORT' }, agent)).toMatchObject(rightMissing);
      expect(decideAccess({ module: 'Organization Settings', right: 'EDIT' }, agent)).toEqual(allowed);
      // EDIT on the Settings group does not reach its Designations sub-module.
      expect(decideAccess({ module: 'Designations', right: 'EDIT' }, agent)).toMatchObject(rightMissing);
    });

    it('refuses a module whose VIEW is false, whatever else it grants', () => {
      expect(decideAccess({ module: 'Service Types', right: 'EDIT' }, agent)).toMatchObject(notInMenu);
      expect(decideAccess({ module: 'Dashboard', right: 'VIEW' }, agent)).toMatchObject(notInMenu);
    });

    it('tells a group from its sub-item of the same name', () => {
      // 'Inventory' is the group and its first sub-item: CREATE is granted on the sub-item only.
      expect(decideAccess({ module: 'Inventory', right: 'CREATE' }, agent)).toEqual(allowed);
      expect(designationGrants(accessing, ['Inventory'], 'CREATE')).toBe(false);
      expect(designationGrants(accessing, ['Inventory', 'Inventory'], 'CREATE')).toBe(true);
    });

    it('does not apply to owners, admins, partners and dealers', () => {
      for (const role of ['OWNER', 'ADMIN'] as const) {
        const owner = profile(role, { accessControl: true, accessing: [] });
        expect(decideAccess({ module: 'Designations', right: 'DELETE' }, owner), role).toEqual(allowed);
      }
      const partner = profile('SERVICE_PARTNER', { accessControl: true, accessing: [] });
      expect(decideAccess({ module: 'Customers', right: 'EDIT' }, partner)).toEqual(allowed);
    });
  });

  it('follows the designation at once: without Tickets VIEW, a Tickets operation is refused', () => {
    // No ticket operation exists yet (the tickets issue adds them); any will declare module 'Tickets'.
    const ticketsOperation: Access = { module: 'Tickets', right: 'VIEW' };
    const withTickets = [entry('Dashboard', { VIEW: true }), entry('Tickets', { VIEW: true, EDIT: true })];
    const manager = (accessing: typeof withTickets) => profile('MANAGER', { accessControl: true, accessing });
    expect(decideAccess(ticketsOperation, manager(withTickets))).toEqual(allowed);
    const withoutView = [withTickets[0], entry('Tickets', { VIEW: false, EDIT: true })];
    expect(decideAccess(ticketsOperation, manager(withoutView))).toMatchObject(notInMenu);
    expect(decideAccess({ module: 'Tickets', right: 'EDIT' }, manager(withoutView))).toMatchObject(notInMenu);
    expect(decideAccess(ticketsOperation, manager([withTickets[0]]))).toMatchObject(notInMenu);
  });

  it('finds where a module sits in the full menu', () => {
    const menu = fullMenu(organization());
    expect(modulePaths(menu, 'designations')).toEqual([['Settings', 'Designations']]);
    expect(modulePaths(menu, 'Inventory')).toEqual([['Inventory'], ['Inventory', 'Inventory']]);
    expect(modulePaths(menu, 'Audit Logs')).toEqual([['Audit Logs']]);
    expect(modulePaths(menu, 'No Such Module')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The permission table (docs/architecture.md#who-may-do-what: a diff in it is a permission change).

const mark = (decision: { allowed: boolean }) => (decision.allowed ? '✓' : '·');

function describeAccess(access: Access): { module: string; right: string } {
  if (access.module === null) return { module: '(any member)', right: '—' };
  const modules = typeof access.module === 'string' ? [access.module] : access.module;
  return { module: modules.join(' / '), right: access.right };
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function outline(modules: AccessModule[], depth = 0): string[] {
  return modules.flatMap((module) => {
    const rights = Object.entries(module.module_rights[0] ?? {})
      .filter(([, on]) => on)
      .map(([right]) => right);
    return [
      `${'  '.repeat(depth)}- ${module.module_name}: ${rights.join(', ') || 'none'}`,
      ...outline(module.sub_modules, depth + 1),
    ];
  });
}

function permissionTable(operations: OperationDef[]): string {
  const ops = [...operations].sort((a, b) => a.name.localeCompare(b.name));
  const lines: string[] = [
    '# Permission table',
    '',
    'Printed by `permissions.test.ts` from the operation catalogue with `decideAccess`, the function',
    "the server's `authorize()` calls for every request. A diff in this file is a permission change:",
    'review it as one. ✓ allowed, · refused (FORBIDDEN).',
    '',
    '## Role defaults (access control off)',
    '',
    'Organization flags on (credits recharge, partners closed-ticket report), dealer tabs on, no',
    'mail server configured (mails kept in the outbox), and a designation for the roles that need one.',
    '',
    row(['operation', 'kind', 'module', 'right', ...ROLES]),
    row(['---', '---', '---', '---', ...ROLES.map(() => ':-:')]),
  ];
  for (const op of ops) {
    const { module, right } = describeAccess(op.access);
    lines.push(
      row([
        op.name,
        op.kind,
        module,
        right,
        ...ROLES.map((role) => mark(decideAccess(op.access, profile(role)))),
      ]),
    );
  }

  lines.push(
    '',
    '## What the organization and dealer flags take away',
    '',
    'Cells of the table above that turn to refused when credits recharge is off, the partners',
    'closed-ticket report is off, a dealer tab is off, or a mail server is configured.',
    '',
  );
  const flagVariants: { label: string; options: Parameters<typeof profile>[1] }[] = [
    { label: 'credits recharge off', options: { flags: { enable_credits_recharge: false } } },
    { label: 'mail server configured', options: { mailOutbox: false } },
    {
      label: 'partners closed-ticket report off',
      options: { flags: { is_enable_partners_monthly_closed_ticket_report_tab: false } },
    },
    ...(
      [
        'is_report_tab_visible',
        'is_product_fleet_tab_visible',
        'is_customer_tab_visible',
        'enable_service_co_ordinators_tab',
        'enable_representatives_tab',
      ] as const
    ).map((flag) => ({ label: `dealer ${flag} off`, options: { dealer: { [flag]: false } } })),
  ];
  let anyLoss = false;
  for (const variant of flagVariants) {
    for (const op of ops) {
      const lost = ROLES.filter(
        (role) =>
          decideAccess(op.access, profile(role)).allowed &&
          !decideAccess(op.access, profile(role, variant.options)).allowed,
      );
      if (lost.length) {
        anyLoss = true;
        lines.push(`- ${variant.label}: ${op.name} refused to ${lost.join(', ')}`);
      }
    }
  }
  if (!anyLoss) lines.push('- No operation of the catalogue depends on these flags yet.');

  lines.push(
    '',
    '## Access control on, with the sample designation',
    '',
    'Owners, admins, partners and dealers keep the table above; these roles follow their',
    "designation's rights (docs/product.md#menus-and-landing-pages). The sample designation grants:",
    '',
    ...outline(SAMPLE_DESIGNATION),
    '',
    row(['operation', 'module', 'right', ...DESIGNATION_ROLES]),
    row(['---', '---', '---', ...DESIGNATION_ROLES.map(() => ':-:')]),
  );
  for (const op of ops) {
    const { module, right } = describeAccess(op.access);
    lines.push(
      row([
        op.name,
        module,
        right,
        ...DESIGNATION_ROLES.map((role) =>
          mark(
            decideAccess(op.access, profile(role, { accessControl: true, accessing: SAMPLE_DESIGNATION })),
          ),
        ),
      ]),
    );
  }

  const withoutDesignation = ops
    .filter((op) =>
      DESIGNATION_ROLES.some(
        (role) => decideAccess(op.access, profile(role, { designation: false })).allowed,
      ),
    )
    .map((op) => op.name);
  lines.push(
    '',
    '## Without a designation',
    '',
    `${DESIGNATION_ROLES.join(', ')} without a designation (docs/product.md#roles-and-parties) may call only: ${withoutDesignation.join(', ') || 'nothing'}.`,
    '',
  );
  return lines.join('\n');
}

describe('security finding 6: delegated privilege escalation (who may grant what)', () => {
  const manager = profile('MANAGER', { accessControl: true, accessing: SAMPLE_DESIGNATION });
  // SAMPLE_DESIGNATION views the audit log; exporting it is more.
  const audit = [moduleEntry('Audit Logs', { VIEW: true, EXPORT: true })];

  it('lets a designation carry only rights the caller’s designation sets, sub-modules under their group', () => {
    expect(decideDesignationGrant(manager, SAMPLE_DESIGNATION)).toEqual({ allowed: true });
    expect(decideDesignationGrant(manager, audit)).toMatchObject({
      allowed: false,
      field: 'accessing_module',
      message: 'You cannot grant Audit Logs (Export): your own designation does not have it.',
    });
    const closedEdit = [
      moduleEntry('Tickets', { VIEW: true }, [moduleEntry('Closed Tickets', { VIEW: true, EDIT: true })]),
    ];
    expect(decideDesignationGrant(manager, closedEdit)).toMatchObject({
      allowed: false,
      message: 'You cannot grant Tickets > Closed Tickets (Edit): your own designation does not have it.',
    });
    expect(
      callerHoldsRight(manager, { module: 'Tickets', sub_module: 'Active Tickets', right: 'EDIT' }),
    ).toBe(true);
  });

  it('keeps a right the caller lacks exactly as it was when a designation is edited', () => {
    const before = [...SAMPLE_DESIGNATION, ...audit];
    expect(decideDesignationGrant(manager, before, before)).toEqual({ allowed: true });
    expect(decideDesignationGrant(manager, SAMPLE_DESIGNATION, before)).toMatchObject({
      allowed: false,
      message: 'You cannot remove Audit Logs (Export): your own designation does not have it.',
    });
  });

  it('lets the owner and admins grant everything', () => {
    for (const role of ['OWNER', 'ADMIN'] as const) {
      expect(decideDesignationGrant(profile(role, { accessControl: true }), audit)).toEqual({
        allowed: true,
      });
      expect(decideStaffGrant(profile(role), { user_type: 'MANAGEMENT', accessing_module: audit })).toEqual({
        allowed: true,
      });
    }
  });

  it('refuses a staff role above the caller’s own, or one whose default menu is wider', () => {
    expect(
      decideStaffGrant(manager, { user_type: 'RSM', accessing_module: SAMPLE_DESIGNATION }),
    ).toMatchObject({ allowed: false, field: 'user_type' });
    expect(
      decideStaffGrant(profile('MANAGER'), { user_type: 'STORE_MANAGER', accessing_module: null }),
    ).toMatchObject({
      allowed: false,
      field: 'user_type',
      message: 'You cannot grant All Search (View): your own role does not have it.',
    });
    expect(decideStaffGrant(profile('MANAGER'), { user_type: 'MANAGER', accessing_module: null })).toEqual({
      allowed: true,
    });
    // Roles outside the staff work in their party's or their own scope: not compared.
    expect(decideStaffGrant(manager, { user_type: 'TECHNICIAN', accessing_module: null })).toEqual({
      allowed: true,
    });
  });
});

describe('the permission table', () => {
  it('lists every operation of the catalogue for every role', async () => {
    await expect(permissionTable(Object.values(CATALOGUE))).toMatchFileSnapshot('./permissions.snap.md');
  });

  it('checks every declared module name against the menus, so that a typo cannot refuse everyone', () => {
    const names = new Set<string>();
    const collect = (menu: MenuItem[]) =>
      menu.forEach((item) => {
        names.add(item.MenuName.toLowerCase());
        collect(item.SubMenu);
      });
    collect(fullMenu(organization()));
    for (const role of ROLES) {
      const menu = buildMenu(profile(role));
      if (menu.ok) collect(menu.menu);
    }
    for (const op of Object.values(CATALOGUE)) {
      if (op.access.module === null) continue;
      const modules = typeof op.access.module === 'string' ? [op.access.module] : op.access.module;
      for (const module of modules)
        expect(names.has(module.toLowerCase()), `${op.name}: module '${module}'`).toBe(true);
    }
  });
});
