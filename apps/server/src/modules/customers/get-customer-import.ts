import { GetCustomerImport } from '@fieldport/contract/operations/customers';
import { defineHandler } from '../../platform/handler.ts';
import { findImport, toItem } from './customer-import.ts';

/** An upload's preview or outcome, for the person who uploaded it (a page reload keeps the report). */
export const getCustomerImport = defineHandler(GetCustomerImport, async (input, { db, caller }) => ({
  data: { items: [toItem(await findImport(db, caller, input.import_id))] },
}));
