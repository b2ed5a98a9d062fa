import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Starts a TypeScript module as a Node process of its own, with an IPC channel and its heap capped
 * at `heapMb` (docs/architecture.md#processes-of-their-own). The process loads TypeScript the way
 * the server does (tsx), whichever way this process was started (tsx, a test runner), and inherits
 * the environment and the standard streams, so that its log lines join the server's.
 */
export function forkTypeScript(entry: URL, options: { heapMb: number }): ChildProcess {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return fork(entry, [], {
    execArgv: ['--import', tsx, `--max-old-space-size=${options.heapMb}`],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
}
