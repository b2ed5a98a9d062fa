import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFile } from '../db/schema/files.ts';
import type { FileStore } from './files.ts';

/**
 * Removing files nobody uses (docs/security.md#files), run by scheduled jobs:
 * - uploads no record took within a day (GenerateS3Url signs them before any record exists), and
 *   files a record let go (a replaced logo, a removed service file);
 * - files in the store with no row at all (written by a transaction that then failed, or by a
 *   process that died before its transaction ended), once a day old.
 * Both are safe to run twice or in two processes at once: a row is deleted before its file, and
 * only while still unattached.
 */

export const UNUSED_FILE_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

interface CleanUpResult {
  removed: number;
}

/** Removes the registered files no record uses, older than a day. */
export async function removeUnusedFiles(db: Db, files: FileStore, now = new Date()): Promise<CleanUpResult> {
  const before = new Date(now.getTime() - UNUSED_FILE_AGE_MS);
  let removed = 0;
  for (;;) {
    const batch = await db
      .select({ id: storedFile.id })
      .from(storedFile)
      .where(and(isNull(storedFile.record_id), lt(storedFile.created_at, before)))
      .orderBy(storedFile.created_at)
      .limit(BATCH);
    if (batch.length === 0) break;
    // Deleted only while still unattached: a record that took the file meanwhile keeps it.
    const gone = await db
      .delete(storedFile)
      .where(
        and(
          inArray(
            storedFile.id,
            batch.map((row) => row.id),
          ),
          isNull(storedFile.record_id),
        ),
      )
      .returning({ key: storedFile.key });
    for (const row of gone) await files.delete(row.key);
    removed += gone.length;
    if (batch.length < BATCH) break;
  }
  return { removed };
}

/** Removes files in the store that no row knows, older than a day. */
export async function sweepUnknownFiles(db: Db, files: FileStore, now = new Date()): Promise<CleanUpResult> {
  const before = now.getTime() - UNUSED_FILE_AGE_MS;
  let removed = 0;
  let pending: string[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const known = await db
      .select({ key: storedFile.key })
      .from(storedFile)
      .where(inArray(storedFile.key, pending));
    const knownKeys = new Set(known.map((row) => row.key));
    for (const key of pending) {
      if (knownKeys.has(key)) continue;
      await files.delete(key);
      removed += 1;
    }
    pending = [];
  };
  for await (const file of files.list()) {
    if (file.modifiedAt.getTime() >= before) continue;
    pending.push(file.key);
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  return { removed };
}
