import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@fieldport/contract/messages';
// Types only: the SDK itself is loaded on first use (loadS3Sdk).
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config.ts';
import { UPLOAD_URL_SECONDS } from '@fieldport/contract/operations/files';
import { purposeSigner } from './secrets.ts';

/**
 * Where the product keeps files (docs/operations.md#files): local disk under DATA_DIR by default, or
 * S3-compatible storage when the S3 settings are given, both behind this one interface. Clients
 * upload straight to the store through a signed address (`uploadUrl`) and read through a presigned
 * one (`downloadUrl`); neither needs a session, both expire.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /**
   * Stores a file written on this machine's disk (a generated workbook of any size) without reading
   * it into memory; the source file is left where it is.
   */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The file's bytes as a stream (a large file is served without holding it in memory). */
  getStream(key: string): Promise<Readable>;
  /** The size of a stored file, or null when there is none under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * An address on this portal (/files/...) from which a browser may read the file for a day or so,
   * without a session: signed, so that nobody reads a file whose address the portal did not give
   * them. Synchronous, for addresses built while answering (the organization's logo).
   */
  signedUrl(key: string): string;
  /** Whether a signed /files address (its key, expiry and signature) is genuine and still valid. */
  verifySignature(key: string, expires: string, signature: string, now?: Date): boolean;
  /** A signed address to which a client PUTs exactly the declared file, before it expires. */
  uploadUrl(key: string, file: DeclaredFile, now?: Date): Promise<SignedUpload>;
  /** A presigned address to read the file: the store's own (S3) or this portal's (local). */
  downloadUrl(key: string, now?: Date): Promise<string>;
  /** Removes a file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file in the store with when it was last written, in no set order (the clean-up's sweep). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

interface DeclaredFile {
  contentType: string;
  size: number;
}

interface SignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry as they are (they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: Date;
}

/** The local store also receives uploads itself (PUT /files/..., platform/file-route.ts). */
interface LocalFileStore extends FileStore {
  readonly kind: 'local';
  /** Whether a signed upload address is genuine, unexpired and for this declared file. */
  verifyUpload(key: string, upload: UploadQuery, now?: Date): boolean;
  /**
   * Writes an upload: at most `size` bytes (more is refused while reading), exactly `size` in the
   * end, beginning like a file of `contentType`; a file already there is never replaced.
   */
  receive(key: string, body: Readable, file: DeclaredFile): Promise<ReceiveResult>;
}

interface UploadQuery {
  expires: string;
  type: string;
  size: string;
  signature: string;
}

type ReceiveResult = { ok: true } | { ok: false; status: 400 | 409 | 413 | 507; message: string };

/** Content types of the files the portal serves back, by extension. */
export const SERVED_CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  // Text is served as text, never as a page the browser would run.
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// Office documents are zip archives; text is text (no NUL byte where it begins).
const isZip = (head: Buffer) => head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
const isText = (head: Buffer) => head.length > 0 && !head.includes(0);

/** How the bytes of each accepted type begin: a file that claims a type must be one. */
const MAGIC: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) =>
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (head) => head.subarray(0, 5).toString('latin1') === '%PDF-',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': isZip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': isZip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': isZip,
  'text/csv': isText,
  'text/plain': isText,
};
const TYPE_LABELS: Record<string, string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'text/csv': 'CSV file',
  'text/plain': 'text file',
};

function looksLike(contentType: string, head: Buffer): boolean {
  return MAGIC[contentType]?.(head) ?? false;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Valid until the end of tomorrow (UTC): the same address all day (browsers cache it), at least 24 hours. */
function dayAlignedExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000 / DAY_SECONDS) * DAY_SECONDS + 2 * DAY_SECONDS;
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

const unexpired = (expires: string, now: Date) =>
  /^\d{1,12}$/.test(expires) && Number(expires) * 1000 >= now.getTime();

