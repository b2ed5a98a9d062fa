import { Get_Current_User_Details, type CurrentUser } from '@fieldport/contract/operations/account';
import { defineHandler } from '../../platform/handler.ts';
import { dealerFlags, organizationDetails } from '../../graphql/caller.ts';
import { forbidden } from '../../platform/errors.ts';
import { addressOf } from '../../platform/files.ts';

/**
 * The current user with the old API's field names (docs/architecture.md#the-wire-format); the
 * dealer flags for dealer users only.
 */
export const getCurrentUserDetails = defineHandler(
  Get_Current_User_Details,
  async (input, { caller, files }) => {
    if (input.user_email_id && input.user_email_id !== caller.user.email) {
      throw forbidden('You can only read your own details.');
    }
    const item: CurrentUser = {
      user_id: caller.user.id,
      user_name: caller.user.name,
      user_email_id: caller.user.email,
      user_type: caller.membership.role,
      organization_id: caller.organization.id,
      designation_id: caller.membership.designation_id,
      designation_detail: caller.designation
        ? { accessing_module: caller.designation.accessing_module }
        : null,
      organization_details: {
        ...organizationDetails(caller.organization),
        // The column keeps the storage key; the top bar needs an address it may load.
        organization_logo_url: addressOf(files, caller.organization.logo),
      },
      time_zone: caller.organization.time_zone,
      ...(caller.party?.kind === 'DEALER' ? dealerFlags(caller.party) : {}),
      // Only the owner and admins have the Mail Outbox; nobody else is told about it.
      ...(caller.profile.mail_outbox && ['OWNER', 'ADMIN'].includes(caller.membership.role)
        ? { mail_outbox: true }
        : {}),
    };
    return { data: { items: [item] } };
  },
);
