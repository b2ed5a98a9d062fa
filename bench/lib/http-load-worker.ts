import { parentPort, workerData } from 'node:worker_threads';
import type { HttpLoadOptions } from './http-load.ts';
import { runLoad } from './load.ts';

// Started by runHttpLoad (http-load.ts) in a worker thread: runs the load and posts the result back.
const options = workerData as HttpLoadOptions;

const result = await runLoad(async (index) => {
  const spec = options.requests[index % options.requests.length];
  const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body });
  const text = await response.text();
  if (response.status !== 200 || (options.expect !== undefined && !text.includes(options.expect))) {
    throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
}, options);

parentPort!.postMessage(result, [result.latenciesMs.buffer as ArrayBuffer]);
