import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import {
  AdjustStock,
  INVENTORY_MESSAGES,
  ListInventory,
  ListStockMovements,
  ReceiveStock,
  TransferStock,
  type StockItem,
  type StockMovementItem,
} from '@fieldport/contract/operations/inventory';
import { component, stockMovement, store } from '../../db/schema/inventory.ts';
import { startTestApp, type GraphqlAnswer, type TestApp } from '../../test/harness.ts';
import { partWords } from './stock-ledger.ts';
import { ledgerAndLevel, seedTestComponent, seedTestStore, stockWorld } from './stock.test-kit.ts';

// docs/inventory.md#the-ledger: receiving, adjusting and transferring stock, and the two lists,
// through the GraphQL endpoint as each role would call them.

let app: TestApp;
let world: Awaited<ReturnType<typeof stockWorld>>;
beforeAll(async () => {
  app = await startTestApp();
  world = await stockWorld(app);
});
afterAll(async () => {
  await app?.close();
});

type Who = Parameters<typeof world.as>[0];

function ok<Data>(answer: GraphqlAnswer<Data>) {
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.envelope!;
}

function refused(answer: GraphqlAnswer<unknown>) {
  expect(answer.envelope).toBeUndefined();
  return answer.errors![0];
}

const part = (name: string, values: { reorder_level?: number } = {}) =>
  seedTestComponent(world.db, world.org.id, name, values);

const receive = (
  who: Who,
  storeId: string,
  lines: { component_id: string; quantity: number; unit_cost: number }[],
) => world.as(who, ReceiveStock, { service_center_id: storeId, lines, reference: 'INV-2026-118' });

async function inventory(who: Who, input: Record<string, unknown>) {
  return ok(await world.as(who, ListInventory, input)).data;
}

