import { MSG } from '@fieldport/contract/messages';
import { CABINET_MESSAGES } from '@fieldport/contract/operations/cabinet';
import { GenerateS3Url, type FileType } from '@fieldport/contract/operations/files';
import { defineHandler } from '../../platform/handler.ts';
import { forbidden } from '../../platform/errors.ts';
import { mayUpload, recordUpload, uploadKey } from '../../platform/uploads.ts';
import { checkCabinetQuota } from '../cabinet/cabinet.ts';

/**
 * GenerateS3Url (docs/product.md#files): a signed address for one declared file. The contract has
 * checked its type, size and name against the purpose; the purpose's own right (CREATE or EDIT on
 * the Product Catalogue for a service's files) is checked here, since one operation serves every
 * purpose. The upload is recorded, so that only this organization's keys can be attached later.
 */
export const generateS3Url = defineHandler(GenerateS3Url, async (input, context) => {
  const { caller, db, files } = context;
  if (!mayUpload(caller, input.file_purpose)) throw forbidden(MSG.forbiddenModule);
  if (input.file_purpose === 'CABINET_DOCUMENT') {
    // Told before the bytes travel; AddCabinetDocument checks again under a lock.
    if (caller.party) throw forbidden(CABINET_MESSAGES.readOnly);
    await checkCabinetQuota(db, caller.organization.id, input.file_size, { lock: false, field: 'file_size' });
  }
  const file_type = input.file_type as FileType;
  const key = uploadKey(caller.organization.id, input.file_name);
  await recordUpload(db, caller, {
    key,
    purpose: input.file_purpose,
    file_name: input.file_name,
    file_type,
    file_size: input.file_size,
  });
  const upload = await files.uploadUrl(key, { contentType: file_type, size: input.file_size });
  context.auditTarget = key;
  return {
    data: {
      items: [
        {
          s3_key: key,
          upload_url: upload.url,
          upload_method: upload.method,
          upload_headers: upload.headers,
          file_url: await files.downloadUrl(key),
          file_name: input.file_name,
          file_type,
          file_size: input.file_size,
          expires_at: upload.expiresAt.toISOString(),
        },
      ],
    },
    message: 'Upload address ready',
  };
});
