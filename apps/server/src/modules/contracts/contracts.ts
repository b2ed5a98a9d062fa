import { and, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shiftDay } from '@fieldport/contract/fields';
import {
  CONTRACT_RENEWAL_DAYS,
  CONTRACT_STATE_LABELS,
  CONTRACTS_MESSAGES,
  CreateContract,
  GetContract,
  ListContracts,
  type ContractFleetItem,
  type ContractItem,
  type ContractSource,
  type ContractState,
} from '@fieldport/contract/operations/contracts';
import { amcPeriod } from '@fieldport/contract/operations/product-fleet';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { amcContract, amcContractItem } from '../../db/schema/contracts.ts';
import { customer } from '../../db/schema/customers.ts';
import { organization, user } from '../../db/schema/identity.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { quotation } from '../../db/schema/quotations.ts';
import { nextDocumentNumber } from '../../db/sequences.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { defineList, qualified } from '../../platform/lists.ts';
import { todayOf } from '../../platform/organization-days.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';

/**
 * AMC contracts (docs/contracts.md): one customer's fleet items under one AMC type for a period,
 * sold through a quotation or entered. A contract's items go under its AMC on its first day (now,
 * or by the daily job `contracts.start`), so that a renewal entered early leaves the running AMC
 * in place until it ends.
 */

const createdBy = alias(user, 'created_by');

/** Its state on the organization's today; a renewed contract is never due for renewal. */
export function contractState(start: string, end: string, today: string, renewed: boolean): ContractState {
  if (today < start) return 'UPCOMING';
  if (today > end) return 'EXPIRED';
  return !renewed && shiftDay(end, -CONTRACT_RENEWAL_DAYS) <= today ? 'RENEWAL_DUE' : 'ACTIVE';
}

/** The first later contract for any of this one's products: what renewed it (docs/contracts.md#states). */
export const renewedBy = sql<{ contract_id: string; contract_number: string } | null>`(
  select jsonb_build_object('contract_id', later.id, 'contract_number', later.contract_number)
    from ${amcContractItem} own
    join ${amcContractItem} later_item on later_item.fleet_item_id = own.fleet_item_id
    join ${amcContract} later on later.id = later_item.contract_id
   where own.contract_id = ${qualified(amcContract.id)}
     and later.start_date > ${qualified(amcContract.start_date)}
   order by later.start_date, later.id
   limit 1)`;

function stateCondition(state: ContractState, today: string): SQL {
  const renewalFrom = sql`(${amcContract.end_date} - ${CONTRACT_RENEWAL_DAYS}::int)`;
  switch (state) {
    case 'UPCOMING':
      return gt(amcContract.start_date, today);
    case 'EXPIRED':
      return lt(amcContract.end_date, today);
    case 'RENEWAL_DUE':
      return and(
        lte(amcContract.start_date, today),
        gte(amcContract.end_date, today),
        sql`${renewalFrom} <= ${today}::date`,
        sql`${renewedBy} is null`,
      )!;
    case 'ACTIVE':
      return and(
        lte(amcContract.start_date, today),
        gte(amcContract.end_date, today),
        sql`(${renewalFrom} > ${today}::date or ${renewedBy} is not null)`,
      )!;
  }
}

const itemsJson = sql<ContractFleetItem[]>`(
  select coalesce(jsonb_agg(jsonb_build_object(
      'fleet_item_id', f.id,
      'serial_number', f.serial_number,
      'product_name', s.name,
      'visits_included', f.amc_visits_included,
      'visits_used', f.amc_visits_used
    ) order by f.serial_number), '[]'::jsonb)
    from ${amcContractItem} ci
    join ${fleetItem} f on f.id = ci.fleet_item_id
    join ${service} s on s.id = f.service_id
   where ci.contract_id = ${qualified(amcContract.id)})`;

