import { and, eq } from 'drizzle-orm';
import type { WorkflowRecordDescription } from '@fieldport/contract/operations/approvals';
import type { FleetApprovalState, FleetItem } from '@fieldport/contract/operations/product-fleet';
import type { Db } from '../../db/client.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import type { Caller } from '../../platform/caller.ts';
import {
  registerWorkflowKind,
  type WorkflowContext,
  type WorkflowRequestRow,
} from '../../platform/workflow.ts';
import {
  addFleetEvent,
  customerWords,
  dayWords,
  placeWords,
  storedPlace,
  type FleetPlace,
} from './fleet-rules.ts';
import { listProductFleet } from './list-product-fleet.ts';

/**
 * The fleet's two approval kinds (docs/approvals.md#for-an-area-that-needs-approvals): a dealer's
 * new item (PRODUCT_FLEET) and a dealer's tagging of an item to a customer (FLEET_TAGGING). The
 * item changes only when its request ends, in the transaction of the decision, as the decider.
 */

const orNone = (value: string | null) => value ?? '—';
const dayOrNone = (day: string | null) => (day ? dayWords(day) : '—');

function amcWords(item: FleetItem): string {
  if (!item.amc_type_name || !item.amc_start_date || !item.amc_end_date) return '—';
  const visits =
    item.amc_visits_included === null
      ? 'unlimited visits'
      : `${item.amc_visits_included} visits (${item.amc_visits_used} used)`;
  return `${item.amc_type_name}, ${dayWords(item.amc_start_date)} to ${dayWords(item.amc_end_date)}, ${visits}`;
}

/** Where the item is: its customer with their phone (national format already), or the stock. */
function whereWords(item: FleetItem): string {
  return item.customer_name ? `${item.customer_name} (${item.customer_phone})` : 'In stock';
}

/** The item as an approver reads it; for a tagging, where it is and where it would go. */
async function describeItem(
  db: Db,
  caller: Caller,
  id: string,
  tagging: boolean,
): Promise<WorkflowRecordDescription | null> {
  const item = await listProductFleet.list.findById(db, caller, id);
  if (!item) return null;
  const pending = await pendingPlaceOf(db, caller, id, tagging);
  const head = [
    { label: 'Serial number', value: item.serial_number },
    { label: 'Product', value: item.service_name },
  ];
  const where = tagging
    ? [
        { label: 'From customer', value: whereWords(item) },
        { label: 'From location', value: orNone(item.location_summary) },
        { label: 'To customer', value: pending ? customerWords(pending) : '—' },
        { label: 'To location', value: pending ? `${pending.address}, ${pending.city}` : '—' },
      ]
    : [
        { label: 'Customer', value: whereWords(item) },
        { label: 'Location', value: orNone(item.location_summary) },
      ];
  return {
    title: `${item.serial_number} · ${item.service_name}`,
    fields: [...head, ...where, ...itemTail(item)],
  };
}

function itemTail(item: FleetItem) {
  return [
    { label: 'Dealer', value: item.dealer_name ?? 'The organization' },
    { label: 'Invoice date', value: dayOrNone(item.invoice_date) },
    { label: 'Installation date', value: dayOrNone(item.installation_date) },
    { label: 'Warranty end', value: dayOrNone(item.warranty_end_date) },
    { label: 'AMC', value: amcWords(item) },
    { label: 'Notes', value: orNone(item.notes) },
  ];
}

async function pendingPlaceOf(
  db: Db,
  caller: Caller,
  id: string,
  tagging: boolean,
): Promise<FleetPlace | undefined> {
  if (!tagging) return undefined;
  const [row] = await db
    .select({ customer_id: fleetItem.pending_customer_id, location_id: fleetItem.pending_location_id })
    .from(fleetItem)
    .where(and(eq(fleetItem.organization_id, caller.organization.id), eq(fleetItem.id, id)));
  return row?.customer_id ? storedPlace(db, caller, row.customer_id, row.location_id) : undefined;
}

/** The request's item, locked for the decision; undefined when it is gone. */
async function lockedItem(db: Db, request: WorkflowRequestRow) {
  const [row] = await db
    .select()
    .from(fleetItem)
    .where(and(eq(fleetItem.organization_id, request.organization_id), eq(fleetItem.id, request.record_id)))
    .for('update');
  return row;
}

/** A dealer's new item is decided: approved, rejected (with the comment) or withdrawn. */
async function settleItem(
  { db, caller }: WorkflowContext,
  request: WorkflowRequestRow,
  state: Exclude<FleetApprovalState, 'PENDING'>,
  details: string | null,
) {
  const item = await lockedItem(db, request);
  if (item?.approval_state !== 'PENDING') return;
  await db
    .update(fleetItem)
    .set({ approval_state: state, updated_at: new Date() })
    .where(and(eq(fleetItem.organization_id, item.organization_id), eq(fleetItem.id, item.id)));
  await addFleetEvent(db, caller, item.id, state, details);
}

/**
 * A dealer's tagging is decided: approved, the item moves to the customer and location it waited
 * for; otherwise they are let go and the item stays where it was.
 */
async function settleTagging(
  { db, caller }: WorkflowContext,
  request: WorkflowRequestRow,
  approved: boolean,
  details: string | null,
) {
  const item = await lockedItem(db, request);
  if (!item?.pending_customer_id) return;
  const place = approved
    ? await storedPlace(db, caller, item.pending_customer_id, item.pending_location_id)
    : undefined;
  await db
    .update(fleetItem)
    .set({
      ...(place ? { customer_id: place.customer_id, location_id: place.location_id } : {}),
      pending_customer_id: null,
      pending_location_id: null,
      updated_at: new Date(),
    })
    .where(and(eq(fleetItem.organization_id, item.organization_id), eq(fleetItem.id, item.id)));
  await addFleetEvent(
    db,
    caller,
    item.id,
    place ? 'TAGGED' : 'TAG_REJECTED',
    place ? `Tagged to ${placeWords(place)}` : details,
  );
}

const withdrawn = (request: WorkflowRequestRow) =>
  request.withdraw_reason ? `Withdrawn: ${request.withdraw_reason}` : 'Withdrawn by the requester';

/** Registers the fleet's approval kinds; the fleet's handlers file calls it once, when it loads. */
export function registerFleetWorkflowKinds(): void {
  registerWorkflowKind('PRODUCT_FLEET', {
    describe: ({ db, caller }, recordId) => describeItem(db, caller, recordId, false),
    onApproved: (context, request, decision) => settleItem(context, request, 'APPROVED', decision.comment),
    onRejected: (context, request, decision) => settleItem(context, request, 'REJECTED', decision.comment),
    onWithdrawn: (context, request) => settleItem(context, request, 'WITHDRAWN', withdrawn(request)),
  });
  registerWorkflowKind('FLEET_TAGGING', {
    describe: ({ db, caller }, recordId) => describeItem(db, caller, recordId, true),
    onApproved: (context, request) => settleTagging(context, request, true, null),
    onRejected: (context, request, decision) => settleTagging(context, request, false, decision.comment),
    onWithdrawn: (context, request) => settleTagging(context, request, false, withdrawn(request)),
  });
}
