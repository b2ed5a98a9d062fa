import { and, eq, sql } from 'drizzle-orm';
import { wipSubStages, type WipSubStageItem } from '@fieldport/contract/operations/settings';
import { wipState, wipSubStage } from '../../db/schema/settings.ts';
import { badInput } from '../../platform/errors.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { inOrganization } from '../../platform/tenant.ts';

/** The sub-stages of WIP states; a name is unique within its state. */
export const wipSubStageHandlers = defineMaster({
  contract: wipSubStages,
  table: wipSubStage,
  nameIndex: 'wip_sub_stage_state_name_uq',
  unique: [
    {
      index: 'wip_sub_stage_state_name_uq',
      field: 'wip_sub_stage_name',
      message: (values) =>
        `A WIP sub-stage named '${values.wip_sub_stage_name}' already exists in this WIP state.`,
    },
  ],
  list: {
    select: {
      id: wipSubStage.id,
      name: wipSubStage.name,
      display_order: wipSubStage.display_order,
      status: wipSubStage.status,
      created_at: wipSubStage.created_at,
      state_id: wipState.id,
      state_name: wipState.name,
    },
    join: (query) =>
      query.innerJoin(
        wipState,
        and(
          eq(wipState.id, wipSubStage.wip_state_id),
          eq(wipState.organization_id, wipSubStage.organization_id),
        ),
      ),
    search: [wipSubStage.name],
    sort: {
      wip_sub_stage_order: wipSubStage.display_order,
      wip_sub_stage_name: sql`lower(${wipSubStage.name})`,
      wip_sub_stage_status: wipSubStage.status,
      wip_sub_stage_created_on: wipSubStage.created_at,
    },
    filters: (input) => [input.wip_state_id ? eq(wipSubStage.wip_state_id, input.wip_state_id) : undefined],
    toItem: (row): WipSubStageItem => ({
      wip_sub_stage_id: row.id,
      wip_state_id: row.state_id,
      wip_state_name: row.state_name,
      wip_sub_stage_name: row.name,
      wip_sub_stage_order: row.display_order,
      wip_sub_stage_status: row.status,
      wip_sub_stage_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'WIP Sub-stages',
      columns: [
        { header: 'WIP state', width: 28, value: (item) => item.wip_state_name },
        { header: 'Order', width: 8, value: (item) => item.wip_sub_stage_order },
        { header: 'Name', width: 36, value: (item) => item.wip_sub_stage_name },
        ...statusAndCreatedColumns<WipSubStageItem>('wip_sub_stage_status', 'wip_sub_stage_created_on'),
      ],
    },
  },
  // The state is named by the client: it must be one of the caller's organization.
  check: async (values, { db, caller }) => {
    const [state] = await db
      .select({ id: wipState.id })
      .from(wipState)
      .where(and(inOrganization(wipState, caller), eq(wipState.id, values.wip_state_id)));
    if (!state) throw badInput('WIP state not found. Choose a WIP state from the list.', 'wip_state_id');
  },
  values: (values) => ({
    wip_state_id: values.wip_state_id,
    name: values.wip_sub_stage_name,
    display_order: values.wip_sub_stage_order,
  }),
});
