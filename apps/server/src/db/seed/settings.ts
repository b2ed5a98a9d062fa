import type { RecordStatus } from '@fieldport/contract/lists';
import type { Role } from '@fieldport/contract/roles';
import type { OpenTicketState } from '@fieldport/contract/ticket-states';
import type { Db } from '../client.ts';
import {
  additionalPart,
  closureRemark,
  customerCategory,
  escalationNotification,
  problemDescription,
  productFleetStatus,
  serviceType,
  supportType,
  territoryCategory,
  wipState,
  wipSubStage,
} from '../schema/settings.ts';
import { newId } from '../ids.ts';
import type { TicketPriority } from '@fieldport/contract/operations/tickets';

// Settings masters made the way the product makes them; shared by the demo seed and the tests.

/** The masters that are only names, by the name tests and the demo use for them. */
const NAMED_MASTER_TABLES = {
  problemDescription,
  closureRemark,
  productFleetStatus,
  customerCategory,
  serviceType,
  supportType,
  territoryCategory,
} as const;
type NamedMasterKind = keyof typeof NAMED_MASTER_TABLES;

export async function seedNamedMaster(
  db: Db,
  kind: NamedMasterKind,
  values: { organization_id: string; name: string; status?: RecordStatus },
) {
  const [row] = await db
    .insert(NAMED_MASTER_TABLES[kind])
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

export async function seedWipState(
  db: Db,
  values: {
    organization_id: string;
    name: string;
    display_order: number;
    status?: RecordStatus;
    /** Sub-stage names, in order. */
    sub_stages?: string[];
  },
) {
  const { sub_stages = [], ...state } = values;
  const [row] = await db
    .insert(wipState)
    .values({ id: newId(), ...state })
    .returning();
  const stages = sub_stages.length
    ? await db
        .insert(wipSubStage)
        .values(
          sub_stages.map((name, index) => ({
            id: newId(),
            organization_id: values.organization_id,
            wip_state_id: row.id,
            name,
            display_order: index + 1,
          })),
        )
        .returning()
    : [];
  return { ...row, sub_stages: stages };
}

export async function seedAdditionalPart(
  db: Db,
  values: {
    organization_id: string;
    name: string;
    part_code: string;
    price_paise: number;
    status?: RecordStatus;
  },
) {
  const [row] = await db
    .insert(additionalPart)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

async function seedEscalationNotification(
  db: Db,
  values: {
    organization_id: string;
    name: string;
    ticket_state: OpenTicketState;
    after_hours: number;
    notify_roles?: Role[];
    notify_emails?: string[];
    level?: number;
    priority?: TicketPriority;
    status?: RecordStatus;
  },
) {
  const [row] = await db
    .insert(escalationNotification)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

/** What an appliance-service organization keeps in its settings (the demo's). */
export const DEMO_SETTINGS = {
  problemDescription: [
    'Not cooling',
    'Water leakage',
    'Unusual noise',
    'Not powering on',
    'Error code on display',
    'Ice build-up in freezer',
    'Drum not spinning',
    'Remote not working',
    'Burning smell',
    'Installation required',
  ],
  closureRemark: [
    'Repaired and tested',
    'Part replaced',
    'Customer not available',
    'Customer declined the quotation',
    'Installation completed',
    'Product working, no fault found',
    'Awaiting spare part',
    'Referred to service centre',
  ],
  productFleetStatus: ['In warranty', 'Out of warranty', 'Under AMC', 'Extended warranty', 'Scrapped'],
  customerCategory: ['Residential', 'Commercial', 'Corporate', 'Government', 'VIP'],
  serviceType: ['Installation', 'Repair', 'Preventive maintenance', 'Demo', 'Uninstallation', 'Inspection'],
  supportType: ['On-site visit', 'Carry-in', 'Remote support', 'Pick-up and drop'],
  territoryCategory: ['Metro', 'Urban', 'Semi-urban', 'Rural'],
} satisfies Record<NamedMasterKind, string[]>;

export const DEMO_WIP_STATES: { name: string; sub_stages: string[] }[] = [
  { name: 'Diagnosis', sub_stages: ['Inspection', 'Awaiting customer approval'] },
  { name: 'Parts', sub_stages: ['Part ordered', 'Part received'] },
  { name: 'Repair', sub_stages: ['Repair in progress', 'Testing'] },
  { name: 'Installation', sub_stages: ['Site survey', 'Mounting', 'Commissioning'] },
];

const DEMO_ADDITIONAL_PARTS = [
  { name: 'Copper pipe (per metre)', part_code: 'CU-PIPE-1M', price_paise: 65_000 },
  { name: 'Outdoor unit stand', part_code: 'AC-STAND', price_paise: 120_000 },
  { name: 'Refrigerant gas top-up (R32)', part_code: 'GAS-R32', price_paise: 250_000 },
  { name: 'Drain pipe (per metre)', part_code: 'DRAIN-1M', price_paise: 8_000 },
  { name: 'Voltage stabilizer', part_code: 'STAB-4KVA', price_paise: 299_900 },
  { name: 'Washing machine inlet hose', part_code: 'WM-HOSE', price_paise: 45_000 },
];

/** Seeds every settings master of an organization with the demo's entries. */
export async function seedDemoSettings(db: Db, organization_id: string, coordinatorEmail?: string) {
  for (const [kind, names] of Object.entries(DEMO_SETTINGS) as [NamedMasterKind, string[]][]) {
    for (const name of names) await seedNamedMaster(db, kind, { organization_id, name });
  }
  // One entry of each kind switched off, as organizations accumulate them.
  await seedNamedMaster(db, 'closureRemark', {
    organization_id,
    name: 'Closed by phone',
    status: 'INACTIVE',
  });
  await seedNamedMaster(db, 'serviceType', { organization_id, name: 'Relocation', status: 'INACTIVE' });
  for (const [index, state] of DEMO_WIP_STATES.entries()) {
    await seedWipState(db, { organization_id, display_order: index + 1, ...state });
  }
  for (const part of DEMO_ADDITIONAL_PARTS) await seedAdditionalPart(db, { organization_id, ...part });
  await seedEscalationNotification(db, {
    organization_id,
    name: 'Unassigned for 4 hours',
    ticket_state: 'OPEN',
    after_hours: 4,
    notify_roles: ['AGENT', 'MANAGER'],
  });
  await seedEscalationNotification(db, {
    organization_id,
    name: 'Not accepted in a day',
    ticket_state: 'ASSIGNED',
    after_hours: 24,
    notify_roles: ['MANAGER'],
    notify_emails: coordinatorEmail ? [coordinatorEmail] : [],
  });
  await seedEscalationNotification(db, {
    organization_id,
    name: 'On hold for 3 days',
    ticket_state: 'ON_HOLD',
    after_hours: 72,
    notify_roles: ['ADMIN', 'STORE_MANAGER'],
    notify_emails: ['service.head@demo.local'],
  });
  // The second level of a chain: an urgent ticket nobody took tells the owner as well.
  await seedEscalationNotification(db, {
    organization_id,
    name: 'Urgent and unassigned for 8 hours',
    ticket_state: 'OPEN',
    after_hours: 8,
    level: 2,
    priority: 'URGENT',
    notify_roles: ['OWNER'],
    notify_emails: ['service.head@demo.local'],
  });
}
