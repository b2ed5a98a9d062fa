import { eq } from 'drizzle-orm';
import type { OrganizationSettings } from '@fieldport/contract/operations/organization';
import type { Db } from '../../db/client.ts';
import { organization } from '../../db/schema/identity.ts';
import { addressOf, type FileStore } from '../../platform/files.ts';

export type OrganizationRow = typeof organization.$inferSelect;

export function settingsOf(row: OrganizationRow, files: FileStore): OrganizationSettings {
  return {
    organization_id: row.id,
    organization_name: row.name,
    organization_logo_url: addressOf(files, row.logo),
    time_zone: row.time_zone,
    currency: row.currency,
    gstin: row.gstin,
    enable_credits_recharge: row.enable_credits_recharge,
    is_access_control_enable: row.is_access_control_enable,
    is_enable_partners_monthly_closed_ticket_report_tab:
      row.is_enable_partners_monthly_closed_ticket_report_tab,
    ticket_assignment_mode: row.ticket_assignment_mode,
  };
}

/** The caller's organization as it is now in the database (within the mutation's transaction). */
export async function readOrganization(db: Db, organizationId: string): Promise<OrganizationRow> {
  const [row] = await db.select().from(organization).where(eq(organization.id, organizationId));
  // The caller was resolved from this organization in this request; its absence is our mistake.
  if (!row) throw new Error(`Organization ${organizationId} vanished`);
  return row;
}
