import { ListServiceCenters, List_Components } from '@fieldport/contract/operations/inventory';
import type { FieldConfig } from './form-fields.tsx';
import type { LineFieldConfig } from './lines-field.tsx';

/**
 * The form fields that pick spare parts' stores and components (docs/inventory.md): the stock
 * movements, a ticket's request for parts and an MRF all choose them the same way.
 */

export const storeField = (name: string, label: string, required = true): FieldConfig => ({
  kind: 'lookup',
  name,
  label,
  required,
  list: ListServiceCenters,
  valueKey: 'service_center_id',
  labelKey: 'service_center_name',
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
