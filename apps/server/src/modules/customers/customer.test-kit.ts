import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import type { Role } from '@fieldport/contract/roles';
import type { CustomerDetail } from '@fieldport/contract/operations/customers';
import { CreateCustomer } from '@fieldport/contract/operations/customers';
import { CUSTOMER_IMPORT } from '@fieldport/contract/customer-import';
import {
  importRoutes,
  XLSX_MIME,
  type ImportProgressLine,
  type ImportSpec,
} from '@fieldport/contract/imports';
import { customer } from '../../db/schema/customers.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { seedNamedMaster } from '../../db/seed/settings.ts';
import { call, signIn, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { seedParty } from '../../db/seed/factories.ts';

// What the customer tests share: an organization with staff, a partner, two dealers and
// categories; valid inputs; reading what was written; workbooks and the import routes.

export async function customerWorld(
  app: TestApp,
  roles: Role[] = ['OWNER', 'DEALER_OWNER', 'SERVICE_PARTNER'],
) {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles });
  const residential = await seedNamedMaster(db, 'customerCategory', {
    organization_id: seeded.org.id,
    name: 'Residential',
  });
  const commercial = await seedNamedMaster(db, 'customerCategory', {
    organization_id: seeded.org.id,
    name: 'Commercial',
  });
  const retired = await seedNamedMaster(db, 'customerCategory', {
    organization_id: seeded.org.id,
    name: 'Retired',
    status: 'INACTIVE',
  });
  const otherDealer = await seedParty(db, {
    organization_id: seeded.org.id,
    kind: 'DEALER',
    name: `Other dealer ${seeded.tag}`,
  });
  const otherDealerMember = await addTestMember(db, {
    organizationId: seeded.org.id,
    role: 'DEALER_OWNER',
    party_id: otherDealer.id,
  });
  const cookies = new Map<string, string>();
  const cookieOf = async (email: string) => {
    if (!cookies.has(email)) cookies.set(email, await signIn(app, email, TEST_PASSWORD));
    return cookies.get(email)!;
  };
  return {
    ...seeded,
    categories: { residential, commercial, retired },
    otherDealer,
    otherDealerMember,
    cookieOf,
    ownerCookie: () => cookieOf(seeded.members.OWNER.email),
    dealerCookie: () => cookieOf(seeded.members.DEALER_OWNER.email),
    partnerCookie: () => cookieOf(seeded.members.SERVICE_PARTNER.email),
    otherDealerCookie: () => cookieOf(otherDealerMember.email),
  };
}

export type CustomerWorld = Awaited<ReturnType<typeof customerWorld>>;

/** A valid CreateCustomer input; `phone` must be new in the organization. */
export function customerInput(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Ravi Kumar',
    customer_phone: phone,
    customer_email: 'ravi.kumar@example.com',
    primary_location: {
      address: '12, 4th Cross, Indiranagar',
      pincode: '560038',
      city: 'Bengaluru',
      state: 'Karnataka',
      latitude: 12.9784,
      longitude: 77.6408,
    },
    ...overrides,
  };
}

/** A 10-digit Indian mobile number of the test's own (tests share one PostgreSQL). */
let phoneCounter = Math.floor(Math.random() * 90_000_000);
export function newMobile(): string {
  phoneCounter = (phoneCounter + 7919) % 90_000_000;
  return `98${String(10_000_000 + phoneCounter).padStart(8, '0')}`;
}

export async function createCustomer(
  app: TestApp,
  cookie: string,
  input: Record<string, unknown>,
): Promise<CustomerDetail> {
  const answer = await call(app, cookie, CreateCustomer, input);
  if (!answer.envelope) throw new Error(`CreateCustomer failed: ${JSON.stringify(answer.errors)}`);
  return answer.envelope.data.items[0];
}

