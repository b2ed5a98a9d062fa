import { importMessages, importRoutes, type ImportSpec } from './imports.ts';

/**
 * Bulk import of fleet items from .xlsx (docs/product-fleet.md#bulk-import), an import of
 * imports.ts: serial numbers with their product and, optionally, the customer they are installed
 * at, the dealer, dates, warranty, AMC and status. Its operations (GetProductFleetImport,
 * ConfirmProductFleetImport) are declared with the other fleet operations (operations/product-fleet.ts).
 */
export const FLEET_IMPORT: ImportSpec = {
  path: 'product-fleet',
  noun: { one: 'fleet item', many: 'fleet items' },
  sheet: 'Fleet items',
  maxRows: 10_000,
  columns: [
    {
      key: 'serial_number',
      header: 'Serial number',
      required: true,
      example: 'SN-2026-00123',
      note: 'As printed on the product: letters, digits and / . _ -. New for its product.',
    },
    {
      key: 'product',
      header: 'Product',
      required: true,
      example: 'Split AC 1.5T',
      note: 'The name of an active product of the Product Catalogue.',
    },
    {
      key: 'customer_phone',
      header: 'Customer phone',
      required: false,
      example: '98450 12345',
      note: "Optional: the customer it is installed at, by phone; at the customer's primary location. Empty: in stock.",
    },
    {
      key: 'dealer',
      header: 'Dealer',
      required: false,
      example: 'Sharma Appliances',
      note: 'Optional: the name of the active dealer it was sold through.',
    },
    {
      key: 'invoice_date',
      header: 'Invoice date',
      required: false,
      example: '2026-01-10',
      note: 'YYYY-MM-DD, DD/MM/YYYY or a date cell.',
    },
    {
      key: 'installation_date',
      header: 'Installation date',
      required: false,
      example: '2026-01-15',
      note: 'Not before the invoice date.',
    },
    {
      key: 'warranty_months',
      header: 'Warranty (months)',
      required: false,
      example: '12',
      note: 'Counted from installation, or from the invoice until installed. 0 to 240.',
    },
    {
      key: 'warranty_end_date',
      header: 'Warranty end date',
      required: false,
      example: '',
      note: 'Only when the warranty ends on another day than the months say.',
    },
    {
      key: 'amc_type',
      header: 'AMC type',
      required: false,
      example: 'Comprehensive AMC',
      note: 'Optional: the name of an active AMC type that covers the product; with its start date.',
    },
    {
      key: 'amc_start_date',
      header: 'AMC start date',
      required: false,
      example: '',
      note: 'With the AMC type.',
    },
    {
      key: 'fleet_status',
      header: 'Fleet status',
      required: false,
      example: 'Installed',
      note: 'Optional: the name of an active Product Fleet Status.',
    },
    { key: 'notes', header: 'Notes', required: false, example: '', note: 'At most 1000 characters.' },
  ],
  preview: [
    { key: 'serial_number', header: 'Serial number' },
    { key: 'product', header: 'Product' },
    { key: 'customer', header: 'Customer' },
    { key: 'warranty', header: 'Warranty until' },
  ],
};

export const FLEET_IMPORT_ROUTES = importRoutes(FLEET_IMPORT);
export const FLEET_IMPORT_MESSAGES = importMessages(FLEET_IMPORT);
