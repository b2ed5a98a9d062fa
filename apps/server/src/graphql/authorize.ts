import type { Access } from '@fieldport/contract/operation';
import { menuGrantsModule, normalizeModuleName } from '@fieldport/contract/menus';
import type { AccessModule } from '@fieldport/contract/operations/account';
import { MSG } from '@fieldport/contract/messages';
import { forbidden } from '../platform/errors.ts';
import type { Caller } from './caller.ts';

/**
 * The server's half of "a user who cannot see a module in the menu cannot call its operations
 * either" (ARCHITECTURE.md): the same menu rules decide. With access control on, a right other
 * than VIEW must also be granted by the designation.
 */
export function authorize(caller: Caller, access: Access): void {
  if (access.module === null) return;
  if (!caller.menu.ok) throw forbidden(caller.menu.message);
  const menu = caller.menu;
  const modules = typeof access.module === 'string' ? [access.module] : access.module;
  const granted = modules.filter((module) => menuGrantsModule(menu.menu, module));
  if (granted.length === 0) throw forbidden(MSG.forbiddenModule);
  if (menu.accessControlled && access.right !== 'VIEW') {
    const modulesOfDesignation = caller.designation?.accessing_module ?? [];
    if (!granted.some((module) => designationGrants(modulesOfDesignation, module, access.right))) {
      throw forbidden(MSG.forbiddenModule);
    }
  }
}

function designationGrants(modules: AccessModule[], moduleName: string, right: string): boolean {
  const wanted = normalizeModuleName(moduleName);
  const visit = (list: AccessModule[]): boolean =>
    list.some(
      (entry) =>
        (normalizeModuleName(entry.module_name) === wanted &&
          entry.module_rights.some(
            (rights) => (rights as unknown as Record<string, boolean>)[right] === true,
          )) ||
        visit(entry.sub_modules ?? []),
    );
  return visit(modules);
}
