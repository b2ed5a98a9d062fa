import { ConfirmCustomerImport, GetCustomerImport } from '@fieldport/contract/operations/customers';
import { confirmImportHandler, getImportHandler } from '../../platform/imports.ts';
import { customerImportKind } from './customer-import.ts';

/**
 * The customer import's operations: its preview or outcome for the person who uploaded it, and the
 * confirmation for API clients (the web app confirms through the import route, which does the same
 * and reports progress while it runs).
 */
export const getCustomerImport = getImportHandler(GetCustomerImport, customerImportKind);
export const confirmCustomerImport = confirmImportHandler(ConfirmCustomerImport, customerImportKind);
