import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { BenchEnvironment } from './environment.ts';
import { summarize, type LoadOptions, type LoadResult, type LoadSummary } from './load.ts';

/**
 * A benchmark is a file `bench/<name>.bench.ts` exporting `benchmark`. The runner prepares an
 * environment per database (the app listening on a fresh, migrated, demo-seeded database), calls
 * `run` with it, and prints the measured paths of all databases in one table.
 */
export interface Benchmark {
  /** What --only selects; the file name without `.bench.ts`. */
  name: string;
  /** A line above the table, e.g. what is measured and why. */
  title: string;
  run(context: BenchContext): Promise<void>;
}

export interface BenchOptions extends LoadOptions {
  /** Also measure the pieces of a path (--breakdown). */
  breakdown: boolean;
  /** Where to write a CPU profile of each subject's measurement (--cpu-profile), if anywhere. */
  cpuProfileDir?: string;
}

/**
 * `subject`: what the benchmark is about; `baseline`: what it is compared with (its throughput is
 * the denominator of the ratio column); `detail`: a piece measured for the breakdown.
 */
export type MeasurementRole = 'subject' | 'baseline' | 'detail';

export interface Measurement {
  database: string;
  path: string;
  role: MeasurementRole;
  summary: LoadSummary;
  /**
   * For a benchmark with several subjects, each with its own baseline: rows of one group are
   * compared with that group's baseline. Rows without a group use the baseline without one.
   */
  group?: string;
}

export interface BenchContext {
  env: BenchEnvironment;
  options: BenchOptions;
  /** Runs one load and records its row under `path` (in `group`, see Measurement). */
  measure(
    path: string,
    role: MeasurementRole,
    load: () => Promise<LoadResult>,
    group?: string,
  ): Promise<LoadSummary>;
  /** A line printed under the table, prefixed with the database. */
  note(line: string): void;
  /** Progress on stderr while the benchmark prepares data. */
  progress(line: string): void;
}

export function defineBenchmark(benchmark: Benchmark): Benchmark {
  return benchmark;
}

export interface ContextRecord {
  measurements: Measurement[];
  notes: string[];
}

export function createContext(
  env: BenchEnvironment,
  options: BenchOptions,
  record: ContextRecord,
): BenchContext {
  const progress = (line: string) => process.stderr.write(`  ${env.label}: ${line}\n`);
  return {
    env,
    options,
    progress,
    note: (line) => record.notes.push(`${env.label}: ${line}`),
    async measure(label, role, load, group) {
      const seconds = (options.warmupMs + options.durationMs) / 1000;
      progress(`${label} (${seconds} s) ...`);
      const summary = summarize(
        options.cpuProfileDir && role === 'subject'
          ? await profiled(path.join(options.cpuProfileDir, `${env.kind}-${slug(label)}.cpuprofile`), load)
          : await load(),
      );
      record.measurements.push({
        database: env.label,
        path: label,
        role,
        summary,
        ...(group ? { group } : {}),
      });
      return summary;
    },
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * Runs a load with V8's sampling profiler on this thread, the app's (the HTTP load runs in a worker
 * thread of its own), and writes the profile where Chrome DevTools opens it.
 */
async function profiled(file: string, load: () => Promise<LoadResult>): Promise<LoadResult> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await load();
    const { profile } = await session.post('Profiler.stop');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify(profile));
    process.stderr.write(`  CPU profile: ${file}\n`);
    return result;
  } finally {
    session.disconnect();
  }
}
