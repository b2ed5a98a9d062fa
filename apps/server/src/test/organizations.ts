import type { Role } from '@fieldport/contract/roles';
import type { Db } from '../db/client.ts';
import type { MembershipStatus } from '../db/schema/identity.ts';
import { grant, seedDesignation, seedMember, seedOrganization, seedParty } from '../db/seed/factories.ts';
import { unique } from './harness.ts';

export const TEST_PASSWORD = 'Test@12345';

export interface TestMember {
  email: string;
  userId: string;
  membershipId: string;
}

/**
 * An organization of a test's own, with a member for each role asked for, built with the demo's
 * seed functions. Partner and dealer roles get the organization's partner and dealer.
 */
export async function seedTestOrganization(
  db: Db,
  options: {
    roles?: Role[];
    accessControl?: boolean;
    creditsRecharge?: boolean;
    designationModules?: ReturnType<typeof grant>[];
  } = {},
) {
  const tag = unique('o');
  const org = await seedOrganization(db, {
    name: `Test Org ${tag}`,
    is_access_control_enable: options.accessControl ?? false,
    enable_credits_recharge: options.creditsRecharge ?? false,
  });
  const partner = await seedParty(db, {
    organization_id: org.id,
    kind: 'SERVICE_PARTNER',
    name: `Partner ${tag}`,
  });
  const dealer = await seedParty(db, { organization_id: org.id, kind: 'DEALER', name: `Dealer ${tag}` });
  const designation = await seedDesignation(db, {
    organization_id: org.id,
    name: `Designation ${tag}`,
    accessing_module: options.designationModules ?? [
      grant('Dashboard'),
      grant('Tickets', ['Active Tickets']),
    ],
  });
  const members = {} as Record<Role, TestMember>;
  for (const role of options.roles ?? ['OWNER']) {
    const email = `${role.toLowerCase()}.${tag}@test.local`;
    const { user, membership } = await seedMember(db, {
      organizationId: org.id,
      email,
      name: `${role} ${tag}`,
      role,
      password: TEST_PASSWORD,
      designation_id: ['MANAGEMENT', 'NSM', 'RSM', 'MANAGER', 'AGENT', 'STORE_MANAGER'].includes(role)
        ? designation.id
        : null,
      party_id: ['SERVICE_PARTNER', 'PARTNER_AGENT'].includes(role)
        ? partner.id
        : ['DEALER_OWNER', 'DEALER_AGENT'].includes(role)
          ? dealer.id
          : null,
    });
    members[role] = { email, userId: user.id, membershipId: membership.id };
  }
  return { org, partner, dealer, designation, members, tag };
}

/**
 * One more person in an organization (or a second membership for an existing person when `email`
 * is given), for the cases seedTestOrganization does not make: a temporary password, a suspended
 * membership, a person in several organizations.
 */
export async function addTestMember(
  db: Db,
  values: {
    organizationId: string;
    role: Role;
    email?: string;
    mustChangePassword?: boolean;
    status?: MembershipStatus;
    designation_id?: string | null;
    party_id?: string | null;
  },
): Promise<TestMember> {
  const email = values.email ?? `${values.role.toLowerCase()}.${unique('m')}@test.local`;
  const { user, membership } = await seedMember(db, {
    organizationId: values.organizationId,
    email,
    name: `${values.role} ${email.split('@')[0]}`,
    role: values.role,
    password: TEST_PASSWORD,
    mustChangePassword: values.mustChangePassword,
    status: values.status,
    designation_id: values.designation_id,
    party_id: values.party_id,
  });
  return { email: user.email, userId: user.id, membershipId: membership.id };
}
