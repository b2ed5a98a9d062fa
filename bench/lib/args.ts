/** The command line of `npm run bench` (see USAGE). */

export type DatabaseChoice = 'pglite' | 'postgres' | 'both';

export interface CliOptions {
  /** Benchmark names to run; empty means all. */
  only: string[];
  /** Undefined means: both when PostgreSQL is reachable, else PGlite. */
  db: DatabaseChoice | undefined;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  breakdown: boolean;
  /** A folder for a CPU profile of the server's thread during each measured subject. */
  cpuProfileDir: string | undefined;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]

  --only <name>[,<name>...]   run only these benchmarks (file bench/<name>.bench.ts)
  --db pglite|postgres|both   databases to run on (default: both when PostgreSQL is reachable,
                              else PGlite only). PostgreSQL is BENCH_DATABASE_URL, default
                              postgres://postgres@127.0.0.1:5432/postgres; a throwaway database
                              fieldport_bench_<random> is created there and dropped afterwards.
  --concurrency <n>           concurrent workers (default 8)
  --duration <seconds>        measured window per path (default 5)
  --warmup <seconds>          unrecorded warm-up before each window (default 1)
  --breakdown                 also measure the pieces of each path (slower)
  --cpu-profile <folder>      write a CPU profile (.cpuprofile, for Chrome DevTools) of the app's
                              thread during each measured subject over HTTP
  --help                      this text
`;

export class UsageError extends Error {}

function positiveNumber(flag: string, raw: string | undefined, integer: boolean): number {
  const value = Number(raw);
  if (raw === undefined || raw === '' || !Number.isFinite(value) || value < 0 || (integer && value < 1)) {
    throw new UsageError(`${flag} needs a ${integer ? 'whole number of at least 1' : 'number of seconds'}.`);
  }
  if (integer && !Number.isInteger(value)) throw new UsageError(`${flag} needs a whole number.`);
  return value;
}

export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = {
    only: [],
    db: undefined,
    concurrency: 8,
    warmupMs: 1000,
    durationMs: 5000,
    breakdown: false,
    cpuProfileDir: undefined,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value.`);
      i += 1;
      return next;
    };
    switch (flag) {
      case '--only':
        options.only.push(
          ...value()
            .split(',')
            .map((name) => name.trim().replace(/\.bench\.ts$/, ''))
            .filter(Boolean),
        );
        break;
      case '--db': {
        const db = value();
        if (db !== 'pglite' && db !== 'postgres' && db !== 'both') {
          throw new UsageError(`--db must be pglite, postgres or both, not "${db}".`);
        }
        options.db = db;
        break;
      }
      case '--concurrency':
        options.concurrency = positiveNumber(flag, value(), true);
        break;
      case '--duration':
        options.durationMs = positiveNumber(flag, value(), false) * 1000;
        if (options.durationMs === 0) throw new UsageError('--duration must be more than 0.');
        break;
      case '--warmup':
        options.warmupMs = positiveNumber(flag, value(), false) * 1000;
        break;
      case '--breakdown':
        options.breakdown = true;
        break;
      case '--cpu-profile':
        options.cpuProfileDir = value();
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new UsageError(`Unknown option ${arg}.`);
    }
  }
  return options;
}
