import { sql } from 'drizzle-orm';
import { masterCategories, type MasterCategoryItem } from '@fieldport/contract/operations/product-catalogue';
import { category, masterCategory } from '../../db/schema/product-catalogue.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { qualified as q } from '../../platform/lists.ts';

const categoryCount =
  sql<number>`(select count(*) from ${category} where ${q(category.organization_id)} = ${q(masterCategory.organization_id)} and ${q(category.master_category_id)} = ${q(masterCategory.id)})`.mapWith(
    Number,
  );

/** Master categories: names unique per organization; each lists how many categories it groups. */
export const masterCategoryHandlers = defineMaster({
  contract: masterCategories,
  table: masterCategory,
  list: {
    select: {
      id: masterCategory.id,
      name: masterCategory.name,
      status: masterCategory.status,
      created_at: masterCategory.created_at,
      category_count: categoryCount,
    },
    search: [masterCategory.name],
    sort: {
      master_category_name: sql`lower(${masterCategory.name})`,
      category_count: categoryCount,
      master_category_status: masterCategory.status,
      master_category_created_on: masterCategory.created_at,
    },
    toItem: (row): MasterCategoryItem => ({
      master_category_id: row.id,
      master_category_name: row.name,
      master_category_status: row.status,
      master_category_created_on: row.created_at.toISOString(),
      category_count: row.category_count,
    }),
    export: {
      title: 'Master Categories',
      columns: [
        { header: 'Name', width: 36, value: (item) => item.master_category_name },
        { header: 'Categories', width: 12, value: (item) => item.category_count },
        ...statusAndCreatedColumns<MasterCategoryItem>(
          'master_category_status',
          'master_category_created_on',
        ),
      ],
    },
  },
  values: (values) => ({ name: values.master_category_name }),
});
