import type { AnyImportKind } from '../platform/imports.ts';
import { customerImportKind } from './customers/customer-import.ts';
import { fleetImportKind } from './product-fleet/fleet-import.ts';
import { componentImportKind } from './inventory/component-import.ts';

/** Every import kind (docs/imports.md), for the import routes (app.ts). */
export const IMPORT_KINDS: AnyImportKind[] = [customerImportKind, fleetImportKind, componentImportKind];
