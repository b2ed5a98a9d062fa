import {
  closureRemarks,
  customerCategories,
  problemDescriptions,
  productFleetStatuses,
  serviceTypes,
  supportTypes,
  territoryCategories,
} from '@fieldport/contract/operations/settings';
import {
  closureRemark,
  customerCategory,
  problemDescription,
  productFleetStatus,
  serviceType,
  supportType,
  territoryCategory,
} from '../../db/schema/settings.ts';
import { defineNamedMaster } from '../../platform/masters.ts';

// The settings masters that are only names (docs/product.md#masters): contract, table, export title.

export const problemDescriptionHandlers = defineNamedMaster(
  problemDescriptions,
  problemDescription,
  'Problem Descriptions',
);
export const closureRemarkHandlers = defineNamedMaster(closureRemarks, closureRemark, 'Closure Remarks');
export const productFleetStatusHandlers = defineNamedMaster(
  productFleetStatuses,
  productFleetStatus,
  'Product Fleet Statuses',
);
export const customerCategoryHandlers = defineNamedMaster(
  customerCategories,
  customerCategory,
  'Customer Categories',
);
export const serviceTypeHandlers = defineNamedMaster(serviceTypes, serviceType, 'Service Types');
export const supportTypeHandlers = defineNamedMaster(supportTypes, supportType, 'Support Types');
export const territoryCategoryHandlers = defineNamedMaster(
  territoryCategories,
  territoryCategory,
  'Territory Categories',
);
