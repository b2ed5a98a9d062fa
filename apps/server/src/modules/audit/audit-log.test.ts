import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CATALOGUE } from '@fieldport/contract/catalogue';
import { AUTH_EVENTS, List_Logs } from '@fieldport/contract/operations/audit';
import { UpdateOrganizationSettings } from '@fieldport/contract/operations/organization';
import { organization } from '../../db/schema/identity.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { XLSX_CONTENT_TYPE } from '../../graphql/export-route.ts';
import { newId } from '../../db/ids.ts';
import {
  authCall,
  call,
  latestCode,
  signIn,
  startTestApp,
  uniqueIp,
  type TestApp,
} from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function organizationWithOwner() {
  const seeded = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'MANAGER'] });
  const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  return { ...seeded, cookie };
}

/** An entry at a given time, as writeAudit makes them (tests of dates need the time fixed). */
async function entryAt(
  organizationId: string,
  at: string,
  operation = 'UpdateClosureRemark',
  email = 'someone@test.local',
) {
  await app.database.db.insert(auditLog).values({
    id: newId(),
    organization_id: organizationId,
    user_email: email,
    operation,
    created_at: new Date(at),
  });
}

describe('the audit log', () => {
  it('records password and code sign-ins and sign-outs with who, organization and address, and lists them newest first', async () => {
    const { org, members, cookie } = await organizationWithOwner();
    const address = uniqueIp();
    const manager = await authCall(
      app,
      '/auth/sign-in/email',
      { email: members.MANAGER.email, password: TEST_PASSWORD },
      '',
      { remoteAddress: address },
    );
    await authCall(app, '/auth/sign-out', {}, manager.cookie, { remoteAddress: address });
    await authCall(app, '/auth/email-otp/send-verification-otp', {
      email: members.MANAGER.email,
      type: 'sign-in',
    });
    const otp = await latestCode(app, members.MANAGER.email);
    expect(
      (await authCall(app, '/auth/sign-in/email-otp', { email: members.MANAGER.email, otp })).status,
    ).toBe(200);

    const page = await call(app, cookie, List_Logs, { user_email: members.MANAGER.email });
    expect(page.envelope?.data.time_zone).toBe('Asia/Kolkata');
    const items = page.envelope!.data.items;
    expect(items.map((item) => item.operation)).toEqual(['SIGN_IN', 'SIGN_OUT', 'SIGN_IN']);
    expect(items[2]).toMatchObject({
      user_id: members.MANAGER.userId,
      user_email: members.MANAGER.email,
      user_name: expect.stringContaining('MANAGER'),
      target: members.MANAGER.userId,
      ip_address: address,
    });
    expect(items[1]).toMatchObject({
      operation: 'SIGN_OUT',
      ip_address: address,
      user_email: members.MANAGER.email,
    });
    const [row] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.id, items[0].log_id), eq(auditLog.organization_id, org.id)));
    expect(row).toBeDefined();
  });

  it('records a password reset with a code, never the code or the password', async () => {
    const { org, members, cookie } = await organizationWithOwner();
    await authCall(app, '/auth/email-otp/send-verification-otp', {
      email: members.MANAGER.email,
      type: 'forget-password',
    });
    const otp = await latestCode(app, members.MANAGER.email);
    const reset = await authCall(app, '/auth/email-otp/reset-password', {
      email: members.MANAGER.email,
      otp,
      password: 'Brand#New99',
    });
    expect(reset.status).toBe(200);
    const page = await call(app, cookie, List_Logs, { operation: 'RESET_PASSWORD' });
    expect(page.envelope?.data.items).toEqual([
      expect.objectContaining({ user_email: members.MANAGER.email, target: members.MANAGER.userId }),
    ]);
    const rows = await app.database.db.select().from(auditLog).where(eq(auditLog.organization_id, org.id));
    expect(JSON.stringify(rows)).not.toContain('Brand#New99');
    expect(JSON.stringify(rows)).not.toContain(otp);
  });

  it('records a mutation with its target and changed values', async () => {
    const { org, cookie, members } = await organizationWithOwner();
    await call(app, cookie, UpdateOrganizationSettings, { currency: 'USD' });
    const page = await call(app, cookie, List_Logs, { operation: 'UpdateOrganizationSettings' });
    expect(page.envelope?.data.items).toEqual([
      expect.objectContaining({
        user_email: members.OWNER.email,
        target: org.id,
        changes: { currency: { from: 'INR', to: 'USD' } },
        ip_address: expect.any(String),
      }),
    ]);
  });

  it("filters by days of the organization's time zone", async () => {
    const { org, cookie } = await organizationWithOwner();
    // 19:00 UTC on 1 March is 00:30 on 2 March in Asia/Kolkata (UTC+05:30).
    await entryAt(org.id, '2025-03-01T19:00:00Z', 'EarlyMarchSecond');
    await entryAt(org.id, '2025-03-01T18:00:00Z', 'LateMarchFirst');
    await entryAt(org.id, '2025-03-03T18:29:59Z', 'LastMomentOfThird');
    await entryAt(org.id, '2025-03-03T18:30:00Z', 'FirstMomentOfFourth');

    const names = async (input: Record<string, unknown>) =>
      (await call(app, cookie, List_Logs, { ...input, sort_order: 'asc' })).envelope!.data.items.map(
        (item) => item.operation,
      );
    expect(await names({ date_from: '2025-03-02', date_to: '2025-03-03' })).toEqual([
      'EarlyMarchSecond',
      'LastMomentOfThird',
    ]);
    expect(await names({ date_to: '2025-03-01' })).toEqual(['LateMarchFirst']);

    await app.database.db.update(organization).set({ time_zone: 'UTC' }).where(eq(organization.id, org.id));
    expect(await names({ date_from: '2025-03-01', date_to: '2025-03-01' })).toEqual([
      'LateMarchFirst',
      'EarlyMarchSecond',
    ]);
  });

  it('pages in SQL: total count, page size and the second page', async () => {
    const { org, cookie } = await organizationWithOwner();
    for (let day = 1; day <= 12; day += 1) {
      await entryAt(org.id, `2024-01-${String(day).padStart(2, '0')}T10:00:00Z`, 'PagedOperation');
    }
    const second = await call(app, cookie, List_Logs, {
      operation: 'PagedOperation',
      page: 2,
      page_size: 10,
    });
    expect(second.envelope?.data).toMatchObject({ total_count: 12, page: 2, page_size: 10 });
    expect(second.envelope?.data.items.map((item) => item.created_on)).toEqual([
      '2024-01-02T10:00:00.000Z',
      '2024-01-01T10:00:00.000Z',
    ]);
  });

  it.each([
    [{ date_from: '2025-03-05', date_to: '2025-03-01' }, 'date_from must not be after date_to', 'date_to'],
    [{ date_from: '2025-02-30' }, 'date_from is not a real date', 'date_from'],
    [{ date_to: '01/03/2025' }, 'date_to must be a date such as 2026-11-25', 'date_to'],
    [{ page_size: 1000 }, 'page_size must be one of 10, 25, 50, 100', 'page_size'],
    [{ sort_by: 'changes' }, 'sort_by must be one of created_on, operation, user_email', 'sort_by'],
  ])('refuses %j with a message naming the field', async (input, message, field) => {
    const { cookie } = await organizationWithOwner();
    const answer = await call(app, cookie, List_Logs, input);
    expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(answer.errors?.[0].message).toContain(message);
  });

  it("exports the filtered log to .xlsx, the organization's only, and audits the export", async () => {
    const { org, cookie } = await organizationWithOwner();
    await entryAt(org.id, '2025-05-01T06:30:00Z', 'ExportedOperation', 'first@test.local');
    await entryAt(org.id, '2025-05-02T06:30:00Z', 'ExportedOperation', 'second@test.local');
    const other = await seedTestOrganization(app.database.db, { roles: [] });
    await entryAt(other.org.id, '2025-05-03T06:30:00Z', 'ExportedOperation', 'elsewhere@test.local');

    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/List_Logs.xlsx?operation=ExportedOperation&sort_order=asc',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1)).toEqual(['Time', 'User', 'Email', 'Operation', 'Target', 'Changes', 'Address']);
    expect(rows.slice(1).map((row) => [row[3], row[4]])).toEqual([
      ['first@test.local', 'ExportedOperation'],
      ['second@test.local', 'ExportedOperation'],
    ]);
    // 06:30 UTC is 12:00 in Asia/Kolkata: the sheet shows the organization's wall clock.
    expect((rows[1][1] as Date).toISOString()).toBe('2025-05-01T12:00:00.000Z');

    const [exported] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'ExportToExcel')));
    expect(exported).toMatchObject({
      target: 'List_Logs',
      changes: expect.objectContaining({ row_count: 2 }),
    });
  });

  it('refuses the log and its export to a role whose menu has no Audit Logs', async () => {
    const { members } = await organizationWithOwner();
    const manager = await signIn(app, members.MANAGER.email, TEST_PASSWORD);
    expect((await call(app, manager, List_Logs, {})).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/List_Logs.xlsx',
      headers: { cookie: manager },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('exporting needs the EXPORT right, not only VIEW', () => {
  it('with access control on, an agent who may view the log but not export it gets the list and a 403 for the workbook', async () => {
    const viewOnly = {
      module_name: 'Audit Logs',
      module_rights: [
        { VIEW: true, CREATE: false, EDIT: false, DELETE: false, APPROVE: false, EXPORT: false },
      ],
      sub_modules: [],
    };
    const seeded = await seedTestOrganization(app.database.db, {
      roles: ['AGENT'],
      accessControl: true,
      designationModules: [viewOnly],
    });
    const agent = await signIn(app, seeded.members.AGENT.email, TEST_PASSWORD);
    expect((await call(app, agent, List_Logs, {})).envelope?.status).toBe('SUCCESS');
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/List_Logs.xlsx',
      headers: { cookie: agent },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('with access control on, an agent granted VIEW and EXPORT on the log gets the workbook', async () => {
    const viewAndExport = {
      module_name: 'Audit Logs',
      module_rights: [
        { VIEW: true, CREATE: false, EDIT: false, DELETE: false, APPROVE: false, EXPORT: true },
      ],
      sub_modules: [],
    };
    const seeded = await seedTestOrganization(app.database.db, {
      roles: ['AGENT'],
      accessControl: true,
      designationModules: [viewAndExport],
    });
    const agent = await signIn(app, seeded.members.AGENT.email, TEST_PASSWORD);
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/List_Logs.xlsx',
      headers: { cookie: agent },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
  });
});

describe('no one edits or deletes an entry', () => {
  it('has no operation that changes the audit log: its only operation is the List_Logs query', () => {
    const touching = Object.values(CATALOGUE).filter((op) => {
      const modules = op.access.module === null ? [] : [op.access.module].flat();
      return modules.includes('Audit Logs') || /audit|(^|_)logs?(_|$)|Logs?$/i.test(op.name);
    });
    expect(touching.map((op) => `${op.name} (${op.kind})`)).toEqual(['List_Logs (query)']);
    // The names the log uses for sign-in and sign-out are no operation's.
    for (const event of AUTH_EVENTS) expect(CATALOGUE[event]).toBeUndefined();
  });

  it('is refused by the database: UPDATE, DELETE and TRUNCATE of audit_log fail and change nothing', async () => {
    const { org } = await organizationWithOwner();
    await entryAt(org.id, '2025-01-01T00:00:00Z', 'Untouchable');
    const where = and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'Untouchable'));
    /** Runs a statement in a transaction that is always rolled back, and says why it failed. */
    const refusal = async (run: (db: typeof app.database.db) => Promise<unknown>) => {
      try {
        await app.database.db.transaction(async (tx) => {
          await run(tx as unknown as typeof app.database.db);
          throw new Error('NOT REFUSED');
        });
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause;
        return cause?.message ?? (error as Error).message;
      }
      return 'NOT REFUSED';
    };
    const message = 'audit_log entries cannot be changed or deleted';
    expect(await refusal((db) => db.update(auditLog).set({ operation: 'Rewritten' }).where(where))).toBe(
      message,
    );
    expect(await refusal((db) => db.delete(auditLog).where(where))).toBe(message);
    expect(await refusal((db) => db.execute(sql`truncate audit_log`))).toBe(message);
    expect(await app.database.db.select().from(auditLog).where(where)).toHaveLength(1);
  });
});
