import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { List_Users } from '@fieldport/contract/operations/people';
import { signIn, startTestApp, type TestApp } from '../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';

// A small build of the web app, as `npm run build` leaves it: hashed assets with their
// precompressed copies beside them, and the unhashed files of the app's root.
const SCRIPT = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const INDEX = `<!doctype html><html><head><title>Fieldport</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let app: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-Ab12Cd34.js': SCRIPT,
    'manifest.webmanifest': JSON.stringify({ name: 'Fieldport', start_url: '/Technician' }),
    // The build's manifest: the landing page's chunk imports one chunk of its own and one of the entry's.
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, imports: ['_client-Xy.js'] },
      '_client-Xy.js': { file: 'assets/client-Xy.js' },
      '_public-route-Pq.js': { file: 'assets/public-route-Pq.js', imports: ['_client-Xy.js'] },
      'src/features/landing/landing-page.tsx': {
        file: 'assets/landing-page-Lm.js',
        isDynamicEntry: true,
        imports: ['index.html', '_client-Xy.js', '_public-route-Pq.js'],
        css: ['assets/landing-page-Lm.css'],
      },
      // The signed-in pages: the shell, MUI's providers and the route table; a ticket list's own code,
      // which is not preloaded.
      'src/app/shell/shell-chunk.ts': {
        file: 'assets/shell-chunk-Sh.js',
        isDynamicEntry: true,
        imports: ['index.html', '_client-Xy.js', '_menu-Mn.js'],
      },
      '_menu-Mn.js': { file: 'assets/menu-Mn.js' },
      'src/ui/mui-providers.tsx': { file: 'assets/mui-providers-Mu.js', isDynamicEntry: true },
      '../../packages/contract/src/shell-routes.ts': {
        file: 'assets/shell-routes-Rt.js',
        isDynamicEntry: true,
      },
      'src/features/tickets/tickets-page.tsx': {
        file: 'assets/tickets-page-Tk.js',
        isDynamicEntry: true,
        imports: ['_menu-Mn.js'],
      },
      'src/ui/data-grid-view.tsx': { file: 'assets/data-grid-view-Dg.js', isDynamicEntry: true },
    }),
    'sw.js': `self.__WB_MANIFEST = ${JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ url: `/assets/c${i}.js` })))};\n`,
  };
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await fs.writeFile(path.join(dist, file), text);
    if (text.length < 1024) continue;
    await fs.writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
    await fs.writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  app = await startTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await app.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const body = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('the built web app over the wire', () => {
  it('sends a hashed asset precompressed, brotli first, and lets browsers keep it for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(SCRIPT);
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated on every visit, at its address and as any page’s fallback', async () => {
    for (const url of ['/index.html', '/', '/ActiveTickets?ticket_id=1']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(decoded(response), url).toBe(INDEX);
    }
  });

  it('has the manifest revalidated too (a file too small to gain is sent as it is)', async () => {
    const response = await get('/manifest.webmanifest', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('has the service worker revalidated, so that a new release reaches the phones that have the app', async () => {
    // Neither kept for a year (the phone would keep the old app) nor no-store (the browser checks it
    // for a new version at every navigation, docs/product.md#working-offline).
    const response = await get('/sw.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('compresses an API answer made for the request, which no browser may keep', async () => {
    const { members } = await seedTestOrganization(app.database.db, {
      roles: ['OWNER', 'ADMIN', 'MANAGEMENT', 'NSM', 'RSM', 'MANAGER', 'AGENT', 'STORE_MANAGER'],
    });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const request = (acceptEncoding?: string) =>
      app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          origin: app.config.publicUrl,
          cookie,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: JSON.stringify({
          query: `query Call($input: JSON) { ${List_Users.name}(input: $input) }`,
          variables: { input: { user_group: 'STAFF', page_size: 25 } },
        }),
      });
    const plain = await request();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Big enough to be worth compressing: a page of the organization's staff.
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await request(encoding);
      expect(compressed.headers['content-encoding'], encoding).toBe(encoding);
      expect(compressed.headers['cache-control'], encoding).toBe('no-store');
      expect(compressed.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 2);
      // Compressed in one call, not streamed: its length is known and sent.
      expect(compressed.headers['content-length'], encoding).toBe(String(compressed.rawPayload.length));
      expect(JSON.parse(decoded(compressed)), encoding).toEqual(JSON.parse(plain.body));
    }
  });

  it("preloads the landing page's own chunks and CSS with the page, and nothing the entry loads", async () => {
    const landing = await app.app.inject({ method: 'GET', url: '/Welcome' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers.link).toBe(
      '</assets/landing-page-Lm.js>; rel=modulepreload, </assets/public-route-Pq.js>; rel=modulepreload, </assets/landing-page-Lm.css>; rel=preload; as=style',
    );
    const other = await app.app.inject({ method: 'GET', url: '/Dashboard' });
    expect(other.headers.link).toBeUndefined();
  });

  it("preloads the shell's code with a signed-in page only for a browser with a session", async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const page = (url: string, headers: Record<string, string> = {}) =>
      app.app.inject({ method: 'GET', url, headers });
    const shell =
      '</assets/shell-chunk-Sh.js>; rel=modulepreload, </assets/menu-Mn.js>; rel=modulepreload, </assets/mui-providers-Mu.js>; rel=modulepreload, </assets/shell-routes-Rt.js>; rel=modulepreload';

    expect((await page('/Dashboard', { cookie })).headers.link).toBe(shell);
    expect((await page('/ActiveTickets', { cookie })).headers.link).toBe(shell);
    // Signed out, or with a cookie we did not sign: the sign-in screen comes, which needs none of it.
    expect((await page('/ActiveTickets')).headers.link).toBeUndefined();
    const [name] = cookie.split('=');
    const forged = `${name}=${encodeURIComponent('made-up-token.c2lnbmF0dXJl')}`;
    const refused = await page('/ActiveTickets', { cookie: forged });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers.link).toBeUndefined();
    // A path that is not a page of the shell gets nothing either.
    expect((await page('/NoSuchPage', { cookie })).headers.link).toBeUndefined();
  });

  it('answers an unknown asset 404 in JSON, not the page', async () => {
    const response = await get('/assets/missing-0000.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
  });
});
