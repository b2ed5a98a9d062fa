import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { CreateEscalationNotification } from '@fieldport/contract/operations/settings';
import { mailOutbox } from '../../db/schema/platform.ts';
import { ticketEscalation, ticketEvent } from '../../db/schema/tickets.ts';
import { createJobs, type Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { fireDueEscalations } from './escalations.ts';
import { ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

// Durable jobs (docs/operations.md#jobs), shown with the escalation job and the mails it queues.
// With TEST_DATABASE_URL the real server runs in processes of its own on one PostgreSQL: two of
// them work the same runs, and one is killed with SIGKILL in the middle of a run and started again.
// On PGlite, which one process owns, two job workers share it in this process, and a run that dies
// half-way (its mail refused mid-transaction) is run again.

const shared = Boolean(process.env.TEST_DATABASE_URL);
const JOB = 'tickets.escalate';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** An organization with one rule (its agent and one address told) and `late` tickets past it. */
async function lateTickets(late: number) {
  const world = await ticketWorld(app);
  await world.ok('OWNER', CreateEscalationNotification, {
    escalation_notification_name: 'Open too long',
    ticket_state: 'OPEN',
    after_hours: 2,
    notify_roles: ['AGENT'],
    notify_emails: ['service.head@test.local'],
  });
  const tickets = [];
  for (let index = 0; index < late; index += 1) {
    tickets.push(await world.seed({ state: 'OPEN', created_at: hoursAgo(3) }));
  }
  return { world, ids: tickets.map((ticket) => ticket.id) };
}

/** What the runs left: per ticket, its escalations and timeline entries; the mails and their states. */
async function footprint(world: TicketWorld, ids: string[]) {
  const db = app.database.db;
  const perTicket = async (table: typeof ticketEscalation | typeof ticketEvent) =>
    (
      await db
        .select({ ticket: table.ticket_id, n: count() })
        .from(table)
        .where(
          and(
            inArray(table.ticket_id, ids),
            table === ticketEvent ? eq(ticketEvent.kind, 'ESCALATED') : undefined,
          ),
        )
        .groupBy(table.ticket_id)
    ).map((row) => row.n);
  const mails = await db
    .select({ key: mailOutbox.idempotency_key, status: mailOutbox.status, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.organization_id, world.org.id), sql`${mailOutbox.subject} like 'Escalation%'`));
  return {
    escalations: await perTicket(ticketEscalation),
    entries: await perTicket(ticketEvent),
    mails: mails.length,
    distinctMails: new Set(mails.map((mail) => mail.key)).size,
    unsent: mails.filter((mail) => mail.status !== 'SENT').length,
  };
}

const once = (late: number) => ({
  escalations: Array(late).fill(1),
  entries: Array(late).fill(1),
  mails: late * 2,
  distinctMails: late * 2,
  unsent: 0,
});

async function until(what: string, check: () => Promise<boolean>, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Waited ${seconds} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const allSent = (world: TicketWorld) => async () =>
  (
    await app.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organization_id, world.org.id), sql`${mailOutbox.status} <> 'SENT'`))
  )[0].n === 0;

/** A client of the queue only: it sends runs as the scheduler's ticks would, and works none. */
let client: PgBoss | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  await client?.stop({ graceful: false });
});

async function queueClient(): Promise<PgBoss> {
  if (!client) {
    client = new PgBoss({
      connectionString: process.env.TEST_DATABASE_URL!,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
      max: 2,
    });
    await client.start();
  }
  return client;
}

/** Queues runs as the schedule's ticks would; answers their ids. */
async function queueRuns(runs: number): Promise<string[]> {
  const queue = await queueClient();
  const ids: string[] = [];
  for (let index = 0; index < runs; index += 1) ids.push((await queue.send(JOB, {}))!);
  return ids;
}

const finished = (ids: string[]) => async () => {
  for (const id of ids) {
    const job = await client!.getJobById(JOB, id);
    if (job?.state !== 'completed') return false;
  }
  return true;
};

describe(`the escalation job ${shared ? 'across server processes on PostgreSQL' : 'on the embedded database'}`, () => {
  it(`fires each ticket once and mails each person once when two ${shared ? 'processes' : 'workers'} take the same runs`, async () => {
    const late = shared ? 40 : 30;
    const { world, ids } = await lateTickets(late);
    if (shared) {
      const pair = await Promise.all([
        startServerProcess(process.env.TEST_DATABASE_URL!),
        startServerProcess(process.env.TEST_DATABASE_URL!),
      ]);
      servers.push(...pair);
      // Six ticks at once, each worked by whichever process takes it.
      await until('the runs', finished(await queueRuns(6)));
      await until('the mails', allSent(world));
      for (const server of pair) await server.close();
    } else {
      const workers: Jobs[] = [];
      let done = 0;
      for (let index = 0; index < 2; index += 1) {
        const jobs = createJobs(app.database, { error: () => {}, info: () => {} });
        jobs.schedule({
          name: JOB,
          cron: '0 0 1 1 *',
          pollingIntervalSeconds: 0.5,
          run: async () => {
            await fireDueEscalations(app.database.db, app.mailer, app.config.publicUrl);
            done += 1;
          },
        });
        workers.push(jobs);
      }
      try {
        for (const jobs of workers) await jobs.start();
        for (let index = 0; index < 6; index += 1) await workers[index % 2].runNow(JOB);
        await until('the runs', async () => done === 6);
      } finally {
        for (const jobs of workers) await jobs.stop();
      }
      await app.mailer.deliverDue();
    }
    expect(await footprint(world, ids)).toEqual(once(late));
  }, 240_000);

  it(`loses nothing and repeats nothing when ${shared ? 'a process is killed (SIGKILL) in the middle of a run and started again' : 'a run dies half-way and runs again'}`, async () => {
    const late = shared ? 300 : 50;
    const { world, ids } = await lateTickets(late);
    const fired = async () =>
      (
        await app.database.db
          .select({ n: count() })
          .from(ticketEscalation)
          .where(eq(ticketEscalation.organization_id, world.org.id))
      )[0].n;
    if (shared) {
      const first = await startServerProcess(process.env.TEST_DATABASE_URL!);
      servers.push(first);
      await queueRuns(1);
      await until('the run to begin', async () => (await fired()) > 0);
      await first.kill();
      expect(await fired()).toBeLessThan(late);

      servers.push(await startServerProcess(process.env.TEST_DATABASE_URL!));
      // The clock moves on: a mail whose attempt died with the first process may be tried again,
      // and the schedule's next tick comes.
      await app.database.db
        .update(mailOutbox)
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where(and(eq(mailOutbox.organization_id, world.org.id), eq(mailOutbox.status, 'SENDING')));
      await until('the next run', finished(await queueRuns(1)), 120);
      await until('the mails', allSent(world));
    } else {
      let queued = 0;
      // The run dies at the 41st mail, in the middle of the 21st ticket's transaction.
      const dying: Mailer = {
        ...app.mailer,
        async send(mail, record, options) {
          queued += 1;
          if (queued > 40) throw new Error('the process died');
          await app.mailer.send(mail, record, options);
        },
      };
      await expect(fireDueEscalations(app.database.db, dying, app.config.publicUrl)).rejects.toThrow(
        'the process died',
      );
      expect(await fired()).toBe(20);
      expect((await footprint(world, ids)).mails).toBe(40);
      await fireDueEscalations(app.database.db, app.mailer, app.config.publicUrl);
      await app.mailer.deliverDue();
    }
    expect(await footprint(world, ids)).toEqual(once(late));
  }, 300_000);
});
