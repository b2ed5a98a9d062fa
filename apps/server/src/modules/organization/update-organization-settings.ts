import { eq } from 'drizzle-orm';
import { UpdateOrganizationSettings } from '@fieldport/contract/operations/organization';
import { organization } from '../../db/schema/identity.ts';
import { defineHandler } from '../../platform/handler.ts';
import { readOrganization, settingsOf } from './organization-settings.ts';

/** Input keys and the organization columns they set. */
const COLUMNS = {
  organization_name: 'name',
  time_zone: 'time_zone',
  currency: 'currency',
  gstin: 'gstin',
  enable_credits_recharge: 'enable_credits_recharge',
  is_access_control_enable: 'is_access_control_enable',
  is_enable_partners_monthly_closed_ticket_report_tab: 'is_enable_partners_monthly_closed_ticket_report_tab',
  ticket_assignment_mode: 'ticket_assignment_mode',
} as const;

/**
 * Changes the given settings of the caller's organization. Every request resolves the caller's
 * menu from the organization row, so the flags apply from the next call on.
 * The audit entry records each changed setting as { from, to }.
 */
export const updateOrganizationSettings = defineHandler(
  UpdateOrganizationSettings,
  async (input, context) => {
    const organizationId = context.caller.organization.id;
    const before = await readOrganization(context.db, organizationId);
    const set: Record<string, unknown> = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, column] of Object.entries(COLUMNS) as [
      keyof typeof COLUMNS,
      (typeof COLUMNS)[keyof typeof COLUMNS],
    ][]) {
      const value = input[key];
      if (value === undefined) continue;
      set[column] = value;
      if (before[column] !== value) changes[key] = { from: before[column], to: value };
    }
    await context.db.update(organization).set(set).where(eq(organization.id, organizationId));
    context.auditTarget = organizationId;
    context.auditChanges = changes;
    const after = await readOrganization(context.db, organizationId);
    const changed = Object.keys(changes).length;
    return {
      data: { items: [settingsOf(after, context.files)] },
      message: changed ? 'Organization settings saved' : 'Nothing changed: the settings were already so',
    };
  },
);
