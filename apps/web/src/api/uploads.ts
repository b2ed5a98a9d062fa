import { GenerateS3Url, type FilePurpose, type UploadTicket } from '@fieldport/contract/operations/files';
import { api, ApiError, NETWORK_MESSAGE } from './client.ts';

/**
 * Uploads one file the way the server asks (docs/operations.md#files): GenerateS3Url signs an
 * address for the declared name, type and size; the bytes go there by PUT (this portal's /files or
 * the S3 bucket), with progress. The answer's `s3_key` is what a record names.
 */
export async function uploadFile(
  file: File,
  purpose: FilePurpose,
  onProgress?: (fraction: number) => void,
): Promise<UploadTicket> {
  const answer = await api.mutate(GenerateS3Url, {
    file_purpose: purpose,
    file_name: file.name,
    file_type: file.type,
    file_size: file.size,
  });
  const ticket = answer.data.items[0];
  await new Promise<void>((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress.
    const request = new XMLHttpRequest();
    request.open(ticket.upload_method, ticket.upload_url);
    for (const [name, value] of Object.entries(ticket.upload_headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let message = `The upload of ${file.name} failed (HTTP ${request.status}).`;
      try {
        message = (JSON.parse(request.responseText) as { message?: string }).message ?? message;
      } catch {
        // S3 answers XML; the status says enough.
      }
      reject(new ApiError(message, 'BAD_USER_INPUT'));
    };
    request.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 'NETWORK'));
    request.send(file);
  });
  return ticket;
}
