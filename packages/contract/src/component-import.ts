import { GST_RATES } from './gst.ts';
import { importMessages, importRoutes, type ImportSpec } from './imports.ts';
import { COMPONENT_UNITS, MAX_STOCK_QUANTITY } from './operations/inventory.ts';

/**
 * Bulk import of components from .xlsx (docs/inventory.md#components), an import of imports.ts: a
 * row whose part number the organization already has updates that component (its photos stay), a
 * new part number adds one. Its operations (GetComponentImport, ConfirmComponentImport) are
 * declared with the other inventory operations (operations/inventory.ts).
 */
export const COMPONENT_IMPORT: ImportSpec = {
  path: 'components',
  noun: { one: 'component', many: 'components' },
  sheet: 'Components',
  maxRows: 10_000,
  columns: [
    {
      key: 'part_number',
      header: 'Part number',
      required: true,
      example: 'CAP-35-5-440',
      note: 'Letters, digits and . _ / -, at most 40 characters. A part number you already have updates that component.',
    },
    {
      key: 'component_name',
      header: 'Name',
      required: true,
      example: 'Dual run capacitor 35+5 MFD 440V',
      note: 'At most 150 characters.',
    },
    {
      key: 'unit',
      header: 'Unit',
      required: false,
      example: 'NOS',
      note: `One of ${COMPONENT_UNITS.join(', ')}. Empty: NOS.`,
    },
    {
      key: 'component_price',
      header: 'Price (₹)',
      required: true,
      example: '450.00',
      note: 'Selling price of one unit before tax, in rupees with at most 2 decimals.',
    },
    {
      key: 'tax_rate',
      header: 'GST %',
      required: true,
      example: '18',
      note: `One of ${GST_RATES.join(', ')}.`,
    },
    {
      key: 'hsn_code',
      header: 'HSN code',
      required: false,
      example: '85322200',
      note: 'Optional: 4, 6 or 8 digits.',
    },
    {
      key: 'products',
      header: 'Products',
      required: false,
      example: 'Split AC Installation; AC Repair',
      note: "Optional: names of active products of the Product Catalogue the part fits, separated by ';'.",
    },
    {
      key: 'reorder_level',
      header: 'Reorder level',
      required: false,
      example: '10',
      note: `A whole number from 0 to ${MAX_STOCK_QUANTITY.toLocaleString('en-IN')}. Empty: 0.`,
    },
  ],
  preview: [
    { key: 'action', header: 'Action' },
    { key: 'part_number', header: 'Part number' },
    { key: 'component_name', header: 'Name' },
    { key: 'price', header: 'Price' },
    { key: 'products', header: 'Products' },
  ],
};

export const COMPONENT_IMPORT_ROUTES = importRoutes(COMPONENT_IMPORT);
export const COMPONENT_IMPORT_MESSAGES = importMessages(COMPONENT_IMPORT);

/** What a valid row will do when confirmed, as the preview's Action column says it. */
export const COMPONENT_IMPORT_ACTIONS = { CREATE: 'Add', UPDATE: 'Update' } as const;
