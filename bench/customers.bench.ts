import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CUSTOMER_IMPORT, CUSTOMER_IMPORT_ROUTES } from '@fieldport/contract/customer-import';
import { XLSX_MIME, type ImportProgressLine } from '@fieldport/contract/imports';
import { ListCustomers } from '@fieldport/contract/operations/customers';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { customerCategory } from '../apps/server/src/db/schema/settings.ts';
import {
  generateIndianCustomers,
  seedCustomers,
  type GeneratedCustomer,
  type SeedCustomer,
} from '../apps/server/src/db/seed/customers.ts';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { seedOrganization } from '../apps/server/src/db/seed/factories.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';

/**
 * With 100,000 customers, the p95 of a paginated customer list and of a phone search, each beside
 * the same SQL run directly (ratio printed), and the time 10,000 rows take to import.
 *
 * Data: 100,000 generated Indian customers (db/seed/customers.ts, the demo's generator) added to
 * the demo organization, which then has ~100,300. Subjects: ListCustomers over HTTP as the owner,
 * (a) a page of 25 sorted by name, each worker on its own page among the first ones, (b) a phone
 * search by the first five digits of a real customer's number. Baselines: every SQL statement
 * one such call sends (session, caller, page, count), recorded once per request and sent again as
 * it was, with the same parameters, through the same database handle and concurrency.
 * Import: a 10,000-row workbook uploaded and confirmed over HTTP, timed from the first byte sent
 * to the last line received; beside it, the same rows written directly by the seed function.
 */

const CUSTOMERS = 100_000;
const IMPORT_ROWS = 10_000;
const SIGNED_IN_AS = demoEmail('OWNER');

function toSeed(
  person: GeneratedCustomer,
  organization_id: string,
  categories: Record<string, string>,
): SeedCustomer {
  return {
    organization_id,
    name: person.name,
    phone: person.phone,
    email: person.email,
    customer_category_id: categories[person.category] ?? null,
    primary_location: person.primary_location,
    secondary_locations: person.secondary_locations,
  };
}

