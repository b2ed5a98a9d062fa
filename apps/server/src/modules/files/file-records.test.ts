import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GetPresignedUrl } from '@fieldport/contract/operations/files';
import { CreateService } from '@fieldport/contract/operations/product-catalogue';
import { TicketInteraction } from '@fieldport/contract/operations/tickets';
import { storedFile } from '../../db/schema/files.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';
import { removeUnusedFiles, sweepUnknownFiles, UNUSED_FILE_AGE_MS } from '../../platform/file-cleanup.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  // The clean-up runs as the portal runs it: a scheduled job of the queue in the database.
  app = await startTestApp({}, { jobs: true });
});
afterAll(async () => {
  await app?.close();
});

const filesRoot = () => path.join(app.config.dataDir, 'files');

async function photoOnTicket(world: TicketWorld, who: string, ticketId: string) {
  const upload = await uploadFile(app, await world.cookieOf(who), {
    name: 'outdoor unit.png',
    type: 'image/png',
    body: SAMPLE_FILES.png,
    purpose: 'TICKET_PHOTO',
  });
  await world.ok(who, TicketInteraction, { ticket_id: ticketId, kind: 'PHOTO', file_key: upload.s3_key });
  return upload.s3_key;
}

const NOT_FOUND = { code: 'NOT_FOUND' };