async function exportedRows(who: Who, list: string, query: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/exports/${list}.xlsx?${query}`,
    headers: { cookie: await world.cookieOf(who) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  // An empty cell reads as null, as the person sees it: blank.
  workbook.worksheets[0].eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (value) => value ?? null)),
  );
  return rows;
}

describe('receiving, transferring and adjusting, valued at the moving-average cost', () => {
  it('keeps each store’s average cost exact to the paisa through receipts, a transfer and an adjustment', async () => {
    const relay = await part('Compressor relay', { reorder_level: 2 });
    const { main, depot } = world.stores;

    const first = ok(
      await receive('OWNER', main.id, [{ component_id: relay.id, quantity: 3, unit_cost: 10_000 }]),
    );
    expect(first.status_message).toBe(`1 component received into ${main.name}`);
    expect(first.data.items).toEqual([
      expect.objectContaining({
        movement_type: 'RECEIVE',
        service_center_name: main.name,
        part_number: relay.part_number,
        quantity: 3,
        balance_after: 3,
        unit_cost: 10_000,
        value: 30_000,
        reference: 'INV-2026-118',
        created_by_name: expect.stringContaining('OWNER'),
      }),
    ]);
    ok(await receive('STORE_MANAGER', main.id, [{ component_id: relay.id, quantity: 1, unit_cost: 10_001 }]));
    // 4 units worth 40,001 paise: 3 of them take round(40,001 x 3 / 4) = 30,001.
    const moved = ok(
      await world.as('OWNER', TransferStock, {
        from_service_center_id: main.id,
        to_service_center_id: depot.id,
        lines: [{ component_id: relay.id, quantity: 3 }],
        note: 'For the monsoon rush',
      }),
    );
    expect(moved.status_message).toBe(`1 component transferred from ${main.name} to ${depot.name}`);
    expect(
      moved.data.items.map((row) => [
        row.movement_type,
        row.service_center_name,
        row.other_service_center_name,
        row.quantity,
        row.value,
        row.reason,
      ]),
    ).toEqual([
      ['TRANSFER_OUT', main.name, depot.name, -3, -30_001, 'For the monsoon rush'],
      ['TRANSFER_IN', depot.name, main.name, 3, 30_001, 'For the monsoon rush'],
    ]);

    const rows = (await inventory('OWNER', { component_id: relay.id, sort_by: 'service_center_name' })).items;
    const byStore = new Map(rows.map((row) => [row.service_center_id, row]));
    expect(byStore.get(main.id)).toMatchObject({
      quantity: 1,
      stock_value: 10_000,
      average_cost: 10_000,
      below_reorder: true,
      reorder_level: 2,
      unit: 'NOS',
    });
    // 30,001 / 3 = 10,000.33: shown as 10,000, kept whole.
    expect(byStore.get(depot.id)).toMatchObject({
      quantity: 3,
      stock_value: 30_001,
      average_cost: 10_000,
      below_reorder: false,
    });

    const adjusted = ok(
      await world.as('STORE_MANAGER', AdjustStock, {
        service_center_id: depot.id,
        component_id: relay.id,
        quantity_change: -1,
        reason: 'Dropped and cracked',
      }),
    );
    expect(adjusted.status_message).toBe(
      `Stock of ${relay.part_number} Compressor relay at ${depot.name} is now 2`,
    );
    // round(30,001 / 3) = 10,000 out, 20,001 left.
    expect(adjusted.data.items[0]).toMatchObject({
      movement_type: 'ADJUST',
      quantity: -1,
      balance_after: 2,
      value: -10_000,
      reason: 'Dropped and cracked',
    });
    const up = ok(
      await world.as('OWNER', AdjustStock, {
        service_center_id: depot.id,
        component_id: relay.id,
        quantity_change: 2,
        reason: 'Found two in the van',
      }),
    );
    // Up at the average cost: round(20,001 / 2) = 10,001 a unit.
    expect(up.data.items[0]).toMatchObject({
      quantity: 2,
      balance_after: 4,
      unit_cost: 10_001,
      value: 20_002,
    });
    expect(await ledgerAndLevel(world.db, depot.id, relay.id)).toEqual({
      ledger: { quantity: 4, value: 40_003, rows: 3 },
      level: { quantity: 4, value: 40_003 },
    });
  });

  it('receives several lines at once, one RECEIVE row each, with the note kept as the reason', async () => {
    const [pump, seal] = [await part('Drain pump'), await part('Door seal')];
    const answer = ok(
      await world.as('OWNER', ReceiveStock, {
        service_center_id: world.stores.main.id,
        lines: [
          { component_id: pump.id, quantity: 2, unit_cost: 89_000 },
          { component_id: seal.id, quantity: 10, unit_cost: 1_250 },
        ],
        reference: ' DC/77 ',
        note: 'Vendor: Sri Balaji Spares',
      }),
    );
    expect(answer.status_message).toBe(`2 components received into ${world.stores.main.name}`);
    expect(
      answer.data.items.map((row) => [
        row.component_name,
        row.quantity,
        row.value,
        row.reference,
        row.reason,
      ]),
    ).toEqual([
      ['Drain pump', 2, 178_000, 'DC/77', 'Vendor: Sri Balaji Spares'],
      ['Door seal', 10, 12_500, 'DC/77', 'Vendor: Sri Balaji Spares'],
    ]);
    const rows = await world.db
      .select()
      .from(stockMovement)
      .where(and(eq(stockMovement.organization_id, world.org.id), eq(stockMovement.reference, 'DC/77')))
      .orderBy(stockMovement.created_at);
    // One movement: one group, written by the caller.
    expect(new Set(rows.map((row) => row.movement_group_id)).size).toBe(1);
    expect(rows.map((row) => row.created_by)).toEqual([
      world.members.OWNER.userId,
      world.members.OWNER.userId,
    ]);
  });
});

describe('refusals', () => {
  it('refuses to take stock below 0 with the exact message, and writes nothing', async () => {
    const pcb = await part('Indoor unit PCB');
    const { main, depot } = world.stores;
    ok(await receive('OWNER', main.id, [{ component_id: pcb.id, quantity: 2, unit_cost: 385_000 }]));
    const before = await ledgerAndLevel(world.db, main.id, pcb.id);
    const error = refused(
      await world.as('OWNER', AdjustStock, {
        service_center_id: main.id,
        component_id: pcb.id,
        quantity_change: -3,
        reason: 'Count',
      }),
    );
    expect(error).toMatchObject({
      message: `Not enough stock of ${pcb.part_number} Indoor unit PCB at ${main.name}: 2 available, 3 needed.`,
      extensions: { code: 'CONFLICT' },
    });
    const transfer = refused(
      await world.as('OWNER', TransferStock, {
        from_service_center_id: main.id,
        to_service_center_id: depot.id,
        lines: [{ component_id: pcb.id, quantity: 5 }],
      }),
    );
    expect(transfer.message).toBe(INVENTORY_MESSAGES.notEnoughStock(partWords(pcb), main.name, 2, 5));
    expect(await ledgerAndLevel(world.db, main.id, pcb.id)).toEqual(before);
    expect(await ledgerAndLevel(world.db, depot.id, pcb.id)).toEqual({
      ledger: { quantity: 0, value: 0, rows: 0 },
      level: null,
    });
  });

  it('names the field of bad input and writes nothing', async () => {
    const gas = await part('R32 refrigerant gas');
    const { main } = world.stores;
    const cases: [
      typeof ReceiveStock | typeof AdjustStock | typeof TransferStock,
      Record<string, unknown>,
      string,
      string,
    ][] = [
      [ReceiveStock, { service_center_id: main.id, lines: [] }, 'lines', 'lines: Add at least one component'],
      [
        ReceiveStock,
        { service_center_id: main.id, lines: [{ component_id: gas.id, quantity: 0, unit_cost: 100 }] },
        'lines.0.quantity',
        'lines.0.quantity: Quantity must be a whole number from 1 to 10,00,000',
      ],
      [
        ReceiveStock,
        { service_center_id: main.id, lines: [{ component_id: gas.id, quantity: 1, unit_cost: 10.5 }] },
        'lines.0.unit_cost',
        'lines.0.unit_cost: Unit cost must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
      ],
      [
        ReceiveStock,
        {
          service_center_id: main.id,
          lines: [
            { component_id: gas.id, quantity: 1, unit_cost: 1 },
            { component_id: gas.id, quantity: 2, unit_cost: 1 },
          ],
        },
        'lines.1.component_id',
        'lines.1.component_id: Each component once: put the quantities of one component on one line',
      ],
      [
        AdjustStock,
        { service_center_id: main.id, component_id: gas.id, quantity_change: 0, reason: 'Count' },
        'quantity_change',
        'quantity_change: Change must be a whole number from -10,00,000 to 10,00,000, not 0',
      ],
      [
        AdjustStock,
        { service_center_id: main.id, component_id: gas.id, quantity_change: 1, reason: ' ' },
        'reason',
        'reason: Reason is required (at least 3 characters)',
      ],
      [
        TransferStock,
        {
          from_service_center_id: main.id,
          to_service_center_id: main.id,
          lines: [{ component_id: gas.id, quantity: 1 }],
        },
        'to_service_center_id',
        'to_service_center_id: Choose another store to transfer to',
      ],
    ];
    for (const [op, input, field, message] of cases) {
      const error = refused(await world.as('OWNER', op, input));
      expect(error, `${op.name} ${JSON.stringify(input)}`).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field },
      });
    }
    expect(await ledgerAndLevel(world.db, main.id, gas.id)).toEqual({
      ledger: { quantity: 0, value: 0, rows: 0 },
      level: null,
    });
  });

  it('refuses an inactive store or component on its field, and a foreign one as not found', async () => {
    const closed = await seedTestStore(world.db, world.org.id, 'Closed store');
    await world.db.update(store).set({ status: 'INACTIVE' }).where(eq(store.id, closed.id));
    const old = await part('Discontinued thermostat');
    await world.db.update(component).set({ status: 'INACTIVE' }).where(eq(component.id, old.id));
    const fresh = await part('Thermostat');
    const { main } = world.stores;

    expect(
      refused(await receive('OWNER', closed.id, [{ component_id: fresh.id, quantity: 1, unit_cost: 1 }])),
    ).toMatchObject({
      message: INVENTORY_MESSAGES.storeInactive(closed.name),
      extensions: { code: 'BAD_USER_INPUT', field: 'service_center_id' },
    });
    expect(
      refused(
        await receive('OWNER', main.id, [
          { component_id: fresh.id, quantity: 1, unit_cost: 1 },
          { component_id: old.id, quantity: 1, unit_cost: 1 },
        ]),
      ),
    ).toMatchObject({
      message: `${old.part_number} Discontinued thermostat is inactive. Activate it before moving its stock.`,
      extensions: { code: 'BAD_USER_INPUT', field: 'lines.1.component_id' },
    });

    const foreign = await stockWorld(app);
    const theirPart = await seedTestComponent(world.db, foreign.org.id, 'Their part');
    expect(
      refused(
        await receive('OWNER', foreign.stores.main.id, [
          { component_id: fresh.id, quantity: 1, unit_cost: 1 },
        ]),
      ),
    ).toMatchObject({
      message: INVENTORY_MESSAGES.storeNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(
      refused(await receive('OWNER', main.id, [{ component_id: theirPart.id, quantity: 1, unit_cost: 1 }])),
    ).toMatchObject({
      message: INVENTORY_MESSAGES.componentNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await ledgerAndLevel(world.db, main.id, fresh.id)).toEqual({
      ledger: { quantity: 0, value: 0, rows: 0 },
      level: null,
    });
  });
});

describe('the party walls', () => {
  it('lets a partner’s user move stock only in its own stores; staff move stock in any', async () => {
    const filter = await part('Sediment filter');
    const { main, partner, partnerBranch, otherPartner } = world.stores;
    // Staff receive into the partner's store; the partner moves it between its own stores.
    ok(
      await receive('STORE_MANAGER', partner.id, [
        { component_id: filter.id, quantity: 10, unit_cost: 1_800 },
      ]),
    );
    ok(
      await receive('SERVICE_PARTNER', partner.id, [
        { component_id: filter.id, quantity: 2, unit_cost: 1_800 },
      ]),
    );
    ok(
      await world.as('SERVICE_PARTNER', TransferStock, {
        from_service_center_id: partner.id,
        to_service_center_id: partnerBranch.id,
        lines: [{ component_id: filter.id, quantity: 4 }],
      }),
    );
    const notFound = { message: INVENTORY_MESSAGES.storeNotFound, extensions: { code: 'NOT_FOUND' } };
    expect(
      refused(
        await receive('SERVICE_PARTNER', main.id, [{ component_id: filter.id, quantity: 1, unit_cost: 1 }]),
      ),
    ).toMatchObject(notFound);
    expect(
      refused(
        await receive('SERVICE_PARTNER', otherPartner.id, [
          { component_id: filter.id, quantity: 1, unit_cost: 1 },
        ]),
      ),
    ).toMatchObject(notFound);
    expect(
      refused(
        await world.as('SERVICE_PARTNER', TransferStock, {
          from_service_center_id: partner.id,
          to_service_center_id: main.id,
          lines: [{ component_id: filter.id, quantity: 1 }],
        }),
      ),
    ).toMatchObject(notFound);
    expect(
      refused(
        await world.as('OTHER_PARTNER', AdjustStock, {
          service_center_id: partner.id,
          component_id: filter.id,
          quantity_change: -1,
          reason: 'Theft',
        }),
      ),
    ).toMatchObject(notFound);
    // Staff may move it anywhere.
    ok(
      await world.as('OWNER', TransferStock, {
        from_service_center_id: partnerBranch.id,
        to_service_center_id: main.id,
        lines: [{ component_id: filter.id, quantity: 1 }],
      }),
    );
    expect((await ledgerAndLevel(world.db, partner.id, filter.id)).level).toEqual({
      quantity: 8,
      value: 14_400,
    });
    expect((await ledgerAndLevel(world.db, partnerBranch.id, filter.id)).level).toEqual({
      quantity: 3,
      value: 5_400,
    });
    expect((await ledgerAndLevel(world.db, main.id, filter.id)).level).toEqual({ quantity: 1, value: 1_800 });

    // Each sees only what its walls allow, in both lists.
    const storesSeen = async (who: Who) =>
      (await inventory(who, { component_id: filter.id })).items.map((row) => row.service_center_name).sort();
    expect(await storesSeen('OWNER')).toEqual([main.name, partnerBranch.name, partner.name].sort());
    expect(await storesSeen('STORE_MANAGER')).toEqual([main.name, partnerBranch.name, partner.name].sort());
    expect(await storesSeen('SERVICE_PARTNER')).toEqual([partnerBranch.name, partner.name].sort());
    expect(await storesSeen('OTHER_PARTNER')).toEqual([]);
    const ledgerSeen = async (who: Who) =>
      ok(await world.as(who, ListStockMovements, { component_id: filter.id, page_size: 100 })).data.items.map(
        (row) => `${row.movement_type} ${row.service_center_name}`,
      );
    expect(await ledgerSeen('OWNER')).toHaveLength(6);
    expect(await ledgerSeen('SERVICE_PARTNER')).toEqual([
      `TRANSFER_OUT ${partnerBranch.name}`,
      `TRANSFER_IN ${partnerBranch.name}`,
      `TRANSFER_OUT ${partner.name}`,
      `RECEIVE ${partner.name}`,
      `RECEIVE ${partner.name}`,
    ]);
    expect(await ledgerSeen('OTHER_PARTNER')).toEqual([]);
    const partnerRow = (await inventory('SERVICE_PARTNER', { service_center_id: partner.id })).items[0];
    expect(partnerRow).toMatchObject({ party_name: world.partner.name, quantity: 8 });
  });
});

describe('ListInventory', () => {
  it('flags stock at or below the reorder level, filters by it, searches and sorts', async () => {
    const tag = world.tag;
    const motor = await part(`Blower motor ${tag}`, { reorder_level: 5 });
    const magnetron = await part(`Magnetron ${tag}`, { reorder_level: 5 });
    const { depot } = world.stores;
    ok(
      await receive('OWNER', depot.id, [
        { component_id: motor.id, quantity: 5, unit_cost: 175_000 },
        { component_id: magnetron.id, quantity: 6, unit_cost: 165_000 },
      ]),
    );
    const search = { search: tag, service_center_id: depot.id };
    const flags = (page: { items: StockItem[] }) =>
      page.items.map((row) => [row.component_name, row.quantity, row.below_reorder]);
    expect(flags(await inventory('OWNER', search))).toEqual([
      [`Blower motor ${tag}`, 5, true],
      [`Magnetron ${tag}`, 6, false],
    ]);
    expect(flags(await inventory('OWNER', { ...search, below_reorder: true }))).toEqual([
      [`Blower motor ${tag}`, 5, true],
    ]);
    expect(flags(await inventory('OWNER', { ...search, below_reorder: false }))).toEqual([
      [`Magnetron ${tag}`, 6, false],
    ]);
    expect(flags(await inventory('OWNER', { ...search, sort_by: 'quantity', sort_order: 'desc' }))).toEqual([
      [`Magnetron ${tag}`, 6, false],
      [`Blower motor ${tag}`, 5, true],
    ]);
    expect(flags(await inventory('OWNER', { search: magnetron.part_number.toLowerCase() }))).toEqual([
      [`Magnetron ${tag}`, 6, false],
    ]);
    const value = await inventory('OWNER', {
      ...search,
      sort_by: 'stock_value',
      sort_order: 'desc',
      page_size: 10,
    });
    expect(value.items.map((row) => [row.stock_value, row.average_cost])).toEqual([
      [990_000, 165_000],
      [875_000, 175_000],
    ]);
    expect(refused(await world.as('OWNER', ListInventory, { below_reorder: 'yes' }))).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'below_reorder' },
    });

    // The export: the same rows, in rupees.
    const rows = await exportedRows(
      'OWNER',
      'ListInventory',
      `search=${tag}&service_center_id=${depot.id}&below_reorder=true`,
    );
    expect(rows[0]).toEqual([
      'Component',
      'Part number',
      'Store',
      'Service partner',
      'Quantity',
      'Unit',
      'Reorder level',
      'Below reorder',
      'Average cost (₹)',
      'Value (₹)',
      'Updated',
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 10))).toEqual([
      [`Blower motor ${tag}`, motor.part_number, depot.name, null, 5, 'Nos', 5, 'Yes', 1750, 8750],
    ]);
  });

  it('pages in SQL: a page of 10, the total, and the next page', async () => {
    const shelf = await seedTestStore(world.db, world.org.id, 'Shelf');
    const parts = [];
    for (let n = 0; n < 12; n += 1)
      parts.push(await part(`Shelf part ${String(n).padStart(2, '0')} ${world.tag}`));
    ok(
      await receive(
        'OWNER',
        shelf.id,
        parts.map((row) => ({ component_id: row.id, quantity: 1, unit_cost: 100 })),
      ),
    );
    const first = await inventory('OWNER', { service_center_id: shelf.id, page_size: 10 });
    const second = await inventory('OWNER', { service_center_id: shelf.id, page_size: 10, page: 2 });
    expect([first.total_count, first.items.length, second.items.length]).toEqual([12, 10, 2]);
    expect([...first.items, ...second.items].map((row) => row.component_id)).toEqual(
      parts.map((row) => row.id),
    );
  });
});

describe('ListStockMovements', () => {
  it('lists the ledger newest first, filtered by kind, store and the organization’s days; exports it', async () => {
    const capacitor = await part(`Run capacitor ${world.tag}`);
    const { main, depot } = world.stores;
    ok(await receive('OWNER', main.id, [{ component_id: capacitor.id, quantity: 10, unit_cost: 4_500 }]));
    ok(
      await world.as('OWNER', TransferStock, {
        from_service_center_id: main.id,
        to_service_center_id: depot.id,
        lines: [{ component_id: capacitor.id, quantity: 4 }],
      }),
    );
    ok(
      await world.as('OWNER', AdjustStock, {
        service_center_id: depot.id,
        component_id: capacitor.id,
        quantity_change: -1,
        reason: 'Bulged',
      }),
    );
    const list = async (input: Record<string, unknown>) =>
      ok(await world.as('OWNER', ListStockMovements, { component_id: capacitor.id, ...input })).data.items;
    const kinds = (items: StockMovementItem[]) =>
      items.map((row) => `${row.movement_type} ${row.quantity} → ${row.balance_after}`);
    expect(kinds(await list({}))).toEqual([
      'ADJUST -1 → 3',
      'TRANSFER_IN 4 → 4',
      'TRANSFER_OUT -4 → 6',
      'RECEIVE 10 → 10',
    ]);
    expect(kinds(await list({ movement_type: 'RECEIVE' }))).toEqual(['RECEIVE 10 → 10']);
    expect(kinds(await list({ service_center_id: depot.id }))).toEqual([
      'ADJUST -1 → 3',
      'TRANSFER_IN 4 → 4',
    ]);
    expect(kinds(await list({ sort_order: 'asc' }))).toEqual([
      'RECEIVE 10 → 10',
      'TRANSFER_OUT -4 → 6',
      'TRANSFER_IN 4 → 4',
      'ADJUST -1 → 3',
    ]);

    // Days are the organization's (Asia/Kolkata): 20:00 UTC on 1 March is 01:30 on 2 March there.
    const [receipt] = (await list({ movement_type: 'RECEIVE' })).map((row) => row.stock_movement_id);
    await world.db
      .update(stockMovement)
      .set({ created_at: new Date('2026-03-01T20:00:00Z') })
      .where(eq(stockMovement.id, receipt));
    expect(kinds(await list({ from_date: '2026-03-02', to_date: '2026-03-02' }))).toEqual([
      'RECEIVE 10 → 10',
    ]);
    expect(kinds(await list({ from_date: '2026-03-01', to_date: '2026-03-01' }))).toEqual([]);
    expect(
      refused(
        await world.as('OWNER', ListStockMovements, { from_date: '2026-03-03', to_date: '2026-03-02' }),
      ),
    ).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'to_date' },
    });

    const rows = await exportedRows(
      'OWNER',
      'ListStockMovements',
      `component_id=${capacitor.id}&service_center_id=${depot.id}`,
    );
    expect(rows.map((row) => [row[1], row[4], row[5], row[6], row[7], row[8], row[9], row[13]])).toEqual([
      ['Kind', 'Store', 'Other store', 'Quantity', 'Balance after', 'Unit cost (₹)', 'Value (₹)', 'Reason'],
      ['Adjusted', depot.name, null, -1, 3, 45, -45, 'Bulged'],
      ['Transferred in', depot.name, main.name, 4, 4, 45, 180, null],
    ]);
  });
});

describe('concurrent calls', () => {
  it('lets exactly as many concurrent takes pass as there are units; the others are refused with the message', async () => {
    const seal = await part('Gasket');
    const { depot } = world.stores;
    ok(await receive('OWNER', depot.id, [{ component_id: seal.id, quantity: 3, unit_cost: 999 }]));
    const people: Who[] = ['OWNER', 'STORE_MANAGER'];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        world.as(people[n % 2], AdjustStock, {
          service_center_id: depot.id,
          component_id: seal.id,
          quantity_change: -1,
          reason: 'Issued by hand',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.envelope)).toHaveLength(3);
    const errors = answers.flatMap((answer) => answer.errors ?? []);
    expect(errors.map((error) => [error.extensions?.code, error.message])).toEqual(
      Array(5).fill(['CONFLICT', INVENTORY_MESSAGES.notEnoughStock(partWords(seal), depot.name, 0, 1)]),
    );
    expect(await ledgerAndLevel(world.db, depot.id, seal.id)).toEqual({
      ledger: { quantity: 0, value: 0, rows: 4 },
      level: { quantity: 0, value: 0 },
    });
  });
});
