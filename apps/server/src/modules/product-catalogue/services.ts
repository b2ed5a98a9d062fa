import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  SERVICE_ENABLE_TYPE_LABELS,
  services,
  type ServiceItem,
} from '@fieldport/contract/operations/product-catalogue';
import type { Db } from '../../db/client.ts';
import { member, user } from '../../db/schema/identity.ts';
import { category, service } from '../../db/schema/product-catalogue.ts';
import { component } from '../../db/schema/inventory.ts';
import { serviceType } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput } from '../../platform/errors.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { qualified } from '../../platform/lists.ts';
import { requireActiveReference, requireActiveReferences } from '../../platform/references.ts';
import { formatNumber, nextNumber } from '../../db/sequences.ts';
import { attachingFiles, resolveAttachments, withFileUrls } from '../../platform/uploads.ts';
import { listsOnlyOffered, offeredToCaller } from './service-offer.ts';
import { membersOf } from '../../platform/tenant.ts';

/** The service as it is before an update: what may stay although inactive, and its files. */
async function current(db: Db, id: string) {
  const [row] = await db
    .select({
      category_id: service.category_id,
      service_type_ids: service.service_type_ids,
      files: service.files,
    })
    .from(service)
    .where(eq(service.id, id));
  return row;
}

/** Users tagged on a service's tickets must be active members of the organization. */
async function requireMembers(db: Db, caller: Caller, userIds: string[]) {
  if (userIds.length === 0) return;
  const rows = await db
    .select({ userId: member.userId })
    .from(member)
    .where(and(membersOf(caller), eq(member.status, 'ACTIVE'), inArray(member.userId, userIds)));
  if (new Set(rows.map((row) => row.userId)).size !== userIds.length) {
    throw badInput(
      'A user to tag was not found among the active members of the organization.',
      'autotag_to_users',
    );
  }
}

