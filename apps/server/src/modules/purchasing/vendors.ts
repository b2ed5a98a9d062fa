import { sql } from 'drizzle-orm';
import { PURCHASING_MESSAGES, vendors, type VendorItem } from '@fieldport/contract/operations/purchasing';
import { vendor } from '../../db/schema/purchasing.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';

/** Vendors: names unique per organization, and GSTINs when given (docs/purchasing.md#vendors). */
export const vendorHandlers = defineMaster({
  contract: vendors,
  table: vendor,
  unique: [
    {
      index: 'vendor_org_gstin_uq',
      field: 'gstin',
      message: (values) => PURCHASING_MESSAGES.duplicateGstin(String(values.gstin)),
    },
  ],
  list: {
    select: {
      id: vendor.id,
      name: vendor.name,
      gstin: vendor.gstin,
      contact_person: vendor.contact_person,
      phone: vendor.phone,
      email: vendor.email,
      address: vendor.address,
      city: vendor.city,
      state: vendor.state,
      pincode: vendor.pincode,
      status: vendor.status,
      created_at: vendor.created_at,
    },
    search: [vendor.name, vendor.city, vendor.gstin],
    sort: {
      vendor_name: sql`lower(${vendor.name})`,
      city: sql`lower(${vendor.city})`,
      vendor_status: vendor.status,
      vendor_created_on: vendor.created_at,
    },
    toItem: (row): VendorItem => ({
      vendor_id: row.id,
      vendor_name: row.name,
      gstin: row.gstin,
      contact_person: row.contact_person,
      phone: row.phone,
      email: row.email,
      address: row.address,
      city: row.city,
      state: row.state,
      pincode: row.pincode,
      vendor_status: row.status,
      vendor_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'Vendors',
      columns: [
        { header: 'Name', width: 36, value: (item) => item.vendor_name },
        { header: 'GSTIN', width: 18, value: (item) => item.gstin ?? '' },
        { header: 'Contact person', width: 24, value: (item) => item.contact_person ?? '' },
        { header: 'Phone', width: 14, value: (item) => item.phone ?? '' },
        { header: 'Email', width: 28, value: (item) => item.email ?? '' },
        { header: 'Address', width: 40, value: (item) => item.address },
        { header: 'City', width: 18, value: (item) => item.city },
        { header: 'State', width: 18, value: (item) => item.state },
        { header: 'Pincode', width: 10, value: (item) => item.pincode },
        ...statusAndCreatedColumns<VendorItem>('vendor_status', 'vendor_created_on'),
      ],
    },
  },
  values: (values) => ({
    name: values.vendor_name,
    gstin: values.gstin,
    contact_person: values.contact_person,
    phone: values.phone,
    email: values.email,
    address: values.address,
    city: values.city,
    state: values.state,
    pincode: values.pincode,
  }),
});
