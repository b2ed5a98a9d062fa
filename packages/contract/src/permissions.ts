import { RIGHT_LABELS, RIGHTS, type Access, type Right } from './operation.ts';
import type { AccessModule } from './operations/account.ts';
import { MSG } from './messages.ts';
import { buildMenu, normalizeModuleName, type MenuInput, type MenuItem, type MenuResult } from './menus.ts';
import { DESIGNATION_ROLES, roleLabel, type Role } from './roles.ts';

/**
 * Who may call an operation, as one pure function (docs/architecture.md#who-may-do-what): the server's
 * authorize() asks it for every request and the permission table (permissions.snap.md) is printed
 * from it, so the table and the server cannot disagree.
 */

/** The facts about a caller that decide access: the same ones the menu is built from. */
export type CallerProfile = MenuInput;

type RefusalReason = 'MISSING_DESIGNATION' | 'MODULE_NOT_IN_MENU' | 'RIGHT_NOT_GRANTED';

export type AccessDecision = { allowed: true } | { allowed: false; reason: RefusalReason; message: string };

/**
 * Allowed when the operation needs no module, or when one of its modules is in the caller's menu
 * (docs/product.md#menus-and-landing-pages) and, with access control on, the caller's designation
 * grants the right on that module where the menu shows it. Without access control the role default
 * menu implies every right on the modules it shows. `menu` may be passed when already built from
 * the same profile.
 */
export function decideAccess(
  access: Access,
  profile: CallerProfile,
  menu: MenuResult = buildMenu(profile),
): AccessDecision {
  if (access.module === null) return { allowed: true };
  if (!menu.ok) return { allowed: false, reason: menu.reason, message: menu.message };
  const modules = typeof access.module === 'string' ? [access.module] : access.module;
  const placed = modules.flatMap((module) => modulePaths(menu.menu, module));
  if (placed.length === 0) {
    return { allowed: false, reason: 'MODULE_NOT_IN_MENU', message: MSG.forbiddenModule };
  }
  if (!menu.accessControlled || access.right === 'VIEW') return { allowed: true };
  const accessing = profile.accessing_module ?? [];
  if (placed.some((path) => designationGrants(accessing, path, access.right))) return { allowed: true };
  return { allowed: false, reason: 'RIGHT_NOT_GRANTED', message: MSG.forbiddenModule };
}

/** Exporting a list needs the EXPORT right on the list's module; reading a page needs only VIEW. */
export function exportAccessOf(access: Access): Access {
  return access.module === null ? access : { ...access, right: 'EXPORT' };
}

/**
 * Where a module sits in a menu: `[item]`, or `[group, sub-item]` for a sub-item. A name may sit
 * in two places ('Inventory' is a group and its own first sub-item).
 */
export function modulePaths(menu: MenuItem[], moduleName: string): string[][] {
  const wanted = normalizeModuleName(moduleName);
  const paths: string[][] = [];
  for (const item of menu) {
    if (normalizeModuleName(item.MenuName) === wanted) paths.push([item.MenuName]);
    for (const sub of item.SubMenu) {
      if (normalizeModuleName(sub.MenuName) === wanted) paths.push([item.MenuName, sub.MenuName]);
    }
  }
  return paths;
}

/**
 * The designation's rights on a module at the place the menu shows it: a sub-module's rights are
 * those of the entry under its group's entry, so that 'Inventory > Inventory' and the 'Inventory'
 * group are told apart. Names match ignoring case and spaces.
 */
export function designationGrants(accessing: AccessModule[], path: string[], right: Right): boolean {
  let level: AccessModule[] = accessing;
  let entries: AccessModule[] = [];
  for (const name of path) {
    const wanted = normalizeModuleName(name);
    entries = level.filter(
      (entry) =>
        entry && typeof entry.module_name === 'string' && normalizeModuleName(entry.module_name) === wanted,
    );
    level = entries.flatMap((entry) => entry.sub_modules ?? []);
  }
  return entries.some((entry) =>
    (entry.module_rights ?? []).some((rights) => rights?.[right as keyof typeof rights] === true),
  );
}

// ---------------------------------------------------------------------------------------------
// Granting rights (docs/people.md#who-may-grant-what)

/** One right on a module, or on a sub-module of a menu group. */
export interface RightGrant {
  module: string;
  sub_module: string | null;
  right: Right;
}

/** 'Audit Logs (View)', 'Settings > Designations (Edit)'. */
function rightGrantLabel(grant: RightGrant): string {
  const where = grant.sub_module ? `${grant.module} > ${grant.sub_module}` : grant.module;
  return `${where} (${RIGHT_LABELS[grant.right]})`;
}

/** Every right a designation's accessing_module sets, entry by entry (sub-modules under their group). */
function rightsOfDesignation(accessing: AccessModule[] | null | undefined): RightGrant[] {
  const grants: RightGrant[] = [];
  const rightsOf = (entry: AccessModule) =>
    RIGHTS.filter((right) =>
      (entry.module_rights ?? []).some((rights) => rights?.[right as keyof typeof rights] === true),
    );
  for (const entry of accessing ?? []) {
    for (const right of rightsOf(entry)) grants.push({ module: entry.module_name, sub_module: null, right });
    for (const sub of entry.sub_modules ?? []) {
      for (const right of rightsOf(sub)) {
        grants.push({ module: entry.module_name, sub_module: sub.module_name, right });
      }
    }
  }
  return grants;
}

/** Every right a role default menu implies: all of them on every item it shows. */
function rightsOfMenu(menu: MenuItem[]): RightGrant[] {
  const grants: RightGrant[] = [];
  for (const item of menu) {
    for (const right of RIGHTS) grants.push({ module: item.MenuName, sub_module: null, right });
    for (const sub of item.SubMenu) {
      for (const right of RIGHTS) grants.push({ module: item.MenuName, sub_module: sub.MenuName, right });
    }
  }
  return grants;
}

