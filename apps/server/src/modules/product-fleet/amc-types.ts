import { eq, sql } from 'drizzle-orm';
import { amcTypes, type AmcTypeItem } from '@fieldport/contract/operations/product-fleet';
import type { Db } from '../../db/client.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType } from '../../db/schema/product-fleet.ts';
import { qualified } from '../../platform/lists.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { requireActiveReferences } from '../../platform/references.ts';

/**
 * AMC types (the master kept on the Product Fleet screen): names unique per organization, the
 * products they cover among the organization's services (none: every product), visits (null:
 * unlimited) and price in paise.
 */

const uniqueIds = (ids: string[]) => [...new Set(ids)];

/** The products an AMC type covers now, before an update: those may stay although inactive. */
async function coveredBefore(db: Db, id: string): Promise<string[]> {
  const [row] = await db.select({ service_ids: amcType.service_ids }).from(amcType).where(eq(amcType.id, id));
  return row?.service_ids ?? [];
}

export const amcTypeHandlers = defineMaster({
  contract: amcTypes,
  table: amcType,
  list: {
    select: {
      id: amcType.id,
      name: amcType.name,
      duration_months: amcType.duration_months,
      visits: amcType.visits,
      price_paise: amcType.price_paise,
      service_ids: amcType.service_ids,
      status: amcType.status,
      created_at: amcType.created_at,
      // The names in the order of the ids, the organization's services only.
      service_names: sql<string[]>`(select coalesce(jsonb_agg(s.name order by e.position), '[]'::jsonb)
        from jsonb_array_elements_text(${qualified(amcType.service_ids)}) with ordinality as e(id, position)
        join service s on s.id = e.id and s.organization_id = ${qualified(amcType.organization_id)})`,
    },
    search: [amcType.name],
    sort: {
      amc_type_name: sql`lower(${amcType.name})`,
      duration_months: amcType.duration_months,
      amc_price: amcType.price_paise,
      amc_type_status: amcType.status,
      amc_type_created_on: amcType.created_at,
    },
    toItem: (row): AmcTypeItem => ({
      amc_type_id: row.id,
      amc_type_name: row.name,
      duration_months: row.duration_months,
      visits: row.visits,
      amc_price: row.price_paise,
      service_ids: row.service_ids,
      service_names: row.service_names,
      amc_type_status: row.status,
      amc_type_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'AMC Types',
      columns: [
        { header: 'Name', width: 32, value: (item) => item.amc_type_name },
        { header: 'Duration (months)', width: 12, value: (item) => item.duration_months },
        { header: 'Visits', width: 10, value: (item) => item.visits ?? 'Unlimited' },
        { header: 'Price (₹)', width: 14, numFmt: '#,##0.00', value: (item) => item.amc_price / 100 },
        {
          header: 'Products',
          width: 40,
          value: (item) => (item.service_names.length ? item.service_names.join(', ') : 'All products'),
        },
        ...statusAndCreatedColumns<AmcTypeItem>('amc_type_status', 'amc_type_created_on'),
      ],
    },
  },
  check: async (values, { db, caller }, existing) => {
    await requireActiveReferences(db, caller, service, {
      ids: uniqueIds(values.service_ids),
      previousIds: existing ? await coveredBefore(db, existing.id) : [],
      field: 'service_ids',
      noun: 'product',
    });
  },
  values: (values) => ({
    name: values.amc_type_name,
    duration_months: values.duration_months,
    visits: values.visits,
    price_paise: values.amc_price,
    service_ids: uniqueIds(values.service_ids),
  }),
});
