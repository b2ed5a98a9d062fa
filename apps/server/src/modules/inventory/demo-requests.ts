import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { componentRequest } from '../../db/schema/inventory.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { decide } from '../../platform/workflow.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
// Loading the inventory's handlers registers COMPONENT_REQUEST's hooks, which raising needs.
import './inventory-handlers.ts';
import { raiseComponentRequest } from './component-requests.ts';
import { raiseMrf } from './mrfs.ts';

/**
 * The demo's component requests and MRF (docs/inventory.md#parts-for-a-ticket, #mrf): the demo
 * technician asks the main store for parts on two of their tickets, through RaiseComponentRequest
 * as the screens do; the owner approves the first, so that the store manager has one to issue and
 * the owner one to decide; on a third ticket the technician raises an MRF for a part no store has. The mails wait for a commit that drops them. Run once the demo is written; an
 * organization with requests already is left alone.
 */
export async function raiseDemoComponentRequests(db: Db): Promise<number> {
  const world = await demoWorld(db, ['TECHNICIAN', 'OWNER']);
  if (!world) return 0;
  const { demo, mainStore, part } = world;
  const [already] = await db
    .select({ id: componentRequest.id })
    .from(componentRequest)
    .where(eq(componentRequest.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  const technician = { id: world.members.TECHNICIAN };
  const owner = { id: world.members.OWNER };
  const tickets = await db
    .select({ id: ticket.id, state: ticket.state })
    .from(ticket)
    .where(
      and(
        eq(ticket.organization_id, demo.id),
        eq(ticket.technician_id, technician.id),
        inArray(ticket.state, ['IN_PROGRESS', 'ON_HOLD', 'ACCEPTED']),
      ),
    )
    .orderBy(asc(ticket.created_at))
    .limit(3);
  if (tickets.length < 3) return 0;
  // The MRF waits on a ticket in progress (or already on hold); the requests go on the others.
  const mrfTicket = tickets.find((row) => row.state !== 'ACCEPTED') ?? tickets[0];
  const requestTickets = tickets.filter((row) => row !== mrfTicket);

  const contextOf = demoContext;
  const asks = [
    {
      components: [
        { component_id: part('CAP-35-5-440'), quantity: 1 },
        { component_id: part('GAS-R32'), quantity: 2 },
      ],
      note: 'Capacitor swollen; the unit needs a gas top-up after the repair.',
      approve: true,
    },
    {
      components: [{ component_id: part('MTR-BLOWER-35W'), quantity: 1 }],
      note: 'Blower motor noisy at every speed.',
      approve: false,
    },
  ];
  let raised = 0;
  for (const [index, row] of requestTickets.entries()) {
    const ask = asks[index];
    await db.transaction(async (tx) => {
      const asTechnician = await contextOf(tx as unknown as Db, technician.id);
      const answer = await raiseComponentRequest.handle(
        {
          ticket_id: row.id,
          service_center_id: mainStore.id,
          components: ask.components,
          additional_parts: [],
          note: ask.note,
        },
        asTechnician,
      );
      const workflowRequestId = answer.data.items[0].workflow_request_id;
      if (ask.approve && workflowRequestId) {
        await decide(await contextOf(tx as unknown as Db, owner.id), {
          request_id: workflowRequestId,
          decision: 'APPROVE',
          level: 1,
          comment: 'Approved: both are in stock.',
        });
      }
    });
    raised++;
  }
  // No store has a magnetron: the technician raises an MRF, and the ticket waits for it.
  await db.transaction(async (tx) => {
    await raiseMrf.handle(
      {
        ticket_id: mrfTicket.id,
        service_center_id: mainStore.id,
        components: [{ component_id: part('MAG-900W'), quantity: 1 }],
        note: 'Magnetron dead; none in stock anywhere.',
      },
      await contextOf(tx as unknown as Db, technician.id),
    );
  });
  return raised + 1;
}
