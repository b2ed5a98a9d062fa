import type { Writable } from 'node:stream';
import { LANDING_PATH } from '@fieldport/contract/contact';
import { SHELL_ROUTES } from '@fieldport/contract/shell-routes';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createIdentity, type Identity } from './auth/identity.ts';
import { pruneRateLimits } from './auth/rate-limit.ts';
import { registerIdentityRoutes } from './auth/routes.ts';
import { registerGraphqlEndpoint } from './graphql/endpoint.ts';
import { sessionCookieCheck } from './graphql/caller.ts';
import { registerDocumentRoute } from './graphql/document-route.ts';
import { registerExportRoute } from './graphql/export-route.ts';
import { HANDLERS } from './modules/handlers.ts';
import { registerImportRoutes } from './graphql/import-route.ts';
import { IMPORT_KINDS } from './modules/imports.ts';
import { DOCUMENT_KINDS } from './modules/documents.ts';
import { registerInvitationRoutes } from './modules/people/invitation-routes.ts';
import { registerQuotationLinkRoutes } from './modules/quotations/quotation-link.ts';
import { registerRequestLinkRoutes } from './modules/requests/request-link.ts';
import { registerLeadLinkRoutes } from './modules/leads/lead-link.ts';
import { remindDueFollowUps } from './modules/leads/lead-reminders.ts';
import { registerContactRoute } from './modules/landing/contact-route.ts';
import { fireDueEscalations } from './modules/tickets/escalations.ts';
import { raiseDueMaintenance } from './modules/schedules/raise.ts';
import { startDueContracts } from './modules/contracts/contracts.ts';
import { registerReportIssueRoute } from './modules/report-issue/report-issue-route.ts';
import { registerFileRoute } from './platform/file-route.ts';
import { openFileStore, type FileStore } from './platform/files.ts';
import type { PaymentProvider } from './platform/payments.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { loadAuthSecret } from './platform/secrets.ts';
import { removeUnusedFiles, sweepUnknownFiles } from './platform/file-cleanup.ts';
import { purgeDeviceActions } from './platform/device-actions.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { expireDownloads, REPORT_DOWNLOADS_JOB } from './modules/reports/report-downloads.ts';
import { generateDownloads, type DownloadRun } from './modules/reports/download-process.ts';
import { redactedError, registerHttpGuards } from './platform/http-guards.ts';
import { registerCompression, registerWebApp } from './platform/web-app.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerRequestLog, requestLogOptions } from './platform/request-log.ts';

/**
 * The web build's modules (as its manifest names them) that every signed-in page opened directly
 * needs before it can draw: the shell, MUI's providers and the route table. Preloaded with
 * index.html for a browser with a session (docs/architecture.md#what-each-screen-loads).
 */
const SIGNED_IN_SHELL_MODULES = [
  'src/app/shell/shell-chunk.ts',
  'src/ui/mui-providers.tsx',
  '../../packages/contract/src/shell-routes.ts',
];

export interface BuiltApp {
  app: FastifyInstance;
  identity: Identity;
  mailer: Mailer;
  files: FileStore;
  jobs: Jobs;
  /** What the download job runs: every waiting download generated (docs/reports.md#downloads). */
  runDownloads(): Promise<DownloadRun>;
}

const API_PREFIXES = ['/graphql', '/auth/', '/api/', '/files/', '/healthz', '/metrics'];

/**
 * Builds the whole HTTP app without listening, so that tests drive it in-process
 * (docs/architecture.md#tests).
 */
