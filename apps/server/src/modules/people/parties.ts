import { and, eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  PARTY_OPERATIONS,
  PARTY_OWNER_ROLE,
  USER_STATUS_LABELS,
  formatPhone,
  type PartyItem,
  type PartyKind,
  type UserStatus,
} from '@fieldport/contract/operations/people';
import { member, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { defineHandler, type Handler, type OperationContext } from '../../platform/handler.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { defineList } from '../../platform/lists.ts';
import { uniqueViolation } from '../../platform/masters.ts';
import { newId } from '../../db/ids.ts';
import { inOrganization, membersOf, userOfMember } from '../../platform/tenant.ts';
import { inviteMember } from './invitation.ts';
import { assertNameChangeable, knownHere } from './member-rules.ts';

/**
 * Service partners and dealers (/ServicePartners, /DealersView; docs/people.md): parties of the
 * organization, each made together with its owner, who is invited like any member. A suspended
 * party's users are 'Temporarily Suspended' (graphql/caller.ts, auth/membership-gate.ts).
 */

/** The party's owner: its oldest member with the owner's role who is not invalid. */
const ownerMembershipId = (kind: PartyKind) => sql`(
  select m.id from ${member} m
  where m.organization_id = ${party.organization_id} and m.party_id = ${party.id}
    and m.role = ${PARTY_OWNER_ROLE[kind]} and m.status <> 'INVALID'
  order by m.created_at, m.id
  limit 1
)`;

/** Members of the party who are not invalid, counted on member_organization_party_idx. */
const userCount = sql<number>`(
  select count(*) from ${member} m
  where m.organization_id = ${party.organization_id} and m.party_id = ${party.id} and m.status <> 'INVALID'
)`.mapWith(Number);

const select = {
  id: party.id,
  name: party.name,
  kind: party.kind,
  status: party.status,
  gstin: party.gstin,
  created_at: party.created_at,
  owner_user_id: user.id,
  owner_name: user.name,
  owner_email: user.email,
  owner_must_change_password: user.mustChangePassword,
  owner_phone_number: member.phone_number,
  owner_status: member.status,
  user_count: userCount,
};

function toItem(row: SelectResultFields<typeof select>): PartyItem {
  // The owner's columns come from left joins: a party whose owner was marked invalid has none.
  const owner = knownHere(row.owner_status, {
    name: row.owner_name ?? null,
    email: row.owner_email ?? null,
    phone: row.owner_phone_number ?? null,
  });
  return {
    party_id: row.id,
    party_name: row.name,
    party_kind: row.kind,
    party_status: row.status === 'SUSPENDED' ? 'INACTIVE' : 'ACTIVE',
    party_gstin: row.gstin,
    party_created_on: row.created_at.toISOString(),
    owner_user_id: row.owner_user_id ?? null,
    owner_name: owner.name,
    owner_email_id: row.owner_email ?? null,
    owner_phone_number: owner.phone,
    owner_status: (row.owner_status as UserStatus | undefined) ?? null,
    owner_invitation_pending: row.owner_status === 'PENDING' || (row.owner_must_change_password ?? false),
    user_count: row.user_count,
  };
}

/** The four handlers of a kind of party. */
function definePartyHandlers(kind: PartyKind): Handler[] {
  const operations = PARTY_OPERATIONS[kind];
  const { noun } = operations.screen;
  const title = `${noun[0].toUpperCase()}${noun.slice(1)}`;
  const ownerRole = PARTY_OWNER_ROLE[kind];

  const list = defineList(operations.list, {
    table: party,
    select,
    join: (query) =>
      query.leftJoin(member, eq(member.id, ownerMembershipId(kind))).leftJoin(user, userOfMember()),
    // Each with a trigram index: party_name_trgm, user_name_trgm, user_email_trgm.
    search: [party.name, user.name, user.email],
    sort: {
      party_name: sql`lower(${party.name})`,
      party_status: party.status,
      party_created_on: party.created_at,
      owner_name: sql`lower(${user.name})`,
    },
    filters: (input, caller) => [
      eq(party.kind, kind),
      // A partner's or dealer's own user (none has these menus today) would see their party only.
      caller.party ? eq(party.id, caller.party.id) : undefined,
      input.status === 'ALL'
        ? undefined
        : eq(party.status, input.status === 'ACTIVE' ? 'ACTIVE' : 'SUSPENDED'),
    ],
    toItem,
    export: {
      title: `${title}s`,
      columns: [
        { header: 'Name', width: 32, value: (item) => item.party_name },
        { header: 'Owner', width: 26, value: (item) => item.owner_name ?? '' },
        { header: 'Owner email', width: 32, value: (item) => item.owner_email_id ?? '' },
        { header: 'Owner phone', width: 18, value: (item) => formatPhone(item.owner_phone_number) },
        {
          header: 'Owner status',
          width: 14,
          value: (item) => (item.owner_status ? USER_STATUS_LABELS[item.owner_status] : ''),
        },
        { header: 'Users', width: 8, value: (item) => item.user_count },
        {
          header: 'Status',
          width: 12,
          value: (item) => (item.party_status === 'ACTIVE' ? 'Active' : 'Suspended'),
        },
        {
          header: 'Created on',
          width: 20,
          numFmt: 'dd-mmm-yyyy hh:mm',
          value: (item) => new Date(item.party_created_on),
        },
      ],
    },
  });

  const notFoundError = () =>
    notFound(`${title} not found. It may have been removed; refresh the list and try again.`);
  const duplicate = (name: string) => conflict(`A ${noun} named '${name}' already exists.`, 'party_name');

  /** The party of the caller's organization, locked for the change; a foreign id is NOT_FOUND. */
  const findParty = async (context: OperationContext, partyId: string) => {
    if (context.caller.party) throw forbidden(`Only the organization manages its ${noun}s.`);
    const [row] = await context.db
      .select()
      .from(party)
      .where(and(inOrganization(party, context.caller), eq(party.kind, kind), eq(party.id, partyId)))
      .for('update');
    if (!row) throw notFoundError();
    return row;
  };

  const rename = async (context: OperationContext, partyId: string, name: string) => {
    try {
      await context.db.update(party).set({ name }).where(eq(party.id, partyId));
    } catch (error) {
      if (uniqueViolation(error)) throw duplicate(name);
      throw error;
    }
  };

  const answer = async (context: OperationContext, partyId: string) => {
    const item = await list.list.findById(context.db, context.caller, partyId);
    if (!item) throw new Error(`Party ${partyId} vanished`);
    context.auditTarget = partyId;
    return item;
  };

  const create = defineHandler(operations.create, async (input, context) => {
    if (context.caller.party) throw forbidden(`Only the organization adds ${noun}s.`);
    const id = newId();
    try {
      await context.db.insert(party).values({
        id,
        organization_id: context.caller.organization.id,
        kind,
        name: input.party_name,
        gstin: input.party_gstin,
      });
    } catch (error) {
      if (uniqueViolation(error)) throw duplicate(input.party_name);
      throw error;
    }
    const invited = await inviteMember(context, {
      email: input.owner_email_id,
      name: input.owner_name,
      role: ownerRole,
      phone_number: input.owner_phone_number,
      designation_id: null,
      party_id: id,
      partyName: input.party_name,
      emailField: 'owner_email_id',
    });
    const item = await answer(context, id);
    context.auditChanges = {
      ...input,
      owner_user_id: invited.userId,
      invitation: invited.newPerson ? 'temporary password mailed' : 'pending: acceptance link mailed',
    };
    return {
      data: { items: [item] },
      message: invited.newPerson
        ? `${title} '${item.party_name}' created. The owner's temporary password was mailed to ${input.owner_email_id}.`
        : `${title} '${item.party_name}' created. The invitation was sent to ${input.owner_email_id}: they join when they accept it.`,
    };
  });

  const update = defineHandler(operations.update, async (input, context) => {
    const before = await findParty(context, input.party_id);
    const current = await list.list.findById(context.db, context.caller, input.party_id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (before.name !== input.party_name) {
      await rename(context, before.id, input.party_name);
      changes.party_name = { from: before.name, to: input.party_name };
    }
    if (input.party_gstin !== undefined && before.gstin !== input.party_gstin) {
      await context.db.update(party).set({ gstin: input.party_gstin }).where(eq(party.id, before.id));
      changes.party_gstin = { from: before.gstin, to: input.party_gstin };
    }
    if (current?.owner_user_id) {
      const owner = { userId: current.owner_user_id, name: current.owner_name ?? '' };
      await assertNameChangeable(context, owner, input.owner_name, 'owner_name');
      if (owner.name !== input.owner_name) {
        await context.db
          .update(user)
          .set({ name: input.owner_name, updatedAt: new Date() })
          .where(eq(user.id, owner.userId));
        changes.owner_name = { from: owner.name, to: input.owner_name };
      }
      if (current.owner_phone_number !== input.owner_phone_number) {
        await context.db
          .update(member)
          .set({ phone_number: input.owner_phone_number, updated_at: new Date() })
          .where(and(membersOf(context.caller), eq(member.userId, owner.userId)));
        changes.owner_phone_number = { from: current.owner_phone_number, to: input.owner_phone_number };
      }
    }
    const item = await answer(context, before.id);
    context.auditChanges = { party_name: item.party_name, ...changes };
    return { data: { items: [item] }, message: `${title} '${item.party_name}' saved` };
  });

  const activateOrDeactivate = defineHandler(operations.activateOrDeactivate, async (input, context) => {
    const before = await findParty(context, input.party_id);
    const status = input.party_status === 'ACTIVE' ? 'ACTIVE' : 'SUSPENDED';
    if (before.status !== status) {
      await context.db.update(party).set({ status }).where(eq(party.id, before.id));
    }
    const item = await answer(context, before.id);
    context.auditChanges = { party_name: item.party_name, party_status: { from: before.status, to: status } };
    return {
      data: { items: [item] },
      message: `${title} '${item.party_name}' ${status === 'ACTIVE' ? 'activated' : 'suspended: its users cannot sign in'}`,
    };
  });

  return [list, create, update, activateOrDeactivate] as Handler[];
}

export const servicePartnerHandlers = definePartyHandlers('SERVICE_PARTNER');
export const dealerHandlers = definePartyHandlers('DEALER');
