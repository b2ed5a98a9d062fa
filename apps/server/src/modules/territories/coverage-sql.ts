import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  ExpertiseRef,
  TechnicianRef,
  TerritoryRef,
  ServicePartnerRef,
} from '@fieldport/contract/operations/territories';
import { member, user } from '../../db/schema/identity.ts';
import { qualified as q } from '../../platform/lists.ts';
import { party } from '../../db/schema/platform.ts';
import { category } from '../../db/schema/product-catalogue.ts';
import {
  servicePartnerTerritory,
  technicianExpertise,
  technicianTerritory,
  territory,
  territoryPincode,
} from '../../db/schema/territories.ts';

// The lists of a territory's pincodes and people, and of a person's territories, as correlated
// subqueries: one statement reads a page with everything its rows show (no query per row).

const json = <T>(expression: SQL) =>
  expression.mapWith((value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T);

export const pincodesOf = (organizationId: PgColumn, territoryId: PgColumn) =>
  json<string[]>(
    sql`(select coalesce(json_agg(${q(territoryPincode.pincode)} order by ${q(territoryPincode.pincode)}), '[]'::json) from ${territoryPincode} where ${q(territoryPincode.organization_id)} = ${q(organizationId)} and ${q(territoryPincode.territory_id)} = ${q(territoryId)})`,
  );

export const pincodeCountOf = (organizationId: PgColumn, territoryId: PgColumn) =>
  sql<number>`(select count(*) from ${territoryPincode} where ${q(territoryPincode.organization_id)} = ${q(organizationId)} and ${q(territoryPincode.territory_id)} = ${q(territoryId)})`.mapWith(
    Number,
  );

export const techniciansOf = (organizationId: PgColumn, territoryId: PgColumn) =>
  json<TechnicianRef[]>(
    sql`(select coalesce(json_agg(json_build_object('technician_id', ${q(member.id)}, 'user_name', ${q(user.name)}) order by lower(${q(user.name)})), '[]'::json) from ${technicianTerritory} join ${member} on ${q(member.id)} = ${q(technicianTerritory.member_id)} join ${user} on ${q(user.id)} = ${q(member.userId)} where ${q(technicianTerritory.organization_id)} = ${q(organizationId)} and ${q(technicianTerritory.territory_id)} = ${q(territoryId)})`,
  );

export const servicePartnersOf = (organizationId: PgColumn, territoryId: PgColumn) =>
  json<ServicePartnerRef[]>(
    sql`(select coalesce(json_agg(json_build_object('party_id', ${q(party.id)}, 'party_name', ${q(party.name)}) order by lower(${q(party.name)})), '[]'::json) from ${servicePartnerTerritory} join ${party} on ${q(party.id)} = ${q(servicePartnerTerritory.party_id)} where ${q(servicePartnerTerritory.organization_id)} = ${q(organizationId)} and ${q(servicePartnerTerritory.territory_id)} = ${q(territoryId)})`,
  );

export const territoriesOfTechnician = (organizationId: PgColumn, memberId: PgColumn) =>
  json<TerritoryRef[]>(
    sql`(select coalesce(json_agg(json_build_object('territory_id', ${q(territory.id)}, 'territory_name', ${q(territory.name)}) order by lower(${q(territory.name)})), '[]'::json) from ${technicianTerritory} join ${territory} on ${q(territory.id)} = ${q(technicianTerritory.territory_id)} where ${q(technicianTerritory.organization_id)} = ${q(organizationId)} and ${q(technicianTerritory.member_id)} = ${q(memberId)})`,
  );

export const expertiseOfTechnician = (organizationId: PgColumn, memberId: PgColumn) =>
  json<ExpertiseRef[]>(
    sql`(select coalesce(json_agg(json_build_object('category_id', ${q(category.id)}, 'category_name', ${q(category.name)}) order by lower(${q(category.name)})), '[]'::json) from ${technicianExpertise} join ${category} on ${q(category.id)} = ${q(technicianExpertise.category_id)} where ${q(technicianExpertise.organization_id)} = ${q(organizationId)} and ${q(technicianExpertise.member_id)} = ${q(memberId)})`,
  );

export const territoriesOfPartner = (organizationId: PgColumn, partyId: PgColumn) =>
  json<TerritoryRef[]>(
    sql`(select coalesce(json_agg(json_build_object('territory_id', ${q(territory.id)}, 'territory_name', ${q(territory.name)}) order by lower(${q(territory.name)})), '[]'::json) from ${servicePartnerTerritory} join ${territory} on ${q(territory.id)} = ${q(servicePartnerTerritory.territory_id)} where ${q(servicePartnerTerritory.organization_id)} = ${q(organizationId)} and ${q(servicePartnerTerritory.party_id)} = ${q(partyId)})`,
  );
