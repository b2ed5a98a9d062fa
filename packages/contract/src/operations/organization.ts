import { z } from 'zod';
import { mutation, query, type ItemsData } from '../operation.ts';
import { listInput, type PageData } from '../lists.ts';
import { optionalGstinSchema } from '../gst.ts';
import { idSchema, nameSchema } from '../masters.ts';
import type { DealerFlags } from './account.ts';

/**
 * Organization settings (docs/product.md#organization-settings): name, logo, time zone, currency,
 * flags, the ticket assignment mode, and the dealer flags of each dealer.
 */

/**
 * docs/product.md#assignment-and-claim: a co-ordinator assigns, technicians claim, or the server
 * picks.
 */
export const TICKET_ASSIGNMENT_MODES = ['MANUAL', 'FLOATING', 'AUTOMATIC'] as const;
export type TicketAssignmentMode = (typeof TICKET_ASSIGNMENT_MODES)[number];

export const TICKET_ASSIGNMENT_MODE_LABELS: Record<TicketAssignmentMode, string> = {
  MANUAL: 'Manual: a co-ordinator assigns each ticket',
  FLOATING: 'Floating: eligible technicians claim tickets',
  AUTOMATIC: 'Automatic: the portal picks an available technician',
};

/**
 * Zones whose IANA name changed: the JavaScript runtimes list the old (CLDR) name, people and
 * PostgreSQL know the new one. The list offers the new name; both are accepted.
 */
const RENAMED_ZONES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The IANA time zones to choose from, with their current names, and UTC. */
export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone').map((zone) => RENAMED_ZONES[zone] ?? zone);
  return [...new Set(['UTC', ...zones])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

/** An IANA zone name ('Asia/Kolkata', 'UTC') that this runtime can show times in; no offsets. */
export function isTimeZone(zone: string): boolean {
  // Area/Location names only: abbreviations ('IST') are ambiguous, offsets are not zones.
  if (!/^(UTC|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** ISO 4217 currency codes this runtime knows. */
export function currencies(): string[] {
  return Intl.supportedValuesOf('currency');
}

const timeZoneSchema = z
  .string({ error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .refine(isTimeZone, 'Time zone must be an IANA time zone such as Asia/Kolkata');

const currencySchema = z
  .string({ error: 'Currency is required' })
  .trim()
  .toUpperCase()
  .refine((code) => currencies().includes(code), 'Currency must be an ISO 4217 code such as INR');

export interface OrganizationSettings {
  organization_id: string;
  organization_name: string;
  /** A signed address of the logo, valid for a while; null without a logo. */
  organization_logo_url: string | null;
  time_zone: string;
  currency: string;
  /** The organization's GSTIN (its state is the GSTIN's): null when not given. */
  gstin: string | null;
  enable_credits_recharge: boolean;
  is_access_control_enable: boolean;
  is_enable_partners_monthly_closed_ticket_report_tab: boolean;
  ticket_assignment_mode: TicketAssignmentMode;
}

export const GetOrganizationSettings = query<ItemsData<OrganizationSettings>>()({
  name: 'GetOrganizationSettings',
  access: { module: 'Organization Settings', right: 'VIEW' },
  description: "The current organization's settings (first item of data.items).",
  input: z.object({}).strict(),
});

/** The fields of the settings form; UpdateOrganizationSettings takes any of them. */
export const organizationSettingsFields = z.object({
  organization_name: nameSchema('Organization name', 120),
  time_zone: timeZoneSchema,
  currency: currencySchema,
  gstin: optionalGstinSchema,
  enable_credits_recharge: z.boolean({ error: 'enable_credits_recharge must be true or false' }),
  is_access_control_enable: z.boolean({ error: 'is_access_control_enable must be true or false' }),
  is_enable_partners_monthly_closed_ticket_report_tab: z.boolean({
    error: 'is_enable_partners_monthly_closed_ticket_report_tab must be true or false',
  }),
  ticket_assignment_mode: z.enum(TICKET_ASSIGNMENT_MODES, {
    error: `Ticket assignment mode must be one of ${TICKET_ASSIGNMENT_MODES.join(', ')}`,
  }),
});

export const UpdateOrganizationSettings = mutation<ItemsData<OrganizationSettings>>()({
  name: 'UpdateOrganizationSettings',
  access: { module: 'Organization Settings', right: 'EDIT' },
  description: 'Changes the given settings of the current organization; menus follow at once.',
  input: organizationSettingsFields
    .partial()
    .strict()
    .refine((values) => Object.values(values).some((value) => value !== undefined), {
      message: 'Change at least one setting',
    }),
});

/** The logo behind "organization_logo_url"; PNG or JPEG up to 1 MB. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;

export const UpdateOrganizationLogo = mutation<ItemsData<OrganizationSettings>>()({
  name: 'UpdateOrganizationLogo',
  access: { module: 'Organization Settings', right: 'EDIT' },
  description: 'Sets the logo of the current organization from a PNG or JPEG of at most 1 MB, or removes it.',
  input: z
    .object({
      logo: z
        .object({
          content_type: z.enum(LOGO_CONTENT_TYPES, { error: 'The logo must be a PNG or JPEG image' }),
          /** The image, base64-encoded. */
          file_data: z
            .string({ error: 'logo.file_data is required' })
            .min(1, 'logo.file_data is required')
            // base64 of 1 MB, with room for padding.
            .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, 'The logo must be at most 1 MB')
            .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'logo.file_data must be base64'),
        })
        .strict()
        .nullable(),
    })
    .strict(),
});

