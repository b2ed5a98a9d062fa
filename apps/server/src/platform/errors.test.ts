import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { openDatabase } from '../db/client.ts';
import { isUnreachableService } from './errors.ts';
import { createLocalFileStore } from './files.ts';

// docs/operations.md#faults: a database that cannot be reached is told apart from a wrong statement
// (SERVICE_UNAVAILABLE, try again, against INTERNAL_SERVER_ERROR), and a full disk refuses an upload
// in words instead of calling it interrupted.

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a service that cannot be reached', () => {
  it('is a refused or broken connection, also when wrapped, and never a statement that failed', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'nobody' });
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUnreachableService(refused)).toBe(true);
    expect(isUnreachableService(new Error('Failed query', { cause: refused }))).toBe(true);
    // PostgreSQL's own words when it shuts down or restarts under a connection.
    expect(isUnreachableService(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isUnreachableService(new Error('Connection terminated unexpectedly'))).toBe(true);

    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const wrong = await database.query('SELECT 1 / 0').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((wrong as { code?: string }).code).toBe('22012');
      expect(isUnreachableService(wrong)).toBe(false);
    } finally {
      await database.close();
    }
  });
});

describe('an upload to a full disk', () => {
  it('is refused with the file store full, and leaves no part of it behind', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-full-'));
    try {
      const store = createLocalFileStore(root, 'a'.repeat(48));
      // The bytes stop arriving with the disk's error, as a write to a full disk fails (the load
      // bench's disk fault fills a real one: docs/benchmarks.md#load).
      const body = new Readable({
        read() {
          this.destroy(
            Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
          );
        },
      });
      const result = await store.receive('org/uploads/photo.png', body, {
        contentType: 'image/png',
        size: 10,
      });
      expect(result).toEqual({ ok: false, status: 507, message: MSG.fileStoreFull });
      const left = await fs.readdir(path.join(root, 'org/uploads')).catch(() => []);
      expect(left).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
