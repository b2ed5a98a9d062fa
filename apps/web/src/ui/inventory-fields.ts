import { ListServiceCenters, List_Components } from '@fieldport/contract/operations/inventory';
import type { FieldConfig } from './form-fields.tsx';
import type { LineFieldConfig } from './lines-field.tsx';

/**
 * The form fields that pick spare parts' stores and components (docs/inventory.md): the stock
 * movements, a ticket's request for parts and an MRF all choose them the same way.
 */

/** How a store is chosen from the stores' list: by id, named by its name (a field, a list's filter). */
export const storeLookup = {
  list: ListServiceCenters,
  valueKey: 'service_center_id',
  labelKey: 'service_center_name',
} as const;

export const storeField = (name: string, label: string, required = true): FieldConfig => ({
  kind: 'lookup',
  name,
  label,
  required,
  ...storeLookup,
});

/** A line's component: the widest cell of the line. */
export const componentLineField: LineFieldConfig = {
  kind: 'lookup',
  name: 'component_id',
  label: 'Component',
  required: true,
  list: List_Components,
  valueKey: 'component_id',
  labelKey: 'component_name',
  grow: 3,
};
