import { eq } from 'drizzle-orm';
import { UpdateUserDetails } from '@fieldport/contract/operations/account';
import { MSG } from '@fieldport/contract/messages';
import { session } from '../../db/schema/identity.ts';
import { defineHandler } from '../../platform/handler.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { activeOrganizationsOf } from './memberships.ts';

/**
 * The organization switch (docs/product.md#switching-organization): moves this session, and only
 * this one, to another organization in which the caller has an active membership.
 */
export const updateUserDetails = defineHandler(UpdateUserDetails, async (input, context) => {
  const { caller, db } = context;
  if (input.updater_user_id !== caller.user.id) {
    throw forbidden('updater_user_id must be your own user id.');
  }
  if (input.organization_id !== caller.organization.id) {
    throw badInput('organization_id must be your current organization.', 'organization_id');
  }
  const organizations = await activeOrganizationsOf(db, caller.user.id);
  if (!organizations.some((org) => org.organization_id === input.new_organization_id)) {
    throw forbidden(MSG.organizationNotMember);
  }
  await db
    .update(session)
    .set({ activeOrganizationId: input.new_organization_id, updatedAt: new Date() })
    .where(eq(session.id, caller.sessionId));
  context.auditTarget = input.new_organization_id;
  return { data: { items: [] }, message: MSG.organizationSwitched };
});
