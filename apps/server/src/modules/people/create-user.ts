import { CreateUser, USER_GROUPS } from '@fieldport/contract/operations/people';
import { defineHandler } from '../../platform/handler.ts';
import { invitationMessage, inviteMember } from './invitation.ts';
import { assertMayGrant, resolveDesignation, resolveParty } from './member-rules.ts';
import { authorizeGroup, guardPrivileged } from './user-groups.ts';
import { readUser } from './users-list.ts';

/**
 * Adds a member on a people screen (docs/people.md#rules) and mails the invitation; the screen decides
 * the roles it may give and the party its members belong to.
 */
export const createUser = defineHandler(CreateUser, async (input, context) => {
  const group = USER_GROUPS[input.user_group];
  authorizeGroup(context.caller, group, 'CREATE');
  guardPrivileged(context.caller, input.user_type);
  const partyRow = await resolveParty(context, group, input.user_type, input.party_id, { creating: true });
  const designationRow = await resolveDesignation(context, input.user_type, input.designation_id);
  assertMayGrant(context, input.user_type, designationRow);
  const designationId = designationRow?.id ?? null;
  const invited = await inviteMember(context, {
    email: input.user_email_id,
    name: input.user_name,
    role: input.user_type,
    phone_number: input.user_phone_number,
    designation_id: designationId,
    party_id: partyRow?.id ?? null,
    partyName: partyRow?.name,
    emailField: 'user_email_id',
  });
  const item = await readUser(context.db, context.caller, invited.membershipId);
  context.auditTarget = invited.userId;
  context.auditChanges = {
    ...input,
    designation_id: designationId,
    party_id: partyRow?.id ?? null,
    invitation: invited.newPerson ? 'temporary password mailed' : 'pending: acceptance link mailed',
  };
  return {
    data: { items: [item] },
    message: invitationMessage(invited, item.user_email_id, item.user_name, context.caller.organization.name),
  };
});