describe('security finding 10: GetPresignedUrl reads only files of records the caller may see', () => {
  it("gives a ticket's photo to those who see the ticket and to nobody else", async () => {
    const world = await ticketWorld(app);
    const own = await world.seed({ state: 'ACCEPTED', technician_id: world.members.TECHNICIAN.membershipId });
    const key = await photoOnTicket(world, 'TECHNICIAN', own.id);

    for (const who of ['TECHNICIAN', 'AGENT', 'OWNER']) {
      const answer = await world.as(who, GetPresignedUrl, { s3_key: key });
      expect(answer.envelope?.data.items[0].s3_key, who).toBe(key);
    }
    // Another technician, the partner and the dealer do not see the ticket: the file is not there for them.
    for (const who of ['SECOND_TECHNICIAN', 'SERVICE_PARTNER', 'DEALER_OWNER']) {
      const answer = await world.as(who, GetPresignedUrl, { s3_key: key });
      expect(answer.errors?.[0].extensions, who).toMatchObject(NOT_FOUND);
    }
  });

  it('gives an upload no record uses to its uploader alone, and refuses it to another record', async () => {
    const world = await ticketWorld(app);
    const upload = await uploadFile(app, await world.cookieOf('TECHNICIAN'), {
      name: 'meter.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
      purpose: 'TICKET_PHOTO',
    });
    expect((await world.as('TECHNICIAN', GetPresignedUrl, { s3_key: upload.s3_key })).envelope).toBeDefined();
    const other = await world.as('SECOND_TECHNICIAN', GetPresignedUrl, { s3_key: upload.s3_key });
    expect(other.errors?.[0].extensions).toMatchObject(NOT_FOUND);

    // A photo already on one ticket cannot be put on another.
    const first = await world.seed({
      state: 'ACCEPTED',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    const second = await world.seed({
      state: 'ACCEPTED',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    await world.ok('TECHNICIAN', TicketInteraction, {
      ticket_id: first.id,
      kind: 'PHOTO',
      file_key: upload.s3_key,
    });
    const moved = await world.as('TECHNICIAN', TicketInteraction, {
      ticket_id: second.id,
      kind: 'PHOTO',
      file_key: upload.s3_key,
    });
    expect(moved.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'file_key' });
  });
});

describe("security finding 10: a service's files follow the service's visibility", () => {
  it.each([
    ['hidden', { is_visible: false }],
    ['staff only', { service_enable_type: 'ORGANIZATION' }],
  ])(
    "gives a %s service's file to the organization's people, not to its dealer or partner",
    async (_label, rule) => {
      const world = await ticketWorld(app);
      const manual = await uploadFile(app, await world.cookieOf('OWNER'), {
        name: 'manual.pdf',
        type: 'application/pdf',
        body: SAMPLE_FILES.pdf,
      });
      await world.ok('OWNER', CreateService, {
        category_id: world.category.id,
        service_name: `Gas refill ${world.tag}`,
        service_price: 99_900,
        service_s3_files: [{ file_name: 'manual.pdf', s3_key: manual.s3_key }],
        ...rule,
      });
      for (const who of ['OWNER', 'AGENT']) {
        const answer = await world.as(who, GetPresignedUrl, { s3_key: manual.s3_key });
        expect(answer.envelope?.data.items[0].s3_key, who).toBe(manual.s3_key);
      }
      for (const who of ['DEALER_OWNER', 'SERVICE_PARTNER']) {
        const answer = await world.as(who, GetPresignedUrl, { s3_key: manual.s3_key });
        expect(answer.errors?.[0].extensions, who).toMatchObject(NOT_FOUND);
      }
    },
  );
});

async function age(key: string, byMs: number) {
  const when = new Date(Date.now() - byMs);
  await app.database.db.update(storedFile).set({ created_at: when }).where(eq(storedFile.key, key));
  await fs.utimes(path.join(filesRoot(), key), when, when).catch(() => undefined);
}

const exists = (key: string) =>
  fs
    .stat(path.join(filesRoot(), key))
    .then(() => true)
    .catch(() => false);

const rowOf = async (key: string) =>
  (await app.database.db.select().from(storedFile).where(eq(storedFile.key, key)))[0];

async function waitFor(check: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('security finding 7: uploads no record uses are removed by a scheduled clean-up', () => {
  it('removes an upload unused for a day through the files.clean-up job, and keeps what records use', async () => {
    const world = await ticketWorld(app);
    const ticketId = (
      await world.seed({ state: 'ACCEPTED', technician_id: world.members.TECHNICIAN.membershipId })
    ).id;
    const used = await photoOnTicket(world, 'TECHNICIAN', ticketId);
    const unused = (
      await uploadFile(app, await world.cookieOf('TECHNICIAN'), {
        name: 'never used.png',
        type: 'image/png',
        body: SAMPLE_FILES.png,
        purpose: 'TICKET_PHOTO',
      })
    ).s3_key;
    const fresh = (
      await uploadFile(app, await world.cookieOf('TECHNICIAN'), {
        name: 'just now.png',
        type: 'image/png',
        body: SAMPLE_FILES.png,
        purpose: 'TICKET_PHOTO',
      })
    ).s3_key;
    await age(used, UNUSED_FILE_AGE_MS + 60_000);
    await age(unused, UNUSED_FILE_AGE_MS + 60_000);

    await app.jobs.runNow('files.clean-up');
    await waitFor(async () => !(await exists(unused)), 'the unused upload to be removed');
    expect(await rowOf(unused)).toBeUndefined();
    expect(await exists(used)).toBe(true);
    expect(await rowOf(used)).toBeDefined();
    expect(await exists(fresh)).toBe(true);
  });

  it('sweeps files the registry does not know once they are a day old, and is safe to run twice', async () => {
    const stray = `issue-reports/orphan-${Date.now()}/1.png`;
    const recent = `issue-reports/orphan-${Date.now()}/2.png`;
    await app.files.put(stray, SAMPLE_FILES.png, 'image/png');
    await app.files.put(recent, SAMPLE_FILES.png, 'image/png');
    const old = new Date(Date.now() - UNUSED_FILE_AGE_MS - 60_000);
    await fs.utimes(path.join(filesRoot(), stray), old, old);

    const first = await sweepUnknownFiles(app.database.db, app.files);
    expect(first.removed).toBeGreaterThanOrEqual(1);
    expect(await exists(stray)).toBe(false);
    expect(await exists(recent)).toBe(true);
    await sweepUnknownFiles(app.database.db, app.files);
    expect((await removeUnusedFiles(app.database.db, app.files)).removed).toBeGreaterThanOrEqual(0);
    expect(await exists(recent)).toBe(true);
  });
});
