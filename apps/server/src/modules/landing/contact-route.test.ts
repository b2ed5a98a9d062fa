import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES, CONTACT_MESSAGES_PER_HOUR } from '@fieldport/contract/contact';
import { mailOutbox } from '../../db/schema/platform.ts';
import { contactMessage } from '../../db/schema/requests.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';

// The landing page's contact form (docs/landing.md#the-contact-form): SPEC 5's rules and messages,
// a hidden field for bots, a limit per address; kept and mailed to the sales address.

let app: TestApp;
const salesEmail = `${unique('sales.')}@fieldport.test`;
beforeAll(async () => {
  app = await startTestApp({ SALES_EMAIL: salesEmail });
});
afterAll(async () => {
  await app?.close();
});

let counter = 0;
const nextAddress = () => `172.${16 + (++counter % 16)}.${Math.floor(Math.random() * 250)}.${counter % 250}`;

const valid = () => ({
  name: unique('Priya Sharma '),
  email: `${unique('priya.')}@example.co.in`,
  country_code: 'IN',
  phone: '98765 43210',
  message: 'We run 40 engineers in Pune; please show us Fieldport.',
});

const send = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  app.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    headers: { origin: app.config.publicUrl },
    remoteAddress,
  });

const storedNamed = (name: string) =>
  app.database.db.select().from(contactMessage).where(eq(contactMessage.name, name));

describe('the contact form', () => {
  it('refuses each bad field with the message the page shows, and keeps nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', CONTACT_MESSAGES.nameRequired],
      [{ name: 'Abc' }, 'name', 'Name must be at least 6 characters'],
      [{ email: '' }, 'email', CONTACT_MESSAGES.emailRequired],
      [{ email: 'someone@nowhere' }, 'email', 'Enter appropriate E-Mail'],
      [{ email: 'some one@example.com' }, 'email', 'Enter appropriate E-Mail'],
      [{ country_code: '' }, 'country_code', CONTACT_MESSAGES.countryRequired],
      [{ country_code: 'XX' }, 'country_code', CONTACT_MESSAGES.countryRequired],
      [{ phone: '' }, 'phone', CONTACT_MESSAGES.phoneRequired],
      [{ phone: '12345678' }, 'phone', 'Enter a valid phone number of 10 numbers'],
      [{ phone: '98765x43210' }, 'phone', 'Enter a valid phone number of 10 numbers'],
      [{ message: '' }, 'message', CONTACT_MESSAGES.messageRequired],
      [{ message: 'Call me' }, 'message', 'Message must be at least 10 characters'],
    ];
    for (const [overrides, field, message] of cases) {
      const payload = { ...valid(), ...overrides };
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_USER_INPUT', field, message });
      expect(await storedNamed(String(payload.name))).toHaveLength(0);
    }
  });

  it("takes a Malaysian number of 8 digits, as the country's digit count says", async () => {
    const payload = { ...valid(), country_code: 'MY', phone: '12345678' };
    const response = await send(payload);
    expect(response.statusCode).toBe(200);
    const [stored] = await storedNamed(payload.name);
    expect(stored).toMatchObject({ country_code: 'MY', dial_code: '+60', phone: '12345678' });
  });

  it('keeps a message and queues it for the sales address', async () => {
    const payload = valid();
    const response = await send(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CONTACT_MESSAGES.sent);
    expect(await storedNamed(payload.name)).toHaveLength(1);
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, salesEmail));
    const mail = mails.find((entry) => entry.subject === `Fieldport enquiry from ${payload.name}`);
    expect(mail?.body_text).toContain(payload.message);
    expect(mail?.body_text).toContain('+91 98765 43210');
  });

  it('answers a bot that fills the hidden field as a person, and keeps and mails nothing', async () => {
    const payload = { ...valid(), website: 'https://spam.example' };
    const response = await send(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CONTACT_MESSAGES.sent);
    expect(await storedNamed(payload.name)).toHaveLength(0);
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, salesEmail));
    expect(mails.some((mail) => mail.subject.includes(payload.name))).toBe(false);
  });

  it(`takes ${CONTACT_MESSAGES_PER_HOUR} messages an hour from one address, then asks it to wait`, async () => {
    const address = nextAddress();
    for (let index = 0; index < CONTACT_MESSAGES_PER_HOUR; index++) {
      expect((await send(valid(), address)).statusCode).toBe(200);
    }
    const payload = valid();
    const refused = await send(payload, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CONTACT_MESSAGES.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedNamed(payload.name)).toHaveLength(0);
  });
});
