import { describe, expect, it } from 'vitest';
import { ROLES, isDealerRole, isDesignationRole, isPartnerRole, roleLabel, type Role } from './roles.ts';

describe('roles', () => {
  it('labels as the header shows them', () => {
    const labels: Record<Role, string> = {
      OWNER: 'OWNER',
      ADMIN: 'ADMIN',
      MANAGEMENT: 'MANAGEMENT',
      NSM: 'NSM',
      RSM: 'RSM',
      MANAGER: 'MANAGER',
      AGENT: 'Service Co-Ordinator',
      STORE_MANAGER: 'STORE MANAGER',
      SERVICE_PARTNER: 'SERVICE PARTNER',
      PARTNER_AGENT: 'PARTNER AGENT',
      DEALER_OWNER: 'DEALER OWNER',
      DEALER_AGENT: 'DEALER AGENT',
      TECHNICIAN: 'TECHNICIAN',
      REPRESENTATIVE: 'REPRESENTATIVE',
    };
    for (const role of ROLES) expect(roleLabel(role), role).toBe(labels[role]);
  });

  it('partner, dealer and designation roles', () => {
    expect(ROLES.filter(isPartnerRole)).toEqual(['SERVICE_PARTNER', 'PARTNER_AGENT']);
    expect(ROLES.filter(isDealerRole)).toEqual(['DEALER_OWNER', 'DEALER_AGENT']);
    expect(ROLES.filter(isDesignationRole)).toEqual([
      'MANAGEMENT',
      'NSM',
      'RSM',
      'MANAGER',
      'AGENT',
      'STORE_MANAGER',
    ]);
  });
});