export const listContracts = defineList(ListContracts, {
  table: amcContract,
  // A contract is seen by whoever sees its customer (a dealer's people: their own customers').
  scope: (caller) => and(inOrganization(amcContract, caller), inPartyOf(customer, caller))!,
  select: {
    id: amcContract.id,
    contract_number: amcContract.contract_number,
    customer_id: amcContract.customer_id,
    customer_name: customer.name,
    customer_phone: customer.phone,
    amc_type_id: amcContract.amc_type_id,
    amc_type_name: amcType.name,
    start_date: amcContract.start_date,
    end_date: amcContract.end_date,
    visits_per_item: amcContract.visits_per_item,
    amount: amcContract.amount_paise,
    source: amcContract.source,
    quotation_id: amcContract.quotation_id,
    quotation_number: quotation.quotation_number,
    note: amcContract.note,
    items: itemsJson,
    renewed_by: renewedBy,
    created_by_name: createdBy.name,
    created_at: amcContract.created_at,
  },
  join: (query) =>
    query
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
      .leftJoin(
        quotation,
        and(
          eq(quotation.id, amcContract.quotation_id),
          eq(quotation.organization_id, amcContract.organization_id),
        ),
      )
      .leftJoin(createdBy, eq(createdBy.id, amcContract.created_by)),
  search: [amcContract.contract_number, customer.name],
  // Those ending first first, on (organization_id, end_date, id): the renewals to chase.
  sort: {
    end_date: amcContract.end_date,
    start_date: amcContract.start_date,
    contract_number: amcContract.contract_number,
    amount: amcContract.amount_paise,
    created_on: amcContract.created_at,
  },
  filters: (input, caller) => [
    input.state ? stateCondition(input.state, todayOf(caller)) : undefined,
    input.customer_id ? eq(amcContract.customer_id, input.customer_id) : undefined,
    input.amc_type_id ? eq(amcContract.amc_type_id, input.amc_type_id) : undefined,
  ],
  toItem: (row, caller): ContractItem => ({
    contract_id: row.id,
    contract_number: row.contract_number,
    state: contractState(row.start_date, row.end_date, todayOf(caller), row.renewed_by !== null),
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    amc_type_id: row.amc_type_id,
    amc_type_name: row.amc_type_name,
    start_date: row.start_date,
    end_date: row.end_date,
    visits_per_item: row.visits_per_item,
    amount: row.amount,
    source: row.source,
    quotation_id: row.quotation_id,
    quotation_number: row.quotation_number,
    note: row.note,
    items: row.items,
    renewal_due_on: shiftDay(row.end_date, -CONTRACT_RENEWAL_DAYS),
    renewed_by: row.renewed_by,
    created_by_name: row.created_by_name ?? 'A former user',
    created_on: row.created_at.toISOString(),
  }),
  export: {
    title: 'AMC contracts',
    columns: [
      { header: 'Contract', width: 22, value: (item) => item.contract_number },
      { header: 'State', width: 14, value: (item) => CONTRACT_STATE_LABELS[item.state] },
      { header: 'Renewed by', width: 22, value: (item) => item.renewed_by?.contract_number ?? '' },
      { header: 'Customer', width: 28, value: (item) => item.customer_name },
      { header: 'AMC type', width: 24, value: (item) => item.amc_type_name },
      { header: 'From', width: 12, value: (item) => item.start_date },
      { header: 'To', width: 12, value: (item) => item.end_date },
      {
        header: 'Products',
        width: 40,
        value: (item) => item.items.map((entry) => entry.serial_number).join(', '),
      },
      { header: 'Amount (₹)', width: 14, value: (item) => item.amount / 100, numFmt: '#,##0.00' },
      { header: 'Quotation', width: 22, value: (item) => item.quotation_number ?? '' },
    ],
  },
});

const getContract = defineHandler(GetContract, async (input, { db, caller }) => {
  const item = await listContracts.list.findById(db, caller, input.contract_id);
  if (!item) throw notFound(CONTRACTS_MESSAGES.notFound);
  return { data: { items: [item] } };
});

// ---------------------------------------------------------------------------------------------
// Making one, and its first day

type ContractRow = typeof amcContract.$inferSelect;

/**
 * Puts a contract's items under its AMC, with its days and visits (none used yet), each item's
 * history saying so, and marks it applied. Run on its first day (or later: the job catches up).
 */
export async function applyContract(db: Db, row: ContractRow, typeName: string, actorUserId: string | null) {
  const items = await db
    .select({ id: amcContractItem.fleet_item_id })
    .from(amcContractItem)
    .where(eq(amcContractItem.contract_id, row.id));
  const ids = items.map((item) => item.id);
  if (ids.length) {
    await db
      .update(fleetItem)
      .set({
        amc_type_id: row.amc_type_id,
        amc_start_date: row.start_date,
        amc_end_date: row.end_date,
        amc_visits_included: row.visits_per_item,
        amc_visits_used: 0,
        updated_at: new Date(),
      })
      .where(and(eq(fleetItem.organization_id, row.organization_id), inArray(fleetItem.id, ids)));
    await db.insert(fleetItemEvent).values(
      ids.map((id) => ({
        id: newId(),
        organization_id: row.organization_id,
        fleet_item_id: id,
        kind: 'UPDATED' as const,
        details: `AMC ${typeName} from ${calendarDayText(row.start_date)} to ${calendarDayText(row.end_date)}: contract ${row.contract_number}`,
        actor_user_id: actorUserId,
        created_at: new Date(),
      })),
    );
  }
  await db
    .update(amcContract)
    .set({ applied_at: new Date() })
    .where(and(eq(amcContract.organization_id, row.organization_id), eq(amcContract.id, row.id)));
}

export interface NewContract {
  customer_id: string;
  type: { id: string; name: string; duration_months: number; visits: number | null };
  start_date: string;
  fleet_item_ids: string[];
  amount: number;
  source: ContractSource;
  quotation_id: string | null;
  note: string | null;
}

