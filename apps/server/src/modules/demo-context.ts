import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Role } from '@fieldport/contract/roles';
import type { Db } from '../db/client.ts';
import { member, organization } from '../db/schema/identity.ts';
import { component, store } from '../db/schema/inventory.ts';
import { DEMO_ORGANIZATION_SLUG } from '../db/seed/demo.ts';
import { callerOfMembership } from '../graphql/caller.ts';
import type { OperationContext } from '../platform/handler.ts';
import { createMailer } from '../platform/mail.ts';

/**
 * The demo's requests, orders and approvals are made through the operations' own handlers, as a
 * person of the demo organization would make them on the screens (docs/product.md#the-demo). The
 * request they run in is the server's own; the mails they send wait for a commit that drops them.
 */
export const demoRequest = {
  ip: '127.0.0.1',
  log: { warn() {}, error() {}, info() {} },
} as unknown as FastifyRequest;

/** An operation's context as a member of the demo organization, in the transaction `tx`. */
export async function demoContext(tx: Db, membershipId: string): Promise<OperationContext> {
  return {
    db: tx,
    caller: await callerOfMembership(tx, membershipId, 'demo'),
    mailer: createMailer({ db: tx, from: 'demo@fieldport.local', print: () => {} }),
    request: demoRequest,
    afterCommit: () => {},
  } as unknown as OperationContext;
}

/** The demo's spare parts the demo's requests and orders name (db/seed/inventory.ts). */
const DEMO_PARTS = ['CAP-35-5-440', 'GAS-R32', 'MTR-BLOWER-35W', 'MAG-900W'] as const;

/**
 * What the demo's requests and orders are made with: the demo organization, the first staff member
 * (of no party) of each role asked for, its main store and its parts by part number. Null when the
 * demo is not there or lacks any of them (a database seeded otherwise).
 */
export async function demoWorld<const Roles extends Role>(db: Db, roles: readonly Roles[]) {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  if (!demo) return null;
  const people = await db
    .select({ id: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, demo.id), inArray(member.role, [...roles]), isNull(member.party_id)))
    .orderBy(asc(member.createdAt));
  const [mainStore] = await db
    .select({ id: store.id })
    .from(store)
    .where(and(eq(store.organization_id, demo.id), eq(store.name, 'Main Store, Peenya')));
  const parts = await db
    .select({ id: component.id, part_number: component.part_number })
    .from(component)
    .where(and(eq(component.organization_id, demo.id), inArray(component.part_number, [...DEMO_PARTS])));
  const members = Object.fromEntries(
    roles.map((role) => [role, people.find((person) => person.role === role)?.id]),
  ) as Record<Roles, string | undefined>;
  if (!mainStore || parts.length < DEMO_PARTS.length || Object.values(members).some((id) => !id)) return null;
  return {
    demo,
    members: members as Record<Roles, string>,
    mainStore,
    part: (number: (typeof DEMO_PARTS)[number]) => parts.find((row) => row.part_number === number)!.id,
  };
}
