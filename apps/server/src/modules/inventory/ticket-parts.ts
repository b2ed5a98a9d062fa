import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  GetTicketParts,
  INVENTORY_MESSAGES,
  ListComponentRequests,
  ListMrfs,
  type PartsUsedInput,
  type TicketParts,
  type TicketPartConsumed,
  type TicketPartOut,
} from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import {
  component,
  componentRequest,
  componentRequestLine,
  stockMovement,
  store,
} from '../../db/schema/inventory.ts';
import { additionalPart } from '../../db/schema/settings.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { allowedActions, findTicket, recordEvent, type TicketRow } from '../tickets/ticket-rules.ts';
import { listComponentRequests } from './component-requests.ts';
import { listMrfs } from './mrfs.ts';
import { actorOf, applyStockMovements, partWords, shareOf, type StockMovementInput } from './stock-ledger.ts';

/**
 * A ticket's parts as its ledger rows tell them (docs/inventory.md#parts-for-a-ticket): what its
 * technician holds (issued, not yet consumed or returned), what it consumed and at what cost. At
 * the close, each part held is consumed on the ticket or returned to its store, as the close says.
 */

type Ticket = Pick<TicketRow, 'id' | 'organization_id'>;

/** Per store and component: issued, consumed and returned on the ticket, in units and paise. */
async function ticketLedger(db: Db, row: Ticket) {
  const of = (kind: string, expression: SQL) =>
    sql<number>`coalesce(sum(${expression}) filter (where ${stockMovement.movement_type} = ${kind}), 0)`;
  const rows = await db
    .select({
      store_id: stockMovement.store_id,
      store_name: store.name,
      component_id: stockMovement.component_id,
      part_number: component.part_number,
      component_name: component.name,
      unit: component.unit,
      issued: of('ISSUE', sql`-${stockMovement.quantity}`).mapWith(Number),
      issued_value: of('ISSUE', sql`-${stockMovement.value_paise}`).mapWith(Number),
      consumed: of('CONSUME', sql`${stockMovement.consumed_quantity}`).mapWith(Number),
      consumed_value: of('CONSUME', sql`${stockMovement.consumed_value_paise}`).mapWith(Number),
      returned: of('RETURN', sql`${stockMovement.quantity}`).mapWith(Number),
      returned_value: of('RETURN', sql`${stockMovement.value_paise}`).mapWith(Number),
      // The technician the part was last issued to holds it.
      technician_user_id: sql<
        string | null
      >`(array_agg(${stockMovement.technician_user_id} order by ${stockMovement.created_at} desc) filter (where ${stockMovement.movement_type} = 'ISSUE'))[1]`,
    })
    .from(stockMovement)
    .innerJoin(store, eq(store.id, stockMovement.store_id))
    .innerJoin(component, eq(component.id, stockMovement.component_id))
    .where(
      and(
        eq(stockMovement.organization_id, row.organization_id),
        eq(stockMovement.ticket_id, row.id),
        inArray(stockMovement.movement_type, ['ISSUE', 'CONSUME', 'RETURN']),
      ),
    )
    .groupBy(
      stockMovement.store_id,
      store.name,
      stockMovement.component_id,
      component.part_number,
      component.name,
      component.unit,
    )
    .orderBy(component.part_number, store.name);
  return rows;
}

/** What the ticket's technician holds now, per store and component, with what it cost when issued. */
export async function partsOutOf(
  db: Db,
  row: Ticket,
  ledger?: Awaited<ReturnType<typeof ticketLedger>>,
): Promise<(TicketPartOut & { technician_user_id: string | null })[]> {
  return (ledger ?? (await ticketLedger(db, row)))
    .map((part) => ({
      service_center_id: part.store_id,
      service_center_name: part.store_name,
      component_id: part.component_id,
      part_number: part.part_number,
      component_name: part.component_name,
      unit: part.unit,
      quantity: part.issued - part.consumed - part.returned,
      value: part.issued_value - part.consumed_value - part.returned_value,
      technician_user_id: part.technician_user_id,
    }))
    .filter((part) => part.quantity > 0);
}

