import {
  ConfirmProductFleetImport,
  GetProductFleetImport,
} from '@fieldport/contract/operations/product-fleet';
import type { Handler } from '../../platform/handler.ts';
import { confirmImportHandler, getImportHandler } from '../../platform/imports.ts';
import { activateOrDeactivateProductFleetItem } from './activate-or-deactivate-product-fleet-item.ts';
import { amcTypeHandlers } from './amc-types.ts';
import { createProductFleetItem } from './create-product-fleet-item.ts';
import { fleetImportKind } from './fleet-import.ts';
import { registerFleetWorkflowKinds } from './fleet-workflows.ts';
import { getProductFleetItem } from './get-product-fleet-item.ts';
import { listProductFleetHandler } from './list-product-fleet.ts';
import { tagProductFleetItem } from './tag-product-fleet-item.ts';
import { transferProductFleet } from './transfer-product-fleet.ts';
import { updateProductFleetItem } from './update-product-fleet-item.ts';

// The fleet's approvals are decided through the workflow engine: their hooks are in place as soon
// as the fleet's operations are.
registerFleetWorkflowKinds();

/** Every installed-fleet operation's handler (docs/product-fleet.md), for modules/handlers.ts. */
export const productFleetHandlers = [
  ...amcTypeHandlers,
  listProductFleetHandler,
  getProductFleetItem,
  createProductFleetItem,
  updateProductFleetItem,
  activateOrDeactivateProductFleetItem,
  tagProductFleetItem,
  transferProductFleet,
  getImportHandler(GetProductFleetImport, fleetImportKind),
  confirmImportHandler(ConfirmProductFleetImport, fleetImportKind),
] as Handler[];
