import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateVendor, ListVendors, UpdateVendor } from '@fieldport/contract/operations/purchasing';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

// Vendors (docs/purchasing.md#vendors): the rules the generic master suite does not cover; a
// GSTIN names its state, and two vendors of one organization never share one.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const coolTech = {
  vendor_name: 'CoolTech Spares',
  gstin: '27aapfu0939f1zv',
  contact_person: 'Meera Kulkarni',
  phone: '+91 98200 12345',
  email: 'Orders@CoolTech.in',
  address: 'Plot 7, MIDC Bhosari',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411026',
};

async function ownerOfNewOrganization() {
  const seeded = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
  return signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
}

describe('vendors', () => {
  it('keeps the GSTIN upper-cased, the phone as 10 digits and the email in lower case', async () => {
    const owner = await ownerOfNewOrganization();
    const created = await call(app, owner, CreateVendor, coolTech);
    expect(created.envelope?.status_message).toBe("Vendor 'CoolTech Spares' created");
    expect(created.envelope?.data.items[0]).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      phone: '9820012345',
      email: 'orders@cooltech.in',
      state: 'Maharashtra',
      vendor_status: 'ACTIVE',
    });
  });

  it("refuses a state other than the GSTIN's, and writes nothing", async () => {
    const owner = await ownerOfNewOrganization();
    const refused = await call(app, owner, CreateVendor, { ...coolTech, state: 'Karnataka' });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'state: State must be Maharashtra, where GSTIN 27AAPFU0939F1ZV is registered',
      extensions: { code: 'BAD_USER_INPUT', field: 'state' },
    });
    const list = await call(app, owner, ListVendors, {});
    expect(list.envelope?.data.total_count).toBe(0);
  });

  it('takes a vendor without a GSTIN in any state, but not a second vendor with the same GSTIN', async () => {
    const owner = await ownerOfNewOrganization();
    await call(app, owner, CreateVendor, coolTech);
    const unregistered = await call(app, owner, CreateVendor, {
      ...coolTech,
      vendor_name: 'Local Copper Works',
      gstin: '',
      state: 'Karnataka',
    });
    expect(unregistered.envelope?.data.items[0]).toMatchObject({ gstin: null, state: 'Karnataka' });

    const twin = await call(app, owner, CreateVendor, { ...coolTech, vendor_name: 'CoolTech Pune' });
    expect(twin.errors?.[0]).toMatchObject({
      message: 'A vendor with GSTIN 27AAPFU0939F1ZV already exists.',
      extensions: { code: 'CONFLICT', field: 'gstin' },
    });
    // Giving the unregistered one the same GSTIN is refused the same way on update.
    const id = unregistered.envelope!.data.items[0].vendor_id;
    const update = await call(app, owner, UpdateVendor, {
      ...coolTech,
      vendor_id: id,
      vendor_name: 'Local Copper Works',
    });
    expect(update.errors?.[0].extensions?.code).toBe('CONFLICT');
    const list = await call(app, owner, ListVendors, { search: '27AAPFU' });
    expect(list.envelope?.data.items.map((item) => item.vendor_name)).toEqual(['CoolTech Spares']);
  });
});
