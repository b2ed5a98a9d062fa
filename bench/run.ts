import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, USAGE, UsageError, type CliOptions } from './lib/args.ts';
import { createContext, type Benchmark, type BenchOptions, type ContextRecord } from './lib/benchmark.ts';
import { cleanupOnSignals } from './lib/cleanup.ts';
import { DATABASE_LABELS, prepareEnvironment, type DatabaseKind } from './lib/environment.ts';
import { machineFacts } from './lib/machine.ts';
import { checkPostgres, postgresServerUrl, redactUrl } from './lib/postgres.ts';
import { errorLines, formatMeasurements, headlineRatios } from './lib/report.ts';

/**
 * `npm run bench`: finds the benchmarks (bench/<name>.bench.ts, each exporting `benchmark`), runs
 * the selected ones on each database, and prints one table per benchmark. It measures and never
 * asserts (docs/architecture.md#tests); a copy of the figures goes to bench/out/ as JSON.
 */

const BENCH_DIR = import.meta.dirname;
const SUFFIX = '.bench.ts';

async function discoverBenchmarks(): Promise<Benchmark[]> {
  const files = fs
    .readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith(SUFFIX))
    .sort();
  const found: Benchmark[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(BENCH_DIR, file)).href)) as {
      benchmark?: Benchmark;
    };
    const expected = file.slice(0, -SUFFIX.length);
    if (!module.benchmark) throw new Error(`bench/${file} does not export \`benchmark\`.`);
    if (module.benchmark.name !== expected) {
      throw new Error(
        `bench/${file} exports a benchmark named "${module.benchmark.name}", expected "${expected}".`,
      );
    }
    found.push(module.benchmark);
  }
  return found;
}

function select(all: Benchmark[], only: string[]): Benchmark[] {
  if (only.length === 0) return all;
  const unknown = only.filter((name) => !all.some((benchmark) => benchmark.name === name));
  if (unknown.length) {
    throw new UsageError(
      `No benchmark named ${unknown.join(', ')}. Available: ${all.map((benchmark) => benchmark.name).join(', ')}.`,
    );
  }
  return all.filter((benchmark) => only.includes(benchmark.name));
}

/** The databases to run on, and a line saying why. */
async function chooseDatabases(
  cli: CliOptions,
): Promise<{ kinds: DatabaseKind[]; line: string } | undefined> {
  const serverUrl = postgresServerUrl();
  if (cli.db === 'pglite') return { kinds: ['pglite'], line: 'PGlite only (--db pglite)' };
  const reach = await checkPostgres(serverUrl);
  if (reach.ok) {
    const kinds: DatabaseKind[] = cli.db === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
    return {
      kinds,
      line: `${kinds.map((kind) => DATABASE_LABELS[kind]).join(' and ')} (PostgreSQL ${reach.version} at ${redactUrl(serverUrl)})`,
    };
  }
  const why = `PostgreSQL is not reachable at ${redactUrl(serverUrl)} (${reach.reason})`;
  if (cli.db === 'postgres') {
    console.error(`${why}. Set BENCH_DATABASE_URL, or run with --db pglite.`);
    return undefined;
  }
  console.log(`${why}: running on PGlite only. Set BENCH_DATABASE_URL to include PostgreSQL.`);
  return { kinds: ['pglite'], line: `PGlite only (${why})` };
}

async function main(): Promise<number> {
  let cli: CliOptions;
  let benchmarks: Benchmark[];
  try {
    cli = parseArgs(process.argv.slice(2));
    if (cli.help) {
      console.log(USAGE);
      return 0;
    }
    benchmarks = select(await discoverBenchmarks(), cli.only);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  cleanupOnSignals();
  const databases = await chooseDatabases(cli);
  if (!databases) return 1;

  const options: BenchOptions = {
    concurrency: cli.concurrency,
    warmupMs: cli.warmupMs,
    durationMs: cli.durationMs,
    breakdown: cli.breakdown,
    cpuProfileDir: cli.cpuProfileDir,
  };
  const startedAt = new Date();
  console.log(`# Fieldport benchmarks, ${startedAt.toISOString()}\n`);
  for (const line of machineFacts()) console.log(`- ${line}`);
  console.log(
    `- ${options.concurrency} concurrent workers; per path ${options.warmupMs / 1000} s warm-up, then ${options.durationMs / 1000} s measured`,
  );
  console.log(`- databases: ${databases.line}`);

  let exitCode = 0;
  const output: unknown[] = [];
  for (const benchmark of benchmarks) {
    const record: ContextRecord = { measurements: [], notes: [] };
    const descriptions: string[] = [];
    process.stderr.write(`\n${benchmark.name}:\n`);
    for (const kind of databases.kinds) {
      const label = DATABASE_LABELS[kind];
      process.stderr.write(`  ${label}: preparing the app on a fresh database ...\n`);
      try {
        const env = await prepareEnvironment(kind, { postgresServerUrl: postgresServerUrl() });
        descriptions.push(`${label}: ${env.description}`);
        try {
          await benchmark.run(createContext(env, options, record));
        } finally {
          await env.close();
        }
      } catch (error) {
        exitCode = 1;
        record.notes.push(
          `${label}: the benchmark failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
      }
    }

    console.log(`\n## ${benchmark.name}: ${benchmark.title}\n`);
    for (const line of descriptions) console.log(`- ${line}`);
    console.log('');
    if (record.measurements.length) console.log(formatMeasurements(record.measurements));
    const lines = [
      ...headlineRatios(record.measurements),
      ...record.notes,
      ...errorLines(record.measurements),
    ];
    if (lines.length) console.log(`\n${lines.map((line) => `- ${line}`).join('\n')}`);
    output.push({ benchmark: benchmark.name, title: benchmark.title, databases: descriptions, ...record });
  }

  const outDir = path.join(BENCH_DIR, 'out');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ startedAt, machine: machineFacts(), options, results: output }, null, 2)}\n`,
  );
  console.log(`\n(figures also in ${path.relative(process.cwd(), file)})`);
  return exitCode;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