/** A workbook as a person fills the template, written with exceljs's streaming writer. */
async function importWorkbook(people: GeneratedCustomer[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('Customers');
  sheet.addRow(CUSTOMER_IMPORT.columns.map((column) => column.header)).commit();
  for (const person of people) {
    const location = person.primary_location;
    const values: Record<string, unknown> = {
      customer_name: person.name,
      country: 'IN',
      customer_phone: person.phone,
      customer_email: person.email,
      customer_category: person.category,
      address: location.address,
      pincode: location.pincode,
      city: location.city,
      state: location.state,
      latitude: location.latitude,
      longitude: location.longitude,
    };
    sheet.addRow(CUSTOMER_IMPORT.columns.map((column) => values[column.key] ?? null)).commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** POSTs and reads the NDJSON answer to its last line, which must be 'done'. */
async function ndjsonCall(url: string, init: RequestInit) {
  const response = await fetch(url, init);
  const text = await response.text();
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ImportProgressLine);
  const last = lines[lines.length - 1];
  if (response.status !== 200 || last?.type !== 'done') {
    throw new Error(`${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  return { done: last, progressLines: lines.length - 1 };
}

const seconds = (ms: number) => `${formatFixed(ms / 1000, 2)} s`;

export const benchmark = defineBenchmark({
  name: 'customers',
  title:
    'With 100,000 customers, p95 of a customer list page and of a phone search beside the same SQL directly; 10,000-row import time',
  async run(context) {
    const { env, options, note, progress } = context;
    const db = env.database.db;
    const [org] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));
    const categories = Object.fromEntries(
      (
        await db
          .select({ id: customerCategory.id, name: customerCategory.name })
          .from(customerCategory)
          .where(eq(customerCategory.organization_id, org.id))
      ).map((row) => [row.name, row.id]),
    );

    progress(`generating ${CUSTOMERS.toLocaleString('en-US')} customers in ${org.name}`);
    const people = generateIndianCustomers(CUSTOMERS, 1);
    const started = performance.now();
    for (let start = 0; start < people.length; start += 10_000) {
      await seedCustomers(
        db,
        people.slice(start, start + 10_000).map((person) => toSeed(person, org.id, categories)),
      );
      progress(`  ${(start + 10_000).toLocaleString('en-US')} written`);
    }
    // The steady state of a table that grew: autovacuum has set the visibility map and statistics.
    await env.database.query('VACUUM ANALYZE customer, customer_location');
    const [{ n }] = await env.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM customer WHERE organization_id = $1',
      [org.id],
    );
    note(
      `${Number(n).toLocaleString('en-US')} customers in the organization (generated ${CUSTOMERS.toLocaleString('en-US')} in ${seconds(performance.now() - started)})`,
    );

    progress(`signing in ${options.concurrency} sessions as ${SIGNED_IN_AS}`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(SIGNED_IN_AS));
    const request = (cookie: string, input: Record<string, unknown>) =>
      operationRequest(env.baseUrl, cookie, ListCustomers, input);
    const customerStatements = {
      label: 'its customer statements only (page + count)',
      pick: (query: { text: string }) => /"customer"/.test(query.text),
    };

    // (a) Browsing the list: each worker on its own page among the first ones, 25 rows by name.
    await measureOperationAgainstSql(
      context,
      'list',
      'ListCustomers page of 25 by name',
      cookies.map((cookie, worker) => request(cookie, { page: worker + 1, page_size: 25 })),
      customerStatements,
    );

    // (b) A phone search as a co-ordinator types it: the first five digits of a customer's number.
    const step = Math.floor(CUSTOMERS / cookies.length);
    await measureOperationAgainstSql(
      context,
      'phone',
      'ListCustomers phone search (5 digits)',
      cookies.map((cookie, worker) =>
        request(cookie, { search: people[worker * step + 17].phone.slice(0, 5) }),
      ),
      customerStatements,
    );

    // (c) Bulk import of 10,000 rows over HTTP: upload and check, then confirm.
    progress(`importing ${IMPORT_ROWS.toLocaleString('en-US')} rows`);
    const rows = generateIndianCustomers(IMPORT_ROWS, 99);
    const file = await importWorkbook(rows);
    const uploadStarted = performance.now();
    const checked = await ndjsonCall(`${env.baseUrl}${CUSTOMER_IMPORT_ROUTES.upload}?file_name=bench.xlsx`, {
      method: 'POST',
      headers: { 'content-type': XLSX_MIME, cookie: cookies[0], origin: env.baseUrl },
      body: file,
    });
    const uploadMs = performance.now() - uploadStarted;
    if (checked.done.type !== 'done' || checked.done.import.valid_count !== IMPORT_ROWS) {
      throw new Error(`The import preview found invalid rows: ${JSON.stringify(checked.done).slice(0, 500)}`);
    }
    const confirmStarted = performance.now();
    const imported = await ndjsonCall(
      `${env.baseUrl}${CUSTOMER_IMPORT_ROUTES.confirm(checked.done.import.import_id)}`,
      { method: 'POST', headers: { cookie: cookies[0], origin: env.baseUrl } },
    );
    const confirmMs = performance.now() - confirmStarted;
    if (imported.done.type !== 'done' || imported.done.import.imported_count !== IMPORT_ROWS) {
      throw new Error(`The import did not import every row: ${JSON.stringify(imported.done).slice(0, 500)}`);
    }
    note(
      `import of ${IMPORT_ROWS.toLocaleString('en-US')} rows (${formatFixed(file.length / 1024 / 1024, 2)} MB .xlsx): upload + check ${seconds(uploadMs)} (${checked.progressLines} progress lines), confirm ${seconds(confirmMs)} (${imported.progressLines} progress lines), total ${seconds(uploadMs + confirmMs)}, ${Math.round((IMPORT_ROWS * 1000) / (uploadMs + confirmMs)).toLocaleString('en-US')} rows/s`,
    );

    // Beside it, the same rows written straight through the seed function, in one transaction, in
    // an organization of their own (no workbook, no checks, no HTTP).
    const scratch = await seedOrganization(db, { name: 'Bench import baseline' });
    const directStarted = performance.now();
    await db.transaction(async (tx) => {
      await seedCustomers(
        tx as unknown as typeof db,
        rows.map((person) => toSeed(person, scratch.id, {})),
        500,
      );
    });
    const directMs = performance.now() - directStarted;
    note(
      `the same ${IMPORT_ROWS.toLocaleString('en-US')} rows written directly (seedCustomers, one transaction): ${seconds(directMs)}; the import takes ${formatFixed((uploadMs + confirmMs) / directMs, 1)}x that, its confirmation alone ${formatFixed(confirmMs / directMs, 1)}x`,
    );
  },
});
