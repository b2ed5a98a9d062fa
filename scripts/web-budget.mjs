// The web size budget (docs/architecture.md#what-each-screen-loads): after every `vite build`,
// the gzip bytes of the JavaScript each screen loads, read from Vite's manifest. Prints a table of
// the chunks every time; exits non-zero, listing them, when a screen is over its budget.
//
//   node scripts/web-budget.mjs [dist dir]     (default apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Each screen: the manifest entries it loads (the page's own entry, and the lazy modules its route
 * opens before it shows) and the most gzip bytes of JavaScript allowed for them and everything they
 * import statically (what Vite modulepreloads with them). 1 kB = 1,000 bytes, as Vite prints.
 */
export const BUDGETS = [
  { name: 'sign-in', roots: ['index.html'], limitBytes: 150_000 },
  // The public landing page (docs/landing.md): as light as the sign-in screen, no MUI.
  { name: 'landing', roots: ['index.html', 'src/features/landing/landing-page.tsx'], limitBytes: 150_000 },
  {
    name: 'shell + dashboard',
    roots: ['index.html', 'src/ui/mui-providers.tsx', 'src/app/shell/shell-chunk.ts'],
    limitBytes: 300_000,
  },
];

/** The chunk files a screen loads: each root's file and, depth first, every chunk it imports statically. */
export function screenChunks(manifest, roots) {
  const files = [];
  const seen = new Set();
  const visit = (key, from) => {
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(
        from
          ? `The manifest has no chunk ${key} (imported by ${from}).`
          : `The manifest has no entry ${key}: the budget names a module that is no longer a chunk of its own.`,
      );
    }
    if (seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const root of roots) visit(root);
  return files;
}

/**
 * Sums each screen's chunks with `gzipBytes(file)` and compares with its limit. Pure, so that the
 * decision can be tested on a made-up manifest.
 */
export function checkBudgets(manifest, gzipBytes, budgets = BUDGETS) {
  const screens = budgets.map((budget) => {
    const chunks = screenChunks(manifest, budget.roots)
      .map((file) => ({ file, gzipBytes: gzipBytes(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    return {
      name: budget.name,
      limitBytes: budget.limitBytes,
      totalBytes,
      chunks,
      over: totalBytes > budget.limitBytes,
    };
  });
  return { ok: screens.every((screen) => !screen.over), screens };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The table printed after every build: per screen, its chunks, its total and its limit. */
export function formatReport({ screens }) {
  const lines = ['Web size budget (JavaScript, gzip):'];
  for (const screen of screens) {
    const excess = (screen.totalBytes - screen.limitBytes).toLocaleString('en');
    const verdict = screen.over ? `OVER BUDGET by ${excess} bytes` : 'ok';
    lines.push(
      `  ${screen.name}: ${kB(screen.totalBytes)} in ${screen.chunks.length} files, budget ${kB(screen.limitBytes)}: ${verdict}`,
    );
    for (const chunk of screen.chunks) lines.push(`    ${kB(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
  }
  return lines.join('\n');
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.resolve(process.argv[2] ?? path.join(here, '../apps/web/dist'));
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`${manifestFile} is missing: build with build.manifest on (apps/web/vite.config.ts).`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const result = checkBudgets(manifest, (file) => gzipSync(fs.readFileSync(path.join(dist, file))).length);
  if (result.ok) {
    console.log(formatReport(result));
  } else {
    console.error(formatReport(result));
    console.error('The web build is over its size budget (scripts/web-budget.mjs, docs/architecture.md).');
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
