import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DataOf, OperationDef } from '@fieldport/contract/operation';
import type { GraphqlAnswer } from './harness.ts';

/**
 * The real server in a process of its own (`apps/server/src/main.ts`, as `npm start` runs it) on a
 * database the test names, spoken to over HTTP: for what only separate processes show, such as two
 * servers racing on one PostgreSQL.
 */
export interface ServerProcess {
  baseUrl: string;
  /** Signs in as a browser does; returns the Cookie header. */
  signIn(email: string, password: string): Promise<string>;
  call<Op extends OperationDef>(cookie: string, op: Op, input: unknown): Promise<GraphqlAnswer<DataOf<Op>>>;
  /** Ends the process at once (SIGKILL, `kill -9`): nothing it was doing is finished or undone. */
  kill(): Promise<void>;
  /** What it printed: the console outbox's mails among the log lines. */
  output(): string;
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-process-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      // The web app is not needed: the API answers without it.
      WEB_DIST_DIR: dataDir,
      AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '1000',
      AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const close = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) {
      await close();
      throw new Error(`The server process exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`The server process did not start in 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    async signIn(email, password) {
      const response = await fetch(`${baseUrl}/auth/sign-in/email`, {
        method: 'POST',
        // The identity provider refuses a sign-in from another origin than the portal's own.
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200) {
        throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
      }
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    },
    async call(cookie, op, input) {
      const response = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
        body: JSON.stringify({
          query: `${op.kind} Call($input: JSON) { ${op.name}(input: $input) }`,
          variables: { input },
        }),
      });
      const body = (await response.json()) as {
        data?: Record<string, string> | null;
        errors?: GraphqlAnswer<never>['errors'];
      };
      const raw = body.data?.[op.name];
      return { envelope: raw ? JSON.parse(raw) : undefined, errors: body.errors };
    },
    async kill() {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGKILL');
        await exited;
      }
    },
    output: () => output,
    close,
  };
}
