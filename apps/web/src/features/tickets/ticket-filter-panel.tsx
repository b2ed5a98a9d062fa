import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import type { TicketList } from '@fieldport/contract/operations/tickets';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import type { ListState } from '../../ui/use-list.ts';

// The fields, their lookups' operations and their requests come when the panel is first opened,
// not with the list's first render (most visits never filter).
const TicketFilterFields = lazy(() => import('./ticket-filter-fields.tsx'));

/** The list's own filters, each a key of its input. */
export const FILTER_KEYS = [
  'state',
  'wip_sub_stage_id',
  'territory_id',
  'partner_party_id',
  'technician_id',
  'service_id',
  'priority',
  'created_from',
  'created_to',
  'partner_amount',
] as const;

/** How many of the list's own filters are set (the Filters button's badge). */
export function activeFilterCount(state: ListState): number {
  return FILTER_KEYS.filter((key) => (state.input as Record<string, unknown>)[key] !== undefined).length;
}

/**
 * The filters of a ticket list, under the Filters button (ticket-filter-fields.tsx). The group is
 * always there, for the button's aria-controls; its fields are drawn from the first time it opens.
 */
export function TicketFilterPanel({
  state,
  list,
  shown,
  can,
}: {
  state: ListState;
  list: TicketList;
  shown: boolean;
  can: FeaturePageProps['can'];
}) {
  const [opened, setOpened] = useState(shown);
  // Adjusted while rendering, not in an effect: the fields start loading in the render that opens.
  if (shown && !opened) setOpened(true);
  return (
    <Collapse in={shown}>
      <Box
        id="ticket-filters"
        role="group"
        aria-label="Filters"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
      >
        {opened && (
          <Suspense fallback={null}>
            <TicketFilterFields state={state} list={list} can={can} />
          </Suspense>
        )}
      </Box>
    </Collapse>
  );
}
