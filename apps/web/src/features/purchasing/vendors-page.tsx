import { vendors } from '@fieldport/contract/operations/purchasing';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { GST_STATE_OPTIONS } from '../../ui/gst-options.ts';

const config = (title: string): MasterConfig<typeof vendors> => ({
  contract: vendors,
  title,
  columns: [
    { field: 'vendor_name', header: 'Name', flex: 1, minWidth: 180 },
    { field: 'gstin', header: 'GSTIN', width: 170, hideOnNarrow: true, render: (item) => item.gstin ?? '—' },
    {
      field: 'contact_person',
      header: 'Contact',
      width: 190,
      hideOnNarrow: true,
      render: (item) => [item.contact_person, item.phone].filter(Boolean).join(' · ') || '—',
    },
    { field: 'city', header: 'City', width: 140, render: (item) => `${item.city}, ${item.state}` },
  ],
  fields: [
    { kind: 'text', name: 'vendor_name', label: 'Name', required: true, maxLength: 150 },
    {
      kind: 'text',
      name: 'gstin',
      label: 'GSTIN',
      maxLength: 15,
      helperText: '15 characters, e.g. 29ABCDE1234F1ZW; leave empty if not registered',
    },
    { kind: 'text', name: 'contact_person', label: 'Contact person', maxLength: 100 },
    { kind: 'text', name: 'phone', label: 'Phone', maxLength: 16 },
    {
      kind: 'text',
      name: 'email',
      label: 'Email',
      maxLength: 120,
      helperText: 'Purchase orders are shared here',
    },
    { kind: 'text', name: 'address', label: 'Address', required: true, multiline: true, maxLength: 300 },
    { kind: 'text', name: 'city', label: 'City', required: true, maxLength: 100 },
    { kind: 'select', name: 'state', label: 'State', required: true, options: GST_STATE_OPTIONS },
    { kind: 'text', name: 'pincode', label: 'Pincode', required: true, maxLength: 6 },
  ],
  emptyValues: {
    vendor_name: '',
    gstin: '',
    contact_person: '',
    phone: '',
    email: '',
    address: '',
    city: '',
    state: '',
    pincode: '',
  },
  toForm: (item) => ({
    vendor_name: item.vendor_name,
    gstin: item.gstin ?? '',
    contact_person: item.contact_person ?? '',
    phone: item.phone ?? '',
    email: item.email ?? '',
    address: item.address,
    city: item.city,
    state: item.state,
    pincode: item.pincode,
  }),
});

/** /VendorsView: who the organization buys spare parts from (docs/purchasing.md#vendors). */
export default function VendorsPage({ route, can }: FeaturePageProps) {
  return <MasterPage config={config(route.title)} can={can} />;
}
