import http from 'node:http';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { openDatabase, type Database } from '../db/client.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';
import { startCluster, type Cluster } from './cluster.ts';

// docs/operations.md#cluster: two API processes on one PostgreSQL behind Debian's nginx, as
// `npm run cluster` starts them. What they share lives in PostgreSQL, so a session made on one is
// good on the other, a client's sign-ins are counted across both by the address nginx saw, and a
// process killed with kill -9 is routed around and started again. Two processes racing for one
// ticket are in tickets/claim-storm.test.ts, durable jobs across processes in durable-jobs.test.ts.

const IP_SIGN_INS_PER_MINUTE = 6;

interface Answer {
  status: number;
  body: string;
  json: () => unknown;
  cookies: string;
}

let cluster: Cluster;
let database: Database;
let owner: { email: string };
let workDir: string;

/** A request through the cluster from a loopback address of the test's choosing (127.0.0.x). */
function send(options: {
  method?: string;
  path: string;
  from?: string;
  headers?: Record<string, string>;
  body?: unknown;
}): Promise<Answer> {
  const url = new URL(options.path, cluster.proxyUrl);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: options.from ?? '127.0.0.1',
        // A connection of its own: nginx closes idle ones when it reloads (a process leaving or
        // joining), and a browser would simply retry on a new one.
        agent: false,
        // better-auth and the GraphQL endpoint take requests from the portal's own origin only.
        headers: {
          origin: cluster.proxyUrl,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            json: () => JSON.parse(text) as unknown,
            cookies: (response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; '),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const signIn = (email: string, password: string, from: string) =>
  send({ path: '/auth/sign-in/email', from, body: { email, password } });

const whoAmI = (cookie: string, requestId: string, from = '127.0.0.3') =>
  send({
    path: '/graphql',
    from,
    headers: { cookie, 'x-request-id': requestId },
    body: {
      query: 'query Call($input: JSON) { Get_Current_User_Details(input: $input) }',
      variables: { input: {} },
    },
  });

/** The request ids each API process logged (one JSON line per request, docs/operations.md#logs). */
async function requestIdsServedBy(index: number): Promise<Set<string>> {
  const lines = (await fs.readFile(cluster.logFile(index), 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('{'));
  return new Set(lines.map((line) => (JSON.parse(line) as { request_id?: string }).request_id ?? ''));
}

/** Three ports in a row that nothing listens on: nginx's, then one per API process. */
async function freePortRun(length: number): Promise<number> {
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (;;) {
    const start = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = Array.from({ length }, (_, i) => start + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return start;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  const databaseUrl = process.env.TEST_DATABASE_URL!;
  database = await openDatabase({ databaseUrl });
  ({
    members: { OWNER: owner },
  } = await seedTestOrganization(database.db));
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-cluster-'));
  cluster = await startCluster({
    databaseUrl,
    processes: 2,
    host: '127.0.0.1',
    port: await freePortRun(3),
    dataDir: path.join(workDir, 'data'),
    runDir: path.join(workDir, 'run'),
    healthEveryMs: 500,
    env: {
      DEMO: '0',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: workDir,
      AUTH_RATE_LIMIT_IP_PER_MINUTE: String(IP_SIGN_INS_PER_MINUTE),
      AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '1000',
      AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '1000',
    },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await database?.close();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe('the cluster (two API processes behind nginx)', () => {
  it('keeps a session made through one process good on both', async () => {
    const signedIn = await signIn(owner.email, TEST_PASSWORD, '127.0.0.3');
    expect(signedIn.status).toBe(200);
    const ids = Array.from({ length: 12 }, (_, i) => `cluster-session-${i}`);
    for (const id of ids) {
      const answer = await whoAmI(signedIn.cookies, id);
      expect(answer.status).toBe(200);
      const data = (answer.json() as { data: { Get_Current_User_Details: string } }).data;
      expect(JSON.parse(data.Get_Current_User_Details)).toMatchObject({
        data: { items: [expect.objectContaining({ user_email_id: owner.email })] },
      });
    }
    // nginx shares the requests between the processes; each logged the id the caller gave.
    // (A log line may reach its file a moment after the answer.)
    await expect
      .poll(async () => {
        const served = await Promise.all([requestIdsServedBy(1), requestIdsServedBy(2)]);
        return {
          everyOneLogged: ids.every((id) => served.some((byProcess) => byProcess.has(id))),
          servedByEach: served.map((byProcess) => ids.some((id) => byProcess.has(id))),
        };
      })
      .toEqual({ everyOneLogged: true, servedByEach: [true, true] });
  });

  it("counts a client's sign-ins across both processes, by the address nginx saw", async () => {
    // Every attempt names another (unknown) account, so only the per-address limit can refuse it.
    // A loopback address of this run's own: the counters live in the database for a minute.
    const client = `127.1.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    for (let attempt = 1; attempt <= IP_SIGN_INS_PER_MINUTE; attempt += 1) {
      const answer = await signIn(`nobody.${attempt}@cluster.test`, 'Wrong@12345', client);
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    const refused = await signIn('nobody.last@cluster.test', 'Wrong@12345', client);
    expect(refused.status).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
    // A header the client makes up is not believed: nginx replaces X-Forwarded-For with the address
    // it saw, so the refused client cannot pose as another.
    const posing = await send({
      path: '/auth/sign-in/email',
      from: client,
      headers: { 'x-forwarded-for': '198.51.100.7' },
      body: { email: 'nobody.posing@cluster.test', password: 'Wrong@12345' },
    });
    expect(posing.status).toBe(429);
    // Another client, through the same nginx and the same processes, is not refused.
    expect((await signIn(owner.email, TEST_PASSWORD, '127.0.0.5')).status).toBe(200);
  });

  it('passes an upload through to a process as it arrives, and the file is kept', async () => {
    const signedIn = await signIn(owner.email, TEST_PASSWORD, '127.0.0.3');
    const size = 256 * 1024;
    const asked = await send({
      path: '/graphql',
      from: '127.0.0.3',
      headers: { cookie: signedIn.cookies },
      body: {
        query: 'mutation Call($input: JSON) { GenerateS3Url(input: $input) }',
        variables: {
          input: {
            file_purpose: 'SERVICE_FILE',
            file_name: 'unit.png',
            file_type: 'image/png',
            file_size: size,
          },
        },
      },
    });
    const envelope = JSON.parse((asked.json() as { data: { GenerateS3Url: string } }).data.GenerateS3Url) as {
      data: { items: { upload_url: string; upload_headers: Record<string, string> }[] };
    };
    const [ticket] = envelope.data.items;
    // A PNG's first bytes, then the rest of a photo's size: more than nginx keeps in memory.
    const bytes = Buffer.alloc(size);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    const response = await fetch(new URL(ticket.upload_url, cluster.proxyUrl), {
      method: 'PUT',
      headers: ticket.upload_headers,
      body: bytes,
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { code: 'OK', message: 'File uploaded' },
    });
  });

  it('routes around a process killed with kill -9, and starts it again', async () => {
    const signedIn = await signIn(owner.email, TEST_PASSWORD, '127.0.0.6');
    const killed = cluster.state()[0];
    process.kill(killed.pid!, 'SIGKILL');
    await expect.poll(() => alive(killed.pid!)).toBe(false);

    // Every request is answered meanwhile: a refused connection is passed to the other process.
    for (let i = 0; i < 10; i += 1) {
      expect((await whoAmI(signedIn.cookies, `cluster-while-down-${i}`, '127.0.0.6')).status).toBe(200);
    }
    await expect
      .poll(() => cluster.state()[0], { timeout: 90_000, interval: 250 })
      .toMatchObject({ healthy: true, restarts: 1 });
    const restarted = cluster.state()[0];
    expect(restarted.pid).not.toBe(killed.pid);

    // Back in nginx's upstream: the restarted process answers again.
    const ids = Array.from({ length: 12 }, (_, i) => `cluster-after-restart-${i}`);
    for (const id of ids) expect((await whoAmI(signedIn.cookies, id, '127.0.0.6')).status).toBe(200);
    await expect
      .poll(async () => {
        const servedByRestarted = await requestIdsServedBy(1);
        return ids.some((id) => servedByRestarted.has(id));
      })
      .toBe(true);
  }, 120_000);

  it('stops nginx and every process, leaving nothing running', async () => {
    const pids = cluster.state().map((api) => api.pid!);
    const nginxPid = Number(await fs.readFile(path.join(cluster.runDir, 'nginx.pid'), 'utf8'));
    await cluster.stop();
    for (const pid of [...pids, nginxPid]) expect(alive(pid), `pid ${pid}`).toBe(false);
    await expect(send({ path: '/healthz' })).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);
});
