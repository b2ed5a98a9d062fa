import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { shiftDay } from '@fieldport/contract/fields';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { GetAmcRenewalDueReport, type ReportRow } from '@fieldport/contract/operations/reports';
import type { Db } from '../../db/client.ts';
import { amcContract, amcContractItem } from '../../db/schema/contracts.ts';
import { customer } from '../../db/schema/customers.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import type { Caller } from '../../platform/caller.ts';
import type { Handler } from '../../platform/handler.ts';
import { qualified } from '../../platform/lists.ts';
import { todayOf } from '../../platform/organization-days.ts';
import { calendarDayText } from '../../platform/pdf-parts.ts';
import { defineReport } from '../../platform/reports.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import { renewedBy } from '../contracts/contracts.ts';
import { openRenewalQuotation, renewableAt } from '../contracts/raise-renewal-quotation.ts';

// AMC Renewal Due (docs/reports.md#amc-renewal-due): the contracts running today that end within
// the next days and are not renewed, by the contracts' own rule (renewedBy: no later contract for any
// of their products; docs/contracts.md#states). With the default 30 days these are exactly the
// contracts list's "Renewal due". Scoped as the contracts list: by whoever sees the customer.

/**
 * The products its renewal would offer (renewableAt), as people read them: 'Split AC 1.5 T
 * (SN-1001), Water purifier (WP-7)'.
 */
const productsText = sql<string>`(
  select coalesce(string_agg(s.name || ' (' || ${qualified(fleetItem.serial_number)} || ')', ', '
                             order by ${qualified(fleetItem.serial_number)}), '')
    from ${amcContractItem} ci
    join ${fleetItem} on ${qualified(fleetItem.id)} = ci.fleet_item_id
    join ${service} s on s.id = ${qualified(fleetItem.service_id)}
   where ci.contract_id = ${qualified(amcContract.id)}
     and ${renewableAt(qualified(amcContract.customer_id))})`;

export async function amcRenewalRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetAmcRenewalDueReport>,
): Promise<ReportRow[]> {
  const today = todayOf(caller);
  const last = shiftDay(today, input.days_ahead);
  const rows = await db
    .select({
      id: amcContract.id,
      contract_number: amcContract.contract_number,
      customer_name: customer.name,
      phone: customer.phone,
      email: customer.email,
      products: productsText,
      amc_type_name: amcType.name,
      end_date: amcContract.end_date,
      amount: amcContract.amount_paise,
      renewal_quotation: openRenewalQuotation(today),
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
      and(eq(amcType.id, amcContract.amc_type_id), eq(amcType.organization_id, amcContract.organization_id)),
    )
    .where(
      and(
        inOrganization(amcContract, caller),
        inPartyOf(customer, caller),
        lte(amcContract.start_date, today),
        gte(amcContract.end_date, today),
        lte(amcContract.end_date, last),
        sql`${renewedBy} is null`,
        input.amc_type_id ? eq(amcContract.amc_type_id, input.amc_type_id) : undefined,
        input.dealer_party_id ? eq(customer.party_id, input.dealer_party_id) : undefined,
      ),
    )
    .orderBy(amcContract.end_date, amcContract.contract_number);
  return rows.map((row) => ({
    contract_id: row.id,
    contract_number: row.contract_number,
    customer_name: row.customer_name,
    customer_contact: [formatPhoneInternational(row.phone), row.email].filter(Boolean).join(' · '),
    products: row.products,
    amc_type_name: row.amc_type_name,
    end_date: row.end_date,
    ends_on: calendarDayText(row.end_date),
    days_left: Math.round((Date.parse(row.end_date) - Date.parse(today)) / 86_400_000),
    amount: Number(row.amount),
    renewal_quotation: row.renewal_quotation,
  }));
}

/** '5 Dec' of '2026-12-05'. */
const shortDay = (day: string) => calendarDayText(day).replace(/ \d{4}$/, '');

/** The contracts ending in each week of the days ahead, from today: a bar per week, empty ones too. */
function contractsPerWeek(rows: ReportRow[], days: number, today: string) {
  const weeks = Math.ceil((days + 1) / 7);
  const counts = Array.from({ length: weeks }, () => 0);
  for (const row of rows) counts[Math.min(weeks - 1, Math.floor(Number(row.days_left) / 7))] += 1;
  return {
    labels: counts.map((_, week) => {
      const from = shiftDay(today, week * 7);
      const to = shiftDay(today, Math.min(days, week * 7 + 6));
      return from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`;
    }),
    series: [{ key: 'contracts', label: 'Contracts ending', values: counts }],
  };
}

export const getAmcRenewalDueReport = defineReport(GetAmcRenewalDueReport, {
  rows: amcRenewalRows,
  chart: { of: (rows, input, caller) => contractsPerWeek(rows, input.days_ahead, todayOf(caller)) },
});

export const amcRenewalReportHandlers: Handler[] = [getAmcRenewalDueReport];