function downloadSigner(secret: string) {
  const signer = purposeSigner(secret, 'fieldport files');
  return {
    signedUrl(fileKey: string, now = new Date()): string {
      const expires = String(dayAlignedExpiry(now));
      return `/files/${encodeKey(fileKey)}?expires=${expires}&signature=${signer.sign(`${fileKey}\n${expires}`)}`;
    },
    verify(fileKey: string, expires: string, signature: string, now = new Date()): boolean {
      return unexpired(expires, now) && signer.check(`${fileKey}\n${expires}`, signature);
    },
  };
}

export function createLocalFileStore(root: string, signingSecret: string): LocalFileStore {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    // A key is ours, never a client's, but refuse any that would leave the root all the same.
    if (!target.startsWith(path.resolve(root) + path.sep))
      throw new Error(`File key outside the store: ${key}`);
    return target;
  };
  const downloads = downloadSigner(signingSecret);
  const uploads = purposeSigner(signingSecret, 'fieldport uploads');
  const uploadText = (key: string, q: Omit<UploadQuery, 'signature'>) =>
    `PUT\n${key}\n${q.expires}\n${q.type}\n${q.size}`;
  const stat = async (key: string) => {
    try {
      const stats = await fs.stat(resolve(key));
      return stats.isFile() ? { size: stats.size } : null;
    } catch {
      return null;
    }
  };

  return {
    kind: 'local',
    async put(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data);
    },
    get: (key) => fs.readFile(resolve(key)),
    async putFile(key, sourcePath) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Copied under another name and renamed: a reader never sees half a file.
      const partial = `${target}.${process.pid}.partial`;
      await fs.copyFile(sourcePath, partial);
      await fs.rename(partial, target);
    },
    async getStream(key) {
      const target = resolve(key);
      // Opened before answering, so that a missing file is an error here and not mid-stream.
      const handle = await fs.open(target, 'r');
      return handle.createReadStream();
    },
    stat,
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const stats = await fs.stat(full).catch(() => null);
        if (!stats) continue;
        yield { key: path.relative(root, full).split(path.sep).join('/'), modifiedAt: stats.mtime };
      }
    },
    signedUrl: (key) => downloads.signedUrl(key),
    verifySignature: (key, expires, signature, now) => downloads.verify(key, expires, signature, now),
    async downloadUrl(key, now) {
      return downloads.signedUrl(key, now);
    },
    async uploadUrl(key, file, now = new Date()) {
      const expiresAt = new Date((Math.floor(now.getTime() / 1000) + UPLOAD_URL_SECONDS) * 1000);
      const query = {
        expires: String(expiresAt.getTime() / 1000),
        type: file.contentType,
        size: String(file.size),
      };
      const params = new URLSearchParams({ ...query, signature: uploads.sign(uploadText(key, query)) });
      return {
        url: `/files/${encodeKey(key)}?${params}`,
        method: 'PUT',
        headers: { 'content-type': file.contentType },
        expiresAt,
      };
    },
    verifyUpload(key, upload, now = new Date()) {
      return unexpired(upload.expires, now) && uploads.check(uploadText(key, upload), upload.signature);
    },
    async receive(key, body, file) {
      const target = resolve(key);
      if (await stat(key)) return { ok: false, status: 409, message: MSG.fileAlreadyUploaded };
      await fs.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${crypto.randomUUID()}.part`;
      let received = 0;
      let head = Buffer.alloc(0);
      const tooLarge = new Error('too large');
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > file.size) return done(tooLarge);
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(partial, { flags: 'wx' }));
        if (received !== file.size) {
          return {
            ok: false,
            status: 400,
            message: `The file must be exactly ${file.size} bytes, as declared; ${received} arrived.`,
          };
        }
        if (!looksLike(file.contentType, head)) {
          return {
            ok: false,
            status: 400,
            message: `The file is not a valid ${TYPE_LABELS[file.contentType] ?? file.contentType}.`,
          };
        }
        // Linking fails with EEXIST when the key exists: two uploads racing for one key cannot both
        // win. Any other failure (the disk, the folder) is the server's, not the uploader's.
        try {
          await fs.link(partial, target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
            return { ok: false, status: 409, message: MSG.fileAlreadyUploaded };
          }
          throw error;
        }
        return { ok: true };
      } catch (error) {
        if (error === tooLarge) {
          return {
            ok: false,
            status: 413,
            message: `The file is larger than the ${file.size} bytes declared.`,
          };
        }
        // The disk holding the files is full: the uploader is told plainly, nothing half-written stays.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOSPC' || code === 'EDQUOT') {
          return { ok: false, status: 507, message: MSG.fileStoreFull };
        }
        throw error;
      } finally {
        await fs.rm(partial, { force: true });
      }
    },
  };
}

/**
 * S3-compatible storage through the AWS SDK, loaded on first use so that the default (local)
 * setup never loads it. Uploads and downloads are presigned by the SDK (Signature V4); the
 * content type and length of an upload are signed headers, so the store refuses any other file.
 * `signedUrl` (synchronous, for logos) still gives a /files address of this portal, which reads
 * the object through `get`.
 */
export function createS3FileStore(settings: S3Settings, signingSecret: string): FileStore {
  const downloads = downloadSigner(signingSecret);
  let sdk: Promise<S3Sdk> | undefined;
  const load = () => (sdk ??= loadS3Sdk(settings));

  return {
    kind: 's3',
    async put(key, data, contentType) {
      const { client, s3 } = await load();
      await client.send(
        new s3.PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      const { client, s3 } = await load();
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async putFile(key, sourcePath, contentType) {
      const { client, s3 } = await load();
      const { size } = await fs.stat(sourcePath);
      await client.send(
        new s3.PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async getStream(key) {
      const { client, s3 } = await load();
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      // In Node the SDK's body is a readable stream.
      return answer.Body as unknown as Readable;
    },
    async stat(key) {
      const { client, s3 } = await load();
      try {
        const answer = await client.send(new s3.HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    signedUrl: (key) => downloads.signedUrl(key),
    verifySignature: (key, expires, signature, now) => downloads.verify(key, expires, signature, now),
    async delete(key) {
      const { client, s3 } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    async *list() {
      const { client, s3 } = await load();
      let token: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async uploadUrl(key, file, now = new Date()) {
      const { client, s3, presign } = await load();
      const command = new s3.PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        ContentType: file.contentType,
        ContentLength: file.size,
      });
      const url = await presign(client, command, {
        expiresIn: UPLOAD_URL_SECONDS,
        signingDate: now,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return {
        url,
        method: 'PUT',
        headers: { 'content-type': file.contentType },
        expiresAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000),
      };
    },
    async downloadUrl(key, now = new Date()) {
      const { client, s3, presign } = await load();
      // Signed at the start of the UTC day for two days: the same address all day, as locally.
      const dayStart = new Date((dayAlignedExpiry(now) - 2 * DAY_SECONDS) * 1000);
      return presign(client, new s3.GetObjectCommand({ Bucket: settings.bucket, Key: key }), {
        expiresIn: 2 * DAY_SECONDS,
        signingDate: dayStart,
      });
    },
  };
}

interface S3Sdk {
  client: S3Client;
  s3: typeof S3;
  presign: typeof getSignedUrl;
}

async function loadS3Sdk(settings: S3Settings): Promise<S3Sdk> {
  const [s3, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Without this the SDK adds a checksum of an empty body to presigned uploads, which S3 then
    // refuses for every real file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { client, s3, presign: presigner.getSignedUrl };
}

/** Where files go: S3-compatible storage when it is set, otherwise `root` on local disk. */
export interface FileStoreSettings {
  s3: S3Settings | undefined;
  root: string;
}

/** The portal's file store; the server and a process of its own (a download) open the same one. */
export function openFileStore(settings: FileStoreSettings, signingSecret: string): FileStore {
  return settings.s3
    ? createS3FileStore(settings.s3, signingSecret)
    : createLocalFileStore(settings.root, signingSecret);
}

export function isLocalStore(files: FileStore): files is LocalFileStore {
  return files.kind === 'local';
}

/**
 * The address of a stored file a column refers to: a signed /files address for a storage key, or
 * the value itself when it is already an address (an external logo URL). Null stays null.
 */
export function addressOf(files: FileStore, stored: string | null): string | null {
  if (!stored) return null;
  return /^(https?:)?\//.test(stored) ? stored : files.signedUrl(stored);
}