/** How many customers and audit entries an organization has: what "nothing written" compares. */
export async function written(app: TestApp, organizationId: string) {
  const db = app.database.db;
  const [customers] = await db
    .select({ n: count() })
    .from(customer)
    .where(eq(customer.organization_id, organizationId));
  const [audits] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.organization_id, organizationId));
  return { customers: customers.n, audits: audits.n };
}

export async function auditEntries(app: TestApp, organizationId: string, operation: string) {
  return app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organization_id, organizationId), eq(auditLog.operation, operation)));
}

// ---------------------------------------------------------------------------------------------
// Workbooks and the import routes

export type SheetRow = Record<string, string | number | null>;

/** A workbook as a person fills the template: the header row, then one row per entry (by column key). */
export async function workbook(
  rows: SheetRow[],
  options: { headers?: string[]; extraSheetFirst?: boolean; spec?: ImportSpec } = {},
) {
  const spec = options.spec ?? CUSTOMER_IMPORT;
  const book = new ExcelJS.Workbook();
  if (options.extraSheetFirst) book.addWorksheet('Read me').addRow([`Fill the ${spec.sheet} sheet`]);
  const sheet = book.addWorksheet(spec.sheet);
  const headers = options.headers ?? spec.columns.map((column) => column.header);
  sheet.addRow(headers);
  const keys = spec.columns.map((column) => column.key);
  for (const row of rows) sheet.addRow(keys.map((key) => row[key] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Many rows, written with exceljs's streaming writer (as large files are made). */
export async function bigWorkbook(count: number, row: (index: number) => SheetRow): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('Customers');
  const keys = CUSTOMER_IMPORT.columns.map((column) => column.key);
  sheet.addRow(CUSTOMER_IMPORT.columns.map((column) => column.header)).commit();
  for (let index = 0; index < count; index++) {
    const values = row(index);
    sheet.addRow(keys.map((key) => values[key] ?? null)).commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** A good row for the workbook; `n` makes its phone and name its own. */
export function goodRow(phone: string, overrides: SheetRow = {}): SheetRow {
  return {
    customer_name: `Priya Sharma ${phone.slice(-4)}`,
    country: 'IN',
    customer_phone: phone,
    customer_email: `priya.${phone.slice(-4)}@example.com`,
    customer_category: 'Residential',
    address: '7, MG Road, Koramangala',
    pincode: '560034',
    city: 'Bengaluru',
    state: 'Karnataka',
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

export interface NdjsonAnswer {
  status: number;
  /** For a refusal before the work started: the JSON body. */
  body?: { code: string; message: string; field?: string };
  lines: ImportProgressLine[];
}

function ndjsonAnswer(response: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}): NdjsonAnswer {
  if (String(response.headers['content-type']).startsWith('application/x-ndjson')) {
    return {
      status: response.statusCode,
      lines: response.body
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ImportProgressLine),
    };
  }
  return { status: response.statusCode, body: JSON.parse(response.body), lines: [] };
}

export async function upload(
  app: TestApp,
  cookie: string,
  data: Buffer,
  fileName = 'customers.xlsx',
  type = XLSX_MIME,
  spec: ImportSpec = CUSTOMER_IMPORT,
) {
  const response = await app.app.inject({
    method: 'POST',
    url: `${importRoutes(spec).upload}?file_name=${encodeURIComponent(fileName)}`,
    headers: { cookie, 'content-type': type, origin: app.config.publicUrl },
    payload: data,
  });
  return ndjsonAnswer(response);
}

export async function confirm(
  app: TestApp,
  cookie: string,
  importId: string,
  spec: ImportSpec = CUSTOMER_IMPORT,
) {
  const response = await app.app.inject({
    method: 'POST',
    url: importRoutes(spec).confirm(importId),
    headers: { cookie, origin: app.config.publicUrl },
  });
  return ndjsonAnswer(response);
}

/** The last line, which must be the outcome. */
export function outcomeOf(answer: NdjsonAnswer) {
  const last = answer.lines[answer.lines.length - 1];
  if (!last) throw new Error(`No NDJSON answer: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return last;
}
