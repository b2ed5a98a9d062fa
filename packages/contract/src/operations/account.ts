import { z } from 'zod';
import { mutation, query, type ItemsData } from '../operation.ts';
import { emailSchema } from '../auth.ts';
import type { Role } from '../roles.ts';

/** Access module entry (a designation's accessing_module). */
export interface ModuleRights {
  VIEW: boolean;
  CREATE?: boolean;
  EDIT?: boolean;
  DELETE?: boolean;
  APPROVE?: boolean;
  EXPORT?: boolean;
}
export interface AccessModule {
  module_name: string;
  module_rights: ModuleRights[];
  sub_modules: AccessModule[];
}

export interface OrganizationDetails {
  organization_name: string;
  organization_logo_url: string | null;
  /** Ours: its GSTIN, whose state decides CGST + SGST or IGST on its quotations (docs/quotations.md#tax). */
  organization_gstin: string | null;
  enable_credits_recharge: boolean;
  is_access_control_enable: boolean;
  is_enable_partners_monthly_closed_ticket_report_tab: boolean;
}

/** Dealer flags (docs/product.md#menus-and-landing-pages): present for dealer users only. */
export interface DealerFlags {
  is_report_tab_visible: boolean;
  is_product_fleet_tab_visible: boolean;
  is_customer_tab_visible: boolean;
  enable_service_co_ordinators_tab: boolean;
  enable_representatives_tab: boolean;
}

/** Current user, with the old API's fields (docs/architecture.md#the-wire-format). */
export interface CurrentUser extends Partial<DealerFlags> {
  user_id: string;
  user_name: string;
  user_email_id: string;
  user_type: Role;
  organization_id: string;
  designation_id: string | null;
  designation_detail: { accessing_module: AccessModule[] } | null;
  organization_details: OrganizationDetails;
  /**
   * Ours, beside the old API's fields: the organization's IANA time zone ('Asia/Kolkata'), in which
   * the web app shows every time, whatever the browser's zone.
   */
  time_zone: string;
  /** Ours, beside the old API's fields: present (true) when mails are kept in the outbox, not sent. */
  mail_outbox?: boolean;
}

interface OrganizationListItem {
  organization_id: string;
  organization_name: string;
}

export const Get_Current_User_Details = query<ItemsData<CurrentUser>>()({
  name: 'Get_Current_User_Details',
  access: { module: null },
  description: 'The signed-in user in the current organization (first item of data.items).',
  // The old API's input, user_email_id. The session decides who is asked about; an email that is
  // not the caller's is refused so that nobody reads another person's details.
  input: z.object({ user_email_id: emailSchema.optional() }).strict(),
});

export const GetAllMyOrganizations = query<ItemsData<OrganizationListItem>>()({
  name: 'GetAllMyOrganizations',
  access: { module: null },
  description: 'The organizations in which the caller has an active membership.',
  input: z.object({ user_email_id: emailSchema.optional() }).strict(),
});

export const UpdateUserDetails = mutation<ItemsData<never>>()({
  name: 'UpdateUserDetails',
  access: { module: null },
  description: 'Switches the current organization.',
  input: z
    .object({
      updater_user_id: z
        .string({ error: 'updater_user_id is required' })
        .min(1, 'updater_user_id is required'),
      organization_id: z
        .string({ error: 'organization_id is required' })
        .min(1, 'organization_id is required'),
      is_switch_between_organization: z.literal('true', {
        error: "is_switch_between_organization must be 'true'",
      }),
      new_organization_id: z
        .string({ error: 'new_organization_id is required' })
        .min(1, 'new_organization_id is required'),
    })
    .strict(),
});
