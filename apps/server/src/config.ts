import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the server, read from the environment once at start. A wrong value stops the
 * server with a message naming the setting. The README's settings table lists these.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0 (or true/false)' })
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be greater than 0')
    .default(fallback);

const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be at most 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://portal.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DEMO: booleanFlag.optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Fieldport <no-reply@fieldport.local>'),
  /** Where the landing page's contact form is mailed (docs/landing.md). */
  SALES_EMAIL: z.email({ error: 'must be an email address such as sales@example.com' }).optional(),
  AUTH_RATE_LIMIT_IP_PER_MINUTE: positiveInt(60),
  AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: positiveInt(10),
  AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: positiveInt(5),
  AUTH_ACCOUNT_FAILURES_PER_HOUR: positiveInt(50),
  AUTH_ACCOUNT_BACKOFF_MAX_SECONDS: positiveInt(15 * 60),
  /** What one credit costs, in paise (docs/credits.md). */
  CREDIT_PRICE_PAISE: positiveInt(1000),
  /** The heap of the process that writes a download's workbook, in MB (docs/reports.md#downloads). */
  DOWNLOAD_HEAP_MB: positiveInt(128),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region such as ap-south-1')
    .optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.example.com' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  NODE_ENV: z.string().optional(),
});

/** S3-compatible storage (docs/operations.md#files); without S3_BUCKET files stay on local disk. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set: MinIO, Cloudflare R2, DigitalOcean Spaces ... */
  endpoint: string | undefined;
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** The old portal's services ran in Asia-Pacific (Mumbai); the default region stays there. */
const DEFAULT_S3_REGION = 'ap-south-1';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  authSecret: string | undefined;
  /** A bearer token that lets a scraper on another machine read /metrics (docs/operations.md#monitoring). */
  metricsToken: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The landing page's contact messages go here; unset: they are kept, not mailed (the demo: sales@demo.local). */
  salesEmail: string | undefined;
  rateLimits: {
    ipPerMinute: number;
    /** Sign-in and reset attempts per account from one IP address. */
    accountPer15Minutes: number;
    codesPer15Minutes: number;
    /** Failed attempts per account from all addresses before each further one waits (back-off). */
    accountFailuresPerHour: number;
    accountBackoffMaxSeconds: number;
  };
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /**
   * On PostgreSQL a download's workbook is written by a process of its own whose heap is capped
   * at this many MB (docs/reports.md#downloads).
   */
  downloadHeapMb: number;
  /** What one credit costs, in paise. */
  creditPricePaise: number;
  webDistDir: string;
  secureCookies: boolean;
  /** `npm run dev` (NODE_ENV=development): the Vite dev server's origins are trusted, introspection is open. */
  dev: boolean;
  /**
   * Origins whose pages may send state-changing requests with the session cookie
   * (docs/security.md).
   */
  trustedOrigins: string[];
  /** Set: files go to S3-compatible storage; unset: to DATA_DIR/files. */
  s3: S3Settings | undefined;
}

/** The Vite dev server (`npm run dev -w apps/web`), trusted only in development. */
const DEV_SERVER_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

export class ConfigError extends Error {}

/** Treats empty variables as unset, so `SMTP_URL=` in a .env file means "no SMTP". */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid setting${lines.length > 1 ? 's' : ''}:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Problems = s3SettingProblems(e);
  if (s3Problems.length) {
    throw new ConfigError(
      `Invalid setting${s3Problems.length > 1 ? 's' : ''}:\n${s3Problems.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`
  ).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo data is the default on the embedded database and opt-in on PostgreSQL.
    demo: e.DEMO ?? !e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL ?? ((e.DEMO ?? !e.DATABASE_URL) ? 'sales@demo.local' : undefined),
    rateLimits: {
      ipPerMinute: e.AUTH_RATE_LIMIT_IP_PER_MINUTE,
      accountPer15Minutes: e.AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES,
      codesPer15Minutes: e.AUTH_RATE_LIMIT_CODES_PER_15_MINUTES,
      accountFailuresPerHour: e.AUTH_ACCOUNT_FAILURES_PER_HOUR,
      accountBackoffMaxSeconds: e.AUTH_ACCOUNT_BACKOFF_MAX_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    downloadHeapMb: e.DOWNLOAD_HEAP_MB,
    creditPricePaise: e.CREDIT_PRICE_PAISE,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    secureCookies: publicUrl.startsWith('https://'),
    dev: e.NODE_ENV === 'development',
    trustedOrigins: [new URL(publicUrl).origin, ...(e.NODE_ENV === 'development' ? DEV_SERVER_ORIGINS : [])],
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? DEFAULT_S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
  };
}

/** Settings that only make sense together: the other S3 settings need a bucket, keys come in pairs. */
function s3SettingProblems(e: z.infer<typeof environmentSchema>): string[] {
  const problems: string[] = [];
  const others = (
    ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && others.length) {
    problems.push(`S3_BUCKET: is required when ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set`);
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    problems.push(
      e.S3_ACCESS_KEY_ID
        ? 'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID'
        : 'S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY',
    );
  }
  return problems;
}
