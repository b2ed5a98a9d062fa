import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LookupPincode } from '@fieldport/contract/operations/territories';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  const { members } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
  cookie = await signIn(app, members.AGENT.email, TEST_PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

describe("the pincode directory (India Post's pincodes)", () => {
  it('gives the city (district) and state of a known pincode', async () => {
    const places = await Promise.all(
      ['560001', '400001', '504293', '110001'].map(
        async (pincode) => (await call(app, cookie, LookupPincode, { pincode })).envelope?.data.items,
      ),
    );
    expect(places).toEqual([
      [{ pincode: '560001', city: 'Bengaluru', state: 'Karnataka' }],
      [{ pincode: '400001', city: 'Mumbai', state: 'Maharashtra' }],
      // A pincode of a state formed in 2014 is in that state: the data is current.
      [{ pincode: '504293', city: 'Adilabad', state: 'Telangana' }],
      [{ pincode: '110001', city: 'New Delhi', state: 'Delhi' }],
    ]);
  });

  it('answers no item for a pincode India Post does not know', async () => {
    const answer = await call(app, cookie, LookupPincode, { pincode: '999999' });
    expect(answer.envelope?.data.items).toEqual([]);
  });

  it('refuses a malformed pincode, naming the field', async () => {
    const answer = await call(app, cookie, LookupPincode, { pincode: '056001' });
    expect(answer.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0].message).toContain("Pincode '056001' must be 6 digits");
  });

  it('is for signed-in people only', async () => {
    const answer = await call(app, '', LookupPincode, { pincode: '560001' });
    expect(answer.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
