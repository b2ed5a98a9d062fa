import {
  FLEET_MESSAGES,
  UpdateProductFleetItem,
  type FleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import type { Caller } from '../../platform/caller.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { raiseRequest } from '../../platform/workflow.ts';
import {
  addFleetEvent,
  answerWith,
  attachFleetFiles,
  dayWords,
  findFleetItem,
  fleetColumns,
  fleetFiles,
  fleetSummary,
  isDealerUser,
  theItem,
  writeFleetItem,
} from './fleet-rules.ts';
import { linkEarlierTickets } from './fleet-tickets.ts';
import { listProductFleet } from './list-product-fleet.ts';

/** The fields an edit may change, as the item's history names them. */
const WORDED: { key: keyof FleetItem; label: string; day?: boolean }[] = [
  { key: 'serial_number', label: 'Serial number' },
  { key: 'service_name', label: 'Product' },
  { key: 'dealer_name', label: 'Dealer' },
  { key: 'invoice_date', label: 'Invoice date', day: true },
  { key: 'installation_date', label: 'Installation date', day: true },
  { key: 'warranty_months', label: 'Warranty (months)' },
  { key: 'warranty_end_date', label: 'Warranty end date', day: true },
  { key: 'amc_type_name', label: 'AMC type' },
  { key: 'amc_start_date', label: 'AMC start date', day: true },
  { key: 'amc_end_date', label: 'AMC end date', day: true },
  { key: 'product_fleet_status_name', label: 'Fleet status' },
  { key: 'notes', label: 'Notes' },
];

/** What an edit changed: "Serial number: SN-1 → SN-2", and the values before and after for the audit log. */
function changesBetween(before: FleetItem, after: FleetItem) {
  return WORDED.filter(({ key }) => before[key] !== after[key]).map(({ key, label, day }) => {
    const words = (value: FleetItem[typeof key]) =>
      value === null ? 'none' : day ? dayWords(String(value)) : String(value);
    return {
      key,
      from: before[key],
      to: after[key],
      words: `${label}: ${words(before[key])} → ${words(after[key])}`,
    };
  });
}

async function readItem(db: Db, caller: Caller, id: string): Promise<FleetItem> {
  const item = await listProductFleet.list.findById(db, caller, id);
  // Found (and locked) by this operation; not reading it would be our mistake.
  if (!item) throw new Error(`Fleet item ${id} vanished in its own transaction`);
  return item;
}

/**
 * Changes an item's own fields (its customer changes by tagging). A dealer's user may not change
 * an item while it waits for approval; one that was rejected or withdrawn goes back to the
 * approvers once the dealer saves it again, since nobody else would ever approve it. A new
 * serial number or product links the tickets raised earlier with them (docs/product-fleet.md#tickets).
 */
export const updateProductFleetItem = defineHandler(UpdateProductFleetItem, async (input, context) => {
  const { db, caller } = context;
  // Scope first: another dealer's or organization's item is NOT_FOUND whatever else is wrong.
  const existing = await findFleetItem(db, caller, input.fleet_item_id);
  const dealer = isDealerUser(caller);
  if (dealer && existing.approval_state === 'PENDING') throw conflict(FLEET_MESSAGES.pendingNotChangeable);
  const { fleet_item_id: _id, ...values } = input;
  const { columns, product } = await fleetColumns(db, caller, values, existing);
  const files = await fleetFiles(context, values, existing);
  const resubmit = dealer && existing.approval_state !== 'APPROVED';
  const before = await readItem(db, caller, existing.id);
  await writeFleetItem(input.serial_number, product.name, () =>
    db
      .update(fleetItem)
      .set({
        ...columns,
        files,
        ...(resubmit ? { approval_state: 'PENDING' as const } : {}),
        updated_at: new Date(),
      })
      .where(theItem(caller, existing.id)),
  );
  await attachFleetFiles(context, existing.id, files);
  if (existing.serial_number !== columns.serial_number || existing.service_id !== columns.service_id) {
    await linkEarlierTickets(db, caller, {
      id: existing.id,
      service_id: columns.service_id,
      serial_number: columns.serial_number,
    });
  }
  const after = await readItem(db, caller, existing.id);
  const changes = changesBetween(before, after);
  const fileNames = (item: FleetItem) =>
    item.fleet_item_files.map((file) => file.file_name).join(', ') || 'none';
  const words = [
    ...changes.map((change) => change.words),
    ...(fileNames(before) !== fileNames(after) ? [`Files: ${fileNames(before)} → ${fileNames(after)}`] : []),
    ...(resubmit ? ['Sent for approval again'] : []),
  ];
  if (words.length) await addFleetEvent(db, caller, existing.id, 'UPDATED', words.join('; '));
  if (resubmit) {
    await raiseRequest(context, {
      kind: 'PRODUCT_FLEET',
      record_id: existing.id,
      summary: fleetSummary(after.serial_number, after.service_name, after.customer_name),
    });
  }
  const answer = await answerWith(
    context,
    existing.id,
    resubmit
      ? FLEET_MESSAGES.createdPending(after.serial_number)
      : FLEET_MESSAGES.updated(after.serial_number),
  );
  context.auditChanges = {
    fleet_item_id: existing.id,
    ...Object.fromEntries(changes.map((change) => [change.key, { from: change.from, to: change.to }])),
  };
  return answer;
});
