/**
 * The load loop every benchmark uses: N concurrent workers call one task back to back for a warm-up
 * and then for a measured window; each call that starts inside the window is timed with
 * performance.now(). Nothing is asserted: failures are counted and shown beside the figures.
 */

export interface LoadOptions {
  /** Workers calling the task at the same time. */
  concurrency: number;
  /** Calls before the window are not recorded (JIT, caches, connection pools warm up). */
  warmupMs: number;
  /** The measured window. */
  durationMs: number;
}

/** Raw outcome of one load run; `latenciesMs` holds one entry per successful call. */
export interface LoadResult {
  requests: number;
  errors: number;
  /** From the start of the window to the end of the last recorded call. */
  elapsedMs: number;
  latenciesMs: Float64Array;
  firstError?: string;
}

/** What a table row shows. */
export interface LoadSummary {
  requests: number;
  errors: number;
  elapsedMs: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  firstError?: string;
}

/** The task receives the number of its worker, so that each worker may use its own session. */
export type LoadTask = (worker: number) => Promise<void>;

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

export async function runLoad(task: LoadTask, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const measureFrom = performance.now() + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  let lastEnd = measureFrom;

  const worker = async (index: number) => {
    for (;;) {
      const started = performance.now();
      if (started >= measureUntil) return;
      let failed = false;
      try {
        await task(index);
      } catch (error) {
        failed = true;
        firstError ??= describeError(error);
      }
      const ended = performance.now();
      if (started < measureFrom) continue;
      if (failed) errors += 1;
      else latencies.push(ended - started);
      if (ended > lastEnd) lastEnd = ended;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));

  return {
    requests: latencies.length,
    errors,
    elapsedMs: lastEnd - measureFrom,
    latenciesMs: Float64Array.from(latencies),
    ...(firstError ? { firstError } : {}),
  };
}

/** Nearest-rank percentile of values sorted ascending; NaN when there are none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(result: LoadResult): LoadSummary {
  const sorted = Float64Array.from(result.latenciesMs).sort();
  return {
    requests: result.requests,
    errors: result.errors,
    elapsedMs: result.elapsedMs,
    throughput: result.elapsedMs > 0 ? (result.requests * 1000) / result.elapsedMs : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    ...(result.firstError ? { firstError: result.firstError } : {}),
  };
}
