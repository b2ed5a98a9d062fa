import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { serviceEnableTypesFor } from '@fieldport/contract/operations/product-catalogue';
import type { Db } from '../../db/client.ts';
import { category, service } from '../../db/schema/product-catalogue.ts';
import { serviceType } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput } from '../../platform/errors.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * Which services a new ticket may be raised for (`service_enable_type`,
 * `is_visible`): active, visible (a hidden service stays in the catalogue but is offered to
 * nobody), and enabled for the caller's party (serviceEnableTypesFor). Creating and re-creating a
 * ticket and List_Services all ask here.
 */

/** The condition on `service` rows: offered to the caller for new tickets. */
export function offeredToCaller(caller: Caller): SQL {
  return and(
    eq(service.status, 'ACTIVE'),
    eq(service.is_visible, true),
    inArray(service.enable_type, [...serviceEnableTypesFor(caller.party?.kind ?? null)]),
  )!;
}

/**
 * Whether List_Services shows the caller only the offered services: a partner's or a dealer's
 * users see nothing else (neither hidden services nor those of other parties, with their prices),
 * while the organization's own people keep the whole catalogue unless they ask for the offered ones.
 */
export function listsOnlyOffered(caller: Caller, asked: boolean | undefined): boolean {
  return Boolean(caller.party) || asked === true;
}

/** What a party user is told about a service they may not use, whether or not it exists. */
const NOT_OFFERED_TO_PARTY =
  'This service is not offered to you for new tickets. Choose a service from the list.';

/**
 * A service of the caller's organization with its category's ticket prefix, and whether it is
 * offered to the caller for new tickets; undefined when the organization has no such service.
 */
export async function serviceOffer(db: Db, caller: Caller, serviceId: string) {
  const [row] = await db
    .select({
      service_id: service.id,
      name: service.name,
      status: service.status,
      is_visible: service.is_visible,
      enable_type: service.enable_type,
      category_id: category.id,
      ticket_prefix: category.ticket_prefix,
    })
    .from(service)
    .innerJoin(
      category,
      and(eq(category.id, service.category_id), eq(category.organization_id, service.organization_id)),
    )
    .where(and(inOrganization(service, caller), eq(service.id, serviceId)));
  if (!row) return undefined;
  const offered =
    row.status === 'ACTIVE' &&
    row.is_visible &&
    serviceEnableTypesFor(caller.party?.kind ?? null).includes(row.enable_type);
  return { ...row, offered };
}

/**
 * The service of a new ticket, or BAD_USER_INPUT on `field`. A partner's or dealer's user learns
 * nothing about a service they may not use (one message whether or not it exists); the
 * organization's people are told what to change.
 */
export async function requireOfferedService(db: Db, caller: Caller, serviceId: string, field: string) {
  const row = await serviceOffer(db, caller, serviceId);
  if (row?.offered) return row;
  if (caller.party) throw badInput(NOT_OFFERED_TO_PARTY, field);
  if (!row) throw badInput('Service not found. Choose a service from the list.', field);
  if (row.status !== 'ACTIVE') {
    throw badInput(`Service '${row.name}' is inactive. Activate it first or choose another.`, field);
  }
  // The organization's people may use every enable type: only visibility is left.
  throw badInput(
    `Service '${row.name}' is hidden from new tickets. Make it visible in the Product Catalogue, or choose another service.`,
    field,
  );
}

/**
 * The service type of a new ticket: an active service type that the service lists among its own
 * (docs/payouts.md#rate-cards: a rate card may be for one), or BAD_USER_INPUT on service_type_id.
 */
export async function requireTypeOfService(db: Db, caller: Caller, serviceId: string, serviceTypeId: string) {
  const [row] = await db
    .select({ name: serviceType.name, status: serviceType.status, listed: service.service_type_ids })
    .from(serviceType)
    .innerJoin(service, and(inOrganization(service, caller), eq(service.id, serviceId)))
    .where(and(inOrganization(serviceType, caller), eq(serviceType.id, serviceTypeId)));
  if (!row || row.status !== 'ACTIVE' || !row.listed.includes(serviceTypeId)) {
    throw badInput(
      "Service type must be one of the service's active service types. Choose one from the list or leave it empty.",
      'service_type_id',
    );
  }
}
