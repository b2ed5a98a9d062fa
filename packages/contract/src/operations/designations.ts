import { z } from 'zod';
import { RIGHTS, type Right } from '../operation.ts';
import { masterContract, nameSchema } from '../masters.ts';
import type { RecordStatus } from '../lists.ts';
import { fullMenu, normalizeModuleName, type MenuItem } from '../menus.ts';
import type { AccessModule, ModuleRights } from './account.ts';

/**
 * Designations (docs/product.md#people-designations-and-rights; accessing_module): named sets of
 * module and sub-module rights over the exact module names of the menus. With access control on, a
 * member's menu and what the server lets them call follow their designation (permissions.ts).
 */

export interface DesignationItem {
  designation_id: string;
  designation_name: string;
  designation_status: RecordStatus;
  designation_created_on: string;
  accessing_module: AccessModule[];
  /** Active members who hold this designation. */
  member_count: number;
}

export { RIGHT_LABELS } from '../operation.ts';

/**
 * The modules a designation can grant: the full menu with every flag on (menus.ts fullMenu), so
 * that a module hidden today by a flag can be granted for the day the flag is turned on.
 */
export function grantableModules(): MenuItem[] {
  return fullMenu({
    organization_name: '',
    organization_logo_url: null,
    organization_gstin: null,
    enable_credits_recharge: true,
    is_access_control_enable: true,
    is_enable_partners_monthly_closed_ticket_report_tab: true,
  });
}

const rightsSchema = z
  .object(
    Object.fromEntries(
      RIGHTS.map((right) => [
        right,
        right === 'VIEW'
          ? z.boolean({ error: 'VIEW must be true or false' })
          : z.boolean({ error: `${right} must be true or false` }).optional(),
      ]),
    ) as { VIEW: z.ZodBoolean } & Record<Exclude<Right, 'VIEW'>, z.ZodOptional<z.ZodBoolean>>,
  )
  .strict();

const entryShape = {
  module_name: z.string({ error: 'module_name is required' }).trim().min(1, 'module_name is required'),
  module_rights: z
    .array(rightsSchema, { error: 'module_rights must be a list of rights' })
    .max(RIGHTS.length, 'module_rights has too many entries'),
};

const subModuleSchema = z
  .object({
    ...entryShape,
    sub_modules: z
      .array(z.unknown(), { error: 'sub_modules must be a list' })
      .max(0, 'A sub-module has no sub-modules')
      .default([]),
  })
  .strict();

const moduleSchema = z
  .object({
    ...entryShape,
    sub_modules: z.array(subModuleSchema, { error: 'sub_modules must be a list' }).default([]),
  })
  .strict();

/**
 * accessing_module as a designation stores it: each module and sub-module once, named as the menu
 * names it (matched ignoring case and spaces, docs/product.md#menus-and-landing-pages, then stored
 * in the menu's spelling).
 */
export const accessingModuleSchema = z
  .array(moduleSchema, { error: 'accessing_module must be a list of modules' })
  .max(100, 'accessing_module has too many modules')
  .superRefine((modules, ctx) => {
    const menu = grantableModules();
    const seen = new Set<string>();
    modules.forEach((entry, index) => {
      const item = menu.find((candidate) => sameName(candidate.MenuName, entry.module_name));
      if (!item) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'module_name'],
          message: `'${entry.module_name}' is not a module of the menu`,
        });
        return;
      }
      if (seen.has(item.MenuName)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'module_name'],
          message: `'${item.MenuName}' is listed twice`,
        });
      }
      seen.add(item.MenuName);
      const seenSub = new Set<string>();
      entry.sub_modules.forEach((sub, subIndex) => {
        const subItem = item.SubMenu.find((candidate) => sameName(candidate.MenuName, sub.module_name));
        if (!subItem || seenSub.has(subItem.MenuName)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'sub_modules', subIndex, 'module_name'],
            message: subItem
              ? `'${subItem.MenuName}' is listed twice under '${item.MenuName}'`
              : `'${sub.module_name}' is not a sub-module of '${item.MenuName}'`,
          });
          return;
        }
        seenSub.add(subItem.MenuName);
      });
    });
  })
  .transform((modules) => canonicalModules(modules));

function sameName(a: string, b: string): boolean {
  return normalizeModuleName(a) === normalizeModuleName(b);
}

/** One rights object per entry, every right spelled out, names in the menu's spelling and order. */
interface EntryInput {
  module_name: string;
  module_rights: Partial<Record<Right, boolean>>[];
}

function canonicalModules(modules: (EntryInput & { sub_modules: EntryInput[] })[]): AccessModule[] {
  const merged = (rights: Partial<Record<Right, boolean>>[]): ModuleRights =>
    Object.fromEntries(
      RIGHTS.map((right) => [right, rights.some((r) => r[right] === true)]),
    ) as unknown as ModuleRights;
  const result: AccessModule[] = [];
  for (const item of grantableModules()) {
    const entry = modules.find((candidate) => sameName(candidate.module_name, item.MenuName));
    if (!entry) continue;
    const sub_modules: AccessModule[] = [];
    for (const subItem of item.SubMenu) {
      const sub = entry.sub_modules.find((candidate) => sameName(candidate.module_name, subItem.MenuName));
      if (sub) {
        sub_modules.push({
          module_name: subItem.MenuName,
          module_rights: [merged(sub.module_rights)],
          sub_modules: [],
        });
      }
    }
    result.push({ module_name: item.MenuName, module_rights: [merged(entry.module_rights)], sub_modules });
  }
  return result;
}

export const designations = masterContract<DesignationItem>()({
  plural: 'Designations',
  singular: 'Designation',
  noun: 'designation',
  module: 'Designations',
  // The users screens offer designations when a member is given one.
  readers: ['Users'],
  idKey: 'designation_id',
  statusKey: 'designation_status',
  nameKey: 'designation_name',
  fields: { designation_name: nameSchema('Name'), accessing_module: accessingModuleSchema },
  sortBy: ['designation_name', 'designation_status', 'designation_created_on'],
  defaultSortBy: 'designation_name',
});
export const {
  list: ListDesignations,
  create: CreateDesignation,
  update: UpdateDesignation,
  activateOrDeactivate: ActivateOrDeactivateDesignation,
} = designations;
