import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { dayIn } from '@fieldport/contract/fields';
import { CreateMaintenancePlan } from '@fieldport/contract/operations/schedules';
import { CreateEscalationNotification } from '@fieldport/contract/operations/settings';
import { mailOutbox } from '../db/schema/platform.ts';
import { ticketEscalation, ticketEvent } from '../db/schema/tickets.ts';
import { maintenanceVisit } from '../db/schema/schedules.ts';
import { seedFleetItems } from '../db/seed/product-fleet.ts';
import { createJobs, type Jobs } from '../platform/jobs.ts';
import type { Mailer } from '../platform/mail.ts';
import { startTestApp, unique, type TestApp } from '../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { raiseDueMaintenance } from './schedules/raise.ts';
import { fireDueEscalations } from './tickets/escalations.ts';
import { ticketWorld, type TicketWorld } from './tickets/ticket.test-kit.ts';

// Durable jobs (docs/operations.md#jobs), shown with the escalation job, the maintenance plans'
// raising and the mails they queue.
// With TEST_DATABASE_URL the real server runs in processes of its own on one PostgreSQL: two of
// them work the same runs, and one is killed with SIGKILL in the middle of a run and started again.
// On PGlite, which one process owns, two job workers share it in this process, and a run that dies
// half-way (its mail refused mid-transaction) is run again.

const shared = Boolean(process.env.TEST_DATABASE_URL);
const JOB = 'tickets.escalate';
const RAISE = 'schedules.raise';
/** Maintenance plans due today, beside the late tickets. */
const PLANS = 10;

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
  // Products whose maintenance is due today: each plan raises one ticket (docs/schedules.md).
  const products = await seedFleetItems(
    world.db,
    Array.from({ length: PLANS }, () => ({
      organization_id: world.org.id,
      serial_number: unique('SN-JOB-'),
      service_id: world.service.id,
      customer_id: world.customer.id,
      location_id: world.customer.locations[0].id,
    })),
  );
  const plans: string[] = [];
  for (const fleet_item_id of products) {
    const data = await world.ok('AGENT', CreateMaintenancePlan, {
      fleet_item_id,
      repeat: 'MONTHS',
      every: 1,
      first_date: dayIn(world.org.time_zone),
      lead_days: 0,
    });
    plans.push(data.items[0].plan_id);
  }
  return { world, ids: tickets.map((ticket) => ticket.id), plans };
}

/** What the runs left: per ticket, its escalations and timeline entries; the mails and their states. */
async function footprint(world: TicketWorld, ids: string[], plans: string[]) {
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
    .select({
      key: mailOutbox.idempotency_key,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.organization_id, world.org.id));
  const visits = await db
    .select({ plan: maintenanceVisit.plan_id, n: count(maintenanceVisit.ticket_id) })
    .from(maintenanceVisit)
    .where(inArray(maintenanceVisit.plan_id, plans))
    .groupBy(maintenanceVisit.plan_id);
  return {
    raisedPerPlan: visits.map((visit) => visit.n),
    escalations: await perTicket(ticketEscalation),
    entries: await perTicket(ticketEvent),
    mails: mails.length,
    // A job's mail by its key; a raised ticket's mail to the customer names the ticket.
    distinctMails: new Set(mails.map((mail) => mail.key ?? mail.subject)).size,
    unsent: mails.filter((mail) => mail.status !== 'SENT').length,
  };
}

/** Each ticket escalated once (two mails), each plan's ticket raised once (the customer's mail). */
const once = (late: number) => ({
  raisedPerPlan: Array(PLANS).fill(1),
  escalations: Array(late).fill(1),
  entries: Array(late).fill(1),
  mails: late * 2 + PLANS,
  distinctMails: late * 2 + PLANS,
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

/** Queues runs of both jobs as the schedules' ticks would; answers them. */
async function queueRuns(runs: number): Promise<{ name: string; id: string }[]> {
  const queue = await queueClient();
  const queued: { name: string; id: string }[] = [];
  for (let index = 0; index < runs; index += 1) {
    for (const name of [JOB, RAISE]) queued.push({ name, id: (await queue.send(name, {}))! });
  }
  return queued;
}

const finished = (queued: { name: string; id: string }[]) => async () => {
  for (const { name, id } of queued) {
    const job = await client!.getJobById(name, id);
    if (job?.state !== 'completed') return false;
  }
  return true;
};

/** The raising job's work, as app.ts schedules it. */
const raise = () =>
  raiseDueMaintenance({
    db: app.database.db,
    mailer: app.mailer,
    config: app.config,
    identity: app.identity,
    files: app.files,
  });

describe(`the escalation and raising jobs ${shared ? 'across server processes on PostgreSQL' : 'on the embedded database'}`, () => {
  it(`escalate each ticket once, raise each plan's ticket once and mail each person once when two ${shared ? 'processes' : 'workers'} take the same runs`, async () => {
    const late = shared ? 40 : 30;
    const { world, ids, plans } = await lateTickets(late);
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
        for (const [name, work] of [
          [JOB, () => fireDueEscalations(app.database.db, app.mailer, app.config.publicUrl)],
          [RAISE, raise],
        ] as const) {
          jobs.schedule({
            name,
            cron: '0 0 1 1 *',
            pollingIntervalSeconds: 0.5,
            run: async () => {
              await work();
              done += 1;
            },
          });
        }
        workers.push(jobs);
      }
      try {
        for (const jobs of workers) await jobs.start();
        for (let index = 0; index < 6; index += 1) {
          await workers[index % 2].runNow(JOB);
          await workers[(index + 1) % 2].runNow(RAISE);
        }
        await until('the runs', async () => done === 12);
      } finally {
        for (const jobs of workers) await jobs.stop();
      }
      await app.mailer.deliverDue();
    }
    expect(await footprint(world, ids, plans)).toEqual(once(late));
  }, 240_000);

  it(`loses nothing and repeats nothing when ${shared ? 'a process is killed (SIGKILL) in the middle of a run and started again' : 'a run dies half-way and runs again'}`, async () => {
    const late = shared ? 300 : 50;
    const { world, ids, plans } = await lateTickets(late);
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
      expect((await footprint(world, ids, plans)).mails).toBe(40);
      await fireDueEscalations(app.database.db, app.mailer, app.config.publicUrl);
      await raise();
      await raise();
      await app.mailer.deliverDue();
    }
    expect(await footprint(world, ids, plans)).toEqual(once(late));
  }, 300_000);
});
