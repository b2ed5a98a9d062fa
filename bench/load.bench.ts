import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { OperationDef } from '@fieldport/contract/operation';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { ListCustomers } from '@fieldport/contract/operations/customers';
import { GenerateS3Url } from '@fieldport/contract/operations/files';
import {
  AcceptOrRejectTicket,
  ClaimTicket,
  CloseTicket,
  CreateAssignedTicketV2,
  Count_Tickets_By_List,
  List_Open_Tickets,
  List_Technician_Tickets,
  OrganizationDashboard,
  ReassignOrOpenTheAssignedTicket,
  SearchTickets,
  SendTicketClosureOtp,
  UpdateTicketWorkStatus,
} from '@fieldport/contract/operations/tickets';
import { REPORT_OPERATIONS } from '@fieldport/contract/operations/reports';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { seedCustomer } from '../apps/server/src/db/seed/customers.ts';
import { DEMO_ORGANIZATION_SLUG } from '../apps/server/src/db/seed/demo.ts';
import { seedMember } from '../apps/server/src/db/seed/factories.ts';
import { mapTechnician } from '../apps/server/src/db/seed/territories.ts';
import { codesIn } from '../apps/server/src/modules/mail-outbox/list-outbox-mails.ts';
import { startCluster, type Cluster } from '../apps/server/src/platform/cluster.ts';
import { defineBenchmark, type BenchContext } from './lib/benchmark.ts';
import type { LoadResult } from './lib/load.ts';
import { operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';
import { acServiceOf, territoryId } from './lib/ticket-data.ts';
import { signInOverHttp } from './lib/environment.ts';

/**
 * `npm run bench -- --only load --db postgres`: BENCH_LOAD_USERS (200) people for BENCH_LOAD_SECONDS
 * (300, the first BENCH_LOAD_RAMP_SECONDS (60) bringing them in one by one) on PostgreSQL, through
 * BENCH_LOAD_PROCESSES (2) API processes behind nginx, started as `npm run cluster` starts them
 * (docs/operations.md#cluster). The people, each signed in with a session of their own:
 * - co-ordinators (a fifth): the Active list, a search, a new ticket, and now and then an assignment
 *   of one to a technician;
 * - technicians (seven tenths): their own list, accepting what was assigned to them, else the
 *   floating pool (a claim can lose to another technician: counted, not an error), starting the
 *   work, sending the customer's closure code, reading it from the mail outbox as the customer
 *   would from their mail, and closing with it;
 * - managers (a tenth): the dashboard, the list counts, a report, and an export of the customers.
 * Each waits a moment between actions, as a person does. It prints each operation's throughput and
 * p50/p95/p99, errors by code, each process's CPU and memory, and then counts every acknowledged
 * write in the database (tickets created and closed) and the ticket numbers given twice.
 *
 * BENCH_LOAD_FAULTS=kill,postgres,disk adds faults (docs/operations.md#faults): `kill` sends kill -9 to
 * API process 1 a third of the way in (nginx routes around it, the supervisor starts it again);
 * `postgres` restarts PostgreSQL itself (pg_ctlcluster) two thirds of the way in; `disk` puts the
 * files on a small tmpfs (root only) that the managers' uploads fill. A person whose action fails
 * with SERVICE_UNAVAILABLE, a 502 or a broken connection tries again after a second, up to 5 times,
 * as the field app's queue does: what then succeeds is counted as recovered, not as an error.
 */

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const RAMP_SECONDS = Math.min(SECONDS, Number(process.env.BENCH_LOAD_RAMP_SECONDS ?? 60));
const PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 2);
const PASSWORD = 'Bench@1234';
const CUSTOMERS = 100;
const FAULTS = new Set((process.env.BENCH_LOAD_FAULTS ?? '').split(',').filter(Boolean));
const DISK_BYTES = 4 * 1024 * 1024;
const UPLOAD_BYTES = 256 * 1024;
/** Answers after which a person tries the same action again: the service was away for a moment. */
const RETRIED = new Set(['SERVICE_UNAVAILABLE', 'HTTP_502', 'HTTP_503', 'HTTP_504', 'NETWORK']);

