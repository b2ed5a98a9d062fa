// Precompresses the web build (docs/operations.md#compression-and-caching): after every
// `vite build`, each text file of the build gets a brotli (.br) and a gzip (.gz) copy beside it,
// at the highest levels, so that the server sends them as they are and never compresses an asset
// per request. Files too small to gain, and files that do not shrink, get no copy.
//
//   node scripts/precompress.mjs [dist dir]     (default apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The extensions of the text files a browser loads from the build. */
export const COMPRESSIBLE = new Set([
  '.js',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.map',
]);

/** Below this a compressed copy saves less than a packet's header costs. */
export const MIN_BYTES = 1024;

/** Every file under `dir` that may be served, depth first, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    // Vite's own records (.vite/manifest.json) are not served.
    if (entry.name.startsWith('.')) return [];
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/**
 * Writes `file.br` and `file.gz` beside each compressible file of `dir` and removes stale copies
 * of files that no longer qualify. Answers what was written, for the printed summary and tests.
 */
export function precompress(dir) {
  const written = [];
  for (const file of filesUnder(dir)) {
    const extension = path.extname(file);
    if (extension === '.br' || extension === '.gz') continue;
    const full = path.join(dir, file);
    const source = fs.readFileSync(full);
    const copies = {
      br: () =>
        brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
      gz: () => gzipSync(source, { level: 9 }),
    };
    const qualifies = COMPRESSIBLE.has(extension) && source.length >= MIN_BYTES;
    for (const [suffix, compress] of Object.entries(copies)) {
      const target = `${full}.${suffix}`;
      const compressed = qualifies ? compress() : null;
      if (compressed && compressed.length < source.length) {
        fs.writeFileSync(target, compressed);
        written.push({ file: `${file}.${suffix}`, bytes: compressed.length, originalBytes: source.length });
      } else {
        fs.rmSync(target, { force: true });
      }
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
  const written = precompress(dist);
  const sum = (suffix, key) =>
    written.filter((copy) => copy.file.endsWith(suffix)).reduce((total, copy) => total + copy[key], 0);
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `Precompressed ${written.length / 2} files of ${kB(sum('.br', 'originalBytes'))}: ` +
      `brotli ${kB(sum('.br', 'bytes'))}, gzip ${kB(sum('.gz', 'bytes'))}.`,
  );
}
