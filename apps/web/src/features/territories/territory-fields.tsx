import { ListTerritoriesAndPincodes } from '@fieldport/contract/operations/territories';
import type { FieldConfig } from '../../ui/form-fields.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import type { ListState } from '../../ui/use-list.ts';

/** The Territory filter of the coverage and pincode tabs. */
export const territoryFilter = (state: ListState) => (
  <LookupFilter
    state={state}
    filter="territory_id"
    label="Territory"
    list={ListTerritoriesAndPincodes}
    valueKey="territory_id"
    labelKey="territory_name"
  />
);

/** The territories a technician or a partner covers. */
export const territoriesField = (helperText: string): FieldConfig => ({
  kind: 'multilookup',
  name: 'territory_ids',
  label: 'Territories',
  list: ListTerritoriesAndPincodes,
  valueKey: 'territory_id',
  labelKey: 'territory_name',
  helperText,
});