type Role = 'co-ordinator' | 'technician' | 'manager';

interface OperationStats {
  latencies: number[];
  errors: Map<string, number>;
}

interface Answer {
  ok: boolean;
  /** The GraphQL error's code, or HTTP_<status>, or the network error's name. */
  code?: string;
  data?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
/** One more of `key` in a tally. */
const bump = (tally: Map<string, number>, key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

/** CPU seconds and resident memory of a process, from /proc (Linux). */
function processUsage(pid: number): { cpuSeconds: number; rssBytes: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second here).
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / 100;
    const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuSeconds, rssBytes: rss ? Number(rss[1]) * 1024 : 0 };
  } catch {
    return undefined;
  }
}

/** The machine's busy share since the last reading, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [line] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  const values = line.split(/\s+/).slice(1).map(Number);
  const idle = values[3] + values[4];
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

export const benchmark = defineBenchmark({
  name: 'load',
  title: `${USERS} people for ${SECONDS} s through nginx and ${PROCESSES} API processes (co-ordinators, technicians, managers)`,
  async run(context: BenchContext) {
    const { env, note, progress, measure } = context;
    if (env.kind !== 'postgres' || !env.config.databaseUrl) {
      note('the load runs on PostgreSQL only (several API processes share it): run it with --db postgres');
      return;
    }
    const db = env.database.db;
    const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
    // Tickets float: technicians claim them, as in an organization that lets them choose.
    await db
      .update(organization)
      .set({ ticket_assignment_mode: 'FLOATING' })
      .where(eq(organization.id, demo.id));
    const ac = await acServiceOf(env.database, demo.id);
    const bengaluru = await territoryId(env.database, demo.id, 'Bengaluru Central');
    const [subStage] = await env.database.query<{ id: string }>(
      `SELECT s.id FROM wip_sub_stage s WHERE s.organization_id = $1 ORDER BY s.created_at LIMIT 1`,
      [demo.id],
    );

    progress(`seeding ${CUSTOMERS} customers and ${USERS} people`);
    const customers: { id: string; location_id: string; email: string; name: string }[] = [];
    for (let i = 1; i <= CUSTOMERS; i++) {
      const email = `load.customer${i}@bench.local`;
      const created = await seedCustomer(db, {
        organization_id: demo.id,
        name: `Load Customer ${i}`,
        phone: `98${String(10_000_000 + i).padStart(8, '0')}`,
        email,
        customer_category_id: null,
        primary_location: {
          address: `${i} MG Road`,
          pincode: '560001',
          city: 'Bengaluru',
          state: 'Karnataka',
          country: 'IN',
        },
        secondary_locations: [],
      });
      customers.push({ id: created.id, location_id: created.locations[0].id, email, name: created.name });
    }
    const roles: Role[] = Array.from({ length: USERS }, (_, i) =>
      i % 10 === 0 ? 'manager' : i % 10 <= 2 ? 'co-ordinator' : 'technician',
    );
    const people: { role: Role; email: string; memberId: string }[] = [];
    for (const [i, role] of roles.entries()) {
      const email = `load.${role}.${i}@bench.local`;
      const { membership } = await seedMember(db, {
        organizationId: demo.id,
        email,
        name: `Load ${role} ${i}`,
        role: role === 'technician' ? 'TECHNICIAN' : 'ADMIN',
        password: PASSWORD,
      });
      if (role === 'technician') {
        await mapTechnician(db, {
          organization_id: demo.id,
          member_id: membership.id,
          territory_ids: [bengaluru],
          category_ids: [ac.category_id],
        });
      }
      people.push({ role, email, memberId: membership.id });
    }
    const technicianIds = people
      .filter((person) => person.role === 'technician')
      .map((person) => person.memberId);

    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldport-load-'));
    const filesDir = path.join(workDir, 'data', 'files');
    let diskMounted = false;
    if (FAULTS.has('disk')) {
      fs.mkdirSync(filesDir, { recursive: true });
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', filesDir], {
        encoding: 'utf8',
      });
      diskMounted = mounted.status === 0;
      note(
        diskMounted
          ? `disk fault: the files are on a ${DISK_BYTES / 2 ** 20} MB tmpfs that the managers' uploads fill`
          : `disk fault not made: mounting a tmpfs needs root (${mounted.stderr.trim()})`,
      );
    }
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    progress(`starting ${PROCESSES} API processes and nginx on port ${port}`);
    const cluster: Cluster = await startCluster({
      databaseUrl: env.config.databaseUrl,
      processes: PROCESSES,
      host: '127.0.0.1',
      port,
      dataDir: path.join(workDir, 'data'),
      runDir: path.join(workDir, 'run'),
      env: {
        DEMO: '0',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000000',
        AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '100000000',
        AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '100000000',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      },
      say: (line) => progress(`cluster: ${line}`),
    });
    const baseUrl = cluster.proxyUrl;

    try {
      progress(`signing in ${USERS} people through nginx`);
      const cookies: string[] = [];
      for (const person of people) cookies.push(await signInOverHttp(baseUrl, person.email, PASSWORD));

      const stats = new Map<string, OperationStats>();
      const statsOf = (label: string) => {
        let entry = stats.get(label);
        if (!entry) stats.set(label, (entry = { latencies: [], errors: new Map() }));
        return entry;
      };
      const expectedRefusals = new Map<string, number>();
      const created = new Map<string, string>();
      const closed = new Set<string>();
      /** Tickets of the load waiting for a technician: the pool holds the demo's own ones too. */
      const ours = new Set<string>();

      /** Actions that succeeded when tried again, by operation and the answer that made them retry. */
      const recovered = new Map<string, number>();
      const once = async (send: () => Promise<Response>, read: (text: string) => Answer): Promise<Answer> => {
        try {
          const response = await send();
          const text = await response.text();
          if (response.status === 200) return read(text);
          let code = `HTTP_${response.status}`;
          // The portal's refusals name their code; nginx's error pages (502, 504) do not.
          if (response.status !== 502 && response.status !== 504) {
            try {
              code = (JSON.parse(text) as { code?: string }).code ?? code;
            } catch {
              // not JSON
            }
          }
          return { ok: false, code };
        } catch {
          return { ok: false, code: 'NETWORK' };
        }
      };
      const timed = async (label: string, send: () => Promise<Response>, read: (text: string) => Answer) => {
        let answer: Answer = { ok: false };
        let retriedAfter: string | undefined;
        // The time of the attempt that was answered, as the person waited for it.
        let started = performance.now();
        for (let attempt = 1; attempt <= 6; attempt += 1) {
          started = performance.now();
          answer = await once(send, read);
          if (answer.ok || !RETRIED.has(answer.code ?? '') || attempt === 6) break;
          retriedAfter ??= answer.code;
          await sleep(1_000);
        }
        if (retriedAfter && answer.ok) {
          const key = `${label} after ${retriedAfter}`;
          bump(recovered, key);
        }
        const entry = statsOf(label);
        if (answer.ok) entry.latencies.push(performance.now() - started);
        return { answer, entry };
      };
      /** One GraphQL operation; `expected` error codes are answers, counted apart, not errors. */
      const call = async (
        cookie: string,
        op: OperationDef,
        input: Record<string, unknown>,
        expected: string[] = [],
      ) => {
        const spec = operationRequest(baseUrl, cookie, op, input);
        const { answer, entry } = await timed(
          op.name,
          () => fetch(spec.url, { method: 'POST', headers: spec.headers, body: spec.body }),
          (text) => {
            const body = JSON.parse(text) as {
              data?: Record<string, string | null> | null;
              errors?: { extensions?: { code?: string } }[];
            };
            if (body.errors?.length)
              return { ok: false, code: body.errors[0].extensions?.code ?? 'GRAPHQL_ERROR' };
            const raw = body.data?.[op.name];
            return { ok: true, data: raw ? (JSON.parse(raw) as unknown) : undefined };
          },
        );
        if (!answer.ok) {
          const code = answer.code ?? 'UNKNOWN';
          if (expected.includes(code)) {
            bump(expectedRefusals, `${op.name} ${code}`);
            // An expected refusal was answered well: its time counts.
          } else bump(entry.errors, code);
        }
        return answer;
      };
      const items = (answer: Answer) =>
        ((answer.data as { data?: { items?: Record<string, unknown>[] } } | undefined)?.data?.items ??
          []) as {
          ticket_id: string;
          ticket_number: string;
          state: string;
        }[];

      const started = performance.now();
      const deadline = started + SECONDS * 1000;
      const running = () => performance.now() < deadline;
      // A pause ends at the deadline: what a person was doing then is finished without waiting.
      const pause = (low: number, high: number) =>
        sleep(Math.min(between(low, high), Math.max(0, deadline - performance.now())));
      const today = dayIn('Asia/Kolkata');

      const coordinator = async (cookie: string) => {
        while (running()) {
          await call(cookie, List_Open_Tickets, {
            list: 'ACTIVE',
            page: 1 + Math.floor(Math.random() * 3),
            page_size: 25,
          });
          await pause(1_000, 3_000);
          const customer = pick(customers);
          await call(cookie, SearchTickets, { search: customer.name, page: 1, page_size: 25 });
          await pause(1_000, 3_000);
          const answer = await call(cookie, CreateAssignedTicketV2, {
            customer_id: customer.id,
            location_id: customer.location_id,
            service_id: ac.service_id,
            problem_note: 'Cooling is weak (load)',
          });
          const [ticket] = items(answer);
          if (ticket) {
            created.set(ticket.ticket_id, ticket.ticket_number);
            if (Math.random() < 0.25) {
              await pause(1_000, 2_000);
              await call(
                cookie,
                ReassignOrOpenTheAssignedTicket,
                { ticket_id: ticket.ticket_id, action: 'ASSIGN', technician_id: pick(technicianIds) },
                // A technician may have claimed it meanwhile.
                ['CONFLICT'],
              );
            } else ours.add(ticket.ticket_id);
          }
          await pause(2_000, 5_000);
        }
      };

      const closeWithCode = async (cookie: string, ticket: { ticket_id: string; ticket_number: string }) => {
        const work = await call(cookie, UpdateTicketWorkStatus, {
          ticket_id: ticket.ticket_id,
          wip_sub_stage_id: subStage.id,
          note: 'Gas topped up',
          action_id: crypto.randomUUID(),
        });
        if (!work.ok) return;
        await pause(2_000, 4_000);
        const sentAt = new Date(Date.now() - 1_000);
        const sent = await call(cookie, SendTicketClosureOtp, { ticket_id: ticket.ticket_id });
        if (!sent.ok) return;
        // The customer reads the code in their mail: here, in the outbox the mail was written to.
        const { answer } = await timed(
          'closure code read from the outbox',
          async () => {
            const [mail] = await env.database.query<{ body_text: string | null }>(
              `SELECT body_text FROM mail_outbox WHERE body_text LIKE $1 AND created_at >= $2
               ORDER BY created_at DESC LIMIT 1`,
              [`%${ticket.ticket_number}%`, sentAt.toISOString()],
            );
            return new Response(mail?.body_text ?? '', { status: mail ? 200 : 404 });
          },
          (text) => ({ ok: codesIn(text).length > 0, code: 'NO_CODE', data: codesIn(text)[0] }),
        );
        if (!answer.ok) {
          const entry = statsOf('closure code read from the outbox');
          bump(entry.errors, answer.code ?? 'NO_CODE');
          return;
        }
        await pause(1_000, 2_000);
        const closing = await call(cookie, CloseTicket, {
          ticket_id: ticket.ticket_id,
          otp: answer.data as string,
        });
        if (closing.ok) closed.add(ticket.ticket_id);
      };

      const technician = async (cookie: string) => {
        while (running()) {
          const mine = items(
            await call(cookie, List_Technician_Tickets, { view: 'MINE', page: 1, page_size: 25 }),
          );
          const assigned = mine.find(
            (ticket) => ticket.state === 'ASSIGNED' && created.has(ticket.ticket_id),
          );
          const accepted = mine.find(
            (ticket) => ticket.state === 'ACCEPTED' && created.has(ticket.ticket_id),
          );
          await pause(1_000, 2_000);
          if (assigned) {
            await call(cookie, AcceptOrRejectTicket, { ticket_id: assigned.ticket_id, action: 'ACCEPT' });
            await pause(1_000, 2_000);
            await closeWithCode(cookie, assigned);
          } else if (accepted) {
            await closeWithCode(cookie, accepted);
          } else {
            const pool = items(
              await call(cookie, List_Technician_Tickets, { view: 'FLOATING', page: 1, page_size: 25 }),
            ).filter((ticket) => ours.has(ticket.ticket_id));
            if (pool.length > 0) {
              const chosen = pick(pool);
              await pause(500, 1_500);
              // Another technician may have claimed it first: CONFLICT is the right answer then, and
              // NOT_FOUND once the winner has moved it on and it is no longer the caller's to see
              // (docs/tickets.md#assignment).
              const claim = await call(cookie, ClaimTicket, { ticket_id: chosen.ticket_id }, [
                'CONFLICT',
                'NOT_FOUND',
              ]);
              ours.delete(chosen.ticket_id);
              if (claim.ok) {
                await pause(1_000, 2_000);
                await closeWithCode(cookie, chosen);
              }
            }
          }
          await pause(3_000, 6_000);
        }
      };

      const yearAgo = shiftDay(today, -365).slice(0, 7);
      const reports: [OperationDef, Record<string, unknown>][] = [
        [REPORT_OPERATIONS.GetTicketAgingReport, { group_by: 'TERRITORY' }],
        [REPORT_OPERATIONS.GetMonthlyTicketReport, { from_month: yearAgo, to_month: today.slice(0, 7) }],
        [REPORT_OPERATIONS.GetProductivityReport, { from_date: shiftDay(today, -29), to_date: today }],
      ];
      const upload = async (cookie: string) => {
        const answer = await call(cookie, GenerateS3Url, {
          file_purpose: 'SERVICE_FILE',
          file_name: `load-${crypto.randomUUID()}.png`,
          file_type: 'image/png',
          file_size: UPLOAD_BYTES,
        });
        const ticket = (
          answer.data as {
            data?: { items?: { upload_url: string; upload_headers: Record<string, string> }[] };
          }
        )?.data?.items?.[0];
        if (!ticket) return;
        // A PNG's first bytes, as the store checks, then the rest of a photo's size.
        const bytes = Buffer.alloc(UPLOAD_BYTES);
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
        const label = `upload of a ${UPLOAD_BYTES / 1024} KB photo`;
        const { answer: stored, entry } = await timed(
          label,
          () =>
            fetch(new URL(ticket.upload_url, baseUrl), {
              method: 'PUT',
              headers: { ...ticket.upload_headers, origin: baseUrl },
              body: bytes,
            }),
          () => ({ ok: true }),
        );
        if (stored.ok) return;
        const key = `${label} ${stored.code}`;
        // A full disk refused in words is the right answer; anything else is an error.
        if (stored.code === 'INSUFFICIENT_STORAGE') bump(expectedRefusals, key);
        else bump(entry.errors, stored.code ?? 'UNKNOWN');
      };

      const manager = async (cookie: string) => {
        while (running()) {
          if (diskMounted) await upload(cookie);
          await call(cookie, OrganizationDashboard, {});
          await pause(2_000, 4_000);
          await call(cookie, Count_Tickets_By_List, {});
          await pause(2_000, 4_000);
          const [report, input] = pick(reports);
          await call(cookie, report, input);
          await pause(3_000, 6_000);
          if (Math.random() < 0.3) {
            const { answer, entry } = await timed(
              'export of the customers (xlsx)',
              () =>
                fetch(`${baseUrl}/api/exports/${ListCustomers.name}.xlsx`, {
                  headers: { cookie, origin: baseUrl },
                }),
              (text) => ({ ok: text.length > 0 }),
            );
            if (!answer.ok) bump(entry.errors, answer.code ?? 'EMPTY');
          }
          await pause(3_000, 6_000);
        }
      };

      // What the processes use, read every second while the load runs.
      const watched = () =>
        cluster.state().flatMap((api) => (api.pid ? [{ name: `api ${api.index}`, pid: api.pid }] : []));
      const firstUsage = new Map(
        watched().map(({ name, pid }) => [name, processUsage(pid)?.cpuSeconds ?? 0]),
      );
      const peakRss = new Map<string, number>();
      const firstMachine = machineTicks();
      const sampler = setInterval(() => {
        for (const { name, pid } of watched()) {
          const usage = processUsage(pid);
          if (usage) peakRss.set(name, Math.max(peakRss.get(name) ?? 0, usage.rssBytes));
        }
      }, 1_000);

      progress(`load: ${USERS} people for ${SECONDS} s (ramp ${RAMP_SECONDS} s)`);
      const loops = people.map(async (person, i) => {
        await sleep((RAMP_SECONDS * 1000 * i) / USERS);
        const run =
          person.role === 'co-ordinator' ? coordinator : person.role === 'manager' ? manager : technician;
        await run(cookies[i]);
      });
      const faultLines: string[] = [];
      const faults: Promise<void>[] = [];
      if (FAULTS.has('kill')) {
        faults.push(
          (async () => {
            await sleep((SECONDS * 1000) / 3);
            const victim = cluster.state()[0];
            const at = performance.now();
            process.kill(victim.pid!, 'SIGKILL');
            progress(`fault: kill -9 of api 1 (pid ${victim.pid})`);
            while (!(cluster.state()[0].healthy && cluster.state()[0].restarts > victim.restarts))
              await sleep(250);
            faultLines.push(
              `kill -9 of api 1 at ${formatFixed((at - started) / 1000, 0)} s: started again and back in nginx's upstream ${formatFixed((performance.now() - at) / 1000, 1)} s later`,
            );
          })(),
        );
      }
      if (FAULTS.has('postgres')) {
        faults.push(
          (async () => {
            await sleep((SECONDS * 2000) / 3);
            const [version, name] = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
              .stdout.trim()
              .split(/\s+/);
            const at = performance.now();
            progress(`fault: pg_ctlcluster ${version} ${name} restart`);
            const restart = spawnSync('pg_ctlcluster', [version, name, 'restart'], { encoding: 'utf8' });
            faultLines.push(
              restart.status === 0
                ? `PostgreSQL ${version}/${name} restarted at ${formatFixed((at - started) / 1000, 0)} s (pg_ctlcluster took ${formatFixed((performance.now() - at) / 1000, 1)} s)`
                : `PostgreSQL could not be restarted: ${restart.stderr.trim()}`,
            );
          })(),
        );
      }
      const ticker = setInterval(() => {
        const done = [...stats.values()].reduce((sum, entry) => sum + entry.latencies.length, 0);
        progress(
          `${Math.round((performance.now() - started) / 1000)} s: ${done} answers, ${created.size} tickets created, ${closed.size} closed`,
        );
      }, 30_000);
      await Promise.all([...loops, ...faults]);
      clearInterval(ticker);
      clearInterval(sampler);
      const elapsedMs = performance.now() - started;
      const lastMachine = machineTicks();

      for (const [label, entry] of [...stats.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        const errors = [...entry.errors.values()].reduce((sum, n) => sum + n, 0);
        const result: LoadResult = {
          requests: entry.latencies.length + errors,
          errors,
          elapsedMs,
          latenciesMs: Float64Array.from(entry.latencies),
          firstError: errors
            ? [...entry.errors.entries()].map(([code, n]) => `${code} ×${n}`).join(', ')
            : undefined,
        };
        await measure(label, 'subject', async () => result);
      }
      const answers = [...stats.values()].reduce((sum, entry) => sum + entry.latencies.length, 0);
      const errorCodes = new Map<string, number>();
      for (const entry of stats.values())
        for (const [code, n] of entry.errors) errorCodes.set(code, (errorCodes.get(code) ?? 0) + n);
      note(
        `${USERS} people (${roles.filter((role) => role === 'co-ordinator').length} co-ordinators, ${technicianIds.length} technicians, ${roles.filter((role) => role === 'manager').length} managers) for ${formatFixed(elapsedMs / 1000, 0)} s through nginx and ${PROCESSES} API processes: ${answers} answers, ${formatFixed((answers * 1000) / elapsedMs, 1)} a second`,
      );
      note(
        `errors by code: ${errorCodes.size ? [...errorCodes.entries()].map(([code, n]) => `${code} ${n}`).join(', ') : 'none'}; refusals that were the right answer: ${expectedRefusals.size ? [...expectedRefusals.entries()].map(([what, n]) => `${what} ${n}`).join(', ') : 'none'}`,
      );
      note(
        `tried again and then answered: ${recovered.size ? [...recovered.entries()].map(([what, n]) => `${what} ${n}`).join(', ') : 'none'}`,
      );
      for (const line of faultLines) note(`fault: ${line}`);
      const cpuLines = watched().map(({ name, pid }) => {
        const used = (processUsage(pid)?.cpuSeconds ?? 0) - (firstUsage.get(name) ?? 0);
        return `${name} ${formatFixed((100 * used) / (elapsedMs / 1000), 0)}% of a core, peak RSS ${formatFixed((peakRss.get(name) ?? 0) / 2 ** 20, 0)} MB`;
      });
      const machineBusy =
        (100 * (lastMachine.busy - firstMachine.busy)) / (lastMachine.total - firstMachine.total);
      note(
        `${cpuLines.join('; ')}; the whole machine (${os.cpus().length} cores, PostgreSQL and this client included) ${formatFixed(machineBusy, 0)}% busy`,
      );

      // Every acknowledged write is in the database, and no ticket number was given twice.
      const createdIds = [...created.keys()];
      const [{ found }] = await env.database.query<{ found: number }>(
        'SELECT count(*)::int AS found FROM ticket WHERE id = ANY($1)',
        [createdIds],
      );
      const [{ closedFound }] = await env.database.query<{ closedFound: number }>(
        `SELECT count(*)::int AS "closedFound" FROM ticket WHERE id = ANY($1) AND state = 'CLOSED'`,
        [[...closed]],
      );
      const duplicates = await env.database.query<{ ticket_number: string }>(
        'SELECT ticket_number FROM ticket WHERE organization_id = $1 GROUP BY ticket_number HAVING count(*) > 1',
        [demo.id],
      );
      note(
        `acknowledged writes found afterwards: ${found} of ${created.size} tickets created, ${closedFound} of ${closed.size} closed with the customer's code (lost: ${created.size - found + closed.size - closedFound}); ticket numbers given twice: ${duplicates.length}`,
      );
      // Durable jobs went on: every mail queued during the load (closure codes) is delivered.
      const drainUntil = performance.now() + 60_000;
      let waiting = 0;
      for (;;) {
        [{ waiting }] = await env.database.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM mail_outbox WHERE status IN ('QUEUED', 'SENDING')`,
        );
        if (waiting === 0 || performance.now() > drainUntil) break;
        await sleep(1_000);
      }
      const [{ mails }] = await env.database.query<{ mails: number }>(
        'SELECT count(*)::int AS mails FROM mail_outbox',
      );
      note(`mails queued during the load still waiting a minute later: ${waiting} of ${mails}`);
    } finally {
      await cluster.stop();
      if (diskMounted) spawnSync('umount', [filesDir]);
      // BENCH_LOAD_KEEP=1 keeps nginx's configuration and logs and every process's log to read.
      if (process.env.BENCH_LOAD_KEEP) note(`logs kept in ${path.join(workDir, 'run')}`);
      else fs.rmSync(workDir, { recursive: true, force: true });
    }
  },
});
