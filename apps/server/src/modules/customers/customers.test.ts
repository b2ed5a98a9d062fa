import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  ActivateOrDeactivateCustomer,
  AddCustomerSecondaryLocation,
  CreateCustomer,
  GetCustomer,
  ListCustomers,
  RemoveCustomerSecondaryLocation,
  UpdateCustomer,
  UpdateCustomerSecondaryLocation,
  type CustomerItem,
} from '@fieldport/contract/operations/customers';
import { seedCustomers } from '../../db/seed/customers.ts';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { seedTicket } from '../../db/seed/tickets.ts';
import { seedNamedMaster } from '../../db/seed/settings.ts';
import { XLSX_CONTENT_TYPE } from '../../graphql/export-route.ts';
import { call, startTestApp, type TestApp } from '../../test/harness.ts';
import { ticketWorld } from '../tickets/ticket.test-kit.ts';
import {
  auditEntries,
  createCustomer,
  customerInput,
  customerWorld,
  newMobile,
  written,
  type CustomerWorld,
} from './customer.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const location = (overrides: Record<string, unknown> = {}) => ({
  location_label: 'Office',
  address: '3rd Floor, Prestige Tower, MG Road',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  ...overrides,
});

async function list(cookie: string, input: Record<string, unknown> = {}) {
  const answer = await call(app, cookie, ListCustomers, input);
  if (!answer.envelope) throw new Error(`ListCustomers failed: ${JSON.stringify(answer.errors)}`);
  return answer.envelope.data;
}

const names = (items: CustomerItem[]) => items.map((item) => item.customer_name);

