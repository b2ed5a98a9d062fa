import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TicketPriority } from '@fieldport/contract/operations/tickets';
import type { TicketState } from '@fieldport/contract/ticket-states';
import type { Db } from '../client.ts';
import { customer, customerLocation } from '../schema/customers.ts';
import { category, service } from '../schema/product-catalogue.ts';
import { closureRemark, wipSubStage } from '../schema/settings.ts';
import { servicePartnerTerritory, technicianTerritory, territoryPincode } from '../schema/territories.ts';
import { ticket, ticketEvent } from '../schema/tickets.ts';
import { newId } from '../ids.ts';
import { formatNumber, nextNumber } from '../sequences.ts';

// Tickets made the way the product makes them (numbered from the category's prefix and the
// organization's 'ticket' sequence, placed in the location's territory, with a timeline); shared
// by the demo seed and the tests: seedTicket(db, { ..., state: 'ASSIGNED' }).

export interface SeedTicket {
  organization_id: string;
  customer_id: string;
  /** Default: the customer's primary location. */
  location_id?: string;
  service_id: string;
  state?: TicketState;
  priority?: TicketPriority;
  technician_id?: string | null;
  partner_party_id?: string | null;
  dealer_party_id?: string | null;
  is_floating?: boolean;
  serial_number?: string | null;
  problem_note?: string | null;
  preferred_visit_date?: string | null;
  under_warranty?: boolean;
  wip_sub_stage_id?: string | null;
  closure_remark_id?: string | null;
  /** For a CLOSED ticket: how it was closed (default 'REASON', with `closure_reason`). */
  closed_with?: 'OTP' | 'REASON';
  closure_reason?: string | null;
  created_by?: string | null;
  created_at?: Date;
  /** For a CLOSED ticket of a partner: its frozen amount (docs/payouts.md#frozen-at-closing). */
  partner_amount_paise?: number | null;
}

const WITH_ASSIGNEE: TicketState[] = [
  'ASSIGNED',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
  'PARTIALLY_CLOSED',
  'CLOSED',
];

export async function seedTicket(db: Db, values: SeedTicket) {
  const state = values.state ?? 'OPEN';
  const [offered] = await db
    .select({ category_id: service.category_id, prefix: category.ticket_prefix })
    .from(service)
    .innerJoin(category, eq(category.id, service.category_id))
    .where(and(eq(service.organization_id, values.organization_id), eq(service.id, values.service_id)));
  if (!offered) throw new Error(`seedTicket: no service ${values.service_id} in the organization`);
  const [place] = await db
    .select({ id: customerLocation.id, pincode: customerLocation.pincode })
    .from(customerLocation)
    .where(
      and(
        eq(customerLocation.organization_id, values.organization_id),
        eq(customerLocation.customer_id, values.customer_id),
        values.location_id
          ? eq(customerLocation.id, values.location_id)
          : eq(customerLocation.is_primary, true),
      ),
    );
  if (!place) throw new Error(`seedTicket: no location of customer ${values.customer_id}`);
  const [area] = await db
    .select({ territory_id: territoryPincode.territory_id })
    .from(territoryPincode)
    .where(
      and(
        eq(territoryPincode.organization_id, values.organization_id),
        eq(territoryPincode.pincode, place.pincode),
      ),
    );
  const created = values.created_at ?? new Date();
  const closed = state === 'CLOSED';
  const number = formatNumber(offered.prefix, await nextNumber(db, values.organization_id, 'ticket'));
  const [row] = await db
    .insert(ticket)
    .values({
      id: newId(),
      organization_id: values.organization_id,
      ticket_number: number,
      state,
      priority: values.priority ?? 'MEDIUM',
      customer_id: values.customer_id,
      location_id: place.id,
      service_id: values.service_id,
      category_id: offered.category_id,
      territory_id: area?.territory_id ?? null,
      serial_number: values.serial_number ?? null,
      problem_note: values.problem_note ?? null,
      preferred_visit_date: values.preferred_visit_date ?? null,
      under_warranty: values.under_warranty ?? false,
      wip_sub_stage_id: values.wip_sub_stage_id ?? null,
      closure_remark_id: values.closure_remark_id ?? null,
      is_floating: values.is_floating ?? false,
      technician_id: values.technician_id ?? null,
      partner_party_id: values.partner_party_id ?? null,
      dealer_party_id: values.dealer_party_id ?? null,
      assigned_at:
        WITH_ASSIGNEE.includes(state) && (values.technician_id || values.partner_party_id) ? created : null,
      closed_with: closed ? (values.closed_with ?? 'REASON') : null,
      closed_at: closed ? created : null,
      partner_amount_paise: closed ? (values.partner_amount_paise ?? null) : null,
      closed_by: closed ? (values.created_by ?? null) : null,
      closure_reason:
        closed && (values.closed_with ?? 'REASON') === 'REASON'
          ? (values.closure_reason ?? 'Closed on site')
          : null,
      created_by: values.created_by ?? null,
      created_at: created,
      updated_at: created,
    })
    .returning();
  const events = [
    { kind: 'CREATED' as const, from_state: null, to_state: 'OPEN' as const },
    ...(state === 'OPEN' ? [] : [{ kind: eventKindOf(state), from_state: 'OPEN' as const, to_state: state }]),
  ];
  await db.insert(ticketEvent).values(
    events.map((event) => ({
      id: newId(),
      organization_id: values.organization_id,
      ticket_id: row.id,
      actor_user_id: values.created_by ?? null,
      created_at: created,
      ...event,
    })),
  );
  return row;
}

