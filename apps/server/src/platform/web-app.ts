import fs from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** A year: Vite names every file under assets/ by its content, so a changed file is a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything else of the build (index.html, the manifest, icons, the service worker sw.js) is
 * revalidated on every use: a new release reaches an installed app at its next start.
 */
const REVALIDATE = 'no-cache';

/** How long a browser may keep a file of the build, by where it lies in it. */
function cachePolicyOf(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  return relative[0] === 'assets' ? IMMUTABLE : REVALIDATE;
}

/** At most about 1 ms of brotli at quality 4 on one core. */
const SYNC_COMPRESSION_BYTES = 256 * 1024;

/**
 * Compression of every answer made per request (GraphQL, REST, CSV exports), brotli or gzip as the
 * client accepts (docs/operations.md#compression-and-caching). Registered before the routes.
 * Brotli's quality 4 compresses a page of a list about as well as gzip in a fraction of the
 * highest quality's time; the build's own files are precompressed at the highest level and carry
 * their Content-Encoding already, which this leaves alone, as it leaves files that do not shrink
 * (images, .xlsx).
 *
 * An answer held in memory (every GraphQL answer) up to SYNC_COMPRESSION_BYTES is compressed in one
 * call: a page of 50 tickets (77 kB of JSON) takes about 0.2 ms that way, where a zlib stream per
 * answer cost about 1 ms of the event loop's time in stream set-up and threadpool hand-overs
 * (docs/benchmarks.md). Larger answers and streams (exports) still go through a stream.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_COMPRESSION_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * The `Link` header that preloads a page's own chunks, their CSS and the chunks they import that the
 * entry does not, from the build's manifest (.vite/manifest.json): the browser fetches them with the
 * entry instead of after the entry has run and asked for them. Null when the build or none of the
 * modules is there (a build without a manifest still works, one round trip slower).
 */
export function preloadHeaderOf(root: string, moduleIds: readonly string[]): string | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return null;
  }
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const loaded = closure('index.html', new Set<string>());
  const wanted = new Set<string>();
  for (const moduleId of moduleIds) closure(moduleId, wanted);
  const chunks = [...wanted].filter((key) => !loaded.has(key));
  const scripts = chunks.map((key) => `</${manifest[key].file}>; rel=modulepreload`);
  const styles = chunks.flatMap((key) =>
    (manifest[key].css ?? []).map((css) => `</${css}>; rel=preload; as=style`),
  );
  return [...scripts, ...styles].join(', ') || null;
}

/**
 * Code preloaded with index.html for some pages, so that the browser fetches it beside the entry:
 * the public landing page's own chunk (docs/landing.md), and the shell's modules for every
 * signed-in page, which they need as soon as the entry has run
 * (docs/architecture.md#what-each-screen-loads). Those are named only to a browser that holds a
 * session: a signed-out visitor is sent to the sign-in screen, which needs none of it. A signed-in
 * page's own code is not named: fetched beside the entry it slowed the entry down about as much as
 * it saved (docs/benchmarks.md#web).
 */
export interface PagePreload {
  paths: readonly string[];
  /** Modules as the build's manifest names them. */
  modules: readonly string[];
  signedInOnly?: boolean;
}

/**
 * The built web app: its files, sent precompressed (.br/.gz beside each, written by the build) and
 * cached by cachePolicyOf; any other GET that wants a page gets index.html (history fallback).
 * API paths and paths with an extension answer 404 in JSON instead.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    apiPrefixes: string[];
    preloads?: readonly PagePreload[];
    /** Whether a request's Cookie header carries a session cookie of ours (for `signedInOnly`). */
    hasSession?: (cookieHeader: string | undefined) => boolean;
  },
): Promise<void> {
  const root = options.webDistDir;
  const webBuilt = fs.existsSync(path.join(root, 'index.html'));
  const preloads = new Map<string, { header: string; signedInOnly: boolean }>();
  for (const preload of webBuilt ? (options.preloads ?? []) : []) {
    const header = preloadHeaderOf(root, preload.modules);
    if (!header) continue;
    for (const page of preload.paths) {
      preloads.set(page, { header, signedInOnly: preload.signedInOnly ?? false });
    }
  }
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => void reply.header('cache-control', cachePolicyOf(root, file)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = options.apiPrefixes.some(
      (prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix),
    );
    if (request.method !== 'GET' || isApi || path.extname(url)) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not Found' });
    }
    if (!webBuilt) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const preload = preloads.get(url);
    if (preload && (!preload.signedInOnly || options.hasSession?.(request.headers.cookie))) {
      reply.header('link', preload.header);
    }
    return reply.sendFile('index.html');
  });
}