/** What the ticket consumed, per store and component, and what it cost. */
function partsConsumedOn(ledger: Awaited<ReturnType<typeof ticketLedger>>): TicketPartConsumed[] {
  return ledger
    .filter((part) => part.consumed > 0)
    .map((part) => ({
      service_center_name: part.store_name,
      component_id: part.component_id,
      part_number: part.part_number,
      component_name: part.component_name,
      unit: part.unit,
      quantity: part.consumed,
      value: part.consumed_value,
    }));
}

const heldWords = (part: Pick<TicketPartOut, 'part_number' | 'component_name'>) =>
  partWords({ part_number: part.part_number, name: part.component_name });

const pairKey = (storeId: string, componentId: string) => `${storeId}:${componentId}`;

/**
 * The close (CloseTicket's `parts_used`): each part the technician holds is consumed as the close
 * says, the rest returned to its store, each part's value shared at what it was issued for. Every
 * part held must be named; a part not held, or more used than held, is refused naming it. Runs
 * before the ticket's transition, in its transaction: a refusal writes nothing.
 */
export async function settleTicketParts(
  context: Pick<OperationContext, 'db' | 'caller'>,
  row: TicketRow,
  partsUsed: PartsUsedInput,
): Promise<void> {
  const out = await partsOutOf(context.db, row);
  const held = new Map(out.map((part) => [pairKey(part.service_center_id, part.component_id), part]));
  const said = new Map<string, number>();
  partsUsed.forEach((line, index) => {
    const part = held.get(pairKey(line.service_center_id, line.component_id));
    if (!part) {
      throw badInput(INVENTORY_MESSAGES.partNotOut, `parts_used.${index}.component_id`);
    }
    if (line.quantity > part.quantity) {
      throw badInput(
        INVENTORY_MESSAGES.usedMoreThanIssued(heldWords(part), part.quantity),
        `parts_used.${index}.quantity`,
      );
    }
    said.set(pairKey(line.service_center_id, line.component_id), line.quantity);
  });
  const unsaid = out.filter((part) => !said.has(pairKey(part.service_center_id, part.component_id)));
  if (unsaid.length) {
    throw badInput(
      INVENTORY_MESSAGES.partsUnsettled(
        unsaid
          .map((part) => `${heldWords(part)} (${part.quantity} from ${part.service_center_name})`)
          .join(', '),
      ),
      'parts_used',
    );
  }
  await putAway(context, row, out, (part) => said.get(pairKey(part.service_center_id, part.component_id))!);
}

/** A discarded ticket used nothing: whatever its technician holds goes back to the stores. */
export async function returnTicketParts(
  context: Pick<OperationContext, 'db' | 'caller'>,
  row: TicketRow,
): Promise<void> {
  await putAway(context, row, await partsOutOf(context.db, row), () => 0);
}

/** Consumes `usedOf(part)` of each part held and returns the rest; the timeline says what and what it cost. */
async function putAway(
  { db, caller }: Pick<OperationContext, 'db' | 'caller'>,
  row: TicketRow,
  out: Awaited<ReturnType<typeof partsOutOf>>,
  usedOf: (part: TicketPartOut) => number,
) {
  if (out.length === 0) return;
  const movements: StockMovementInput[] = [];
  const used: string[] = [];
  const returned: string[] = [];
  let cost = 0;
  for (const part of out) {
    const n = usedOf(part);
    const value = shareOf(part.value, n, part.quantity);
    const ticketParts = {
      store_id: part.service_center_id,
      component_id: part.component_id,
      reference: row.ticket_number,
      ticket_id: row.id,
      // Issued to someone since removed: the part still leaves their hands.
      technician_user_id: part.technician_user_id ?? caller.user.id,
    };
    if (n > 0) {
      movements.push({ kind: 'CONSUME', quantity: n, value, ...ticketParts });
      used.push(`${n} × ${heldWords(part)}`);
      cost += value;
    }
    if (part.quantity - n > 0) {
      movements.push({
        kind: 'RETURN',
        quantity: part.quantity - n,
        value: part.value - value,
        ...ticketParts,
      });
      returned.push(`${part.quantity - n} × ${heldWords(part)} to ${part.service_center_name}`);
    }
  }
  await applyStockMovements(db, actorOf(caller), movements);
  await recordEvent(db, caller, row, {
    kind: 'PARTS_SETTLED',
    text: [
      used.length ? `Used: ${used.join(', ')}` : 'No parts used',
      returned.length ? `Returned: ${returned.join(', ')}` : null,
    ]
      .filter(Boolean)
      .join('\n'),
    details: { parts_cost_paise: cost },
  });
}

