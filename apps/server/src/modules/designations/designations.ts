import { and, eq, sql } from 'drizzle-orm';
import { designations, type DesignationItem } from '@fieldport/contract/operations/designations';
import { designation } from '../../db/schema/platform.ts';
import type { AccessModule } from '@fieldport/contract/operations/account';
import { decideDesignationGrant } from '@fieldport/contract/permissions';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { badInput, conflict } from '../../platform/errors.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * Designations (docs/product.md#people-designations-and-rights) as a master: list, create, edit,
 * activate/deactivate. The rights are validated and put in the menu's spelling by the contract
 * (accessingModuleSchema); the caller resolution reads the designation on every request, so a
 * change applies at the next call.
 */

// Active members holding the designation. The names are written out: inside a subquery drizzle
// would leave "id" unqualified, and it would mean the member's id.
const memberCount = sql<number>`(
  select count(*) from "member" holder
  where holder.organization_id = "designation"."organization_id"
    and holder.designation_id = "designation"."id"
    and holder.status = 'ACTIVE'
)`.mapWith(Number);

const [list, create, update, setStatus] = defineMaster({
  contract: designations,
  table: designation,
  nameIndex: 'designation_org_name_uq',
  list: {
    select: {
      id: designation.id,
      name: designation.name,
      status: designation.status,
      created_at: designation.created_at,
      accessing_module: designation.accessing_module,
      member_count: memberCount,
    },
    search: [designation.name],
    sort: {
      designation_name: sql`lower(${designation.name})`,
      designation_status: designation.status,
      designation_created_on: designation.created_at,
    },
    toItem: (row): DesignationItem => ({
      designation_id: row.id,
      designation_name: row.name,
      designation_status: row.status,
      designation_created_on: row.created_at.toISOString(),
      accessing_module: row.accessing_module,
      member_count: row.member_count,
    }),
    export: {
      title: 'Designations',
      columns: [
        { header: 'Name', width: 36, value: (item: DesignationItem) => item.designation_name },
        {
          header: 'Modules (VIEW)',
          width: 60,
          value: (item: DesignationItem) =>
            item.accessing_module
              .filter((entry) => entry.module_rights.some((rights) => rights.VIEW))
              .map((entry) => entry.module_name)
              .join(', '),
        },
        { header: 'Members', width: 10, value: (item: DesignationItem) => item.member_count },
        ...statusAndCreatedColumns<DesignationItem & Record<string, unknown>>(
          'designation_status',
          'designation_created_on',
        ),
      ],
    },
  },
  values: (values) => ({ name: values.designation_name, accessing_module: values.accessing_module }),
});

export const listDesignations = list;

/**
 * Rights are granted only by who holds them (docs/people.md#who-may-grant-what): a new
 * designation carries none the caller lacks; an edited one keeps those exactly as they were.
 */
function assertGrantable(
  context: OperationContext,
  accessing: AccessModule[],
  before: AccessModule[] | null,
): void {
  const decision = decideDesignationGrant(context.caller.profile, accessing, before, context.caller.menu);
  if (!decision.allowed) throw badInput(decision.message, 'accessing_module');
}

export const createDesignation = defineHandler(designations.create, async (input, context) => {
  assertGrantable(context, input.accessing_module, null);
  return create.handle(input, context);
});

export const updateDesignation = defineHandler(designations.update, async (input, context) => {
  // Locked until the change is written, so that two editors cannot each keep a right the other removed.
  const [row] = await context.db
    .select({ accessing_module: designation.accessing_module })
    .from(designation)
    .where(and(inOrganization(designation, context.caller), eq(designation.id, input.designation_id)))
    .for('update');
  // An unknown designation is the master's own NOT_FOUND.
  if (row) assertGrantable(context, input.accessing_module, row.accessing_module);
  return update.handle(input, context);
});

/**
 * Deactivating a designation that active members hold would lock them out
 * (docs/product.md#roles-and-parties: a designation role without a designation is refused), so it
 * is refused until they have another.
 */
export const activateOrDeactivateDesignation = defineHandler(
  designations.activateOrDeactivate,
  async (input, context) => {
    if (input.designation_status === 'INACTIVE') {
      const [row] = await context.db
        .select({ holders: memberCount })
        .from(designation)
        .where(and(inOrganization(designation, context.caller), eq(designation.id, input.designation_id)));
      if (row && row.holders > 0) {
        throw conflict(
          `${row.holders === 1 ? '1 member holds' : `${row.holders} members hold`} this designation. Give ${row.holders === 1 ? 'them' : 'each of them'} another designation before deactivating it.`,
        );
      }
    }
    return setStatus.handle(input, context);
  },
);
