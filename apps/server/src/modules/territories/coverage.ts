import { and, eq, exists, ne, sql } from 'drizzle-orm';
import {
  ListServicePartnerCoverage,
  ListTechnicianCoverage,
  UpdateServicePartnerCoverage,
  UpdateTechnicianCoverage,
  type ServicePartnerCoverageItem,
  type TechnicianCoverageItem,
} from '@fieldport/contract/operations/territories';
import { member, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { category } from '../../db/schema/product-catalogue.ts';
import {
  servicePartnerTerritory,
  technicianExpertise,
  technicianTerritory,
  territory,
} from '../../db/schema/territories.ts';
import { defineHandler } from '../../platform/handler.ts';
import { notFound } from '../../platform/errors.ts';
import { defineList, qualified as q, type TenantTable } from '../../platform/lists.ts';
import { requireActiveReferences } from '../../platform/references.ts';
import { inOrganization, membersOf, partyOfMember, userOfMember } from '../../platform/tenant.ts';
import { expertiseOfTechnician, territoriesOfPartner, territoriesOfTechnician } from './coverage-sql.ts';

/**
 * docs/product.md#assignment-and-claim: technicians (memberships with role TECHNICIAN, the
 * organization's own and its partners') are mapped to territories and to expertise (service
 * categories); service partners (parties of kind SERVICE_PARTNER) to territories. Each update
 * replaces the lists.
 */

const TECHNICIAN_NOT_FOUND = 'Technician not found. Refresh the list and try again.';
const PARTNER_NOT_FOUND = 'Service partner not found. Refresh the list and try again.';

export const listTechnicianCoverage = defineList(ListTechnicianCoverage, {
  // better-auth's member table spells its organization column organizationId.
  table: member as unknown as TenantTable,
  organizationColumn: member.organizationId,
  select: {
    id: member.id,
    user_id: user.id,
    user_name: user.name,
    email: user.email,
    status: member.status,
    party_id: party.id,
    party_name: party.name,
    territories: territoriesOfTechnician(member.organizationId, member.id),
    expertise: expertiseOfTechnician(member.organizationId, member.id),
  },
  join: (query) => query.innerJoin(user, userOfMember()).leftJoin(party, partyOfMember()),
  search: [user.name, user.email],
  sort: {
    user_name: sql`lower(${user.name})`,
    party_name: sql`lower(${party.name})`,
    technician_status: member.status,
  },
  status: member.status,
  filters: (input) => [
    eq(member.role, 'TECHNICIAN'),
    // Invited, not yet accepted: not the organization's technician yet (docs/people.md#invitations).
    ne(member.status, 'PENDING'),
    input.territory_id
      ? exists(
          sql`(select 1 from ${technicianTerritory} where ${q(technicianTerritory.organization_id)} = ${q(member.organizationId)} and ${q(technicianTerritory.member_id)} = ${q(member.id)} and ${q(technicianTerritory.territory_id)} = ${input.territory_id})`,
        )
      : undefined,
    input.category_id
      ? exists(
          sql`(select 1 from ${technicianExpertise} where ${q(technicianExpertise.organization_id)} = ${q(member.organizationId)} and ${q(technicianExpertise.member_id)} = ${q(member.id)} and ${q(technicianExpertise.category_id)} = ${input.category_id})`,
        )
      : undefined,
  ],
  toItem: (row): TechnicianCoverageItem => ({
    technician_id: row.id,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email_id: row.email,
    technician_status: row.status as TechnicianCoverageItem['technician_status'],
    party_id: row.party_id,
    party_name: row.party_name,
    territories: row.territories,
    expertise: row.expertise,
  }),
  export: {
    title: 'Technician Territories',
    columns: [
      { header: 'Technician', width: 26, value: (item) => item.user_name },
      { header: 'Email', width: 30, value: (item) => item.user_email_id },
      { header: 'Service partner', width: 24, value: (item) => item.party_name ?? '' },
      {
        header: 'Territories',
        width: 40,
        value: (item) => item.territories.map((t) => t.territory_name).join(', '),
      },
      {
        header: 'Expertise',
        width: 40,
        value: (item) => item.expertise.map((e) => e.category_name).join(', '),
      },
      { header: 'Status', width: 10, value: (item) => item.technician_status },
    ],
  },
});

export const updateTechnicianCoverage = defineHandler(UpdateTechnicianCoverage, async (input, context) => {
  const { db, caller } = context;
  const [technician] = await db
    .select({ id: member.id })
    .from(member)
    .where(
      and(
        membersOf(caller),
        eq(member.id, input.technician_id),
        eq(member.role, 'TECHNICIAN'),
        ne(member.status, 'PENDING'),
      ),
    );
  if (!technician) throw notFound(TECHNICIAN_NOT_FOUND);
  const inScope = (table: typeof technicianTerritory | typeof technicianExpertise) =>
    and(inOrganization(table, caller), eq(table.member_id, technician.id));
  const territoriesBefore = (
    await db
      .select({ id: technicianTerritory.territory_id })
      .from(technicianTerritory)
      .where(inScope(technicianTerritory))
  ).map((row) => row.id);
  const expertiseBefore = (
    await db
      .select({ id: technicianExpertise.category_id })
      .from(technicianExpertise)
      .where(inScope(technicianExpertise))
  ).map((row) => row.id);
  await requireActiveReferences(db, caller, territory, {
    ids: input.territory_ids,
    previousIds: territoriesBefore,
    field: 'territory_ids',
    noun: 'territory',
  });
  await requireActiveReferences(db, caller, category, {
    ids: input.category_ids,
    previousIds: expertiseBefore,
    field: 'category_ids',
    noun: 'category',
  });

  const organization_id = caller.organization.id;
  await db.delete(technicianTerritory).where(inScope(technicianTerritory));
  await db.delete(technicianExpertise).where(inScope(technicianExpertise));
  if (input.territory_ids.length) {
    await db.insert(technicianTerritory).values(
      input.territory_ids.map((territory_id) => ({
        organization_id,
        member_id: technician.id,
        territory_id,
      })),
    );
  }
  if (input.category_ids.length) {
    await db
      .insert(technicianExpertise)
      .values(
        input.category_ids.map((category_id) => ({ organization_id, member_id: technician.id, category_id })),
      );
  }
  context.auditTarget = technician.id;
  context.auditChanges = {
    territory_ids: { from: territoriesBefore, to: input.territory_ids },
    category_ids: { from: expertiseBefore, to: input.category_ids },
  };
  const item = (await listTechnicianCoverage.list.findById(db, caller, technician.id))!;
  return { data: { items: [item] }, message: `Territories and expertise of ${item.user_name} saved` };
});

export const listServicePartnerCoverage = defineList(ListServicePartnerCoverage, {
  table: party,
  select: {
    id: party.id,
    name: party.name,
    status: party.status,
    territories: territoriesOfPartner(party.organization_id, party.id),
  },
  search: [party.name],
  sort: { party_name: sql`lower(${party.name})`, party_status: party.status },
  filters: (input) => [
    eq(party.kind, 'SERVICE_PARTNER'),
    input.territory_id
      ? exists(
          sql`(select 1 from ${servicePartnerTerritory} where ${q(servicePartnerTerritory.organization_id)} = ${q(party.organization_id)} and ${q(servicePartnerTerritory.party_id)} = ${q(party.id)} and ${q(servicePartnerTerritory.territory_id)} = ${input.territory_id})`,
        )
      : undefined,
  ],
  toItem: (row): ServicePartnerCoverageItem => ({
    party_id: row.id,
    party_name: row.name,
    party_status: row.status,
    territories: row.territories,
  }),
  export: {
    title: 'Service Partner Territories',
    columns: [
      { header: 'Service partner', width: 30, value: (item) => item.party_name },
      {
        header: 'Territories',
        width: 50,
        value: (item) => item.territories.map((t) => t.territory_name).join(', '),
      },
      { header: 'Status', width: 12, value: (item) => item.party_status },
    ],
  },
});

export const updateServicePartnerCoverage = defineHandler(
  UpdateServicePartnerCoverage,
  async (input, context) => {
    const { db, caller } = context;
    const [partner] = await db
      .select({ id: party.id })
      .from(party)
      .where(
        and(inOrganization(party, caller), eq(party.id, input.party_id), eq(party.kind, 'SERVICE_PARTNER')),
      );
    if (!partner) throw notFound(PARTNER_NOT_FOUND);
    const inScope = and(
      inOrganization(servicePartnerTerritory, caller),
      eq(servicePartnerTerritory.party_id, partner.id),
    );
    const before = (
      await db
        .select({ id: servicePartnerTerritory.territory_id })
        .from(servicePartnerTerritory)
        .where(inScope)
    ).map((row) => row.id);
    await requireActiveReferences(db, caller, territory, {
      ids: input.territory_ids,
      previousIds: before,
      field: 'territory_ids',
      noun: 'territory',
    });
    await db.delete(servicePartnerTerritory).where(inScope);
    if (input.territory_ids.length) {
      await db.insert(servicePartnerTerritory).values(
        input.territory_ids.map((territory_id) => ({
          organization_id: caller.organization.id,
          party_id: partner.id,
          territory_id,
        })),
      );
    }
    context.auditTarget = partner.id;
    context.auditChanges = { territory_ids: { from: before, to: input.territory_ids } };
    const item = (await listServicePartnerCoverage.list.findById(db, caller, partner.id))!;
    return { data: { items: [item] }, message: `Territories of ${item.party_name} saved` };
  },
);
