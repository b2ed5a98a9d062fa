import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm ci` warns EBADENGINE when an installed package does not support the Node.js the README
// names. The lockfile records each package's `engines`, so the check needs no install.
const ROOT = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('Node.js version', () => {
  const declared: string = readJson('package.json').engines.node;
  const oldestSupported = semver.minVersion(declared)!.version;

  it('is declared by the root and by every workspace', () => {
    expect(declared).toBe('>=20.19');
    for (const workspace of readJson('package.json').workspaces as string[]) {
      expect(readJson(`${workspace}/package.json`).engines?.node, workspace).toBe(declared);
    }
  });

  it('is supported by every package npm ci installs', () => {
    const lock = readJson('package-lock.json');
    const unsupported = Object.entries(lock.packages as Record<string, { engines?: { node?: string } }>)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .filter(
        ([, entry]) => !semver.satisfies(oldestSupported, entry.engines!.node!, { includePrerelease: true }),
      )
      .map(([name, entry]) => `${name} wants node ${entry.engines!.node}`);
    expect(unsupported).toEqual([]);
  });
});
