import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Several API processes on one PostgreSQL behind Debian's nginx (docs/operations.md#cluster).
 * Everything the processes share lives in PostgreSQL (sessions, rate-limit counters, durable jobs,
 * locks, the signing secret) and in DATA_DIR/files, so any process may answer any request. This
 * supervisor starts the processes one after another (the first migrates), writes nginx's
 * configuration, checks every process's /healthz and takes an unhealthy one out of nginx's
 * upstream (a reload), restarts a process that exits, and stops everything it started.
 */
export interface ClusterOptions {
  databaseUrl: string;
  /** How many API processes (2 by default). */
  processes?: number;
  /** Where nginx listens; the API processes listen on 127.0.0.1 at port+1 .. port+N. */
  host: string;
  port: number;
  /** The portal's address as people reach it; the proxy's own address by default. */
  publicUrl?: string;
  /** DATA_DIR shared by every process (its files/). */
  dataDir: string;
  /** Where nginx's configuration, pid and temporary files, and every process's log are written. */
  runDir: string;
  /** More settings for every API process (SMTP_URL, LOG_LEVEL, ...). */
  env?: Record<string, string>;
  /** How often each process's /healthz is read. */
  healthEveryMs?: number;
  /** Supervision events, a line each (started, unhealthy, restarted). */
  say?: (line: string) => void;
}

export interface ClusterProcessState {
  index: number;
  port: number;
  pid: number | undefined;
  healthy: boolean;
  restarts: number;
}

export interface Cluster {
  proxyUrl: string;
  runDir: string;
  state(): ClusterProcessState[];
  /** Each API process's log file (JSON lines, docs/operations.md#logs). */
  logFile(index: number): string;
  /** Stops nginx and every API process, and waits until none is left running. */
  stop(): Promise<void>;
}

export class ClusterError extends Error {}

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const NGINX = '/usr/sbin/nginx';
/** A process that fails its health check this many times in a row leaves the upstream. */
const FAILURES_TO_LEAVE = 2;
const START_TIMEOUT_MS = 90_000;

interface ApiProcess extends ClusterProcessState {
  child: ChildProcess | undefined;
  failures: number;
  startedAt: number;
}

/** nginx's configuration for the processes as they stand: an unhealthy one is marked down. */
export function nginxConfig(options: {
  runDir: string;
  host: string;
  port: number;
  upstreams: { port: number; healthy: boolean }[];
}): string {
  const { runDir } = options;
  // With every process unhealthy nginx would refuse everything: it then tries them all.
  const anyHealthy = options.upstreams.some((upstream) => upstream.healthy);
  const servers = options.upstreams
    .map(
      (upstream) =>
        `    server 127.0.0.1:${upstream.port} max_fails=3 fail_timeout=5s${anyHealthy && !upstream.healthy ? ' down' : ''};`,
    )
    .join('\n');
  const temp = (name: string) => path.join(runDir, 'tmp', name);
  return `# Written by npm run cluster (docs/operations.md#cluster); rewritten when a process's health changes.
worker_processes 1;
daemon off;
pid ${path.join(runDir, 'nginx.pid')};
error_log ${path.join(runDir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log ${path.join(runDir, 'nginx-access.log')};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # The portal decides how large a request may be, and says so in its own words.
  client_max_body_size 64m;
  # A request id given by the caller is kept (the portal logs it, docs/operations.md#logs); else nginx's own.
  map $http_x_request_id $fieldport_request_id {
    default $http_x_request_id;
    "" $request_id;
  }
  upstream fieldport_api {
${servers}
    keepalive 32;
  }
  server {
    listen ${options.host}:${options.port};
    location / {
      proxy_pass http://fieldport_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The client's address as nginx saw it, replacing any the client sent (TRUST_PROXY=1 reads it).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $fieldport_request_id;
      # A process that refuses the connection is skipped; a request already sent to one that then
      # died is not sent again (a write might have been done), unless it was a GET or HEAD.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 300s;
      # Exports stream: passed on as they are written, not held on nginx's disk. Uploads too: the
      # portal checks a file's size and type as it reads it, and nginx's workers (another user when
      # it runs as root) need no place on disk of their own.
      proxy_buffering off;
      proxy_request_buffering off;
    }
  }
}
`;
}