describe('creating and editing customers', () => {
  it('creates a customer with a secondary location: the answer, the list, the detail and the audit log show it', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const phone = newMobile();
    const answer = await call(
      app,
      cookie,
      CreateCustomer,
      customerInput(`0${phone.slice(0, 5)} ${phone.slice(5)}`, {
        customer_name: '  Ravi Kumar  ',
        customer_email: ' Ravi.Kumar@Example.COM ',
        customer_category_id: world.categories.residential.id,
        secondary_locations: [location()],
      }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe("Customer 'Ravi Kumar' created");
    const created = answer.envelope!.data.items[0];
    expect(created).toMatchObject({
      customer_name: 'Ravi Kumar',
      customer_phone: `+91${phone}`,
      phone_country: 'IN',
      dial_code: '+91',
      customer_phone_national: `0${phone.slice(0, 5)} ${phone.slice(5)}`,
      customer_email: 'ravi.kumar@example.com',
      customer_category_name: 'Residential',
      customer_status: 'ACTIVE',
      party_id: null,
      secondary_location_count: 1,
      primary_location: {
        address: '12, 4th Cross, Indiranagar',
        pincode: '560038',
        city: 'Bengaluru',
        country: 'IN',
        latitude: 12.9784,
        longitude: 77.6408,
      },
      secondary_locations: [
        { location_label: 'Office', pincode: '560001', is_primary: false, latitude: null, longitude: null },
      ],
    });

    const page = await list(cookie);
    expect(page.total_count).toBe(1);
    const { secondary_locations: _secondary, ...item } = created;
    expect(page.items).toEqual([item]);
    const detail = await call(app, cookie, GetCustomer, { customer_id: created.customer_id });
    expect(detail.envelope!.data.items).toEqual([created]);
    const [entry] = await auditEntries(app, world.org.id, 'CreateCustomer');
    expect(entry.target).toBe(created.customer_id);
    expect(entry.user_email).toBe(world.members.OWNER.email);
  });

  it('edits the customer and its primary location, and adds, changes and removes secondary locations', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const created = await createCustomer(app, cookie, customerInput(newMobile()));
    const phone = newMobile();
    const updated = await call(app, cookie, UpdateCustomer, {
      customer_id: created.customer_id,
      ...customerInput(phone, {
        customer_name: 'Ravi K. Kumar',
        customer_email: null,
        customer_category_id: world.categories.commercial.id,
        primary_location: location({
          location_label: null,
          pincode: '400001',
          city: 'Mumbai',
          state: 'Maharashtra',
        }),
      }),
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.envelope!.status_message).toBe("Customer 'Ravi K. Kumar' saved");
    expect(updated.envelope!.data.items[0]).toMatchObject({
      customer_id: created.customer_id,
      customer_name: 'Ravi K. Kumar',
      customer_phone: `+91${phone}`,
      customer_email: null,
      customer_category_name: 'Commercial',
      primary_location: {
        location_id: created.primary_location.location_id,
        pincode: '400001',
        city: 'Mumbai',
      },
    });

    const added = await call(app, cookie, AddCustomerSecondaryLocation, {
      customer_id: created.customer_id,
      ...location({ location_label: 'Warehouse', pincode: '110001', city: 'New Delhi', state: 'Delhi' }),
    });
    expect(added.envelope!.status_message).toBe("Location added to 'Ravi K. Kumar'");
    const [warehouse] = added.envelope!.data.items[0].secondary_locations;
    expect(warehouse).toMatchObject({ location_label: 'Warehouse', city: 'New Delhi', is_primary: false });

    const changed = await call(app, cookie, UpdateCustomerSecondaryLocation, {
      customer_id: created.customer_id,
      location_id: warehouse.location_id,
      ...location({
        location_label: 'Godown',
        pincode: '600001',
        city: 'Chennai',
        state: 'Tamil Nadu',
        latitude: 13.0878,
        longitude: 80.2785,
      }),
    });
    expect(changed.envelope!.data.items[0].secondary_locations).toEqual([
      expect.objectContaining({
        location_id: warehouse.location_id,
        location_label: 'Godown',
        city: 'Chennai',
        latitude: 13.0878,
      }),
    ]);

    // The primary location is changed with the customer and never removed.
    const primary = await call(app, cookie, RemoveCustomerSecondaryLocation, {
      customer_id: created.customer_id,
      location_id: created.primary_location.location_id,
    });
    expect(primary.errors?.[0]).toMatchObject({
      message: 'The primary location cannot be removed. Edit it instead.',
      extensions: { code: 'BAD_USER_INPUT', field: 'location_id' },
    });

    const removed = await call(app, cookie, RemoveCustomerSecondaryLocation, {
      customer_id: created.customer_id,
      location_id: warehouse.location_id,
    });
    expect(removed.envelope!.status_message).toBe("Location removed from 'Ravi K. Kumar'");
    expect(removed.envelope!.data.items[0].secondary_locations).toEqual([]);
    expect(removed.envelope!.data.items[0].secondary_location_count).toBe(0);
  });

  it('keeps a secondary location that a ticket was raised for, saying which ticket', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const created = await createCustomer(app, cookie, {
      ...customerInput(newMobile()),
      secondary_locations: [location({ location_label: 'Warehouse', pincode: '560034' })],
    });
    const warehouse = created.secondary_locations[0];
    const db = app.database.db;
    const master = await seedMasterCategory(db, { organization_id: world.org.id, name: 'Cooling' });
    const ac = await seedCategory(db, {
      organization_id: world.org.id,
      master_category_id: master.id,
      name: 'Air Conditioner',
      ticket_prefix: 'AC',
    });
    const repair = await seedService(db, {
      organization_id: world.org.id,
      category_id: ac.id,
      name: 'AC Repair',
      price_paise: 49_900,
    });
    const raised = await seedTicket(db, {
      organization_id: world.org.id,
      customer_id: created.customer_id,
      location_id: warehouse.location_id,
      service_id: repair.id,
    });
    const refused = await call(app, cookie, RemoveCustomerSecondaryLocation, {
      customer_id: created.customer_id,
      location_id: warehouse.location_id,
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: `This location is the place of ticket ${raised.ticket_number} and cannot be removed. Edit its address instead.`,
      extensions: { code: 'CONFLICT' },
    });
    const detail = await call(app, cookie, GetCustomer, { customer_id: created.customer_id });
    expect(detail.envelope!.data.items[0].secondary_locations.map((place) => place.location_id)).toEqual([
      warehouse.location_id,
    ]);
  });

  it('deactivates and activates a customer; the status filter follows', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const created = await createCustomer(app, cookie, customerInput(newMobile()));
    const off = await call(app, cookie, ActivateOrDeactivateCustomer, {
      customer_id: created.customer_id,
      customer_status: 'INACTIVE',
    });
    expect(off.envelope!.status_message).toBe("Customer 'Ravi Kumar' deactivated");
    expect((await list(cookie, { status: 'ACTIVE' })).items).toEqual([]);
    expect(names((await list(cookie, { status: 'INACTIVE' })).items)).toEqual(['Ravi Kumar']);
    const on = await call(app, cookie, ActivateOrDeactivateCustomer, {
      customer_id: created.customer_id,
      customer_status: 'ACTIVE',
    });
    expect(on.envelope!.data.items[0].customer_status).toBe('ACTIVE');
  });

  it('refuses a phone number another customer of the organization has, however it is typed, and writes nothing', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const phone = newMobile();
    const first = await createCustomer(app, cookie, customerInput(phone, { customer_name: 'Anita Rao' }));
    const before = await written(app, world.org.id);
    for (const typed of [
      phone,
      `0${phone}`,
      `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      `(0${phone.slice(0, 5)}) ${phone.slice(5)}`,
    ]) {
      const answer = await call(
        app,
        cookie,
        CreateCustomer,
        customerInput(typed, { customer_name: 'Someone Else' }),
      );
      expect(answer.errors?.[0], typed).toMatchObject({
        message: `A customer with phone +91 ${phone.slice(0, 5)} ${phone.slice(5)} already exists: Anita Rao.`,
        extensions: { code: 'CONFLICT', field: 'customer_phone' },
      });
    }
    // Editing another customer onto the number is refused too; keeping one's own number is not.
    const second = await createCustomer(
      app,
      cookie,
      customerInput(newMobile(), { customer_name: 'Vikram Shetty' }),
    );
    const moved = await call(app, cookie, UpdateCustomer, {
      customer_id: second.customer_id,
      ...customerInput(phone, { customer_name: 'Vikram Shetty' }),
    });
    expect(moved.errors?.[0].extensions?.code).toBe('CONFLICT');
    const kept = await call(app, cookie, UpdateCustomer, {
      customer_id: first.customer_id,
      ...customerInput(`0${phone}`, { customer_name: 'Anita Rao' }),
    });
    expect(kept.errors).toBeUndefined();
    const after = await written(app, world.org.id);
    expect(after.customers).toBe(before.customers + 1);
    expect((await list(cookie, { search: phone })).items.map((item) => item.customer_name)).toEqual([
      'Anita Rao',
    ]);
  });

  it('refuses bad input with a message naming the field, and writes nothing', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const other = await customerWorld(app);
    const cases: { change: Record<string, unknown>; field: string; message: string }[] = [
      { change: { customer_name: '   ' }, field: 'customer_name', message: 'Name is required' },
      { change: { customer_phone: '' }, field: 'customer_phone', message: 'Phone number is required' },
      {
        change: { customer_phone: '98765abc10' },
        field: 'customer_phone',
        message: 'Phone number may contain only digits, spaces, brackets, - and a leading +',
      },
      { change: { customer_email: 'ravi@' }, field: 'customer_email', message: 'Email must be valid' },
      {
        change: { phone_country: 'XX' },
        field: 'phone_country',
        message: 'Phone country must be a country code such as IN or MY',
      },
      {
        change: { primary_location: { ...location(), pincode: '56001' } },
        field: 'primary_location.pincode',
        message: 'Pincode must be 6 digits, e.g. 560001',
      },
      {
        change: { primary_location: { ...location(), pincode: '060001' } },
        field: 'primary_location.pincode',
        message: 'Pincode must be 6 digits, e.g. 560001',
      },
      {
        change: { primary_location: { ...location(), address: '' } },
        field: 'primary_location.address',
        message: 'Address is required',
      },
      {
        change: { primary_location: { ...location(), latitude: 12.97 } },
        field: 'primary_location.longitude',
        message: 'Enter both latitude and longitude, or neither',
      },
      {
        change: { primary_location: { ...location(), latitude: 91, longitude: 77 } },
        field: 'primary_location.latitude',
        message: 'Latitude must be a number from -90 to 90',
      },
      {
        change: { primary_location: { ...location(), latitude: 12, longitude: -181 } },
        field: 'primary_location.longitude',
        message: 'Longitude must be a number from -180 to 180',
      },
      {
        change: { secondary_locations: [location({ city: '' })] },
        field: 'secondary_locations.0.city',
        message: 'City is required',
      },
      {
        change: { customer_category_id: other.categories.residential.id },
        field: 'customer_category_id',
        message: 'Customer category not found. Choose an active category from the list.',
      },
      {
        change: { customer_category_id: world.categories.retired.id },
        field: 'customer_category_id',
        message: 'Customer category not found. Choose an active category from the list.',
      },
      {
        change: { organization_id: other.org.id },
        field: '',
        message: 'Unrecognized key: "organization_id"',
      },
    ];
    const before = await written(app, world.org.id);
    for (const { change, field, message } of cases) {
      const answer = await call(app, cookie, CreateCustomer, { ...customerInput(newMobile()), ...change });
      expect(answer.envelope, JSON.stringify(change)).toBeUndefined();
      expect(answer.errors?.[0].extensions?.code, JSON.stringify(change)).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0].extensions?.field ?? '', JSON.stringify(change)).toBe(field);
      expect(answer.errors?.[0].message, JSON.stringify(change)).toContain(message);
    }
    expect(await written(app, world.org.id)).toEqual(before);
  });

  it('validates phones per country with libphonenumber-js: India has 10 digits, Malaysia 8 and more', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const attempt = (phone: string, phone_country?: string) =>
      call(app, cookie, CreateCustomer, customerInput(phone, phone_country ? { phone_country } : {}));

    // The endpoint names the field in front of the message (graphql/endpoint.ts inputError).
    expect((await attempt('98450 1234')).errors?.[0]).toMatchObject({
      message: 'customer_phone: Phone number is not a valid India (+91) number',
      extensions: { code: 'BAD_USER_INPUT', field: 'customer_phone' },
    });
    expect((await attempt('98450 12345 678 90')).errors?.[0].message).toBe(
      'customer_phone: Phone number is too long for India (+91)',
    );

    const malaysian8 = await attempt('82-123 456', 'MY');
    expect(malaysian8.errors).toBeUndefined();
    expect(malaysian8.envelope!.data.items[0]).toMatchObject({
      customer_phone: '+6082123456',
      phone_country: 'MY',
      dial_code: '+60',
      customer_phone_national: '082-123 456',
    });
    expect((await attempt('8212345', 'MY')).errors?.[0].message).toBe(
      'customer_phone: Phone number is too short for Malaysia (+60)',
    );
    // A Malaysian number written in full under the default country is Malaysian.
    const written60 = await attempt('+60 12-345 6789');
    expect(written60.envelope!.data.items[0]).toMatchObject({
      customer_phone: '+60123456789',
      phone_country: 'MY',
    });
  });
});

describe('finding customers', () => {
  let world: CustomerWorld;
  let cookie: string;
  beforeAll(async () => {
    world = await customerWorld(app);
    cookie = await world.ownerCookie();
    const organization_id = world.org.id;
    const place = { address: '1, Station Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
    await seedCustomers(app.database.db, [
      {
        organization_id,
        name: 'Lakshmi Iyer',
        phone: '98450 11111',
        email: 'lakshmi.iyer@gmail.com',
        primary_location: place,
      },
      {
        organization_id,
        name: 'Arjun Menon',
        phone: '98450 22222',
        email: 'arjun@menon.in',
        primary_location: place,
      },
      {
        organization_id,
        name: 'Green Leaf Restaurant',
        phone: '80 4111 2222',
        email: 'orders@greenleaf.in',
        primary_location: place,
        customer_category_id: world.categories.commercial.id,
      },
      {
        organization_id,
        name: 'Kavya Shetty',
        phone: '99000 33333',
        email: null,
        primary_location: place,
        status: 'INACTIVE',
      },
      ...Array.from({ length: 26 }, (_, i) => ({
        organization_id,
        name: `Customer ${String(i + 1).padStart(2, '0')}`,
        phone: `97000 ${String(10000 + i)}`,
        email: `customer${i + 1}@example.com`,
        primary_location: place,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    ]);
    // Another organization with the same names and numbers: never found from this one.
    const other = await customerWorld(app);
    await seedCustomers(app.database.db, [
      {
        organization_id: other.org.id,
        name: 'Lakshmi Iyer',
        phone: '98450 11111',
        email: 'lakshmi.iyer@gmail.com',
        primary_location: place,
      },
    ]);
  });

  it('searches by name and email anywhere in them, ignoring case', async () => {
    expect(names((await list(cookie, { search: 'iyer' })).items)).toEqual(['Lakshmi Iyer']);
    expect(names((await list(cookie, { search: 'LEAF' })).items)).toEqual(['Green Leaf Restaurant']);
    expect(names((await list(cookie, { search: '@menon.in' })).items)).toEqual(['Arjun Menon']);
    expect(names((await list(cookie, { search: '50%_' })).items)).toEqual([]);
  });

  it('searches by phone from its start, as people type it', async () => {
    expect(names((await list(cookie, { search: '98450' })).items)).toEqual(['Arjun Menon', 'Lakshmi Iyer']);
    expect(names((await list(cookie, { search: '098450 2' })).items)).toEqual(['Arjun Menon']);
    expect(names((await list(cookie, { search: '+91 98450 11' })).items)).toEqual(['Lakshmi Iyer']);
    expect(names((await list(cookie, { search: '+9180' })).items)).toEqual(['Green Leaf Restaurant']);
    expect(names((await list(cookie, { search: '45011' })).items)).toEqual([]);
  });

  it('pages and sorts in the database, with the total of the filter', async () => {
    const first = await list(cookie, { page_size: 10 });
    expect(first).toMatchObject({ total_count: 30, page: 1, page_size: 10 });
    expect(names(first.items).slice(0, 3)).toEqual(['Arjun Menon', 'Customer 01', 'Customer 02']);
    const third = await list(cookie, { page_size: 10, page: 3 });
    expect(names(third.items)).toEqual([
      'Customer 20',
      'Customer 21',
      'Customer 22',
      'Customer 23',
      'Customer 24',
      'Customer 25',
      'Customer 26',
      'Green Leaf Restaurant',
      'Kavya Shetty',
      'Lakshmi Iyer',
    ]);
    const beyond = await list(cookie, { page_size: 10, page: 9 });
    expect(beyond).toMatchObject({ items: [], total_count: 30, page: 9 });
    const newest = await list(cookie, {
      page_size: 10,
      sort_by: 'customer_created_on',
      sort_order: 'desc',
      search: 'customer',
    });
    expect(newest.total_count).toBe(26);
    expect(names(newest.items).slice(0, 2)).toEqual(['Customer 26', 'Customer 25']);
    const descending = await list(cookie, { page_size: 25, sort_order: 'desc', status: 'ACTIVE' });
    expect(descending.total_count).toBe(29);
    expect(names(descending.items)[0]).toBe('Lakshmi Iyer');
    const commercial = await list(cookie, { customer_category_id: world.categories.commercial.id });
    expect(names(commercial.items)).toEqual(['Green Leaf Restaurant']);
  });

  it('refuses list input it does not know, naming the field', async () => {
    const answer = await call(app, cookie, ListCustomers, { page_size: 1000 });
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'page_size' } });
    const sort = await call(app, cookie, ListCustomers, { sort_by: 'phone' });
    expect(sort.errors?.[0].extensions?.field).toBe('sort_by');
  });

  it('exports the filtered list to .xlsx, every row of the filter and nothing else', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/ListCustomers.xlsx?search=98450&status=ACTIVE',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1, 9)));
    expect(rows).toEqual([
      ['Name', 'Phone', 'Email', 'Category', 'Address', 'Pincode', 'City', 'State'],
      [
        'Arjun Menon',
        '+91 98450 22222',
        'arjun@menon.in',
        undefined,
        '1, Station Road',
        '560001',
        'Bengaluru',
        'Karnataka',
      ],
      [
        'Lakshmi Iyer',
        '+91 98450 11111',
        'lakshmi.iyer@gmail.com',
        undefined,
        '1, Station Road',
        '560001',
        'Bengaluru',
        'Karnataka',
      ],
    ]);
    const all = await app.app.inject({
      method: 'GET',
      url: '/api/exports/ListCustomers.xlsx',
      headers: { cookie },
    });
    const everything = new ExcelJS.Workbook();
    await everything.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect(everything.worksheets[0].rowCount).toBe(31);
  });
});

describe('the walls between parties and organizations', () => {
  it("keeps a dealer's customers with the dealer: staff see them, the dealer sees only its own", async () => {
    const world = await customerWorld(app);
    const own = await createCustomer(
      app,
      await world.ownerCookie(),
      customerInput(newMobile(), { customer_name: 'Org Customer' }),
    );
    const dealers = await createCustomer(
      app,
      await world.dealerCookie(),
      customerInput(newMobile(), { customer_name: 'Dealer Customer' }),
    );
    const others = await createCustomer(
      app,
      await world.otherDealerCookie(),
      customerInput(newMobile(), { customer_name: 'Other Dealer Customer' }),
    );
    expect(dealers).toMatchObject({ party_id: world.dealer.id, party_name: world.dealer.name });

    expect(names((await list(await world.ownerCookie())).items)).toEqual([
      'Dealer Customer',
      'Org Customer',
      'Other Dealer Customer',
    ]);
    expect(names((await list(await world.ownerCookie(), { owned_by: 'DEALERS' })).items)).toEqual([
      'Dealer Customer',
      'Other Dealer Customer',
    ]);
    expect(names((await list(await world.ownerCookie(), { owned_by: 'ORGANIZATION' })).items)).toEqual([
      'Org Customer',
    ]);
    expect(names((await list(await world.ownerCookie(), { party_id: world.otherDealer.id })).items)).toEqual([
      'Other Dealer Customer',
    ]);

    const dealer = await world.dealerCookie();
    const seen = await list(dealer);
    expect(names(seen.items)).toEqual(['Dealer Customer']);
    expect(seen.total_count).toBe(1);
    // Asking for another party's customers by filter shows nothing either.
    expect((await list(dealer, { party_id: world.otherDealer.id })).items).toEqual([]);
    expect((await list(dealer, { search: 'Customer' })).total_count).toBe(1);

    for (const target of [own, others]) {
      const before = (
        await call(app, await world.ownerCookie(), GetCustomer, { customer_id: target.customer_id })
      ).envelope;
      const attempts = [
        await call(app, dealer, GetCustomer, { customer_id: target.customer_id }),
        await call(app, dealer, UpdateCustomer, {
          customer_id: target.customer_id,
          ...customerInput(newMobile(), { customer_name: 'Taken over' }),
        }),
        await call(app, dealer, ActivateOrDeactivateCustomer, {
          customer_id: target.customer_id,
          customer_status: 'INACTIVE',
        }),
        await call(app, dealer, AddCustomerSecondaryLocation, {
          customer_id: target.customer_id,
          ...location(),
        }),
        await call(app, dealer, RemoveCustomerSecondaryLocation, {
          customer_id: target.customer_id,
          location_id: target.primary_location.location_id,
        }),
      ];
      for (const answer of attempts) {
        expect(answer.errors?.[0]).toMatchObject({
          message: 'Customer not found. It may have been removed; refresh the list and try again.',
          extensions: { code: 'NOT_FOUND' },
        });
      }
      const after = (
        await call(app, await world.ownerCookie(), GetCustomer, { customer_id: target.customer_id })
      ).envelope;
      expect(after).toEqual(before);
    }

    // The dealer's own export holds its own customers only.
    const exported = await app.app.inject({
      method: 'GET',
      url: '/api/exports/ListCustomers.xlsx',
      headers: { cookie: dealer },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const exportedNames: unknown[] = [];
    book.worksheets[0].eachRow((row, number) => number > 1 && exportedNames.push(row.getCell(1).value));
    expect(exportedNames).toEqual(['Dealer Customer']);
  });

  it('does not tell a dealer whose customer already has a phone number', async () => {
    const world = await customerWorld(app);
    const phone = newMobile();
    await createCustomer(
      app,
      await world.otherDealerCookie(),
      customerInput(phone, { customer_name: 'Secret Customer' }),
    );
    const answer = await call(
      app,
      await world.dealerCookie(),
      CreateCustomer,
      customerInput(phone, { customer_name: 'Mine' }),
    );
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', field: 'customer_phone' } });
    expect(answer.errors?.[0].message).toBe(
      `A customer with phone +91 ${phone.slice(0, 5)} ${phone.slice(5)} already exists in the organization.`,
    );
  });

  it("lets a service partner keep its own customers, apart from the organization's", async () => {
    const world = await customerWorld(app);
    await createCustomer(
      app,
      await world.ownerCookie(),
      customerInput(newMobile(), { customer_name: 'Org Customer' }),
    );
    const partnerCustomer = await createCustomer(
      app,
      await world.partnerCookie(),
      customerInput(newMobile(), { customer_name: 'Partner Customer' }),
    );
    expect(partnerCustomer.party_id).toBe(world.partner.id);
    expect(names((await list(await world.partnerCookie())).items)).toEqual(['Partner Customer']);
  });

  it('shows partner and dealer users the customers of their tickets, to read but not to change', async () => {
    const world = await ticketWorld(app);
    const partnerSees = async () =>
      (await world.ok('SERVICE_PARTNER', ListCustomers, { search: world.tag })).items.map((item) => [
        item.customer_name,
        item.may_edit,
      ]);
    // Before any ticket reaches the partner, the organization's customer is not the partner's.
    expect(await partnerSees()).toEqual([]);
    await world.seed({ state: 'ASSIGNED', partner_party_id: world.partner.id });
    expect(await partnerSees()).toEqual([[world.customer.name, false]]);
    const detail = await world.ok('PARTNER_AGENT', GetCustomer, { customer_id: world.customer.id });
    expect(detail.items[0]).toMatchObject({ customer_name: world.customer.name, may_edit: false });
    // Reading is not owning: a change is refused as for any customer that is not the partner's.
    const changed = await world.as('SERVICE_PARTNER', ActivateOrDeactivateCustomer, {
      customer_id: world.customer.id,
      customer_status: 'INACTIVE',
    });
    expect(changed.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // The dealer's customer has no ticket with the partner: still invisible to it.
    expect(
      (await world.ok('SERVICE_PARTNER', ListCustomers, {})).items.map((item) => item.customer_id),
    ).not.toContain(world.dealerCustomer.id);
    // A dealer sees the customer once a ticket of its own is raised for it, and only to read.
    const dealerSees = async () =>
      (await world.ok('DEALER_OWNER', ListCustomers, { search: world.customer.name })).items.map((item) => [
        item.customer_name,
        item.may_edit,
      ]);
    expect(await dealerSees()).toEqual([]);
    await world.seed({ state: 'OPEN', dealer_party_id: world.dealer.id });
    expect(await dealerSees()).toEqual([[world.customer.name, false]]);
    // Staff may change every customer.
    const staff = await world.ok('OWNER', ListCustomers, { search: world.tag });
    expect(staff.items.every((item) => item.may_edit)).toBe(true);
  });

  it("keeps another organization's customers invisible and unchangeable", async () => {
    const a = await customerWorld(app);
    const b = await customerWorld(app);
    const phone = newMobile();
    const target = await createCustomer(
      app,
      await a.ownerCookie(),
      customerInput(phone, { customer_name: 'Only In A' }),
    );
    const intruder = await b.ownerCookie();
    expect((await list(intruder, { search: 'Only In A' })).items).toEqual([]);
    expect((await list(intruder, { search: phone })).items).toEqual([]);
    const before = await written(app, a.org.id);
    for (const answer of [
      await call(app, intruder, GetCustomer, { customer_id: target.customer_id }),
      await call(app, intruder, UpdateCustomer, {
        customer_id: target.customer_id,
        ...customerInput(newMobile()),
      }),
      await call(app, intruder, ActivateOrDeactivateCustomer, {
        customer_id: target.customer_id,
        customer_status: 'INACTIVE',
      }),
      await call(app, intruder, UpdateCustomerSecondaryLocation, {
        customer_id: target.customer_id,
        location_id: target.primary_location.location_id,
        ...location(),
      }),
    ]) {
      expect(answer.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    expect(await written(app, a.org.id)).toEqual(before);
    // The same phone number is free in another organization.
    const same = await call(app, intruder, CreateCustomer, customerInput(phone));
    expect(same.errors).toBeUndefined();
  });

  it('refuses customers to roles whose menu has no customers', async () => {
    const world = await customerWorld(app, ['OWNER', 'TECHNICIAN']);
    const technician = await world.cookieOf(world.members.TECHNICIAN.email);
    const answer = await call(app, technician, ListCustomers, {});
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    const category = await seedNamedMaster(app.database.db, 'customerCategory', {
      organization_id: world.org.id,
      name: 'VIP',
    });
    const create = await call(
      app,
      technician,
      CreateCustomer,
      customerInput(newMobile(), { customer_category_id: category.id }),
    );
    expect(create.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