// ---------------------------------------------------------------------------------------------
// A ticket's parts

/** A ticket's parts as its Parts card shows them (docs/inventory.md#parts-for-a-ticket). */
const getTicketParts = defineHandler(GetTicketParts, async (input, context) => {
  const { db, caller } = context;
  const row = await findTicket(db, caller, input.ticket_id);
  const requests = await listComponentRequests.handle(
    ListComponentRequests.input.parse({ ticket_id: row.id, page_size: 100 }),
    context,
  );
  const mrfs = await listMrfs.handle(ListMrfs.input.parse({ ticket_id: row.id, page_size: 100 }), context);
  // One read of the ticket's ledger rows for what is held and what was used.
  const ledger = await ticketLedger(db, row);
  const partsOut = await partsOutOf(db, row, ledger);
  const consumed = partsConsumedOn(ledger);
  const additional = await additionalPartsOf(db, row);
  const mayAsk = allowedActions(caller, row).includes('REQUEST_PARTS');
  return {
    data: {
      items: [
        {
          ticket_id: row.id,
          requests: requests.data.items,
          mrfs: mrfs.data.items,
          parts_out: partsOut.map(({ technician_user_id: _, ...part }) => part),
          consumed,
          parts_cost: consumed.reduce((sum, part) => sum + part.value, 0),
          additional_parts: additional,
          additional_parts_amount: additional.reduce((sum, part) => sum + part.amount, 0),
          can_request: mayAsk,
          can_raise_mrf: mayAsk && (row.state === 'IN_PROGRESS' || row.state === 'ON_HOLD'),
        } satisfies TicketParts,
      ],
    },
  };
});

/** The additional parts of the ticket's approved requests, one per part and price. */
async function additionalPartsOf(db: Db, row: TicketRow) {
  const rows = await db
    .select({
      additional_part_id: componentRequestLine.additional_part_id,
      part_code: additionalPart.part_code,
      name: additionalPart.name,
      unit_price: componentRequestLine.unit_price_paise,
      quantity: sql<number>`sum(${componentRequestLine.quantity})::int`,
    })
    .from(componentRequestLine)
    .innerJoin(
      componentRequest,
      and(
        eq(componentRequest.id, componentRequestLine.request_id),
        eq(componentRequest.organization_id, componentRequestLine.organization_id),
      ),
    )
    .innerJoin(additionalPart, eq(additionalPart.id, componentRequestLine.additional_part_id))
    .where(
      and(
        eq(componentRequest.organization_id, row.organization_id),
        eq(componentRequest.ticket_id, row.id),
        inArray(componentRequest.state, ['APPROVED', 'ISSUED']),
      ),
    )
    .groupBy(
      componentRequestLine.additional_part_id,
      additionalPart.part_code,
      additionalPart.name,
      componentRequestLine.unit_price_paise,
    )
    .orderBy(additionalPart.name);
  return rows.map((part) => {
    const unitPrice = Number(part.unit_price);
    return {
      additional_part_id: part.additional_part_id!,
      part_code: part.part_code,
      name: part.name,
      quantity: part.quantity,
      unit_price: unitPrice,
      amount: unitPrice * part.quantity,
    };
  });
}

export const ticketPartsHandlers = [getTicketParts];
