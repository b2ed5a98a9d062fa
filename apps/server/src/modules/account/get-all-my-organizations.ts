import { GetAllMyOrganizations } from '@fieldport/contract/operations/account';
import { defineHandler } from '../../platform/handler.ts';
import { forbidden } from '../../platform/errors.ts';
import { activeOrganizationsOf } from './memberships.ts';

export const getAllMyOrganizations = defineHandler(GetAllMyOrganizations, async (input, { caller, db }) => {
  if (input.user_email_id && input.user_email_id !== caller.user.email) {
    throw forbidden('You can only list your own organizations.');
  }
  return { data: { items: await activeOrganizationsOf(db, caller.user.id) } };
});
