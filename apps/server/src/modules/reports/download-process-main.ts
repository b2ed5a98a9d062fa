import { openDatabase } from '../../db/client.ts';
import { openFileStore } from '../../platform/files.ts';
import type { DownloadProcessMessage, DownloadProcessSettings } from './download-process.ts';
import { generateQueuedDownloads } from './report-downloads.ts';

/**
 * The download process (download-process.ts): told its settings by the server, it generates every
 * waiting download and ends. Its errors are JSON log lines on its standard error, which the server
 * shares.
 */

const tell = (message: DownloadProcessMessage) =>
  new Promise<void>((resolve) => {
    process.send?.(message, () => resolve());
  });

const logError = (object: object, message: string) => {
  const err = (object as { err?: unknown }).err;
  process.stderr.write(
    `${JSON.stringify({
      level: 50,
      time: Date.now(),
      msg: message,
      ...object,
      ...(err instanceof Error ? { err: { message: err.message, stack: err.stack } } : {}),
    })}\n`,
  );
};

// Without the server there is no one to hand its work to: the download left is taken over later.
const orphaned = () => process.exit(1);
process.on('disconnect', orphaned);

process.once('message', (settings: DownloadProcessSettings) => {
  void (async () => {
    const database = await openDatabase({ databaseUrl: settings.databaseUrl, poolSize: 2 });
    try {
      const generated = await generateQueuedDownloads({
        db: database.db,
        files: openFileStore(settings.files, settings.signingSecret),
        log: { error: logError },
        scratchDir: settings.scratchDir,
        onClaim: (downloadId) => void tell({ claimed: downloadId }),
      });
      await tell({ generated, peakRssBytes: process.resourceUsage().maxRSS * 1024 });
    } finally {
      await database.close();
    }
    process.off('disconnect', orphaned);
    process.exit(0);
  })().catch((error: unknown) => {
    logError({ err: error }, 'the download process failed');
    process.exit(1);
  });
});
