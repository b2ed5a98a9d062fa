import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateCustomer } from '@fieldport/contract/operations/customers';
import { List_Open_Tickets } from '@fieldport/contract/operations/tickets';
import { CUSTOMER_IMPORT_ROUTES } from '@fieldport/contract/customer-import';
import { XLSX_MIME } from '@fieldport/contract/imports';
import { authCall, call, startTestApp, type TestApp } from '../test/harness.ts';
import { customerInput, customerWorld, newMobile, written } from '../modules/customers/customer.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function post(url: string, cookie: string, payload: unknown, type = 'application/json') {
  const response = await app.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': type, origin: app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('security finding 3: input the database cannot store is refused, naming the field', () => {
  it.each([
    ['a NUL byte', 'owner\u0000@test.local'],
    ['a lone surrogate', 'owner\uD800@test.local'],
  ])('refuses %s in the email of a sign-in before any SQL (no sign-in needed)', async (_label, email) => {
    for (const url of ['/auth/sign-in/email', '/auth/email-otp/send-verification-otp']) {
      const answer = await authCall(app, url, { email, password: 'Whatever@123' });
      expect(answer.status, url).toBe(400);
      expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
      expect(JSON.stringify(answer.body)).not.toMatch(/Failed query|params|select/i);
    }
  });

  it('refuses a NUL byte in a report and writes nothing', async () => {
    const world = await customerWorld(app, ['OWNER']);
    const cookie = await world.ownerCookie();
    const before = await written(app, world.org.id);
    const answer = await post('/api/report-issue', cookie, {
      user_email_id: world.members.OWNER.email,
      project_key: 'FIELDPORT',
      issue_description: 'The list \u0000 is empty',
      attachments: [],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'issue_description' });
    expect(answer.body.errorMessage).toContain('issue_description');
    expect(await written(app, world.org.id)).toEqual(before);
  });

  it.each([
    ['customer_name', { customer_name: 'Ravi \u0000 Kumar' }],
    [
      'primary_location.address',
      { primary_location: { ...customerInput('').primary_location, address: 'x\uDFFF' } },
    ],
  ])(
    'refuses unstorable text in %s of an operation with BAD_USER_INPUT, and writes nothing',
    async (field, overrides) => {
      const world = await customerWorld(app, ['OWNER']);
      const cookie = await world.ownerCookie();
      const before = await written(app, world.org.id);
      const answer = await call(app, cookie, CreateCustomer, customerInput(newMobile(), overrides));
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(answer.errors?.[0].message).toContain(field);
      expect(await written(app, world.org.id)).toEqual(before);
    },
  );

  it('refuses the year 0000 and dates past 2999 in a date field', async () => {
    const world = await customerWorld(app, ['OWNER']);
    for (const created_from of ['0000-01-01', '3000-01-01']) {
      const answer = await call(app, await world.ownerCookie(), List_Open_Tickets, {
        list: 'ACTIVE',
        created_from,
      });
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'created_from' });
      expect(answer.errors?.[0].message).toBe('created_from must be between 1900 and 2999');
    }
  });

  it('validates an export before sending any of it', async () => {
    const world = await customerWorld(app, ['OWNER']);
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/exports/ListCustomers.xlsx?search=${encodeURIComponent('a\u0000b')}`,
      headers: { cookie: await world.ownerCookie() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'search' });
  });

  it('refuses an import with an unstorable file name, and an empty import body, with BAD_USER_INPUT', async () => {
    const world = await customerWorld(app, ['OWNER']);
    const cookie = await world.ownerCookie();
    const named = await post(
      `${CUSTOMER_IMPORT_ROUTES.upload}?file_name=${encodeURIComponent('list\u0000.xlsx')}`,
      cookie,
      Buffer.from('PK\u0003\u0004'),
      XLSX_MIME,
    );
    expect(named).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', field: 'file_name' } });

    for (const type of [XLSX_MIME, 'application/octet-stream', 'application/json', 'text/plain']) {
      const empty = await app.app.inject({
        method: 'POST',
        url: CUSTOMER_IMPORT_ROUTES.upload,
        headers: { 'content-type': type, origin: app.config.publicUrl, cookie },
      });
      expect(empty.statusCode, type).toBe(400);
      expect(empty.json(), type).toMatchObject({ code: 'BAD_USER_INPUT', field: 'file' });
    }
    const bogusId = await post(CUSTOMER_IMPORT_ROUTES.confirm('x\u0000y'), cookie, '', XLSX_MIME);
    expect(bogusId.status).toBe(400);
  });
});
