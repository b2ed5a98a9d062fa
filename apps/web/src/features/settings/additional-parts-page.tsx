import { additionalParts } from '@fieldport/contract/operations/settings';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees } from '../../ui/format.ts';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';

const config = (title: string): MasterConfig<typeof additionalParts> => ({
  contract: additionalParts,
  title,
  columns: [
    { field: 'additional_part_name', header: 'Name', flex: 1, minWidth: 180 },
    { field: 'part_code', header: 'Part code', width: 150, hideOnNarrow: true },
    {
      field: 'additional_part_price',
      header: 'Price',
      width: 130,
      align: 'right',
      render: (item) => formatRupees(item.additional_part_price),
    },
  ],
  fields: [
    { kind: 'text', name: 'additional_part_name', label: 'Name', required: true, maxLength: 100 },
    {
      kind: 'text',
      name: 'part_code',
      label: 'Part code',
      required: true,
      maxLength: 40,
      helperText: 'Letters, digits and . _ / -',
    },
    { kind: 'money', name: 'additional_part_price', label: 'Price', required: true },
  ],
  emptyValues: { additional_part_name: '', part_code: '', additional_part_price: Number.NaN },
});

/** /AdditionalParts: extras a technician may add to a ticket, priced in rupees (kept in paise). */
export default function AdditionalPartsPage({ route, can }: FeaturePageProps) {
  return <MasterPage config={config(route.title)} can={can} />;
}
