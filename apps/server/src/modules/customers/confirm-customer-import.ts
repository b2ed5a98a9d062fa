import { IMPORT_MESSAGES } from '@fieldport/contract/customer-import';
import { ConfirmCustomerImport } from '@fieldport/contract/operations/customers';
import { defineHandler } from '../../platform/handler.ts';
import { runImport } from './customer-import.ts';

/**
 * The confirmation for API clients: the endpoint's transaction holds every row and the audit entry.
 * The web app confirms through the REST route instead (customer-import-route.ts), which does the
 * same and reports progress while it runs.
 */
export const confirmCustomerImport = defineHandler(ConfirmCustomerImport, async (input, context) => {
  const item = await runImport(context.db, context.caller, input.import_id);
  context.auditTarget = item.import_id;
  context.auditChanges = {
    import_id: item.import_id,
    file_name: item.file_name,
    imported_count: item.imported_count,
  };
  const skipped = item.total_rows - (item.imported_count ?? 0);
  return { data: { items: [item] }, message: IMPORT_MESSAGES.imported(item.imported_count ?? 0, skipped) };
});
