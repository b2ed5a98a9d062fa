import { z } from 'zod';
import {
  addressLineSchema,
  gstinProblem,
  gstStateSchema,
  GST_STATES,
  indianPincodeSchema,
  optionalGstinSchema,
} from '../gst.ts';
import type { RecordStatus } from '../lists.ts';
import { masterContract, nameSchema } from '../masters.ts';

/**
 * Purchasing (docs/purchasing.md): the vendors an organization buys spare parts from, and its
 * purchase orders to them.
 */

export const VENDORS_MODULE = 'Vendors';
export const PURCHASE_ORDERS_MODULE = 'Purchase Orders';

// ---------------------------------------------------------------------------------------------
// Vendors

export interface VendorItem {
  vendor_id: string;
  vendor_name: string;
  /** null: the vendor is not registered for GST. */
  gstin: string | null;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  address: string;
  city: string;
  state: string;
  pincode: string;
  vendor_status: RecordStatus;
  vendor_created_on: string;
}

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const vendors = masterContract<VendorItem>()({
  plural: 'Vendors',
  singular: 'Vendor',
  noun: 'vendor',
  module: VENDORS_MODULE,
  // A purchase order is raised to a vendor.
  readers: [PURCHASE_ORDERS_MODULE],
  idKey: 'vendor_id',
  statusKey: 'vendor_status',
  nameKey: 'vendor_name',
  fields: {
    vendor_name: nameSchema('Name', 150),
    gstin: optionalGstinSchema,
    contact_person: optionalText('Contact person', 100),
    phone: z
      .string({ error: 'Phone must be text' })
      .trim()
      .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+91|0)(?=\d{10}$)/, ''))
      .refine((value) => value === '' || /^\d{10}$/.test(value), 'Phone must be a 10-digit number')
      .nullish()
      .transform((value) => value || null),
    email: z
      .string({ error: 'Email must be text' })
      .trim()
      .toLowerCase()
      .refine(
        (value) => value === '' || z.email().safeParse(value).success,
        'Email must be an address such as orders@vendor.in',
      )
      .nullish()
      .transform((value) => value || null),
    address: addressLineSchema,
    city: nameSchema('City'),
    state: gstStateSchema(),
    pincode: indianPincodeSchema,
  },
  // A GSTIN names the state it is registered in: the vendor's state must be that one, since it
  // decides whether a purchase is taxed as CGST+SGST or IGST (docs/purchasing.md#tax).
  check: (values, ctx) => {
    if (!values.gstin || gstinProblem(values.gstin)) return;
    const registered = GST_STATES.find((state) => state.code === values.gstin!.slice(0, 2));
    if (registered && registered.name !== values.state) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: `State must be ${registered.name}, where GSTIN ${values.gstin} is registered`,
      });
    }
  },
  sortBy: ['vendor_name', 'city', 'vendor_status', 'vendor_created_on'],
  defaultSortBy: 'vendor_name',
});
export const {
  list: ListVendors,
  create: CreateVendor,
  update: UpdateVendor,
  activateOrDeactivate: ActivateOrDeactivateVendor,
} = vendors;

export const PURCHASING_MESSAGES = {
  duplicateGstin: (gstin: string) => `A vendor with GSTIN ${gstin} already exists.`,
} as const;
