import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@fieldport/contract/roles';
import type { Db } from '../../apps/server/src/db/client.ts';
import { member, organization, user } from '../../apps/server/src/db/schema/identity.ts';
import { service } from '../../apps/server/src/db/schema/product-catalogue.ts';
import { DEMO_ORGANIZATION_SLUG, demoEmail } from '../../apps/server/src/db/seed/demo.ts';
import { seedFleetItems } from '../../apps/server/src/db/seed/product-fleet.ts';
import { callerOfMembership } from '../../apps/server/src/graphql/caller.ts';
import type { OperationContext } from '../../apps/server/src/platform/handler.ts';
import { createMailer } from '../../apps/server/src/platform/mail.ts';
import { decide, raiseRequest } from '../../apps/server/src/platform/workflow.ts';
import { fleetSummary } from '../../apps/server/src/modules/product-fleet/fleet-rules.ts';
// Loading the fleet's handlers registers the PRODUCT_FLEET hooks that raising and deciding use.
import '../../apps/server/src/modules/product-fleet/fleet-handlers.ts';

/**
 * The requests the approvals journeys decide (e2e/approvals/approvals-screen.e2e.ts), each used by
 * one journey only: real fleet items of the demo's dealer waiting for approval, in the demo
 * organization whose fleet workflow is two levels (the Service Manager, then the owner or an
 * admin: db/seed/approvals.ts).
 */
const SERIALS = {
  approve: 'E2E-APR-101',
  reject: 'E2E-APR-102',
  twoApprovers: 'E2E-APR-103',
  withdraw: 'E2E-APR-104',
  phone: 'E2E-APR-105',
} as const;

/** The product of the items (their record shows it). */
export const APPROVAL_PRODUCT = 'AC Repair';

/**
 * Each journey's request, by the summary its list row shows: the fleet area's summary of a
 * dealer's new item in its stock (serial · product).
 */
export const APPROVAL_REQUESTS = Object.fromEntries(
  Object.entries(SERIALS).map(([key, serial]) => [key, `${serial} · ${APPROVAL_PRODUCT}`]),
) as Record<keyof typeof SERIALS, string>;

const fixtureRequest = {
  ip: '127.0.0.1',
  log: { warn() {}, error() {}, info() {} },
} as unknown as FastifyRequest;

export async function seedApprovalFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  const mailer = createMailer({ db, from: 'e2e@fieldport.local', print: () => {} });
  const membershipOf = async (role: Role) => {
    const [row] = await db
      .select({ id: member.id, party_id: member.party_id })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, demo.id), eq(user.email, demoEmail(role))));
    return row;
  };
  /** Runs engine calls as a demo person, in a transaction, as an area's operation does. */
  async function as<T>(role: Role, work: (context: OperationContext) => Promise<T>): Promise<T> {
    const caller = await callerOfMembership(db, (await membershipOf(role)).id, 'e2e');
    return db.transaction((tx) =>
      work({
        db: tx as unknown as Db,
        caller,
        mailer,
        request: fixtureRequest,
        afterCommit: () => {},
      } as unknown as OperationContext),
    );
  }

  const dealer = await membershipOf('DEALER_OWNER');
  const [product] = await db
    .select({ id: service.id })
    .from(service)
    .where(and(eq(service.organization_id, demo.id), eq(service.name, APPROVAL_PRODUCT)));
  const keys = Object.keys(SERIALS) as (keyof typeof SERIALS)[];
  const ids = await seedFleetItems(
    db,
    keys.map((key) => ({
      organization_id: demo.id,
      serial_number: SERIALS[key],
      service_id: product.id,
      dealer_party_id: dealer.party_id,
      invoice_date: '2026-11-01',
      installation_date: '2026-11-03',
      warranty_months: 12,
      approval_state: 'PENDING' as const,
    })),
  );
  const raised = new Map<keyof typeof SERIALS, string>();
  for (const [index, key] of keys.entries()) {
    // The fleet area raises for dealers only; the withdraw journey needs a requester who has the
    // approvals screen, so the owner raises that one through the engine (as the next kinds'
    // staff requesters, a co-ordinator's component request, will).
    const requester: Role = key === 'withdraw' ? 'OWNER' : 'DEALER_OWNER';
    const request = await as(requester, (context) =>
      raiseRequest(context, {
        kind: 'PRODUCT_FLEET',
        record_id: ids[index],
        summary: fleetSummary(SERIALS[key], APPROVAL_PRODUCT),
      }),
    );
    raised.set(key, request.id);
  }
  // The two-approvers journey starts at level 2.
  await as('MANAGER', (context) =>
    decide(context, {
      request_id: raised.get('twoApprovers')!,
      level: 1,
      decision: 'APPROVE',
      comment: null,
    }),
  );
}
