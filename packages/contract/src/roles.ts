/**
 * The roles of docs/product.md#roles-and-parties: twelve inherited, technicians and
 * representatives.
 */
export const ROLES = [
  'OWNER',
  'ADMIN',
  'MANAGEMENT',
  'NSM',
  'RSM',
  'MANAGER',
  'AGENT',
  'STORE_MANAGER',
  'SERVICE_PARTNER',
  'PARTNER_AGENT',
  'DEALER_OWNER',
  'DEALER_AGENT',
  'TECHNICIAN',
  'REPRESENTATIVE',
] as const;
export type Role = (typeof ROLES)[number];

const PARTNER_ROLES: readonly Role[] = ['SERVICE_PARTNER', 'PARTNER_AGENT'];
const DEALER_ROLES: readonly Role[] = ['DEALER_OWNER', 'DEALER_AGENT'];

/**
 * Roles whose menu comes from their designation when the organization turns access control on, and
 * who are refused without a designation (docs/product.md#roles-and-parties).
 */
export const DESIGNATION_ROLES: readonly Role[] = [
  'MANAGEMENT',
  'NSM',
  'RSM',
  'MANAGER',
  'AGENT',
  'STORE_MANAGER',
];

export function isPartnerRole(r: Role): boolean {
  return PARTNER_ROLES.includes(r);
}

export function isDealerRole(r: Role): boolean {
  return DEALER_ROLES.includes(r);
}

export function isDesignationRole(r: Role): boolean {
  return DESIGNATION_ROLES.includes(r);
}

/**
 * The role as the header shows it (docs/product.md#roles-and-parties): underscores as spaces, and
 * the agent role as a co-ordinator, the name the old portal used for agents everywhere else
 * ("Service Co-Ordinator").
 */
export function roleLabel(r: Role): string {
  if (r === 'AGENT') return 'Service Co-Ordinator';
  return r.replaceAll('_', ' ');
}
