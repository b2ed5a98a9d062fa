import { and, eq, sql, type SQL } from 'drizzle-orm';
import { shiftDay } from '@fieldport/contract/fields';
import { CONTRACTS_MESSAGES, RaiseRenewalQuotation } from '@fieldport/contract/operations/contracts';
import { QUOTATION_MAX_VALIDITY_DAYS } from '@fieldport/contract/operations/quotations';
import { amcContract, amcContractItem } from '../../db/schema/contracts.ts';
import { customer } from '../../db/schema/customers.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import { quotation, quotationLine } from '../../db/schema/quotations.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { qualified } from '../../platform/lists.ts';
import { todayOf } from '../../platform/organization-days.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import { saveQuotation } from '../quotations/quotations.ts';
import { renewedBy } from './contracts.ts';

/**
 * A renewal quotation of a contract (docs/contracts.md#renewal-quotations): a quotation of the
 * organization still open to go to the customer or be answered (a draft, waiting for approval, or
 * approved or sent within its validity) with an AMC line for one of the contract's products. Its
 * number, or null; the AMC renewal report shows it and RaiseRenewalQuotation refuses a second.
 */
export const openRenewalQuotation = (today: string) => sql<string | null>`(
  select q.quotation_number
    from ${quotationLine} l
    join ${quotation} q on q.id = l.quotation_id and q.organization_id = l.organization_id
    join ${amcContractItem} ci on ci.fleet_item_id = l.fleet_item_id
   where ci.contract_id = ${qualified(amcContract.id)}
     and l.organization_id = ${qualified(amcContract.organization_id)}
     and l.kind = 'AMC'
     and (q.state in ('DRAFT', 'PENDING_APPROVAL')
          or (q.state in ('APPROVED', 'SENT') and q.valid_until >= ${today}::date))
   order by q.created_at
   limit 1)`;

/**
 * A contract's product the renewal offers: still in service at the contract's customer (active,
 * approved, still theirs). A product replaced under an FGR stays on the contract beside its
 * replacement (docs/fgr.md), and one moved to another owner is not theirs to renew. The AMC renewal
 * report lists the same products.
 */
export const renewableAt = (customerId: SQL | string) =>
  sql`${qualified(fleetItem.customer_id)} = ${customerId}
      and ${qualified(fleetItem.status)} = 'ACTIVE'
      and ${qualified(fleetItem.approval_state)} = 'APPROVED'`;

/** A renewal quotation is valid to the contract's last day, and for a fortnight at least. */
const RENEWAL_VALID_DAYS = 14;

export const raiseRenewalQuotation = defineHandler(RaiseRenewalQuotation, async (input, context) => {
  const { db, caller } = context;
  const today = todayOf(caller);
  // Locked first: a second click waits for the first, then finds its quotation open.
  const [locked] = await db
    .select({ id: amcContract.id })
    .from(amcContract)
    .where(and(inOrganization(amcContract, caller), eq(amcContract.id, input.contract_id)))
    .for('update');
  // A contract is the caller's to renew when its customer is theirs to see, as on the contracts list.
  const [row] = locked
    ? await db
        .select({
          contract: amcContract,
          type_name: amcType.name,
          renewed_by: renewedBy,
          open_quotation: openRenewalQuotation(today),
        })
        .from(amcContract)
        .innerJoin(
          customer,
          and(
            eq(customer.id, amcContract.customer_id),
            eq(customer.organization_id, amcContract.organization_id),
          ),
        )
        .innerJoin(
          amcType,
          and(
            eq(amcType.id, amcContract.amc_type_id),
            eq(amcType.organization_id, amcContract.organization_id),
          ),
        )
        .where(and(eq(amcContract.id, locked.id), inPartyOf(customer, caller)))
    : [];
  if (!row) throw notFound(CONTRACTS_MESSAGES.notFound);
  const { contract } = row;
  if (row.renewed_by) {
    throw conflict(
      CONTRACTS_MESSAGES.alreadyRenewed(contract.contract_number, row.renewed_by.contract_number),
    );
  }
  if (row.open_quotation) {
    throw conflict(CONTRACTS_MESSAGES.renewalOpen(contract.contract_number, row.open_quotation));
  }
  const items = await db
    .select({ fleet_item_id: amcContractItem.fleet_item_id })
    .from(amcContractItem)
    .innerJoin(
      fleetItem,
      and(
        eq(fleetItem.id, amcContractItem.fleet_item_id),
        eq(fleetItem.organization_id, amcContractItem.organization_id),
      ),
    )
    .where(
      and(
        eq(amcContractItem.organization_id, contract.organization_id),
        eq(amcContractItem.contract_id, contract.id),
        renewableAt(contract.customer_id),
      ),
    )
    .orderBy(amcContractItem.id);
  if (items.length === 0) throw conflict(CONTRACTS_MESSAGES.nothingToRenew(contract.contract_number));
  // The contract's amount shared among its products, the odd paise on the first: the quotation's
  // taxable total is what the customer paid for the year ending.
  const share = Math.floor(contract.amount_paise / items.length);
  const odd = contract.amount_paise - share * items.length;
  const fortnight = shiftDay(today, RENEWAL_VALID_DAYS);
  const latest = shiftDay(today, QUOTATION_MAX_VALIDITY_DAYS);
  const validUntil =
    contract.end_date < fortnight ? fortnight : contract.end_date > latest ? latest : contract.end_date;
  const saved = await saveQuotation.handle(
    saveQuotation.operation.input.parse({
      customer_id: contract.customer_id,
      valid_until: validUntil,
      header_text: CONTRACTS_MESSAGES.renewalHeader(
        contract.contract_number,
        row.type_name,
        calendarDayText(contract.end_date),
      ),
      lines: items.map((item, index) => ({
        kind: 'AMC',
        item_id: contract.amc_type_id,
        fleet_item_id: item.fleet_item_id,
        quantity: 1,
        unit_price: share + (index === 0 ? odd : 0),
        // GST as the organization charges it on services; none without a GSTIN (docs/quotations.md#tax).
        tax_rate: caller.organization.gstin ? 18 : 0,
      })),
    }),
    context,
  );
  const [made] = saved.data.items;
  return {
    data: saved.data,
    message: CONTRACTS_MESSAGES.renewalRaised(made.quotation_number, contract.contract_number),
  };
});

export const renewalQuotationHandlers = [raiseRenewalQuotation];
