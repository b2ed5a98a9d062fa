import { and, eq, sql } from 'drizzle-orm';
import {
  wipStates,
  type WipStateItem,
  type WipSubStageSummary,
} from '@fieldport/contract/operations/settings';
import { wipState, wipSubStage } from '../../db/schema/settings.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';

/**
 * WIP states with their sub-stages in order (IN_PROGRESS carries a WIP sub-stage,
 * docs/product.md#ticket-states).
 */
export const wipStateHandlers = defineMaster({
  contract: wipStates,
  table: wipState,
  list: {
    select: {
      id: wipState.id,
      name: wipState.name,
      display_order: wipState.display_order,
      status: wipState.status,
      created_at: wipState.created_at,
      // A state has a handful of sub-stages: one correlated sub-select, in their order.
      sub_stages: sql<WipSubStageSummary[]>`coalesce((
        select json_agg(json_build_object(
          'wip_sub_stage_id', ${wipSubStage.id},
          'wip_sub_stage_name', ${wipSubStage.name},
          'wip_sub_stage_order', ${wipSubStage.display_order},
          'wip_sub_stage_status', ${wipSubStage.status}
        ) order by ${wipSubStage.display_order}, lower(${wipSubStage.name}))
        from ${wipSubStage}
        where ${and(eq(wipSubStage.wip_state_id, wipState.id), eq(wipSubStage.organization_id, wipState.organization_id))}
      ), '[]'::json)`,
    },
    search: [wipState.name],
    sort: {
      wip_state_order: wipState.display_order,
      wip_state_name: sql`lower(${wipState.name})`,
      wip_state_status: wipState.status,
      wip_state_created_on: wipState.created_at,
    },
    toItem: (row): WipStateItem => ({
      wip_state_id: row.id,
      wip_state_name: row.name,
      wip_state_order: row.display_order,
      wip_state_status: row.status,
      wip_state_created_on: row.created_at.toISOString(),
      wip_sub_stages: typeof row.sub_stages === 'string' ? JSON.parse(row.sub_stages) : row.sub_stages,
    }),
    export: {
      title: 'WIP States',
      columns: [
        { header: 'Order', width: 8, value: (item) => item.wip_state_order },
        { header: 'Name', width: 32, value: (item) => item.wip_state_name },
        {
          header: 'Sub-stages',
          width: 60,
          value: (item) =>
            item.wip_sub_stages
              .map(
                (stage) =>
                  stage.wip_sub_stage_name + (stage.wip_sub_stage_status === 'ACTIVE' ? '' : ' (inactive)'),
              )
              .join(', '),
        },
        ...statusAndCreatedColumns<WipStateItem>('wip_state_status', 'wip_state_created_on'),
      ],
    },
  },
  values: (values) => ({ name: values.wip_state_name, display_order: values.wip_state_order }),
});
