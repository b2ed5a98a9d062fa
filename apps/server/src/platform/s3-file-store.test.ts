import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createS3FileStore } from './files.ts';

// No S3 server runs here: these tests check what can be checked without one, that the real SDK
// presigns uploads and downloads that S3 would accept for exactly the declared file (each URL's
// Signature V4 is recomputed independently below), and that the settings are validated.
// Uploading to and reading from a real bucket is NOT exercised here (see the README).

const settings = {
  bucket: 'fieldport-files',
  region: 'ap-south-1',
  endpoint: 'http://127.0.0.1:9000',
  accessKeyId: 'AKIDFIELDPORTTEST',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  forcePathStyle: true,
};
const SECRET = 'a-test-secret-of-at-least-32-characters!!';

const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text).digest();
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** RFC 3986 encoding as Signature V4 wants it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Signature V4 of a presigned URL, computed from the AWS specification for the given method
 * and headers (what the client will send), independently of the SDK.
 */
function expectedSignature(
  url: URL,
  method: string,
  headers: Record<string, string>,
  secret: string,
): string {
  const query = [...url.searchParams.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const signed = url.searchParams.get('X-Amz-SignedHeaders')!.split(';');
  const all: Record<string, string> = { host: url.host, ...headers };
  const canonicalHeaders = signed.map((name) => `${name}:${all[name]}\n`).join('');
  const canonical = [
    method,
    url.pathname,
    query,
    canonicalHeaders,
    signed.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = url.searchParams.get('X-Amz-Credential')!.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', url.searchParams.get('X-Amz-Date'), scope, sha256(canonical)].join(
    '\n',
  );
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return crypto.createHmac('sha256', key).update(toSign).digest('hex');
}

describe('S3 store: presigned addresses made by the real SDK (no S3 server needed)', () => {
  const store = createS3FileStore(settings, SECRET);
  const key = 'organizations/o1/uploads/u1/AC manual.pdf';
  const now = new Date('2026-03-10T10:15:00Z');

  it('signs an upload for exactly the declared type and size, for 15 minutes', async () => {
    const upload = await store.uploadUrl(key, { contentType: 'application/pdf', size: 48213 }, now);
    const url = new URL(upload.url);
    expect(url.origin).toBe('http://127.0.0.1:9000');
    expect(url.pathname).toBe('/fieldport-files/organizations/o1/uploads/u1/AC%20manual.pdf');
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' } });
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20260310T101500Z');
    expect(url.searchParams.get('X-Amz-Credential')).toBe(
      'AKIDFIELDPORTTEST/20260310/ap-south-1/s3/aws4_request',
    );
    expect(upload.expiresAt.toISOString()).toBe('2026-03-10T10:30:00.000Z');
    // No checksum of an empty body: S3 would refuse every real file with one.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);

    const declared = { 'content-length': '48213', 'content-type': 'application/pdf' };
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      expectedSignature(url, 'PUT', declared, settings.secretAccessKey),
    );
    // Another size, another type, a GET, or another secret: S3 would compute another signature.
    for (const [method, headers, secret] of [
      ['PUT', { ...declared, 'content-length': '48214' }, settings.secretAccessKey],
      ['PUT', { ...declared, 'content-type': 'text/html' }, settings.secretAccessKey],
      ['GET', declared, settings.secretAccessKey],
      ['PUT', declared, 'another-secret'],
    ] as const) {
      expect(url.searchParams.get('X-Amz-Signature')).not.toBe(
        expectedSignature(url, method, headers, secret),
      );
    }
  });

  it('presigns downloads for the rest of the day and the next, the same address all day', async () => {
    const morning = await store.downloadUrl(key, new Date('2026-03-10T00:05:00Z'));
    const evening = await store.downloadUrl(key, new Date('2026-03-10T23:55:00Z'));
    expect(evening).toBe(morning);
    const url = new URL(morning);
    expect(url.searchParams.get('X-Amz-Date')).toBe('20260310T000000Z');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(2 * 24 * 60 * 60));
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Signature')).toBe(
      expectedSignature(url, 'GET', {}, settings.secretAccessKey),
    );
    const tomorrow = await store.downloadUrl(key, new Date('2026-03-11T08:00:00Z'));
    expect(tomorrow).not.toBe(morning);
  });

  it('uses virtual-hosted addresses unless path style is asked for', async () => {
    const virtual = createS3FileStore(
      { ...settings, forcePathStyle: false, endpoint: 'https://s3.example.com' },
      SECRET,
    );
    const url = new URL(await virtual.downloadUrl('organizations/o1/logo.png', now));
    expect(url.host).toBe('fieldport-files.s3.example.com');
    expect(url.pathname).toBe('/organizations/o1/logo.png');
    const aws = createS3FileStore({ ...settings, forcePathStyle: false, endpoint: undefined }, SECRET);
    expect(new URL(await aws.downloadUrl('k.png', now)).host).toBe(
      'fieldport-files.s3.ap-south-1.amazonaws.com',
    );
  });

  it('keeps portal addresses (/files/...) for logos, verified like the local store', () => {
    const address = new URL(store.signedUrl('organizations/o1/logo.png'), 'http://portal.local');
    expect(address.pathname).toBe('/files/organizations/o1/logo.png');
    const [expires, signature] = [
      address.searchParams.get('expires')!,
      address.searchParams.get('signature')!,
    ];
    expect(store.verifySignature('organizations/o1/logo.png', expires, signature)).toBe(true);
    expect(store.verifySignature('organizations/o2/logo.png', expires, signature)).toBe(false);
  });
});

describe('S3 settings', () => {
  const base = { DATA_DIR: '/tmp/fp', LOG_LEVEL: 'silent' };

  it('stores files locally without S3_BUCKET, in S3 with it', () => {
    expect(loadConfig(base).s3).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'fieldport-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      }).s3,
    ).toEqual({
      bucket: 'fieldport-files',
      region: 'ap-south-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses incomplete or wrong S3 settings with a message naming each', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ S3_REGION: 'ap-south-1' })).toContain('S3_BUCKET: is required when S3_REGION is set');
    expect(refusal({ S3_BUCKET: 'fieldport-files', S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    );
    expect(refusal({ S3_BUCKET: 'Bad_Bucket' })).toContain('S3_BUCKET: must be a bucket name');
    expect(refusal({ S3_BUCKET: 'fieldport-files', S3_ENDPOINT: 'not a url' })).toContain(
      'S3_ENDPOINT: must be a URL',
    );
    expect(refusal({ S3_BUCKET: 'fieldport-files', S3_FORCE_PATH_STYLE: 'maybe' })).toContain(
      'S3_FORCE_PATH_STYLE',
    );
  });
});
