import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';

// Backups of the whole portal (docs/operations.md#backups): the database (PGlite's data directory
// as its own dump, PostgreSQL through pg_dump's custom format) and the stored files of the local
// file store, with a manifest that records how many of the main records the backup holds, so that a
// restore can check itself.

export const BACKUP_FORMAT = 1;

/** What a restore checks: the records people would miss first. */
const COUNTED_TABLES = [
  'organization',
  'user',
  'member',
  'customer',
  'ticket',
  'fleet_item',
  'quotation',
  'stock_movement',
  'stored_file',
] as const;
export type RecordCounts = Record<(typeof COUNTED_TABLES)[number], number>;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** The database's file inside the backup. */
  database_file: string;
  /** The local file store's copy, or the bucket that holds the files (backed up by its own means). */
  files: { directory: string; count: number; bytes: number } | { s3_bucket: string };
  counts: RecordCounts;
}

/** A backup or restore that cannot go on; its message says why and what to do. */
export class BackupError extends Error {}

const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.dump';
const FILES = 'files';

const countsSql = `select ${COUNTED_TABLES.map((table) => `(select count(*) from "${table}")::int as "${table}"`).join(', ')}`;

/** Where the embedded database and the local file store of a configuration live. */
function placesOf(config: Config) {
  return { pglite: path.join(config.dataDir, 'pglite'), files: path.join(config.dataDir, 'files') };
}

/** Backs the portal up into a new directory under `outDir`; answers it and its manifest. */
export async function backup(
  config: Config,
  outDir: string,
): Promise<{ directory: string; manifest: BackupManifest }> {
  const places = placesOf(config);
  const created = new Date();
  const directory = path.join(outDir, `fieldport-${fileStamp(created)}`);
  if (!config.databaseUrl && !(await hasEntries(places.pglite))) {
    throw new BackupError(
      `There is no embedded database at ${places.pglite}: set DATA_DIR to the portal's, or DATABASE_URL for PostgreSQL.`,
    );
  }
  await fs.mkdir(directory, { recursive: true });
  let counts: RecordCounts;
  let databaseFile: string;
  if (config.databaseUrl) {
    databaseFile = POSTGRES_DUMP;
    counts = await dumpPostgres(config.databaseUrl, path.join(directory, POSTGRES_DUMP));
  } else {
    databaseFile = PGLITE_DUMP;
    // The embedded database belongs to one process: the portal must be stopped (docs/operations.md).
    const database = await openDatabase({ dataDir: places.pglite });
    try {
      counts = (await database.query<RecordCounts>(countsSql))[0];
      const dump = await database.dumpDataDir!();
      await fs.writeFile(path.join(directory, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  let files: BackupManifest['files'];
  if (config.s3) {
    files = { s3_bucket: config.s3.bucket };
  } else {
    if (await hasEntries(places.files))
      await fs.cp(places.files, path.join(directory, FILES), { recursive: true });
    files = { directory: FILES, ...(await sizeOf(path.join(directory, FILES))) };
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    created_at: created.toISOString(),
    database: config.databaseUrl ? 'postgres' : 'pglite',
    database_file: databaseFile,
    files,
    counts,
  };
  // Written last: a directory without its manifest is a backup that did not finish.
  await fs.writeFile(path.join(directory, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { directory, manifest };
}

/**
 * The counts and the dump of one snapshot: the counts are read in a transaction whose snapshot
 * pg_dump is given, so that writes arriving meanwhile are in neither.
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<RecordCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows;
    const counts = (await client.query<RecordCounts>(countsSql)).rows[0];
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('COMMIT');
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into this configuration's database and file store, which must be empty
 * (`replace`: the embedded database and the files are moved aside, PostgreSQL's objects dropped
 * first); then reads the counts again and refuses a restore that does not hold what was backed up.
 */
export async function restore(
  config: Config,
  from: string,
  options: { replace?: boolean } = {},
): Promise<{ manifest: BackupManifest; counts: RecordCounts; replaced: string[] }> {
  const manifest = await readManifest(from);
  const places = placesOf(config);
  const onPostgres = Boolean(config.databaseUrl);
  if ((manifest.database === 'postgres') !== onPostgres) {
    throw new BackupError(
      manifest.database === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.'
        : 'This backup is of the embedded database: restore it with DATABASE_URL unset.',
    );
  }
  const filesCopy = 'directory' in manifest.files ? path.join(from, manifest.files.directory) : null;
  // Everything that would stop the restore is checked before anything is written.
  const occupied: string[] = [];
  if (onPostgres) {
    if ((await tablesIn(config.databaseUrl!)) > 0) occupied.push('the database at DATABASE_URL has tables');
  } else if (await hasEntries(places.pglite)) {
    occupied.push(`${places.pglite} holds a database`);
  }
  if (filesCopy && (await hasEntries(places.files))) occupied.push(`${places.files} holds files`);
  if (occupied.length > 0 && !options.replace) {
    throw new BackupError(
      `Nothing was restored: ${occupied.join(', and ')}. Restore into an empty place, or pass --replace to put this backup in its place.`,
    );
  }

  const replaced: string[] = [];
  const aside = async (place: string) => {
    if (!(await hasEntries(place))) return;
    const moved = `${place}.before-restore-${fileStamp(new Date())}`;
    await fs.rename(place, moved);
    replaced.push(moved);
  };
  if (onPostgres) {
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(options.replace ? ['--clean', '--if-exists'] : []),
      `--dbname=${config.databaseUrl}`,
      path.join(from, manifest.database_file),
    ]);
  } else {
    await aside(places.pglite);
    await fs.mkdir(places.pglite, { recursive: true });
    const dump = await fs.readFile(path.join(from, manifest.database_file));
    const loaded = await openDatabase({
      dataDir: places.pglite,
      loadDataDir: new Blob([dump], { type: 'application/x-gzip' }),
    });
    await loaded.close();
  }
  if (filesCopy) {
    await aside(places.files);
    if (await hasEntries(filesCopy)) await fs.cp(filesCopy, places.files, { recursive: true });
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: places.pglite });
  let counts: RecordCounts;
  try {
    counts = (await database.query<RecordCounts>(countsSql))[0];
  } finally {
    await database.close();
  }
  const differing = COUNTED_TABLES.filter((table) => counts[table] !== manifest.counts[table]);
  if (differing.length > 0) {
    throw new BackupError(
      `The restored database does not hold what was backed up: ${differing
        .map((table) => `${table} ${counts[table]} (backed up: ${manifest.counts[table]})`)
        .join(', ')}.`,
    );
  }
  return { manifest, counts, replaced };
}

async function readManifest(from: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(from, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(
      `${from} is not a finished backup: it has no ${MANIFEST} (a backup writes it last).`,
    );
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${from} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`,
    );
  }
  return manifest;
}

async function tablesIn(databaseUrl: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const [{ n }] = await database.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss')`,
    );
    return n;
  } finally {
    await database.close();
  }
}

/** A time as it can stand in a file name. */
const fileStamp = (time: Date) => time.toISOString().replace(/[:.]/g, '-');

async function hasEntries(directory: string): Promise<boolean> {
  try {
    return (await fs.readdir(directory)).length > 0;
  } catch {
    return false;
  }
}

async function sizeOf(directory: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  let entries;
  try {
    entries = await fs.readdir(directory, { recursive: true, withFileTypes: true });
  } catch {
    return { count, bytes };
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    count += 1;
    bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

/** Runs a PostgreSQL client program; a missing one is named with the package that has it. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} is not installed: install PostgreSQL's client programs (apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}
