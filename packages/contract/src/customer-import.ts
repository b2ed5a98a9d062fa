import { importMessages, importRoutes, type ImportColumn, type ImportSpec } from './imports.ts';

/**
 * Bulk import of customers from .xlsx (docs/customers.md#bulk-import), an import of imports.ts: its
 * template's columns, its limit and its messages. Its operations (GetCustomerImport,
 * ConfirmCustomerImport) are declared with the other customer operations (operations/customers.ts).
 */

/** The template's columns, in order. Columns are found by header (any order, any case). */
const CUSTOMER_IMPORT_COLUMNS: ImportColumn[] = [
  {
    key: 'customer_name',
    header: 'Customer name',
    required: true,
    example: 'Ravi Kumar',
    note: 'At most 150 characters.',
  },
  {
    key: 'country',
    header: 'Country',
    required: false,
    example: 'IN',
    note: 'Country code (IN, MY ...), name or dial code (+91). Empty means India. Applies to the phone and the address.',
  },
  {
    key: 'customer_phone',
    header: 'Phone',
    required: true,
    example: '98450 12345',
    note: 'Mobile or landline of that country, with or without the country code. Unique in the organization.',
  },
  {
    key: 'customer_email',
    header: 'Email',
    required: false,
    example: 'ravi.kumar@example.com',
    note: 'Optional.',
  },
  {
    key: 'customer_category',
    header: 'Customer category',
    required: false,
    example: 'Residential',
    note: 'Optional. The name of an active customer category.',
  },
  {
    key: 'address',
    header: 'Address',
    required: true,
    example: '12, 4th Cross, Indiranagar',
    note: 'At most 300 characters.',
  },
  { key: 'pincode', header: 'Pincode', required: true, example: '560038', note: 'Six digits for India.' },
  { key: 'city', header: 'City', required: true, example: 'Bengaluru', note: '' },
  { key: 'state', header: 'State', required: true, example: 'Karnataka', note: '' },
  {
    key: 'latitude',
    header: 'Latitude',
    required: false,
    example: '12.9784',
    note: 'Optional, -90 to 90, with longitude.',
  },
  {
    key: 'longitude',
    header: 'Longitude',
    required: false,
    example: '77.6408',
    note: 'Optional, -180 to 180, with latitude.',
  },
];

/** The customers' import (docs/customers.md#bulk-import). */
export const CUSTOMER_IMPORT: ImportSpec = {
  path: 'customers',
  noun: { one: 'customer', many: 'customers' },
  sheet: 'Customers',
  maxRows: 10_000,
  columns: CUSTOMER_IMPORT_COLUMNS,
  preview: [
    { key: 'customer_name', header: 'Customer name' },
    { key: 'customer_phone', header: 'Phone' },
    { key: 'city', header: 'City' },
    { key: 'pincode', header: 'Pincode' },
  ],
};

export const CUSTOMER_IMPORT_ROUTES = importRoutes(CUSTOMER_IMPORT);
export const CUSTOMER_IMPORT_MESSAGES = importMessages(CUSTOMER_IMPORT);
