import {
  IMPORT_FILE_MESSAGES,
  importRoutes,
  XLSX_MIME,
  type ImportItem,
  type ImportProgressLine,
  type ImportSpec,
} from '@fieldport/contract/imports';
import { NETWORK_MESSAGE } from '../api/client.ts';

/**
 * An import's REST calls (packages/contract/src/imports.ts): the upload with its
 * byte progress (XMLHttpRequest, as fetch reports no upload progress) and then the server's
 * checking progress, and the confirmation read as it streams. Both answer NDJSON lines.
 */

export type ImportProgress =
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'checking'; done: number; total: number | null }
  | { phase: 'importing'; done: number; total: number | null };

class ImportError extends Error {
  override readonly name = 'ImportError';
}

/** Reads complete NDJSON lines out of a growing text; returns what is left of an unfinished line. */
function takeLines(text: string, onLine: (line: ImportProgressLine) => void): string {
  const parts = text.split('\n');
  const rest = parts.pop() ?? '';
  for (const part of parts) if (part.trim()) onLine(JSON.parse(part) as ImportProgressLine);
  return rest;
}

/** The outcome line of an answer: 'done' gives the import, 'error' its message. */
function outcome(line: ImportProgressLine | undefined): { item: ImportItem; message: string } {
  if (line?.type === 'done') return { item: line.import, message: line.message };
  throw new ImportError(line?.type === 'error' ? line.message : IMPORT_FILE_MESSAGES.failed);
}

function refusal(status: number, body: string): ImportError {
  try {
    const parsed = JSON.parse(body) as { message?: string };
    if (parsed.message) return new ImportError(parsed.message);
  } catch {
    // not JSON: fall through
  }
  return new ImportError(`The server could not take the file (HTTP ${status}). Please try again.`);
}

export function uploadWorkbook(
  spec: ImportSpec,
  file: File,
  onProgress: (progress: ImportProgress) => void,
): Promise<{ item: ImportItem; message: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${importRoutes(spec).upload}?file_name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader('content-type', XLSX_MIME);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress({ phase: 'uploading', loaded: event.loaded, total: event.total });
    };
    let read = 0;
    let pending = '';
    let last: ImportProgressLine | undefined;
    const consume = () => {
      if (xhr.status !== 200) return;
      pending = takeLines(pending + xhr.responseText.slice(read), (line) => {
        last = line;
        if (line.type === 'progress') onProgress({ phase: line.phase, done: line.done, total: line.total });
      });
      read = xhr.responseText.length;
    };
    xhr.onprogress = consume;
    xhr.onload = () => {
      if (xhr.status !== 200) return reject(refusal(xhr.status, xhr.responseText));
      consume();
      if (pending.trim()) takeLines(`${pending}\n`, (line) => (last = line));
      try {
        resolve(outcome(last));
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () => reject(new ImportError(NETWORK_MESSAGE));
    xhr.send(file);
  });
}

export async function confirmImport(
  spec: ImportSpec,
  importId: string,
  onProgress: (progress: ImportProgress) => void,
): Promise<{ item: ImportItem; message: string }> {
  let response: Response;
  try {
    response = await fetch(importRoutes(spec).confirm(importId), {
      method: 'POST',
      credentials: 'same-origin',
    });
  } catch {
    throw new ImportError(NETWORK_MESSAGE);
  }
  if (!response.ok || !response.body) throw refusal(response.status, await response.text());
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  let last: ImportProgressLine | undefined;
  const onLine = (line: ImportProgressLine) => {
    last = line;
    if (line.type === 'progress') onProgress({ phase: line.phase, done: line.done, total: line.total });
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending = takeLines(pending + value, onLine);
  }
  if (pending.trim()) takeLines(`${pending}\n`, onLine);
  return outcome(last);
}