/**
 * Whether the caller holds a right, and so may grant it: the owner and admins hold every right; a
 * member under access control the rights their designation sets; any other member the rights of
 * their role's default menu.
 */
export function callerHoldsRight(
  profile: CallerProfile,
  grant: RightGrant,
  menu: MenuResult = buildMenu(profile),
): boolean {
  if (profile.user_type === 'OWNER' || profile.user_type === 'ADMIN') return true;
  if (!menu.ok) return false;
  const path = grant.sub_module ? [grant.module, grant.sub_module] : [grant.module];
  if (menu.accessControlled) return designationGrants(profile.accessing_module ?? [], path, grant.right);
  const wanted = path.map(normalizeModuleName);
  return menu.menu.some(
    (item) =>
      normalizeModuleName(item.MenuName) === wanted[0] &&
      (wanted.length === 1 || item.SubMenu.some((sub) => normalizeModuleName(sub.MenuName) === wanted[1])),
  );
}

type GrantDecision =
  | { allowed: true }
  | {
      allowed: false;
      message: string;
      /** The right refused; none when the role itself is. */
      refused?: RightGrant;
      /** The input field to show the message at. */
      field: 'user_type' | 'designation_id' | 'accessing_module';
    };

function whose(menu: MenuResult): string {
  return menu.ok && menu.accessControlled ? 'your own designation' : 'your own role';
}

const sameGrant = (a: RightGrant, b: RightGrant) =>
  normalizeModuleName(a.module) === normalizeModuleName(b.module) &&
  normalizeModuleName(a.sub_module ?? '') === normalizeModuleName(b.sub_module ?? '') &&
  a.right === b.right;

/**
 * The one rule of granting: a caller may set on a designation only rights they hold themselves.
 * When a designation is edited (`before`), a right the caller lacks stays exactly as it was: it
 * may not be added, and it may not be taken away either (it is not theirs to decide), so that the
 * editor shows it fixed.
 */
export function decideDesignationGrant(
  profile: CallerProfile,
  accessing: AccessModule[],
  before: AccessModule[] | null = null,
  menu: MenuResult = buildMenu(profile),
): GrantDecision {
  const after = rightsOfDesignation(accessing);
  const previous = rightsOfDesignation(before);
  for (const grant of after) {
    if (callerHoldsRight(profile, grant, menu)) continue;
    if (previous.some((kept) => sameGrant(kept, grant))) continue;
    return refusal('grant', grant, menu);
  }
  for (const grant of previous) {
    if (callerHoldsRight(profile, grant, menu)) continue;
    if (after.some((kept) => sameGrant(kept, grant))) continue;
    return refusal('remove', grant, menu);
  }
  return { allowed: true };
}

function refusal(
  verb: 'grant' | 'remove',
  grant: RightGrant,
  menu: MenuResult,
  field: 'user_type' | 'designation_id' | 'accessing_module' = 'accessing_module',
): GrantDecision {
  return {
    allowed: false,
    field,
    refused: grant,
    message: `You cannot ${verb} ${rightGrantLabel(grant)}: ${whose(menu)} does not have it.`,
  };
}

/**
 * Whether the caller may make a member of the organization's own staff with this role and
 * designation: never a role above their own (ROLE order), and never a right they do
 * not hold, whether it comes from the designation or, without access control, from the role's
 * default menu. The designation is checked either way, for the day access control is turned on.
 * Other roles (technicians, partners', dealers' users) work in a party's or their own scope and are
 * not compared.
 */
export function decideStaffGrant(
  profile: CallerProfile,
  grantee: { user_type: Role; accessing_module: AccessModule[] | null },
  menu: MenuResult = buildMenu(profile),
): GrantDecision {
  if (
    !STAFF_ORDER.includes(grantee.user_type) ||
    profile.user_type === 'OWNER' ||
    profile.user_type === 'ADMIN'
  )
    return { allowed: true };
  if (staffRoleAbove(grantee.user_type, profile.user_type)) {
    return {
      allowed: false,
      field: 'user_type',
      message: `You cannot give or change the ${roleLabel(grantee.user_type)} role: it is above your own (${roleLabel(profile.user_type)}).`,
    };
  }
  if (!profile.organization.is_access_control_enable) {
    const roleMenu = buildMenu({
      ...profile,
      user_type: grantee.user_type,
      designation_id: 'role',
      dealer: undefined,
    });
    for (const grant of roleMenu.ok ? rightsOfMenu(roleMenu.menu) : []) {
      if (!callerHoldsRight(profile, grant, menu)) {
        return refusal('grant', grant, menu, 'user_type');
      }
    }
  }
  const decision = decideDesignationGrant(profile, grantee.accessing_module ?? [], null, menu);
  return decision.allowed ? decision : { ...decision, field: 'designation_id' };
}

/** The organization's own staff, highest first (docs/product.md#people-designations-and-rights). */
const STAFF_ORDER: readonly Role[] = ['OWNER', 'ADMIN', ...DESIGNATION_ROLES];

/**
 * Whether a staff role ranks above the caller's own: nobody gives such a role or changes a member
 * who has it. A caller who is not staff (a party's owner) ranks below every staff role.
 */
export function staffRoleAbove(role: Role, own: Role): boolean {
  const rank = STAFF_ORDER.indexOf(role);
  if (rank < 0) return false;
  const ownRank = STAFF_ORDER.indexOf(own);
  return ownRank < 0 || rank < ownRank;
}