// ---------------------------------------------------------------------------------------------
// Dealer flags (docs/product.md#menus-and-landing-pages, default on), one set per dealer.

export interface DealerFlagsItem extends DealerFlags {
  party_id: string;
  party_name: string;
  party_status: 'ACTIVE' | 'SUSPENDED';
}

export const DEALER_FLAG_KEYS = [
  'is_report_tab_visible',
  'is_product_fleet_tab_visible',
  'is_customer_tab_visible',
  'enable_service_co_ordinators_tab',
  'enable_representatives_tab',
] as const satisfies readonly (keyof DealerFlags)[];

export const DEALER_FLAG_LABELS: Record<keyof DealerFlags, string> = {
  is_report_tab_visible: 'Reports',
  is_product_fleet_tab_visible: 'My Product Fleet',
  is_customer_tab_visible: 'My Customers',
  enable_service_co_ordinators_tab: 'Service Co-Ordinators',
  enable_representatives_tab: 'Representatives',
};

export const ListDealerFlags = query<PageData<DealerFlagsItem>>()({
  name: 'ListDealerFlags',
  access: { module: 'Organization Settings', right: 'VIEW' },
  description: "A page of the organization's dealers with the tabs each one's users see.",
  input: listInput({ sortBy: ['party_name', 'party_status'], defaultSortBy: 'party_name' }),
});

const flag = (key: string) => z.boolean({ error: `${key} must be true or false` });

export const UpdateDealerFlags = mutation<ItemsData<DealerFlagsItem>>()({
  name: 'UpdateDealerFlags',
  access: { module: 'Organization Settings', right: 'EDIT' },
  description: "Turns a dealer's tabs on or off; the dealer's users see the change at their next load.",
  input: z
    .object({
      party_id: idSchema('party_id'),
      ...Object.fromEntries(DEALER_FLAG_KEYS.map((key) => [key, flag(key).optional()])),
    } as { party_id: ReturnType<typeof idSchema> } & Record<
      (typeof DEALER_FLAG_KEYS)[number],
      z.ZodOptional<z.ZodBoolean>
    >)
    .strict()
    .refine((values) => DEALER_FLAG_KEYS.some((key) => values[key] !== undefined), {
      message: 'Change at least one dealer tab',
    }),
});
