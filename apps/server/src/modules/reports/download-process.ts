import type { Database } from '../../db/client.ts';
import { forkTypeScript } from '../../platform/child-process.ts';
import type { FileStore, FileStoreSettings } from '../../platform/files.ts';
import { downloadsWaiting, generateQueuedDownloads, releaseUnfinished } from './report-downloads.ts';

/**
 * Where the download job writes its workbooks (docs/reports.md#downloads). On PostgreSQL, in a
 * process of its own whose heap is capped, so that a million-row workbook neither grows the
 * server's memory nor can end it; on the embedded database, which lives inside the server's
 * process, in the server itself.
 */

/** What the download process is told when it starts (over its IPC channel, never its arguments). */
export interface DownloadProcessSettings {
  databaseUrl: string;
  files: FileStoreSettings;
  /** Signs the stored files' addresses, as the server's store does. */
  signingSecret: string;
  scratchDir?: string;
}

/** What the download process tells the server. */
export type DownloadProcessMessage = { claimed: string } | { generated: number; peakRssBytes: number };

export interface DownloadJobDeps {
  database: Database;
  files: FileStore;
  fileSettings: FileStoreSettings;
  signingSecret: string;
  heapMb: number;
  log: { error(object: object, message: string): void };
  scratchDir?: string;
}

export interface DownloadRun {
  generated: number;
  /** The download process's peak resident memory; absent when none was started. */
  peakRssBytes?: number;
}

export async function generateDownloads(deps: DownloadJobDeps): Promise<DownloadRun> {
  const { database } = deps;
  if (database.kind !== 'postgres' || !database.databaseUrl) {
    const generated = await generateQueuedDownloads({
      db: database.db,
      files: deps.files,
      log: deps.log,
      scratchDir: deps.scratchDir,
    });
    return { generated };
  }
  // Most runs of the job find nothing to do: no process is started for them.
  if (!(await downloadsWaiting(database.db))) return { generated: 0 };
  return generateApart(deps, database.databaseUrl);
}

async function generateApart(deps: DownloadJobDeps, databaseUrl: string): Promise<DownloadRun> {
  const child = forkTypeScript(new URL('./download-process-main.ts', import.meta.url), {
    heapMb: deps.heapMb,
  });
  let claimed: string | undefined;
  let finished: DownloadRun | undefined;
  child.on('message', (message: DownloadProcessMessage) => {
    if ('claimed' in message) claimed = message.claimed;
    else finished = message;
  });
  const settings: DownloadProcessSettings = {
    databaseUrl,
    files: deps.fileSettings,
    signingSecret: deps.signingSecret,
    scratchDir: deps.scratchDir,
  };
  child.send(settings);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
    child.once('error', (error) => {
      deps.log.error({ err: error }, 'the download process could not be started');
      resolve([null, null]);
    });
  });
  if (code === 0 && finished) return finished;
  deps.log.error(
    { code, signal, download: claimed, heapMb: deps.heapMb },
    'the download process ended before finishing its downloads',
  );
  // Tried again by the next run, up to its last attempt.
  if (claimed) await releaseUnfinished(deps.database.db, claimed);
  return { generated: 0 };
}