/** Numbers and writes a contract with its items; applies it at once when its first day has come. */
export async function insertContract(db: Db, caller: Caller, values: NewContract): Promise<ContractRow> {
  const today = todayOf(caller);
  const period = amcPeriod(values.type, values.start_date);
  const [row] = await db
    .insert(amcContract)
    .values({
      id: newId(),
      organization_id: caller.organization.id,
      contract_number: await nextDocumentNumber(db, caller.organization.id, 'AMC', today),
      customer_id: values.customer_id,
      amc_type_id: values.type.id,
      start_date: values.start_date,
      end_date: period.amc_end_date,
      visits_per_item: period.amc_visits_included,
      amount_paise: values.amount,
      source: values.source,
      quotation_id: values.quotation_id,
      note: values.note,
      created_by: caller.user.id,
    })
    .returning();
  await db.insert(amcContractItem).values(
    values.fleet_item_ids.map((fleetItemId) => ({
      id: newId(),
      organization_id: caller.organization.id,
      contract_id: row.id,
      fleet_item_id: fleetItemId,
    })),
  );
  if (row.start_date <= today) await applyContract(db, row, values.type.name, caller.user.id);
  return row;
}

/** The day a new AMC for an item starts: today, or the day after the AMC it is under ends (a renewal). */
export function renewalStart(item: { amc_end_date: string | null }, today: string): string {
  return item.amc_end_date && item.amc_end_date >= today ? shiftDay(item.amc_end_date, 1) : today;
}

export const createContract = defineHandler(CreateContract, async (input, context) => {
  const { db, caller } = context;
  const today = todayOf(caller);
  const [owner] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(
      and(inPartyOf(customer, caller), eq(customer.id, input.customer_id), eq(customer.status, 'ACTIVE')),
    );
  if (!owner) throw badInput(CONTRACTS_MESSAGES.customerNotFound, 'customer_id');
  const [type] = await db
    .select()
    .from(amcType)
    .where(
      and(inOrganization(amcType, caller), eq(amcType.id, input.amc_type_id), eq(amcType.status, 'ACTIVE')),
    );
  if (!type) throw badInput(CONTRACTS_MESSAGES.amcTypeNotFound, 'amc_type_id');
  const earliest = shiftDay(today, -365);
  const latest = shiftDay(today, 365);
  if (input.start_date < earliest) {
    throw badInput(CONTRACTS_MESSAGES.startTooEarly(calendarDayText(earliest)), 'start_date');
  }
  if (input.start_date > latest)
    throw badInput(CONTRACTS_MESSAGES.startTooLate(calendarDayText(latest)), 'start_date');
  const items = await db
    .select({ id: fleetItem.id, serial: fleetItem.serial_number, service_id: fleetItem.service_id })
    .from(fleetItem)
    .where(
      and(
        inOrganization(fleetItem, caller),
        inArray(fleetItem.id, input.fleet_item_ids),
        eq(fleetItem.customer_id, input.customer_id),
        eq(fleetItem.status, 'ACTIVE'),
        eq(fleetItem.approval_state, 'APPROVED'),
      ),
    )
    .for('update');
  if (items.length !== input.fleet_item_ids.length)
    throw badInput(CONTRACTS_MESSAGES.productNotFound, 'fleet_item_ids');
  const uncovered = items.find(
    (item) => type.service_ids.length > 0 && !type.service_ids.includes(item.service_id),
  );
  if (uncovered)
    throw badInput(CONTRACTS_MESSAGES.amcNotForProduct(type.name, uncovered.serial), 'fleet_item_ids');
  const row = await insertContract(db, caller, {
    customer_id: input.customer_id,
    type,
    start_date: input.start_date,
    fleet_item_ids: input.fleet_item_ids,
    amount: input.amount,
    source: 'ENTERED',
    quotation_id: null,
    note: input.note,
  });
  context.auditTarget = row.id;
  const item = await listContracts.list.findById(db, caller, row.id);
  return { data: { items: [item!] }, message: CONTRACTS_MESSAGES.created(row.contract_number, items.length) };
});

/**
 * The daily job: every contract whose first day has come in its organization's calendar and whose
 * items are not yet under it. Safe to run twice: an applied contract is skipped.
 */
export async function startDueContracts(db: Db): Promise<number> {
  const due = await db
    .select({ contract: amcContract, typeName: amcType.name })
    .from(amcContract)
    .innerJoin(organization, eq(organization.id, amcContract.organization_id))
    .innerJoin(amcType, eq(amcType.id, amcContract.amc_type_id))
    .where(
      and(
        isNull(amcContract.applied_at),
        sql`${amcContract.start_date} <= (now() at time zone ${organization.time_zone})::date`,
      ),
    )
    .limit(1000);
  for (const { contract, typeName } of due) {
    await db.transaction(async (tx) => {
      const [still] = await tx
        .select()
        .from(amcContract)
        .where(and(eq(amcContract.id, contract.id), isNull(amcContract.applied_at)))
        .for('update');
      if (still) await applyContract(tx as unknown as Db, still, typeName, null);
    });
  }
  return due.length;
}

export const contractHandlers = [listContracts, getContract, createContract];
