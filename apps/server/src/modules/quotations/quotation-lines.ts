import { and, eq, inArray } from 'drizzle-orm';
import { rateToBasisPoints, stateOfGstin } from '@fieldport/contract/gst';
import {
  QUOTATION_LINE_KIND_LABELS,
  QUOTATIONS_MESSAGES,
  type QuotationLineInput,
  type QuotationLineKind,
} from '@fieldport/contract/operations/quotations';
import { supplyBetween, taxLine, type TaxAmounts, type TaxSupply } from '@fieldport/contract/tax';
import type { Db } from '../../db/client.ts';
import { component } from '../../db/schema/inventory.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import { additionalPart } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput } from '../../platform/errors.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * A quotation's lines as they are kept (docs/quotations.md#lines): each names an active item of its
 * kind (a service, a spare part, an additional part, an AMC plan), described by the item unless
 * the person wrote otherwise, taxed per line (packages/contract/src/tax.ts).
 */

type LineIn = Omit<QuotationLineInput, 'discount' | 'description' | 'fleet_item_id'> & {
  discount: number;
  description: string | null;
  fleet_item_id: string | null;
};

export interface PricedLine extends LineIn {
  description: string;
  hsn_code: string | null;
  tax_rate_bp: number;
  amounts: TaxAmounts;
}

interface KnownItem {
  id: string;
  description: string;
  hsn_code: string | null;
  /** The products an AMC plan covers (empty: every product). */
  service_ids?: string[];
  name: string;
}

/** The active items of one kind among `ids`, by id. */
async function itemsOfKind(
  db: Db,
  caller: Caller,
  kind: QuotationLineKind,
  ids: string[],
): Promise<Map<string, KnownItem>> {
  if (ids.length === 0) return new Map();
  const rows: KnownItem[] =
    kind === 'SERVICE'
      ? (
          await db
            .select({ id: service.id, name: service.name })
            .from(service)
            .where(
              and(inOrganization(service, caller), inArray(service.id, ids), eq(service.status, 'ACTIVE')),
            )
        ).map((row) => ({ ...row, description: row.name, hsn_code: null }))
      : kind === 'COMPONENT'
        ? (
            await db
              .select({
                id: component.id,
                name: component.name,
                part_number: component.part_number,
                hsn_code: component.hsn_code,
              })
              .from(component)
              .where(
                and(
                  inOrganization(component, caller),
                  inArray(component.id, ids),
                  eq(component.status, 'ACTIVE'),
                ),
              )
          ).map((row) => ({ ...row, description: `${row.name} (${row.part_number})` }))
        : kind === 'ADDITIONAL_PART'
          ? (
              await db
                .select({ id: additionalPart.id, name: additionalPart.name, code: additionalPart.part_code })
                .from(additionalPart)
                .where(
                  and(
                    inOrganization(additionalPart, caller),
                    inArray(additionalPart.id, ids),
                    eq(additionalPart.status, 'ACTIVE'),
                  ),
                )
            ).map((row) => ({ ...row, description: `${row.name} (${row.code})`, hsn_code: null }))
          : (
              await db
                .select({ id: amcType.id, name: amcType.name, service_ids: amcType.service_ids })
                .from(amcType)
                .where(
                  and(
                    inOrganization(amcType, caller),
                    inArray(amcType.id, ids),
                    eq(amcType.status, 'ACTIVE'),
                  ),
                )
            ).map((row) => ({ ...row, description: `AMC: ${row.name}`, hsn_code: null }));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The organization's state, from its GSTIN; null when it has none (then it charges no GST: every
 * line must be at 0%).
 */
export function organizationState(organization: { gstin: string | null }): string | null {
  return organization.gstin ? stateOfGstin(organization.gstin) : null;
}

/** Within the organization's state CGST + SGST, across IGST; no GSTIN, no GST (INTRA_STATE at 0%). */
export function quotationSupply(organization: { gstin: string | null }, customerState: string): TaxSupply {
  const own = organizationState(organization);
  return own ? supplyBetween(own, customerState) : 'INTRA_STATE';
}

/**
 * Checks every line's item (an active one of its kind in the organization) and product (one of the
 * customer's fleet items; an AMC plan must cover it), refuses GST from an organization without a
 * GSTIN, and prices the lines. `customerId` null: a template's lines, which name no product.
 */
export async function priceLines(
  db: Db,
  caller: Caller,
  lines: LineIn[],
  supply: TaxSupply,
  customerId: string | null,
): Promise<PricedLine[]> {
  const known = new Map<QuotationLineKind, Map<string, KnownItem>>();
  for (const kind of new Set(lines.map((line) => line.kind))) {
    const ids = [...new Set(lines.filter((line) => line.kind === kind).map((line) => line.item_id))];
    known.set(kind, await itemsOfKind(db, caller, kind, ids));
  }
  const fleetIds = [...new Set(lines.flatMap((line) => (line.fleet_item_id ? [line.fleet_item_id] : [])))];
  const products =
    fleetIds.length && customerId
      ? await db
          .select({ id: fleetItem.id, service_id: fleetItem.service_id, serial: fleetItem.serial_number })
          .from(fleetItem)
          .where(
            and(
              inOrganization(fleetItem, caller),
              inArray(fleetItem.id, fleetIds),
              eq(fleetItem.customer_id, customerId),
              eq(fleetItem.status, 'ACTIVE'),
              eq(fleetItem.approval_state, 'APPROVED'),
            ),
          )
      : [];
  const productOf = new Map(products.map((row) => [row.id, row]));
  const noGst = !caller.organization.gstin;

  return lines.map((line, index) => {
    const item = known.get(line.kind)!.get(line.item_id);
    if (!item) {
      throw badInput(
        QUOTATIONS_MESSAGES.itemNotFound(QUOTATION_LINE_KIND_LABELS[line.kind]),
        `lines.${index}.item_id`,
      );
    }
    if (line.fleet_item_id) {
      const product = productOf.get(line.fleet_item_id);
      if (!product || (line.kind !== 'SERVICE' && line.kind !== 'AMC')) {
        throw badInput(QUOTATIONS_MESSAGES.fleetItemNotFound, `lines.${index}.fleet_item_id`);
      }
      if (
        line.kind === 'AMC' &&
        item.service_ids!.length > 0 &&
        !item.service_ids!.includes(product.service_id)
      ) {
        throw badInput(
          QUOTATIONS_MESSAGES.amcNotForProduct(item.name, product.serial),
          `lines.${index}.fleet_item_id`,
        );
      }
    }
    if (noGst && line.tax_rate > 0) throw badInput(QUOTATIONS_MESSAGES.noGstin, `lines.${index}.tax_rate`);
    const tax_rate_bp = rateToBasisPoints(line.tax_rate);
    return {
      ...line,
      description: line.description ?? item.description,
      hsn_code: item.hsn_code,
      tax_rate_bp,
      amounts: taxLine({ ...line, tax_rate_bp }, supply),
    };
  });
}
