import { GenerateS3Url, type FilePurpose, type UploadTicket } from '@fieldport/contract/operations/files';
import { call, type TestApp } from './harness.ts';

/** Small real files of each accepted type, as a person would pick them. */
export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** Asks for an upload address for a declared file; fails the test when it is refused. */
export async function requestUpload(
  app: TestApp,
  cookie: string,
  file: { name: string; type: string; size: number; purpose?: FilePurpose },
): Promise<UploadTicket> {
  const answer = await call(app, cookie, GenerateS3Url, {
    file_purpose: file.purpose ?? 'SERVICE_FILE',
    file_name: file.name,
    file_type: file.type,
    file_size: file.size,
  });
  if (!answer.envelope) throw new Error(`GenerateS3Url refused: ${JSON.stringify(answer.errors)}`);
  return answer.envelope.data.items[0];
}

/** PUTs bytes to a signed upload address as a browser does (no session needed). */
export async function putFile(app: TestApp, url: string, body: Buffer, headers: Record<string, string>) {
  return app.app.inject({ method: 'PUT', url, headers, payload: body });
}

/** Asks for an address and uploads the bytes; returns the key to name in a record. */
export async function uploadFile(
  app: TestApp,
  cookie: string,
  file: { name: string; type: string; body: Buffer; purpose?: FilePurpose },
): Promise<UploadTicket> {
  const ticket = await requestUpload(app, cookie, { ...file, size: file.body.length });
  const answer = await putFile(app, ticket.upload_url, file.body, ticket.upload_headers);
  if (answer.statusCode !== 200) throw new Error(`Upload failed: ${answer.statusCode} ${answer.body}`);
  return ticket;
}
