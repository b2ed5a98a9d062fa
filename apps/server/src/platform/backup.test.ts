import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';
import { customer } from '../db/schema/customers.ts';
import { organization } from '../db/schema/identity.ts';
import { service } from '../db/schema/product-catalogue.ts';
import { DEMO_PASSWORD, demoEmail, seedDemoIfEmpty } from '../db/seed/demo.ts';
import { seedTicket } from '../db/seed/tickets.ts';

// Backup and restore as an operator runs them (`npm run backup`, `npm run restore`,
// docs/operations.md#backups): the demo organization and generated tickets, with a stored file,
// backed up and restored into an empty place hold the same records and the same file, and the demo
// owner signs in there. On PostgreSQL when TEST_DATABASE_URL is set, on the embedded database
// otherwise.

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, '../../../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const adminUrl = process.env.TEST_DATABASE_URL?.replace(/\/[^/]*$/, '/postgres');
const GENERATED_TICKETS = 120;

let root: string;
const databases: string[] = [];

/** A place for a portal: a data directory, and on PostgreSQL a database of its own. */
async function place(name: string): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: path.join(root, name) };
  if (onPostgres) {
    const database = `fieldport_backup_${name}_${process.pid}_${Date.now().toString(36)}`;
    await admin(`CREATE DATABASE ${database}`);
    databases.push(database);
    env.DATABASE_URL = adminUrl!.replace(/\/postgres$/, `/${database}`);
  }
  return env;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function open(env: Record<string, string>): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 })
    : openDatabase({ dataDir: path.join(env.DATA_DIR, 'pglite') });
}

/** The records a restore must bring back, counted here apart from the backup's own count. */
async function recordsOf(database: Database) {
  const [row] = await database.query<Record<string, number>>(
    `select (select count(*) from ticket)::int as tickets, (select count(*) from customer)::int as customers,
            (select count(*) from "user")::int as users, (select count(*) from stored_file)::int as stored_files,
            (select max(ticket_number) from ticket) as last_ticket`,
  );
  return row;
}

/** The command as an operator types it; answers its output, or its failure's. */
async function npm(args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await run('npx', ['tsx', 'apps/server/src/backup-cli.ts', ...args], {
      cwd: repository,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-backup-'));
});
afterAll(async () => {
  for (const database of databases) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await fs.rm(root, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore into an empty place', () => {
  it('brings back every record and stored file, and the demo owner signs in there', async () => {
    const source = await place('source');
    const template = inject('pgliteTemplate');
    const database = source.DATABASE_URL
      ? await open(source)
      : await openDatabase({
          dataDir: path.join(source.DATA_DIR, 'pglite'),
          loadDataDir: new Blob([await fs.readFile(template)], { type: 'application/x-gzip' }),
        });
    await migrateDatabase(database);
    expect(await seedDemoIfEmpty(database.db)).toBe(true);
    const [demo] = await database.db.select().from(organization).limit(1);
    const [someone] = await database.db
      .select()
      .from(customer)
      .where(eq(customer.organization_id, demo.id))
      .limit(1);
    const [offered] = await database.db
      .select()
      .from(service)
      .where(eq(service.organization_id, demo.id))
      .limit(1);
    for (let index = 0; index < GENERATED_TICKETS; index += 1) {
      await seedTicket(database.db, {
        organization_id: demo.id,
        customer_id: someone.id,
        service_id: offered.id,
      });
    }
    const before = await recordsOf(database);
    await database.close();
    const logo = path.join(source.DATA_DIR, 'files', 'organizations', demo.id, 'logo.png');
    await fs.mkdir(path.dirname(logo), { recursive: true });
    await fs.writeFile(logo, Buffer.from('\x89PNG\r\n\x1a\n the demo logo'));

    const backedUp = await npm(['backup', '--out', path.join(root, 'backups')], source);
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toContain(`ticket ${before.tickets.toLocaleString('en-US')}`);
    expect(backedUp.output).toContain('files: 1 (');
    const [backupName] = await fs.readdir(path.join(root, 'backups'));
    const backupDir = path.join(root, 'backups', backupName);

    const target = await place('target');
    const restored = await npm(['restore', backupDir], target);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('records (checked against the backup)');

    const again = await open(target);
    expect(await recordsOf(again)).toEqual(before);
    expect(before.tickets).toBeGreaterThanOrEqual(GENERATED_TICKETS);
    const restoredLogo = path.join(target.DATA_DIR, 'files', 'organizations', demo.id, 'logo.png');
    expect(await fs.readFile(restoredLogo)).toEqual(await fs.readFile(logo));

    // The portal on what was restored: the demo owner's password and sessions work there.
    const config = loadConfig({ ...target, LOG_LEVEL: 'silent' });
    const { app } = await buildApp(config, again, { logger: false });
    try {
      const signedIn = await app.inject({
        method: 'POST',
        url: '/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: config.publicUrl },
        payload: JSON.stringify({ email: demoEmail('OWNER'), password: DEMO_PASSWORD }),
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(String(signedIn.headers['set-cookie'])).toContain('fieldport.session_token=');
    } finally {
      await app.close();
      await again.close();
    }

    // A second restore into the same place is refused before anything is written.
    const refused = await npm(['restore', backupDir], target);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Nothing was restored:');
    expect(refused.output).toContain('pass --replace');
    const untouched = await open(target);
    expect(await recordsOf(untouched)).toEqual(before);
    await untouched.close();
  }, 300_000);

  it('refuses a directory that is not a finished backup, saying why', async () => {
    const empty = path.join(root, 'not-a-backup');
    await fs.mkdir(empty, { recursive: true });
    const answer = await npm(['restore', empty], await place('nowhere'));
    expect(answer.code).toBe(1);
    expect(answer.output).toContain('is not a finished backup: it has no manifest.json');
  }, 60_000);
});