export async function buildApp(
  config: Config,
  database: Database,
  /** `jobs`: work the scheduled jobs in this process (main.ts does; tests start them when they need them). */
  options: {
    logger?: boolean;
    /** Where the JSON log goes instead of stdout (a test reading what was logged). */
    logStream?: Writable;
    jobs?: boolean;
    /** The payment provider for recharges (docs/credits.md); none ships with the portal. */
    payments?: PaymentProvider;
  } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { err: redactedError, error: redactedError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    ...requestLogOptions,
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
  });
  const { db } = database;
  const mailer = createMailer({
    db,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    // Beside the JSON log, as blocks people read; not when the log is off (tests) or quieter than info.
    print:
      options.logger === false || !['info', 'debug', 'trace'].includes(config.logLevel)
        ? () => {}
        : (block) => process.stdout.write(block),
  });
  const secret = await loadAuthSecret(db, config.authSecret);
  const identity = createIdentity({ config, db, mailer, secret, log: app.log });
  const fileSettings = { s3: config.s3, root: path.join(config.dataDir, 'files') };
  const files = openFileStore(fileSettings, secret);
  // Browsers upload to and read from the bucket directly: its address must be allowed.
  const storeOrigin = config.s3 ? s3Origins(config.s3) : [];

  registerHttpGuards(app, { trustedOrigins: config.trustedOrigins });
  registerRequestLog(app);
  registerMetrics(app, database, { token: config.metricsToken });

  await app.register(helmet, {
    // Strict-Transport-Security means something only on an https address; over http it would
    // make a browser refuse the portal once it is ever served on https at the same host.
    hsts: config.secureCookies ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storeOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storeOrigin],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  // Created here so that operations can ask for a run; started at the end (jobs.start).
  const jobs = createJobs(database, app.log);

  // The API's answers are compressed per request; the web app's files, registered at the root
  // beside this scope, are precompressed by the build and never compressed again.
  await app.register(async (api) => {
    await registerCompression(api);

    api.get('/healthz', async () => {
      await database.query('SELECT 1');
      return { status: 'ok', database: database.kind, mail: mailer.transport };
    });

    registerIdentityRoutes(api, { identity, db, config });
    await registerGraphqlEndpoint(api, {
      db,
      identity,
      mailer,
      config,
      files,
      payments: options.payments ?? null,
      jobs,
      handlers: HANDLERS,
    });
    registerFileRoute(api, { files });
    registerReportIssueRoute(api, { db, identity, files });
    registerExportRoute(api, { db, identity, handlers: HANDLERS });
    registerImportRoutes(api, { db, identity, kinds: IMPORT_KINDS });
    registerDocumentRoute(api, { db, identity, kinds: DOCUMENT_KINDS, files });
    registerInvitationRoutes(api, { db, config });
    registerQuotationLinkRoutes(api, { db, config, identity, mailer, files });
    registerRequestLinkRoutes(api, { db, config, identity, mailer, files });
    registerLeadLinkRoutes(api, { db, config, identity, mailer });
    registerContactRoute(api, { db, config, mailer });
  });

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    apiPrefixes: API_PREFIXES,
    // The landing page's own chunk and the shell's code, fetched with the entry (PagePreload).
    preloads: [
      { paths: [LANDING_PATH], modules: ['src/features/landing/landing-page.tsx'] },
      {
        paths: SHELL_ROUTES.map((route) => route.route),
        modules: SIGNED_IN_SHELL_MODULES,
        signedInOnly: true,
      },
    ],
    hasSession: await sessionCookieCheck(identity),
  });

  // Mails are queued in the outbox by the operations and delivered here (docs/operations.md#mail).
  jobs.schedule({
    name: 'mail.deliver',
    cron: '* * * * *',
    pollingIntervalSeconds: 1,
    run: async () => void (await mailer.deliverDue()),
  });
  mailer.onQueued(() => jobs.runSoon('mail.deliver'));
  jobs.schedule({ name: 'rate-limits.prune', cron: '7 * * * *', run: () => pruneRateLimits(db) });
  jobs.schedule({
    name: 'files.clean-up',
    cron: '17 * * * *',
    run: async () => void (await removeUnusedFiles(db, files)),
  });
  jobs.schedule({
    name: 'files.sweep',
    cron: '40 3 * * *',
    run: async () => void (await sweepUnknownFiles(db, files)),
  });
  // AMC contracts whose first day has come put their products under AMC (docs/contracts.md).
  jobs.schedule({
    name: 'contracts.start',
    cron: '35 * * * *',
    run: async () => void (await startDueContracts(db)),
  });
  // Tickets too long in a state tell the rules' people, once per ticket, rule and level (docs/escalations.md).
  jobs.schedule({
    name: 'tickets.escalate',
    cron: '*/5 * * * *',
    run: async () => void (await fireDueEscalations(db, mailer, config.publicUrl)),
  });
  // Maintenance plans raise their tickets ahead of each due date (docs/schedules.md).
  jobs.schedule({
    name: 'schedules.raise',
    cron: '20 * * * *',
    run: async () => void (await raiseDueMaintenance({ db, mailer, config, identity, files })),
  });
  // Lead follow-ups that fall due remind their owners, once each (docs/leads.md#follow-ups).
  jobs.schedule({
    name: 'leads.remind',
    cron: '* * * * *',
    run: async () => void (await remindDueFollowUps(db, mailer, config.publicUrl)),
  });
  const runDownloads = () =>
    generateDownloads({
      database,
      files,
      fileSettings,
      signingSecret: secret,
      heapMb: config.downloadHeapMb,
      log: app.log,
    });
  // Download Reports: workbooks generated in the background, removed after a week (docs/reports.md#downloads).
  jobs.schedule({
    name: REPORT_DOWNLOADS_JOB,
    cron: '* * * * *',
    pollingIntervalSeconds: 1,
    run: async () => void (await runDownloads()),
  });
  jobs.schedule({
    name: 'reports.downloads-expire',
    cron: '50 * * * *',
    run: async () => void (await expireDownloads({ db, files })),
  });
  jobs.schedule({
    name: 'device-actions.purge',
    cron: '25 4 * * *',
    run: async () => void (await purgeDeviceActions(db)),
  });
  if (options.jobs) await jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });

  return { app, identity, mailer, files, jobs, runDownloads };
}

/** The origins presigned S3 addresses point at: the bucket's host, path-style or virtual-hosted. */
function s3Origins(s3: NonNullable<Config['s3']>): string[] {
  const url = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  return s3.forcePathStyle ? [url.origin] : [`${url.protocol}//${s3.bucket}.${url.host}`, url.origin];
}
