import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * Background work as durable jobs in the database (docs/operations.md#jobs): pg-boss keeps its
 * queues and schedules in the schema `pgboss` of the portal's own database, PostgreSQL or the
 * embedded one. A scheduled job runs once per tick however many processes run (pg-boss decides
 * under its own locks), survives a restart, and is retried when it fails. Every job must be safe
 * to run twice.
 */

interface ScheduledJob {
  /** Queue name: area and what it does, `files.clean-up`. */
  name: string;
  /** Cron expression in UTC. */
  cron: string;
  run(): Promise<void>;
  /** How often an idle process looks for a queued run (pg-boss's default is 2 s). */
  pollingIntervalSeconds?: number;
}

export interface Jobs {
  /** Registers a scheduled job; call before start. */
  schedule(job: ScheduledJob): void;
  /** Creates the queues and schedules and starts working them. */
  start(): Promise<void>;
  /** Queues a registered job to run now (an operator, or a test, not waiting for its tick). */
  runNow(name: string): Promise<void>;
  /**
   * Asks for a run soon, without waiting (new work was queued: a mail). Calls close together make
   * one run; before the jobs start (tests, the demo seeding) it does nothing, and the schedule's
   * next tick does the work.
   */
  runSoon(name: string): void;
  /** Lets running jobs finish (up to 15 s) and stops taking new ones. */
  stop(): Promise<void>;
}

export function createJobs(
  database: Database,
  log: { error(object: object, message: string): void; info(message: string): void },
): Jobs {
  const registered = new Map<string, ScheduledJob>();
  const soon = new Set<string>();
  let boss: PgBoss | undefined;

  const options: PgBoss.ConstructorOptions =
    database.kind === 'postgres'
      ? { connectionString: database.databaseUrl, max: 2 }
      : { db: { executeSql: (text, values) => database.executeSql(text, values) } };

  return {
    schedule(job) {
      if (boss) throw new Error(`Job ${job.name} was scheduled after the jobs started`);
      registered.set(job.name, job);
    },
    async start() {
      const instance = new PgBoss({ ...options, schema: 'pgboss', retryLimit: 3, retryBackoff: true });
      instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await instance.start();
      for (const job of registered.values()) {
        await createQueueOnce(instance, job.name);
        await instance.schedule(job.name, job.cron);
        // pg-boss refuses the option when present and undefined.
        const workOptions = job.pollingIntervalSeconds
          ? { pollingIntervalSeconds: job.pollingIntervalSeconds }
          : {};
        await instance.work(job.name, workOptions, async () => {
          await job.run();
        });
      }
      boss = instance;
      log.info(`jobs started: ${[...registered.keys()].join(', ') || 'none'}`);
    },
    async runNow(name) {
      if (!boss) throw new Error('The jobs have not started');
      if (!registered.has(name)) throw new Error(`No job is named ${name}`);
      await boss.send(name, {});
    },
    runSoon(name) {
      if (!boss || soon.has(name)) return;
      soon.add(name);
      // After the current tick: the transaction that queued the work has usually committed by then,
      // and on the embedded database the send waits for it.
      setTimeout(() => {
        soon.delete(name);
        boss?.send(name, {}).catch((error: unknown) => log.error({ err: error }, `could not queue ${name}`));
      }, 20);
    },
    async stop() {
      const instance = boss;
      boss = undefined;
      await instance?.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}

/**
 * Creates a queue unless it exists. Two processes starting together may both create it; PostgreSQL
 * then picks one of them as a deadlock victim, and that one tries again and finds the queue made.
 */
async function createQueueOnce(instance: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await instance.getQueue(name)) return;
    try {
      await instance.createQueue(name);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const racing = code === '40P01' || code === '23505' || code === '42P07';
      if (!racing || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}
