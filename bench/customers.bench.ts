import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_ROUTES,
  XLSX_MIME,
  type ImportProgressLine,
} from '@fieldport/contract/customer-import';
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
import { defineBenchmark, type BenchContext } from './lib/benchmark.ts';
import { runHttpLoad, type HttpRequestSpec } from './lib/http-load.ts';
import { runLoad, type LoadSummary } from './lib/load.ts';
import { recordQueries, statementGist, type RecordedQuery } from './lib/sql-probe.ts';
import { formatFixed } from './lib/table.ts';

/**
 * Issue 3: "with 100,000 customers, the p95 of a paginated customer list and of a phone search,
 * each beside the same SQL run directly (ratio printed)", and "10,000 rows must import (bench/
 * prints the time)".
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

function graphqlBody(input: Record<string, unknown>) {
  return JSON.stringify({
    query: `query Call($input: JSON) { ${ListCustomers.name}(input: $input) }`,
    variables: { input },
  });
}

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

/** The statements a request sends, recorded while it runs once (it must succeed). */
async function recordRequest(context: BenchContext, request: HttpRequestSpec): Promise<RecordedQuery[]> {
  return recordQueries(context.env.database, async () => {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    if (response.status !== 200 || !text.includes('SUCCESS')) {
      throw new Error(`ListCustomers failed: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
  });
}

/** The subject over HTTP, its baseline (the same statements sent directly), and the p95 ratio noted. */
async function measurePair(
  context: BenchContext,
  group: string,
  label: string,
  requests: HttpRequestSpec[],
): Promise<void> {
  const { env, options, measure, note } = context;
  const recorded: RecordedQuery[][] = [];
  for (const request of requests) recorded.push(await recordRequest(context, request));
  note(
    `${label}: one call sends ${recorded[0].length} statements (${recorded[0].map((query) => statementGist(query.text)).join('; ')})`,
  );
  const subject = await measure(
    `${label} over HTTP`,
    'subject',
    () => runHttpLoad({ ...options, requests, expect: 'SUCCESS' }),
    group,
  );
  const replay = (pick: (query: RecordedQuery) => boolean) => async (worker: number) => {
    for (const query of recorded[worker % recorded.length].filter(pick)) {
      await env.database.query(query.text, query.params);
    }
  };
  const baseline = await measure(
    `${label}: same SQL directly`,
    'baseline',
    () =>
      runLoad(
        replay(() => true),
        options,
      ),
    group,
  );
  p95Note(context, label, subject, baseline);
  if (options.breakdown) {
    await measure(
      `${label}: its customer statements only (page + count)`,
      'detail',
      () =>
        runLoad(
          replay((query) => /"customer"/.test(query.text)),
          options,
        ),
      group,
    );
  }
}

function p95Note(context: BenchContext, label: string, subject: LoadSummary, baseline: LoadSummary) {
  context.note(
    `${label}: p95 ${formatFixed(subject.p95, 2)} ms over HTTP beside ${formatFixed(baseline.p95, 2)} ms for the same SQL directly: ratio ${formatFixed(subject.p95 / baseline.p95, 2)}`,
  );
}

/** A workbook as a person fills the template, written with exceljs's streaming writer. */
async function importWorkbook(people: GeneratedCustomer[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('Customers');
  sheet.addRow(CUSTOMER_IMPORT_COLUMNS.map((column) => column.header)).commit();
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
    sheet.addRow(CUSTOMER_IMPORT_COLUMNS.map((column) => values[column.key] ?? null)).commit();
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
    'Issue 3: with 100,000 customers, p95 of a customer list page and of a phone search beside the same SQL directly; 10,000-row import time',
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
    const request = (cookie: string, input: Record<string, unknown>): HttpRequestSpec => ({
      method: 'POST',
      url: `${env.baseUrl}/graphql`,
      headers: { 'content-type': 'application/json', cookie, origin: env.baseUrl },
      body: graphqlBody(input),
    });

    // (a) Browsing the list: each worker on its own page among the first ones, 25 rows by name.
    await measurePair(
      context,
      'list',
      'ListCustomers page of 25 by name',
      cookies.map((cookie, worker) => request(cookie, { page: worker + 1, page_size: 25 })),
    );

    // (b) A phone search as a co-ordinator types it: the first five digits of a customer's number.
    const step = Math.floor(CUSTOMERS / cookies.length);
    await measurePair(
      context,
      'phone',
      'ListCustomers phone search (5 digits)',
      cookies.map((cookie, worker) =>
        request(cookie, { search: people[worker * step + 17].phone.slice(0, 5) }),
      ),
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
