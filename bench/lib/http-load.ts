import { Worker } from 'node:worker_threads';
import type { LoadOptions, LoadResult } from './load.ts';

/** One HTTP request as a client sends it; worker i of the load sends `requests[i % length]`. */
export interface HttpRequestSpec {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpLoadOptions extends LoadOptions {
  requests: HttpRequestSpec[];
  /** A call counts as an error unless the status is 200 and the body contains this text. */
  expect?: string;
}

/**
 * Runs the HTTP load in a worker thread: the client's own work (building requests, parsing
 * answers) then runs on its own event loop instead of the server's, as a separate client would.
 * Node's fetch (undici) keeps connections alive, so each worker keeps one connection.
 */
export function runHttpLoad(options: HttpLoadOptions): Promise<LoadResult> {
  // The worker needs tsx's loader to read TypeScript; registering it from a small bootstrap is the
  // way that works on Node 20 (execArgv --import does not reach the worker's entry module).
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./http-load-worker.ts', import.meta.url).href;
  const bootstrap =
    `import(${JSON.stringify(loader)})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: options });
    let settled = false;
    worker.once('message', (result: LoadResult) => {
      settled = true;
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The HTTP load worker stopped with code ${code} before answering.`));
    });
  });
}