const [listServices, createService, updateService, activateOrDeactivateService] = defineMaster({
  contract: services,
  table: service,
  nameIndex: 'service_category_name_uq',
  list: {
    select: {
      id: service.id,
      organization_id: service.organization_id,
      display_id: service.display_id,
      name: service.name,
      status: service.status,
      created_at: service.created_at,
      price_paise: service.price_paise,
      credits: service.credits,
      enable_type: service.enable_type,
      is_visible: service.is_visible,
      technician_enabled: service.technician_enabled,
      manufacturer_name: service.manufacturer_name,
      source: service.source,
      service_type_ids: service.service_type_ids,
      // The active components that fit the service (docs/inventory.md#components).
      component_ids: sql<string[]>`coalesce((
        select jsonb_agg(${qualified(component.id)} order by ${qualified(component.part_number)})
        from ${component}
        where ${qualified(component.organization_id)} = ${qualified(service.organization_id)}
          and ${qualified(component.status)} = 'ACTIVE'
          and ${qualified(component.service_ids)} @> jsonb_build_array(${qualified(service.id)})
      ), '[]'::jsonb)`,
      autotag_user_ids: service.autotag_user_ids,
      files: service.files,
      category_id: category.id,
      category_name: category.name,
      master_category_id: category.master_category_id,
      ticket_prefix: category.ticket_prefix,
      created_by_name: user.name,
    },
    join: (query) =>
      query
        .innerJoin(
          category,
          and(eq(category.id, service.category_id), eq(category.organization_id, service.organization_id)),
        )
        .leftJoin(user, eq(user.id, service.created_by)),
    search: [service.name, service.display_id, service.manufacturer_name],
    sort: {
      service_name: sql`lower(${service.name})`,
      service_display_id: service.display_id,
      category_name: sql`lower(${category.name})`,
      service_price: service.price_paise,
      service_status: service.status,
      service_created_on: service.created_at,
    },
    filters: (input, caller) => [
      input.category_id ? eq(service.category_id, input.category_id) : undefined,
      input.master_category_id ? eq(category.master_category_id, input.master_category_id) : undefined,
      // The export runs the same filters: a party's user cannot export more than they may list.
      listsOnlyOffered(caller, input.offered_for_new_tickets) ? offeredToCaller(caller) : undefined,
    ],
    // file_url carries the storage key here; withFileUrls() below turns it into an address.
    toItem: (row): ServiceItem => ({
      service_id: row.id,
      category_id: row.category_id,
      master_category_id: row.master_category_id,
      service_display_id: row.display_id,
      service_enable_type: row.enable_type,
      organization_id: row.organization_id,
      component_count: row.component_ids.length,
      component_ids: row.component_ids,
      is_visible: row.is_visible,
      service_price: row.price_paise,
      service_technician_enabled: row.technician_enabled,
      service_created_by: row.created_by_name ?? '',
      service_created_on: row.created_at.toISOString(),
      service_name: row.name,
      service_credits: row.credits,
      s3_key: row.files[0]?.key ?? null,
      service_s3_files: row.files.map((file) => ({
        file_name: file.file_name,
        file_type: file.file_type,
        file_url: file.key,
        file_size: file.file_size,
      })),
      service_type_ids: row.service_type_ids,
      category_name: row.category_name,
      manufacturer_name: row.manufacturer_name,
      service_source: row.source,
      service_status: row.status,
      service_ticket_prefix: row.ticket_prefix,
      autotag_to_users: row.autotag_user_ids,
    }),
    export: {
      title: 'Services',
      columns: [
        { header: 'Service ID', width: 14, value: (item) => item.service_display_id },
        { header: 'Name', width: 36, value: (item) => item.service_name },
        { header: 'Category', width: 22, value: (item) => item.category_name },
        { header: 'Ticket prefix', width: 13, value: (item) => item.service_ticket_prefix },
        { header: 'Price (₹)', width: 14, numFmt: '#,##0.00', value: (item) => item.service_price / 100 },
        { header: 'Credits', width: 9, value: (item) => item.service_credits },
        { header: 'Manufacturer', width: 20, value: (item) => item.manufacturer_name },
        {
          header: 'Enabled for',
          width: 26,
          value: (item) => SERVICE_ENABLE_TYPE_LABELS[item.service_enable_type],
        },
        { header: 'Visible', width: 9, value: (item) => (item.is_visible ? 'Yes' : 'No') },
        {
          header: 'Files',
          width: 30,
          value: (item) => item.service_s3_files.map((file) => file.file_name).join(', '),
        },
        { header: 'Created by', width: 22, value: (item) => item.service_created_by },
        ...statusAndCreatedColumns<ServiceItem>('service_status', 'service_created_on'),
      ],
    },
  },
  check: async (values, { db, caller }, existing) => {
    const before = existing ? await current(db, existing.id) : undefined;
    await requireActiveReference(db, caller, category, {
      id: values.category_id,
      previousId: before?.category_id,
      field: 'category_id',
      noun: 'category',
    });
    await requireActiveReferences(db, caller, serviceType, {
      ids: values.service_type_ids,
      previousIds: before?.service_type_ids,
      field: 'service_type_ids',
      noun: 'service type',
    });
    await requireMembers(db, caller, values.autotag_to_users);
  },
  values: async (values, context, existing) => {
    const before = existing ? await current(context.db, existing.id) : undefined;
    const files = await resolveAttachments(context, {
      purpose: 'SERVICE_FILE',
      field: 'service_s3_files',
      noun: 'service',
      files: values.service_s3_files,
      existing: before?.files ?? [],
      record: existing ? { kind: 'SERVICE', id: existing.id } : undefined,
    });
    const columns: Record<string, unknown> = {
      category_id: values.category_id,
      name: values.service_name,
      price_paise: values.service_price,
      credits: values.service_credits,
      enable_type: values.service_enable_type,
      is_visible: values.is_visible,
      technician_enabled: values.service_technician_enabled,
      manufacturer_name: values.manufacturer_name,
      service_type_ids: values.service_type_ids,
      autotag_user_ids: values.autotag_to_users,
      files,
    };
    if (!existing) {
      const organizationId = context.caller.organization.id;
      columns.display_id = formatNumber('SRV', await nextNumber(context.db, organizationId, 'service'));
      columns.created_by = context.caller.user.id;
      columns.source = 'PORTAL';
    }
    return columns;
  },
});

/**
 * Services (docs/product.md#product-catalogue): `List_Services` and create, update,
 * activate/deactivate.
 */
const FILES = { kind: 'SERVICE', idKey: 'service_id', filesKey: 'service_s3_files' } as const;

export const serviceHandlers = [
  withFileUrls(listServices, FILES.filesKey),
  withFileUrls(attachingFiles(createService, FILES), FILES.filesKey),
  withFileUrls(attachingFiles(updateService, FILES), FILES.filesKey),
  withFileUrls(activateOrDeactivateService, FILES.filesKey),
] as const;