function eventKindOf(state: TicketState) {
  switch (state) {
    case 'ASSIGNED':
      return 'ASSIGNED' as const;
    case 'ACCEPTED':
      return 'ACCEPTED' as const;
    case 'IN_PROGRESS':
      return 'WORK_UPDATED' as const;
    case 'ON_HOLD':
      return 'HELD' as const;
    case 'PARTIALLY_CLOSED':
      return 'PARTIALLY_CLOSED' as const;
    case 'CLOSED':
      return 'CLOSED' as const;
    case 'DISCARDED':
      return 'DISCARDED' as const;
    case 'OPEN':
      return 'CREATED' as const;
  }
}

/**
 * The demo's tickets: a few dozen across every state, among the organization's own
 * customers, the dealer's customers and the partner's territories, created over the last weeks.
 */
export async function seedDemoTickets(
  db: Db,
  people: {
    organization_id: string;
    technicianMemberId?: string;
    partnerId: string;
    dealerId: string;
    createdBy?: string;
  },
) {
  const { organization_id } = people;
  // Customers placed in a territory, so that floating tickets reach the technicians' pools.
  const customers = await db
    .select({ id: customer.id, party_id: customer.party_id, territory_id: territoryPincode.territory_id })
    .from(customer)
    .innerJoin(
      customerLocation,
      and(eq(customerLocation.customer_id, customer.id), eq(customerLocation.is_primary, true)),
    )
    .innerJoin(
      territoryPincode,
      and(
        eq(territoryPincode.organization_id, customer.organization_id),
        eq(territoryPincode.pincode, customerLocation.pincode),
      ),
    )
    .where(and(eq(customer.organization_id, organization_id), eq(customer.status, 'ACTIVE')))
    .orderBy(asc(customer.created_at), asc(customer.id))
    .limit(200);
  const technicianAreas = new Set(
    people.technicianMemberId
      ? (
          await db
            .select({ territory_id: technicianTerritory.territory_id })
            .from(technicianTerritory)
            .where(eq(technicianTerritory.member_id, people.technicianMemberId))
        ).map((row) => row.territory_id)
      : [],
  );
  const partnerAreas = new Set(
    (
      await db
        .select({ territory_id: servicePartnerTerritory.territory_id })
        .from(servicePartnerTerritory)
        .where(eq(servicePartnerTerritory.party_id, people.partnerId))
    ).map((row) => row.territory_id),
  );
  const inAreas = (areas: Set<string>) => {
    const found = customers.filter((entry) => areas.has(entry.territory_id));
    return found.length ? found : customers;
  };
  const pools = { technician: inAreas(technicianAreas), partner: inAreas(partnerAreas), any: customers };
  const services = await db
    .select({ id: service.id, prefix: category.ticket_prefix })
    .from(service)
    .innerJoin(category, eq(category.id, service.category_id))
    .where(
      and(
        eq(service.organization_id, organization_id),
        eq(service.status, 'ACTIVE'),
        inArray(category.ticket_prefix, ['AC', 'RF', 'WM']),
      ),
    )
    .orderBy(asc(service.display_id));
  const [subStage] = await db
    .select({ id: wipSubStage.id })
    .from(wipSubStage)
    .where(and(eq(wipSubStage.organization_id, organization_id), eq(wipSubStage.status, 'ACTIVE')))
    .limit(1);
  const [remark] = await db
    .select({ id: closureRemark.id })
    .from(closureRemark)
    .where(and(eq(closureRemark.organization_id, organization_id), eq(closureRemark.status, 'ACTIVE')))
    .limit(1);
  if (!customers.length || !services.length) return 0;

  const plan: { state: TicketState; technician?: boolean; partner?: boolean; floating?: boolean }[] = [
    { state: 'OPEN' },
    { state: 'OPEN', floating: true },
    { state: 'OPEN', floating: true },
    { state: 'ASSIGNED', technician: true },
    { state: 'ASSIGNED', partner: true },
    { state: 'ACCEPTED', technician: true },
    { state: 'IN_PROGRESS', technician: true },
    { state: 'IN_PROGRESS', partner: true },
    { state: 'ON_HOLD', technician: true },
    { state: 'PARTIALLY_CLOSED', technician: true },
    { state: 'CLOSED', technician: true },
    { state: 'CLOSED', partner: true },
    { state: 'DISCARDED' },
  ];
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  let made = 0;
  for (let index = 0; index < 39; index += 1) {
    const entry = plan[index % plan.length];
    const pool = entry.partner
      ? pools.partner
      : entry.technician || entry.floating
        ? pools.technician
        : pools.any;
    const person = pool[(index * 7) % pool.length];
    await seedTicket(db, {
      organization_id,
      customer_id: person.id,
      service_id: services[index % services.length].id,
      state: entry.state,
      priority: (['LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'URGENT'] as const)[index % 5],
      technician_id: entry.technician ? (people.technicianMemberId ?? null) : null,
      partner_party_id: entry.partner ? people.partnerId : null,
      dealer_party_id: person.party_id === people.dealerId ? people.dealerId : null,
      is_floating: entry.floating ?? false,
      serial_number: index % 3 === 0 ? `SN${String(100_000 + index * 37)}` : null,
      wip_sub_stage_id: ['IN_PROGRESS', 'ON_HOLD'].includes(entry.state) ? (subStage?.id ?? null) : null,
      closure_remark_id: entry.state === 'PARTIALLY_CLOSED' ? (remark?.id ?? null) : null,
      problem_note: index % 4 === 0 ? 'Not cooling since yesterday' : null,
      created_by: people.createdBy ?? null,
      created_at: new Date(now - (39 - index) * 0.7 * day),
    });
    made += 1;
  }
  return made;
}
