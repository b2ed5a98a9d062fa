import { and, eq, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { workflowRequest } from '../../db/schema/approvals.ts';
import { customer } from '../../db/schema/customers.ts';
import { member, organization } from '../../db/schema/identity.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { DEMO_ORGANIZATION_SLUG } from '../../db/seed/demo.ts';
import { callerOfMembership } from '../../graphql/caller.ts';
import { createMailer } from '../../platform/mail.ts';
import { raiseRequest } from '../../platform/workflow.ts';
import { demoRequest } from '../demo-context.ts';
import { fleetSummary } from './fleet-rules.ts';
// Loading the fleet's handlers registers the kinds' hooks that raiseRequest needs.
import './fleet-handlers.ts';

/**
 * The demo's fleet items that wait for approval (db/seed/product-fleet.ts writes them) get their
 * requests here, raised by the dealer's owner through the workflow engine exactly as
 * CreateProductFleetItem and TagProductFleetItem raise them, without the "Approval needed" mails.
 * Run once the demo is written; an item that already has its request is left alone.
 */
export async function raiseDemoFleetRequests(db: Db): Promise<number> {
  const [dealerOwner] = await db
    .select({ id: member.id, party_id: member.party_id })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(organization.slug, DEMO_ORGANIZATION_SLUG), eq(member.role, 'DEALER_OWNER')));
  if (!dealerOwner?.party_id) return 0;
  const pendingCustomer = alias(customer, 'pending_customer');
  const waiting = await db
    .select({
      customer_name: customer.name,
      pending_customer_name: pendingCustomer.name,
      id: fleetItem.id,
      serial_number: fleetItem.serial_number,
      service_name: service.name,
      approval_state: fleetItem.approval_state,
    })
    .from(fleetItem)
    .innerJoin(service, eq(service.id, fleetItem.service_id))
    .leftJoin(customer, eq(customer.id, fleetItem.customer_id))
    .leftJoin(pendingCustomer, eq(pendingCustomer.id, fleetItem.pending_customer_id))
    .where(
      and(
        eq(fleetItem.dealer_party_id, dealerOwner.party_id),
        or(eq(fleetItem.approval_state, 'PENDING'), isNotNull(fleetItem.pending_customer_id)),
      ),
    );
  const caller = await callerOfMembership(db, dealerOwner.id, 'demo');
  // The mails a request sends wait for its commit (afterCommit), which drops them here.
  const mailer = createMailer({ db, from: 'demo@fieldport.local', print: () => {} });
  let raised = 0;
  for (const item of waiting) {
    const kind = item.approval_state === 'PENDING' ? 'PRODUCT_FLEET' : 'FLEET_TAGGING';
    const [already] = await db
      .select({ id: workflowRequest.id })
      .from(workflowRequest)
      .where(and(eq(workflowRequest.record_id, item.id), eq(workflowRequest.kind, kind)));
    if (already) continue;
    await db.transaction((tx) =>
      raiseRequest(
        { db: tx as unknown as Db, caller, mailer, request: demoRequest, afterCommit: () => {} },
        {
          kind,
          record_id: item.id,
          summary:
            kind === 'PRODUCT_FLEET'
              ? fleetSummary(item.serial_number, item.service_name, item.customer_name)
              : fleetSummary(item.serial_number, item.service_name, `to ${item.pending_customer_name}`),
        },
      ),
    );
    raised++;
  }
  return raised;
}
