import type { Access, Right } from './operation.ts';
import type { AccessModule } from './operations/account.ts';
import { MSG } from './messages.ts';
import { buildMenu, normalizeModuleName, type MenuInput, type MenuItem, type MenuResult } from './menus.ts';

/**
 * Who may call an operation, as one pure function (ARCHITECTURE.md "Who may do what"): the server's
 * authorize() asks it for every request and the permission table (permissions.snap.md) is printed
 * from it, so the table and the server cannot disagree.
 */

/** The facts about a caller that decide access: the same ones the menu is built from. */
export type CallerProfile = MenuInput;

export type RefusalReason = 'MISSING_DESIGNATION' | 'MODULE_NOT_IN_MENU' | 'RIGHT_NOT_GRANTED';

export type AccessDecision = { allowed: true } | { allowed: false; reason: RefusalReason; message: string };

/**
 * Allowed when the operation needs no module, or when one of its modules is in the caller's menu
 * (SPEC section 4) and, with access control on, the caller's designation grants the right on that
 * module where the menu shows it. Without access control the role default menu implies every right
 * on the modules it shows. `menu` may be passed when already built from the same profile.
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
 * group are told apart. Names match ignoring case and spaces (SPEC section 4).
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
