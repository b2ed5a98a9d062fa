import { GetPresignedUrl } from '@fieldport/contract/operations/files';
import { defineHandler } from '../../graphql/handler.ts';
import { notFound } from '../../platform/errors.ts';
import { findStoredFile, mayRead } from '../../platform/uploads.ts';

const NOT_FOUND = 'File not found. It may have been removed; refresh the page and try again.';

/**
 * SPEC section 7 "presigned image URL": an expiring address to read one stored file. Only a file
 * of the caller's organization, whose purpose the caller may read, and, for a partner's or
 * dealer's user, no other party's file. Any other key is NOT_FOUND, so that an answer never tells
 * whether somebody else's file exists.
 */
export const getPresignedUrl = defineHandler(GetPresignedUrl, async (input, { db, caller, files }) => {
  const row = await findStoredFile(db, caller, input.s3_key);
  const otherParty = row?.party_id && row.party_id !== caller.party?.id;
  if (!row || otherParty || !mayRead(caller, row.purpose) || !(await files.stat(row.key))) {
    throw notFound(NOT_FOUND);
  }
  return {
    data: {
      items: [
        {
          s3_key: row.key,
          file_name: row.file_name,
          file_type: row.file_type,
          file_size: row.file_size,
          file_url: await files.downloadUrl(row.key),
        },
      ],
    },
  };
});
