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
  /** A line above the table, e.g. the sentence. */
  title: string;
  run(context: BenchContext): Promise<void>;
}

export interface BenchOptions extends LoadOptions {
  /** Also measure the pieces of a path (--breakdown). */
  breakdown: boolean;
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
    async measure(path, role, load, group) {
      const seconds = (options.warmupMs + options.durationMs) / 1000;
      progress(`${path} (${seconds} s) ...`);
      const summary = summarize(await load());
      record.measurements.push({ database: env.label, path, role, summary, ...(group ? { group } : {}) });
      return summary;
    },
  };
}
