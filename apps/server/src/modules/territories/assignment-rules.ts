import { and, asc, eq, ne, or, isNull, sql } from 'drizzle-orm';
import type { RecordStatus } from '@fieldport/contract/lists';
import type { Db } from '../../db/client.ts';
import { member, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { category } from '../../db/schema/product-catalogue.ts';
import {
  servicePartnerTerritory,
  technicianExpertise,
  technicianTerritory,
  territory,
  territoryPincode,
} from '../../db/schema/territories.ts';
import { partyOfMember, userOfMember } from '../../platform/tenant.ts';

/**
 * The rules of docs/product.md#assignment-and-claim that territories decide, for the ticket work to
 * call: which territory a pincode is in, and who is eligible for a ticket there. Availability
 * (checked in, not on leave) and the fewest-open-tickets order come with attendance and tickets.
 */

interface PincodeTerritory {
  territory_id: string;
  territory_name: string;
  territory_status: RecordStatus;
  pincode_type_id: string | null;
}

/** The territory a pincode belongs to in an organization (at most one), or null. */
export async function territoryOfPincode(
  db: Db,
  organizationId: string,
  pincode: string,
): Promise<PincodeTerritory | null> {
  const [row] = await db
    .select({
      territory_id: territory.id,
      territory_name: territory.name,
      territory_status: territory.status,
      pincode_type_id: territoryPincode.pincode_type_id,
    })
    .from(territoryPincode)
    .innerJoin(
      territory,
      and(
        eq(territory.id, territoryPincode.territory_id),
        eq(territory.organization_id, territoryPincode.organization_id),
      ),
    )
    .where(
      and(eq(territoryPincode.organization_id, organizationId), eq(territoryPincode.pincode, pincode.trim())),
    );
  return row ?? null;
}

export interface EligibleTechnician {
  /** The technician's membership. */
  technician_id: string;
  user_id: string;
  user_name: string;
  /** The service partner the technician works for; null for the organization's own. */
  party_id: string | null;
}

/**
 * Eligible (docs/product.md#assignment-and-claim): active technicians mapped to the pincode's
 * (active) territory with the ticket's category (active) in their expertise. A partner's technician
 * counts only while the partner is not suspended; `partyId` narrows to one party's technicians (a
 * partner's agent assigning on), `null` to the organization's own.
 */
export async function eligibleTechnicians(
  db: Db,
  organizationId: string,
  options: { pincode: string; categoryId: string; partyId?: string | null },
): Promise<EligibleTechnician[]> {
  const place = await territoryOfPincode(db, organizationId, options.pincode);
  if (!place || place.territory_status !== 'ACTIVE') return [];
  return db
    .select({ technician_id: member.id, user_id: user.id, user_name: user.name, party_id: member.party_id })
    .from(member)
    .innerJoin(user, userOfMember())
    .innerJoin(
      technicianTerritory,
      and(
        eq(technicianTerritory.organization_id, member.organizationId),
        eq(technicianTerritory.member_id, member.id),
        eq(technicianTerritory.territory_id, place.territory_id),
      ),
    )
    .innerJoin(
      technicianExpertise,
      and(
        eq(technicianExpertise.organization_id, member.organizationId),
        eq(technicianExpertise.member_id, member.id),
        eq(technicianExpertise.category_id, options.categoryId),
      ),
    )
    .innerJoin(category, and(eq(category.id, technicianExpertise.category_id), eq(category.status, 'ACTIVE')))
    .leftJoin(party, partyOfMember())
    .where(
      and(
        eq(member.organizationId, organizationId),
        eq(member.role, 'TECHNICIAN'),
        eq(member.status, 'ACTIVE'),
        or(isNull(member.party_id), ne(party.status, 'SUSPENDED')),
        options.partyId === undefined
          ? undefined
          : options.partyId === null
            ? isNull(member.party_id)
            : eq(member.party_id, options.partyId),
      ),
    )
    .orderBy(asc(sql`lower(${user.name})`), asc(member.id));
}

interface EligibleServicePartner {
  party_id: string;
  party_name: string;
}

/** Active service partners mapped to the pincode's (active) territory. */
export async function eligibleServicePartners(
  db: Db,
  organizationId: string,
  options: { pincode: string },
): Promise<EligibleServicePartner[]> {
  const place = await territoryOfPincode(db, organizationId, options.pincode);
  if (!place || place.territory_status !== 'ACTIVE') return [];
  return db
    .select({ party_id: party.id, party_name: party.name })
    .from(servicePartnerTerritory)
    .innerJoin(
      party,
      and(
        eq(party.id, servicePartnerTerritory.party_id),
        eq(party.organization_id, servicePartnerTerritory.organization_id),
      ),
    )
    .where(
      and(
        eq(servicePartnerTerritory.organization_id, organizationId),
        eq(servicePartnerTerritory.territory_id, place.territory_id),
        eq(party.kind, 'SERVICE_PARTNER'),
        eq(party.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(sql`lower(${party.name})`));
}
