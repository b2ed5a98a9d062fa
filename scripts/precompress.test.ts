import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.mjs';

let dist: string;
const script = `console.log(${JSON.stringify('a field engineer '.repeat(200))});\n`;

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'assets/index-Ab12.js'), script);
  fs.writeFileSync(path.join(dist, 'index.html'), `<html>${'<p>Fieldport</p>'.repeat(100)}</html>`);
  fs.writeFileSync(path.join(dist, 'icon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dist, 'photo.png'), Buffer.alloc(4096, 7));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({ x: 'y'.repeat(4096) }));
});

afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

const exists = (file: string) => fs.existsSync(path.join(dist, file));

describe('precompressing the build', () => {
  it('writes a brotli and a gzip copy of each text file that gains, which decompress to the file', () => {
    const written = precompress(dist)
      .map((copy) => copy.file)
      .sort();
    expect(written).toEqual([
      'assets/index-Ab12.js.br',
      'assets/index-Ab12.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    expect(brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets/index-Ab12.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(fs.readFileSync(path.join(dist, 'assets/index-Ab12.js.gz'))).toString()).toBe(script);
    expect(fs.statSync(path.join(dist, 'assets/index-Ab12.js.br')).size).toBeLessThan(script.length / 10);
  });

  it(`leaves alone files under ${MIN_BYTES} bytes, images, and Vite's own records`, () => {
    precompress(dist);
    for (const file of ['icon.svg', 'photo.png', '.vite/manifest.json']) {
      expect(exists(`${file}.br`), file).toBe(false);
      expect(exists(`${file}.gz`), file).toBe(false);
    }
  });

  it('runs again over its own output without compressing the copies, and drops a stale copy', () => {
    precompress(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    const written = precompress(dist).map((copy) => copy.file);
    expect(written).toEqual(['assets/index-Ab12.js.br', 'assets/index-Ab12.js.gz']);
    expect(exists('index.html.br')).toBe(false);
    expect(exists('assets/index-Ab12.js.br.br')).toBe(false);
  });
});
