import { GetOrganizationSettings } from '@fieldport/contract/operations/organization';
import { defineHandler } from '../../platform/handler.ts';
import { readOrganization, settingsOf } from './organization-settings.ts';

export const getOrganizationSettings = defineHandler(GetOrganizationSettings, async (_input, context) => {
  const row = await readOrganization(context.db, context.caller.organization.id);
  return { data: { items: [settingsOf(row, context.files)] } };
});
