import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, demoEmail, seedDemoIfEmpty } from './db/seed/demo.ts';
import { buildApp } from './app.ts';
import path from 'node:path';
import { findPincode } from './modules/territories/pincode-directory.ts';
import { raiseDemoComponentRequests } from './modules/inventory/demo-requests.ts';
import { raiseDemoPurchaseOrders } from './modules/purchasing/demo-orders.ts';
import { setDemoRateCards } from './modules/payouts/demo-rate-cards.ts';
import { raiseDemoPayout } from './modules/payouts/demo-payouts.ts';
import { raiseDemoQuotations } from './modules/quotations/demo-quotations.ts';
import { raiseDemoReplacements } from './modules/fgr/demo-fgr.ts';
import { raiseDemoPlans } from './modules/schedules/demo-schedules.ts';
import { raiseDemoAttendance } from './modules/reports/demo-attendance.ts';
import { raiseDemoRequests } from './modules/requests/demo-requests.ts';
import { fillDemoCabinet } from './modules/cabinet/demo-cabinet.ts';
import { raiseDemoLeads } from './modules/leads/demo-leads.ts';
import { raiseDemoFleetRequests } from './modules/product-fleet/demo-requests.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Fieldport cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const seeded = config.demo ? await seedDemoIfEmpty(database.db) : false;
  if (seeded) {
    await raiseDemoFleetRequests(database.db);
    await raiseDemoComponentRequests(database.db);
    await raiseDemoPurchaseOrders(database.db);
    await setDemoRateCards(database.db);
    await raiseDemoPayout(database.db);
    await raiseDemoQuotations(database.db);
    await raiseDemoReplacements(database.db);
    await raiseDemoPlans(database.db);
    await raiseDemoAttendance(database.db);
    await raiseDemoRequests(database.db);
    await raiseDemoLeads(database.db);
  }
  const { app, files } = await buildApp(config, database, { jobs: true });
  // The demo's cabinet holds real documents, written to the file store the app has just opened.
  if (seeded) await fillDemoCabinet(database.db, files);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The pincode directory is read once; reading it now spares the first person who types a pincode.
  void findPincode('000000').catch((error: unknown) =>
    app.log.warn({ err: error }, 'pincode directory not read'),
  );
  const where =
    database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  console.log(
    [
      '',
      `Fieldport is running on ${where}.`,
      `Sign in at ${config.publicUrl}/`,
      config.demo
        ? `Demo logins: ${demoEmail('OWNER')}, ${demoEmail('AGENT')}, ${demoEmail('SERVICE_PARTNER')}, ${demoEmail('DEALER_OWNER')} ... (every role: <role>@demo.local), password ${DEMO_PASSWORD}${seeded ? ' (demo data created now)' : ''}`
        : 'Demo data is off (DEMO=1 enables it on an empty database).',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error('Fieldport failed to start:', error);
  process.exit(1);
});
