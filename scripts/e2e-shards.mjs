#!/usr/bin/env node
// Runs the browser journeys as E2E_SHARDS (2 by default) vitest runs side by side, each with its own
// portal process, embedded database and port (e2e/global-setup.ts), over one share of the journey
// files. One run at a time leaves much of this machine idle: a journey often waits on its browser
// and its server. Every line a run prints is prefixed with its share; the exit code is the worst.
//
// The shares are balanced by how long each file took in a full run (e2e/durations.json, seconds;
// a file not listed counts as the median): the longest first, each to the share with the least so
// far. Given arguments (a file, a -t filter), one run takes them as they are.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '..');
const extra = process.argv.slice(2);
const shards = extra.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);

/** The journey files split into `shards` lists of about equal time. */
function balancedShares() {
  const files = fs
    .readdirSync(path.join(ROOT, 'e2e'), { recursive: true })
    .map((file) => `e2e/${String(file).split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.e2e.ts'))
    .sort();
  const known = JSON.parse(fs.readFileSync(path.join(ROOT, 'e2e/durations.json'), 'utf8'));
  const times = Object.values(known).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 30;
  const weight = (file) => known[file] ?? median;
  const shares = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = shares.reduce((least, share) => (share.seconds < least.seconds ? share : least));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shares;
}

function runShard(index, files) {
  const prefix = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  const args = ['vitest', 'run', '--project', 'e2e', ...files, ...extra];
  const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      process.stdout.write(`${prefix}finished: ${signal ? `killed by ${signal}` : `exit ${code}`}\n`);
      resolve(code ?? 1);
    });
  });
}

const started = Date.now();
const shares = shards > 1 ? balancedShares() : [{ files: [], seconds: 0 }];
if (shards > 1) {
  for (const [i, share] of shares.entries()) {
    console.log(`[e2e ${i + 1}/${shards}] ${share.files.length} files, about ${share.seconds} s when alone`);
  }
}
const codes = await Promise.all(shares.map((share, i) => runShard(i + 1, share.files)));
const failed = codes.filter((code) => code !== 0).length;
console.log(
  `[e2e] ${shards} share(s) in ${Math.round((Date.now() - started) / 1000)} s: ${failed === 0 ? 'all passed' : `${failed} failed`}`,
);
process.exit(failed === 0 ? 0 : 1);
