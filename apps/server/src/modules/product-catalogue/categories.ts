import { and, eq, ne, sql } from 'drizzle-orm';
import {
  CATEGORY_TYPE_LABELS,
  categories,
  type CategoryItem,
} from '@fieldport/contract/operations/product-catalogue';
import { category, masterCategory } from '../../db/schema/product-catalogue.ts';
import { conflict } from '../../platform/errors.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { inOrganization } from '../../platform/tenant.ts';

const prefixTaken = (prefix: string, owner?: string) =>
  owner
    ? `Ticket prefix '${prefix}' is already used by category '${owner}'. Choose another prefix.`
    : `Ticket prefix '${prefix}' is already used by another category. Choose another prefix.`;

/**
 * Categories (docs/product.md#product-catalogue), listed by
 * `List_Categories_By_Selected_Master_Category`. A category's ticket prefix numbers its tickets
 * (docs/product.md#ticket-states), so it is unique in the organization; changing it changes the
 * numbers of new tickets only.
 */
export const categoryHandlers = defineMaster({
  contract: categories,
  table: category,
  unique: [
    {
      index: 'category_org_prefix_uq',
      field: 'category_ticket_prefix',
      message: (values) => prefixTaken(values.category_ticket_prefix),
    },
  ],
  list: {
    select: {
      id: category.id,
      name: category.name,
      status: category.status,
      created_at: category.created_at,
      category_type: category.category_type,
      ticket_prefix: category.ticket_prefix,
      master_category_id: masterCategory.id,
      master_category_name: masterCategory.name,
    },
    join: (query) =>
      query.innerJoin(
        masterCategory,
        and(
          eq(masterCategory.id, category.master_category_id),
          eq(masterCategory.organization_id, category.organization_id),
        ),
      ),
    search: [category.name, category.ticket_prefix],
    sort: {
      category_name: sql`lower(${category.name})`,
      master_category_name: sql`lower(${masterCategory.name})`,
      category_ticket_prefix: category.ticket_prefix,
      category_type: category.category_type,
      category_status: category.status,
      category_created_on: category.created_at,
    },
    filters: (input) => [
      input.master_category_id ? eq(category.master_category_id, input.master_category_id) : undefined,
    ],
    toItem: (row): CategoryItem => ({
      category_id: row.id,
      category_created_on: row.created_at.toISOString(),
      master_category_id: row.master_category_id,
      master_category_name: row.master_category_name,
      category_name: row.name,
      category_status: row.status,
      category_type: row.category_type,
      category_ticket_prefix: row.ticket_prefix,
    }),
    export: {
      title: 'Categories',
      columns: [
        { header: 'Name', width: 30, value: (item) => item.category_name },
        { header: 'Master category', width: 26, value: (item) => item.master_category_name },
        { header: 'Ticket prefix', width: 14, value: (item) => item.category_ticket_prefix },
        { header: 'Type', width: 14, value: (item) => CATEGORY_TYPE_LABELS[item.category_type] },
        ...statusAndCreatedColumns<CategoryItem>('category_status', 'category_created_on'),
      ],
    },
  },
  check: async (values, { db, caller }, existing) => {
    const previous = existing
      ? (
          await db
            .select({ master_category_id: category.master_category_id })
            .from(category)
            .where(eq(category.id, existing.id))
        )[0]?.master_category_id
      : undefined;
    await requireActiveReference(db, caller, masterCategory, {
      id: values.master_category_id,
      previousId: previous,
      field: 'master_category_id',
      noun: 'master category',
    });
    // Named in the message; the unique index stays the guard against a race.
    const [owner] = await db
      .select({ name: category.name })
      .from(category)
      .where(
        and(
          inOrganization(category, caller),
          eq(category.ticket_prefix, values.category_ticket_prefix),
          existing ? ne(category.id, existing.id) : undefined,
        ),
      );
    if (owner)
      throw conflict(prefixTaken(values.category_ticket_prefix, owner.name), 'category_ticket_prefix');
  },
  values: (values) => ({
    master_category_id: values.master_category_id,
    name: values.category_name,
    category_type: values.category_type,
    ticket_prefix: values.category_ticket_prefix,
  }),
});
