import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts with the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demo: true,
      smtpUrl: undefined,
      mailFrom: 'Fieldport <no-reply@fieldport.local>',
      rateLimits: {
        ipPerMinute: 60,
        accountPer15Minutes: 10,
        codesPer15Minutes: 5,
        accountFailuresPerHour: 50,
        accountBackoffMaxSeconds: 900,
      },
      logLevel: 'info',
      secureCookies: false,
    });
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://portal.example.com/',
      DATA_DIR: '/var/lib/fieldport',
      DATABASE_URL: 'postgresql://fieldport@db:5432/fieldport',
      DEMO: 'yes',
      AUTH_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Portal <portal@example.com>',
      SALES_EMAIL: 'sales@example.com',
      AUTH_RATE_LIMIT_IP_PER_MINUTE: '30',
      AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '4',
      AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '2',
      AUTH_ACCOUNT_FAILURES_PER_HOUR: '20',
      AUTH_ACCOUNT_BACKOFF_MAX_SECONDS: '600',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
      CREDIT_PRICE_PAISE: '1500',
      DOWNLOAD_HEAP_MB: '256',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://portal.example.com',
      dataDir: '/var/lib/fieldport',
      databaseUrl: 'postgresql://fieldport@db:5432/fieldport',
      demo: true,
      authSecret: 's'.repeat(32),
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Portal <portal@example.com>',
      salesEmail: 'sales@example.com',
      rateLimits: {
        ipPerMinute: 30,
        accountPer15Minutes: 4,
        codesPer15Minutes: 2,
        accountFailuresPerHour: 20,
        accountBackoffMaxSeconds: 600,
      },
      logLevel: 'warn',
      creditPricePaise: 1500,
      downloadHeapMb: 256,
      webDistDir: '/srv/web',
      secureCookies: true,
      dev: false,
      trustedOrigins: ['https://portal.example.com'],
      s3: undefined,
    });
  });

  it('turns demo data off by default on PostgreSQL, and lets DEMO decide when set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/fieldport' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/fieldport', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
  });

  it("mails the landing page's contact messages to SALES_EMAIL; the demo's own address without it", () => {
    expect(loadConfig({}).salesEmail).toBe('sales@demo.local');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/fieldport' }).salesEmail).toBeUndefined();
    expect(loadConfig({ SALES_EMAIL: 'hello@example.in', DEMO: '0' }).salesEmail).toBe('hello@example.in');
    expect(() => loadConfig({ SALES_EMAIL: 'sales' })).toThrow(
      'SALES_EMAIL: must be an email address such as sales@example.com',
    );
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ SMTP_URL: '', PORT: '', DATABASE_URL: '' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('serves the public URL of 0.0.0.0 as 127.0.0.1', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).publicUrl).toBe('http://127.0.0.1:4000');
  });

  const wrong: [string, Record<string, string>, string][] = [
    ['PORT', { PORT: 'eighty' }, 'must be a port number'],
    ['CREDIT_PRICE_PAISE', { CREDIT_PRICE_PAISE: '-5' }, 'must be greater than 0'],
    ['DOWNLOAD_HEAP_MB', { DOWNLOAD_HEAP_MB: '1.5' }, 'must be a whole number'],
    ['PORT', { PORT: '70000' }, 'must be at most 65535'],
    ['PUBLIC_URL', { PUBLIC_URL: 'portal.example.com' }, 'must be a URL such as https://portal.example.com'],
    [
      'DATABASE_URL',
      { DATABASE_URL: 'mysql://db/fieldport' },
      'must start with postgres:// or postgresql://',
    ],
    ['DEMO', { DEMO: 'maybe' }, 'must be 1 or 0 (or true/false)'],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }, 'must be at least 32 characters'],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }, 'must start with smtp:// or smtps://'],
    ['AUTH_RATE_LIMIT_IP_PER_MINUTE', { AUTH_RATE_LIMIT_IP_PER_MINUTE: '0' }, 'must be greater than 0'],
    [
      'AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES',
      { AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: 'ten' },
      'must be a whole number',
    ],
    [
      'AUTH_RATE_LIMIT_CODES_PER_15_MINUTES',
      { AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '2.5' },
      'must be a whole number',
    ],
    ['AUTH_ACCOUNT_FAILURES_PER_HOUR', { AUTH_ACCOUNT_FAILURES_PER_HOUR: '0' }, 'must be greater than 0'],
    [
      'AUTH_ACCOUNT_BACKOFF_MAX_SECONDS',
      { AUTH_ACCOUNT_BACKOFF_MAX_SECONDS: 'forever' },
      'must be a whole number',
    ],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ];

  it.each(wrong)('refuses a wrong %s with a ConfigError naming it', (name, env, reason) => {
    const error = configError(env);
    expect(error.message).toMatch(/^Invalid setting:\n/);
    expect(error.message).toContain(`  ${name}: `);
    expect(error.message).toContain(reason);
  });

  it('names every wrong setting at once', () => {
    const error = configError({ PORT: 'x', SMTP_URL: 'mail.example.com', DEMO: 'perhaps' });
    expect(error.message).toMatch(/^Invalid settings:\n/);
    for (const name of ['PORT', 'SMTP_URL', 'DEMO']) expect(error.message).toContain(`  ${name}: `);
  });
});
