import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { ClusterError, startCluster } from './platform/cluster.ts';

// `npm run cluster -- [--processes N]` (docs/operations.md#cluster): N API processes on DATABASE_URL
// behind nginx on HOST:PORT, with the portal's other settings passed to every process. Ctrl-C (or
// SIGTERM) stops nginx and every process.

const USAGE = `Usage: DATABASE_URL=postgres://... npm run cluster -- [--processes N]
  nginx listens on HOST:PORT (default 127.0.0.1:3000); the API processes on 127.0.0.1:PORT+1 ... PORT+N.
  Logs, nginx's configuration and its temporary files go to DATA_DIR/cluster/.`;

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--processes');
  const processes = at >= 0 ? Number(argv[at + 1]) : 2;
  if (
    argv.some(
      (arg, index) => arg.startsWith('--') && arg !== '--processes' && argv[index - 1] !== '--processes',
    )
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'DATABASE_URL: the cluster needs PostgreSQL (the embedded database belongs to one process)\n' + USAGE,
    );
    return 2;
  }
  const runDir = path.join(config.dataDir, 'cluster');
  const say = (line: string) => console.log(`[cluster] ${line}`);
  const cluster = await startCluster({
    databaseUrl: config.databaseUrl,
    processes,
    host: config.host,
    port: config.port,
    publicUrl: process.env.PUBLIC_URL || undefined,
    dataDir: config.dataDir,
    runDir,
    say,
  });
  say(`the portal is at ${config.publicUrl}; logs in ${runDir}. Ctrl-C stops everything.`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      say(`${signal} received: stopping nginx and the API processes`);
      void cluster.stop().then(resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  say('stopped; nothing is left running');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ClusterError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
