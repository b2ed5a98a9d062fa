import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates once per run: PostgreSQL (TEST_DATABASE_URL) in place; otherwise one PGlite whose data
 * directory is dumped, so that every test file starts from a copy in a fraction of the time.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  const dump = await database.dumpDataDir!();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-test-')), 'template.tar.gz');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}
