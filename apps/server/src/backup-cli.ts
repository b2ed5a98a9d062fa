import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { BackupError, backup, restore } from './platform/backup.ts';

// `npm run backup -- [--out DIR]` and `npm run restore -- DIR [--replace]` (docs/operations.md#backups),
// with the portal's own settings (DATA_DIR, DATABASE_URL, S3_BUCKET).

const USAGE = `Usage:
  npm run backup -- [--out DIR]          back up into a new directory under DIR (default ./backups)
  npm run restore -- DIR [--replace]     restore the backup in DIR into an empty database and file store
                                         (--replace: put it in place of what is there)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flag = (name: string) => rest.includes(name);
  const valueOf = (name: string) => {
    const at = rest.indexOf(name);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const positional = rest.filter((arg, index) => !arg.startsWith('--') && rest[index - 1] !== '--out');
  const config = loadConfig();
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  if (command === 'backup') {
    const outDir = path.resolve(valueOf('--out') ?? 'backups');
    const { directory, manifest } = await backup(config, outDir);
    console.log(`Backed up ${where} to ${directory}`);
    console.log(`  records: ${describeCounts(manifest.counts)}`);
    console.log(
      'directory' in manifest.files
        ? `  files: ${manifest.files.count} (${manifest.files.bytes.toLocaleString('en-US')} bytes)`
        : `  files: in the bucket ${manifest.files.s3_bucket}, not copied: back the bucket up with its own versioning or replication`,
    );
    return 0;
  }
  if (command === 'restore' && positional.length === 1) {
    const from = path.resolve(positional[0]);
    const { counts, replaced } = await restore(config, from, { replace: flag('--replace') });
    console.log(`Restored ${from} into ${where}`);
    console.log(`  records (checked against the backup): ${describeCounts(counts)}`);
    for (const moved of replaced) console.log(`  what was there is kept in ${moved}`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
    .join(', ');

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