/** nginx from Debian's packages, or a message saying how to get it. */
export function findNginx(): string {
  if (fs.existsSync(NGINX)) return NGINX;
  throw new ClusterError("nginx is not installed: apt-get install -y nginx-light (Debian's package)");
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginx = findNginx();
  const count = options.processes ?? 2;
  if (!Number.isInteger(count) || count < 1 || count > 32) {
    throw new ClusterError('processes: must be a whole number from 1 to 32');
  }
  if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    throw new ClusterError(
      'DATABASE_URL: the cluster needs PostgreSQL (the embedded database belongs to one process)',
    );
  }
  const say = options.say ?? (() => undefined);
  const runDir = path.resolve(options.runDir);
  const proxyUrl = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${options.port}`;
  const healthEveryMs = options.healthEveryMs ?? 2_000;
  await fsp.mkdir(path.join(runDir, 'tmp'), { recursive: true });
  const configFile = path.join(runDir, 'nginx.conf');
  const logFile = (index: number) => path.join(runDir, `api-${index}.log`);

  const processes: ApiProcess[] = Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    port: options.port + i + 1,
    pid: undefined,
    healthy: false,
    restarts: 0,
    child: undefined,
    failures: 0,
    startedAt: 0,
  }));
  let stopping = false;
  let nginxProcess: ChildProcess | undefined;
  let healthTimer: ReturnType<typeof setInterval> | undefined;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const healthOf = async (api: ApiProcess) => {
    try {
      const response = await fetch(`http://127.0.0.1:${api.port}/healthz`, {
        signal: AbortSignal.timeout(2_000),
      });
      return response.ok;
    } catch {
      return false;
    }
  };

  const writeConfig = async () => {
    await fsp.writeFile(
      configFile,
      nginxConfig({ runDir, host: options.host, port: options.port, upstreams: processes }),
    );
  };
  /** nginx reads its configuration again: new workers take the new upstream, old ones finish. */
  const reloadNginx = async () => {
    await writeConfig();
    nginxProcess?.kill('SIGHUP');
  };

  const spawnApi = (api: ApiProcess) => {
    const log = fs.createWriteStream(logFile(api.index), { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...options.env,
        PORT: String(api.port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.dataDir,
        PUBLIC_URL: options.publicUrl ?? proxyUrl,
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    api.child = child;
    api.pid = child.pid;
    api.startedAt = Date.now();
    api.failures = 0;
    child.once('exit', (code, signal) => {
      log.end();
      if (api.child !== child) return;
      api.child = undefined;
      api.pid = undefined;
      if (stopping) return;
      const wasHealthy = api.healthy;
      api.healthy = false;
      say(`api ${api.index} (port ${api.port}) exited (${signal ?? `code ${code}`}); restarting it`);
      if (wasHealthy) void reloadNginx();
      // A process that dies at once again and again is restarted less and less often.
      const quickly = Date.now() - api.startedAt < 10_000;
      const delay = quickly ? Math.min(30_000, 1_000 * 2 ** Math.min(api.restarts, 5)) : 500;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopping) return;
        api.restarts += 1;
        spawnApi(api);
      }, delay);
      timers.add(timer);
    });
  };

  const untilHealthy = async (api: ApiProcess) => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await healthOf(api))) {
      if (!api.child)
        throw new ClusterError(`api ${api.index} exited while starting: see ${logFile(api.index)}`);
      if (Date.now() > deadline)
        throw new ClusterError(`api ${api.index} did not answer /healthz in 90 s: see ${logFile(api.index)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    api.healthy = true;
    api.failures = 0;
  };

  let checking = false;
  const checkHealth = async () => {
    // A check slower than the interval (a process not answering) is not overlapped by the next.
    if (checking) return;
    checking = true;
    try {
      await checkHealthOnce();
    } finally {
      checking = false;
    }
  };
  const checkHealthOnce = async () => {
    const changed = await Promise.all(
      processes.map(async (api) => {
        if (!api.child) return false;
        const ok = await healthOf(api);
        if (ok) {
          api.failures = 0;
          if (api.healthy) return false;
          api.healthy = true;
          say(`api ${api.index} (port ${api.port}) is healthy`);
          return true;
        }
        api.failures += 1;
        if (!api.healthy || api.failures < FAILURES_TO_LEAVE) return false;
        api.healthy = false;
        say(`api ${api.index} (port ${api.port}) failed its health check; nginx stops sending it requests`);
        return true;
      }),
    );
    if (!stopping && changed.some(Boolean)) await reloadNginx();
  };

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(healthTimer);
    for (const timer of timers) clearTimeout(timer);
    const ended = (child: ChildProcess) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const children = [nginxProcess, ...processes.map((api) => api.child)].filter(
      (child): child is ChildProcess => child !== undefined,
    );
    // nginx first (SIGQUIT: finish what is in flight), then the processes (SIGTERM: close cleanly).
    nginxProcess?.kill('SIGQUIT');
    for (const api of processes) api.child?.kill('SIGTERM');
    const graceful = Promise.all(children.map(ended));
    const late = setTimeout(() => {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }, 15_000);
    await graceful;
    clearTimeout(late);
  };

  try {
    // One after another: the first applies the migrations (under their advisory lock), and a
    // portal with demo data on an empty database creates it once.
    for (const api of processes) {
      spawnApi(api);
      await untilHealthy(api);
      say(`api ${api.index} is up on 127.0.0.1:${api.port} (pid ${api.pid})`);
    }
    await writeConfig();
    const test = spawnSync(nginx, ['-t', '-p', runDir, '-c', configFile], { encoding: 'utf8' });
    if (test.status !== 0) throw new ClusterError(`nginx refused its configuration:\n${test.stderr}`);
    const proxy = spawn(nginx, ['-p', runDir, '-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginxProcess = proxy;
    let nginxErrors = '';
    proxy.stderr?.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString()));
    proxy.once('exit', (code, signal) => {
      if (!stopping) say(`nginx exited (${signal ?? `code ${code}`}): ${nginxErrors.trim()}`);
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (proxy.exitCode !== null) throw new ClusterError(`nginx did not start: ${nginxErrors.trim()}`);
      try {
        if ((await fetch(`${proxyUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new ClusterError(`nginx did not answer on ${proxyUrl} in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    say(`nginx is up on ${proxyUrl}, in front of ${count} API process${count > 1 ? 'es' : ''}`);
    healthTimer = setInterval(() => void checkHealth(), healthEveryMs);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    proxyUrl,
    runDir,
    logFile,
    state: () =>
      processes.map(({ index, port, pid, healthy, restarts }) => ({ index, port, pid, healthy, restarts })),
    stop,
  };
}
