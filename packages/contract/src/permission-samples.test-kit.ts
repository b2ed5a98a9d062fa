import type { AccessModule, DealerFlags, OrganizationDetails } from './operations/account.ts';
import type { Right } from './operation.ts';
import type { CallerProfile } from './permissions.ts';
import type { Role } from './roles.ts';

/**
 * The callers of the permission table (permissions.snap.md). The server's matrix test seeds the
 * same callers in a real organization and checks every answer against the table built from these.
 */

export function moduleEntry(
  module_name: string,
  rights: Partial<Record<Right, boolean>>,
  sub_modules: AccessModule[] = [],
): AccessModule {
  return { module_name, module_rights: [{ VIEW: false, ...rights }], sub_modules };
}

/**
 * The designation of the access-controlled columns: VIEW-only modules, modules with more rights,
 * sub-modules with some rights, and modules left out.
 */
export const SAMPLE_DESIGNATION: AccessModule[] = [
  moduleEntry('Dashboard', { VIEW: true }),
  moduleEntry('Reports', { VIEW: true }, [moduleEntry('Download Reports', { VIEW: true, EXPORT: true })]),
  moduleEntry('Tickets', { VIEW: true, CREATE: true, EDIT: true }, [
    moduleEntry('Active Tickets', { VIEW: true, CREATE: true, EDIT: true }),
    moduleEntry('Closed Tickets', { VIEW: true }),
  ]),
  moduleEntry('Masters', { VIEW: true }, [
    moduleEntry('Users', { VIEW: true, CREATE: true, EDIT: true, DELETE: true }),
    moduleEntry('Customers', { VIEW: true }),
  ]),
  moduleEntry('Audit Logs', { VIEW: true }),
  moduleEntry('Settings', { VIEW: true }, [
    moduleEntry('Designations', { VIEW: true }),
    moduleEntry('Organization Settings', { VIEW: true, EDIT: true }),
  ]),
];

/** The organization of the table: every flag on. */
export const TABLE_ORGANIZATION: OrganizationDetails = {
  organization_name: 'Table Org',
  organization_logo_url: null,
  organization_gstin: null,
  enable_credits_recharge: true,
  is_access_control_enable: false,
  is_enable_partners_monthly_closed_ticket_report_tab: true,
};

/** A caller of the table: a role with a designation, in TABLE_ORGANIZATION, changed by `options`. */
export function tableProfile(
  user_type: Role,
  options: {
    accessControl?: boolean;
    accessing?: AccessModule[] | null;
    designation?: boolean;
    flags?: Partial<OrganizationDetails>;
    dealer?: Partial<DealerFlags>;
    /** No mail server configured: the mails are kept in the outbox (default true). */
    mailOutbox?: boolean;
  } = {},
): CallerProfile {
  return {
    user_type,
    designation_id: options.designation === false ? null : 'designation-1',
    accessing_module: options.accessing ?? null,
    organization: {
      ...TABLE_ORGANIZATION,
      is_access_control_enable: options.accessControl ?? false,
      ...options.flags,
    },
    dealer: options.dealer,
    mail_outbox: options.mailOutbox ?? true,
  };
}
