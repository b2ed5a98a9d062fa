import Button from '@mui/material/Button';
import {
  ListServicePartnerCoverage,
  ListTechnicianCoverage,
  ListTerritoriesAndPincodes,
} from '@fieldport/contract/operations/territories';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import { ListWipSubStages } from '@fieldport/contract/operations/settings';
import { TICKET_LISTS, TICKET_PRIORITIES, type TicketList } from '@fieldport/contract/operations/tickets';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import { PARTNER_AMOUNT_READERS } from '@fieldport/contract/operations/payouts';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import type { ListState } from '../../ui/use-list.ts';
import { ChoiceFilter, DayFilter } from '../../ui/list-filters.tsx';
import { MasterFilter } from './ticket-filters.tsx';
import { activeFilterCount } from './ticket-filter-panel.tsx';
import { PRIORITY_LABELS } from './ticket-format.tsx';

/**
 * The filters of a ticket list (ticket-filter-panel.tsx shows them): state (where the list has
 * several), sub-stage (open lists), territory, partner, technician, service, priority, created
 * days, and on the Closed list the tickets no rate card priced.
 */
export default function TicketFilterFields({
  state,
  list,
  can,
}: {
  state: ListState;
  list: TicketList;
  can: FeaturePageProps['can'];
}) {
  const open = list === 'ACTIVE' || list === 'PARTIALLY_CLOSED';
  const states = TICKET_LISTS[list];
  const activeFilters = activeFilterCount(state);
  return (
    <>
      {states.length > 1 && (
        <ChoiceFilter
          state={state}
          filter="state"
          label="State"
          choices={states.map((value) => ({ value, label: ticketStateLabel(value) }))}
        />
      )}
      {open && (
        <MasterFilter
          state={state}
          filter="wip_sub_stage_id"
          label="Sub-stage"
          list={ListWipSubStages}
          valueKey="wip_sub_stage_id"
          labelKey={(item) => `${String(item.wip_state_name)} · ${String(item.wip_sub_stage_name)}`}
          sortBy="wip_sub_stage_order"
          can={can}
        />
      )}
      <MasterFilter
        state={state}
        filter="territory_id"
        label="Territory"
        list={ListTerritoriesAndPincodes}
        valueKey="territory_id"
        labelKey="territory_name"
        sortBy="territory_name"
        can={can}
      />
      <MasterFilter
        state={state}
        filter="partner_party_id"
        label="Service partner"
        list={ListServicePartnerCoverage}
        valueKey="party_id"
        labelKey="party_name"
        sortBy="party_name"
        can={can}
        where={{}}
      />
      <MasterFilter
        state={state}
        filter="technician_id"
        label="Technician"
        list={ListTechnicianCoverage}
        valueKey="technician_id"
        labelKey="user_name"
        sortBy="user_name"
        can={can}
      />
      <MasterFilter
        state={state}
        filter="service_id"
        label="Service"
        list={List_Services}
        valueKey="service_id"
        labelKey="service_name"
        sortBy="service_name"
        can={can}
      />
      <ChoiceFilter
        state={state}
        filter="priority"
        label="Priority"
        width={150}
        choices={TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
      />
      <DayFilter state={state} filter="created_from" label="Created from" />
      <DayFilter state={state} filter="created_to" label="Created to" />
      {/* The flagged tickets (docs/payouts.md#frozen-at-closing), for staff who see the rate cards or payouts. */}
      {list === 'CLOSED' && can(PARTNER_AMOUNT_READERS) && (
        <ChoiceFilter
          state={state}
          filter="partner_amount"
          label="Partner amount"
          width={220}
          choices={[{ value: 'NOT_PRICED', label: 'Not priced: no rate card' }]}
        />
      )}
      {activeFilters > 0 && (
        <Button onClick={state.clearFilters} size="small">
          Clear filters
        </Button>
      )}
    </>
  );
}
