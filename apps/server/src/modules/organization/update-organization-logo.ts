import { eq } from 'drizzle-orm';
import { LOGO_MAX_BYTES, UpdateOrganizationLogo } from '@fieldport/contract/operations/organization';
import { organization } from '../../db/schema/identity.ts';
import { defineHandler } from '../../platform/handler.ts';
import { badInput } from '../../platform/errors.ts';
import { newId } from '../../db/ids.ts';
import { detachFiles, registerServerFile } from '../../platform/uploads.ts';
import { readOrganization, settingsOf } from './organization-settings.ts';

const SIGNATURES = {
  'image/png': { magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), extension: 'png' },
  'image/jpeg': { magic: Buffer.from([0xff, 0xd8, 0xff]), extension: 'jpg' },
} as const;

/**
 * Sets (or removes, with `logo: null`) the organization's logo, shown in every member's top bar
 * (docs/product.md#the-shell). The bytes must be the image type they claim; an SVG is not accepted,
 * since it can carry scripts. The file is stored under a new key each time, so a cached address
 * never shows another logo; the replaced file is let go and removed by the clean-up job.
 */
export const updateOrganizationLogo = defineHandler(UpdateOrganizationLogo, async (input, context) => {
  const organizationId = context.caller.organization.id;
  const before = await readOrganization(context.db, organizationId);
  let key: string | null = null;
  if (input.logo) {
    const data = Buffer.from(input.logo.file_data, 'base64');
    const kind = SIGNATURES[input.logo.content_type];
    if (data.length === 0 || !data.subarray(0, kind.magic.length).equals(kind.magic)) {
      throw badInput(
        `The logo is not a valid ${kind.extension === 'png' ? 'PNG' : 'JPEG'} image.`,
        'logo.file_data',
      );
    }
    if (data.length > LOGO_MAX_BYTES) throw badInput('The logo must be at most 1 MB', 'logo.file_data');
    key = `organizations/${organizationId}/logo-${newId()}.${kind.extension}`;
    await registerServerFile(context.db, {
      organization_id: organizationId,
      key,
      purpose: 'ORGANIZATION_LOGO',
      file_name: `logo.${kind.extension}`,
      file_type: input.logo.content_type,
      file_size: data.length,
      created_by: context.caller.user.id,
      record: { kind: 'ORGANIZATION', id: organizationId },
    });
    await context.files.put(key, data, input.logo.content_type);
    context.auditChanges = {
      logo: { from: before.logo, to: key, content_type: input.logo.content_type, bytes: data.length },
    };
  } else {
    context.auditChanges = { logo: { from: before.logo, to: null } };
  }
  await context.db.update(organization).set({ logo: key }).where(eq(organization.id, organizationId));
  // The logo it replaces is let go; the clean-up removes it (docs/security.md#files).
  await detachFiles(
    context.db,
    context.caller,
    { kind: 'ORGANIZATION', id: organizationId },
    key ? [key] : [],
  );
  context.auditTarget = organizationId;
  const after = await readOrganization(context.db, organizationId);
  return {
    data: { items: [settingsOf(after, context.files)] },
    message: key ? 'Logo saved' : 'Logo removed',
  };
});
