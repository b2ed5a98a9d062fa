import { sql } from 'drizzle-orm';
import { additionalParts, type AdditionalPartItem } from '@fieldport/contract/operations/settings';
import { additionalPart } from '../../db/schema/settings.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';

/** Additional parts: names and part codes unique per organization, prices in paise. */
export const additionalPartHandlers = defineMaster({
  contract: additionalParts,
  table: additionalPart,
  unique: [
    {
      index: 'additional_part_org_code_uq',
      field: 'part_code',
      message: (values) => `An additional part with part code '${values.part_code}' already exists.`,
    },
  ],
  list: {
    select: {
      id: additionalPart.id,
      name: additionalPart.name,
      part_code: additionalPart.part_code,
      price_paise: additionalPart.price_paise,
      status: additionalPart.status,
      created_at: additionalPart.created_at,
    },
    search: [additionalPart.name, additionalPart.part_code],
    sort: {
      additional_part_name: sql`lower(${additionalPart.name})`,
      part_code: additionalPart.part_code,
      additional_part_price: additionalPart.price_paise,
      additional_part_status: additionalPart.status,
      additional_part_created_on: additionalPart.created_at,
    },
    toItem: (row): AdditionalPartItem => ({
      additional_part_id: row.id,
      additional_part_name: row.name,
      part_code: row.part_code,
      additional_part_price: row.price_paise,
      additional_part_status: row.status,
      additional_part_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'Additional Parts',
      columns: [
        { header: 'Name', width: 36, value: (item) => item.additional_part_name },
        { header: 'Part code', width: 16, value: (item) => item.part_code },
        {
          header: 'Price (₹)',
          width: 14,
          numFmt: '#,##0.00',
          value: (item) => item.additional_part_price / 100,
        },
        ...statusAndCreatedColumns<AdditionalPartItem>(
          'additional_part_status',
          'additional_part_created_on',
        ),
      ],
    },
  },
  values: (values) => ({
    name: values.additional_part_name,
    part_code: values.part_code,
    price_paise: values.additional_part_price,
  }),
});
