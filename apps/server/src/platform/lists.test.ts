import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  listInput,
  statusFilterSchema,
  type PageData,
  type ParsedListInput,
} from '@fieldport/contract/lists';
import { query } from '@fieldport/contract/operation';
import { closureRemark } from '../db/schema/settings.ts';
import { seedNamedMaster } from '../db/seed/settings.ts';
import type { Caller } from './caller.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { seedTestOrganization } from '../test/organizations.ts';
import { defineList, firstPages } from './lists.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

// A list of the test's own over closure remarks, with a sort whose value is NULL for some rows.
const ListRemarksForTest = query<PageData<{ name: string }>>()({
  name: 'ListRemarksForTest',
  access: { module: 'Closure Remarks', right: 'VIEW' },
  description: 'test only',
  input: listInput({
    sortBy: ['name', 'created', 'initial_unless_b'],
    defaultSortBy: 'name',
    filters: { status: statusFilterSchema },
  }),
});
const remarksSource = {
  table: closureRemark,
  select: { name: closureRemark.name },
  search: [closureRemark.name],
  sort: {
    name: sql`lower(${closureRemark.name})`,
    created: closureRemark.created_at,
    initial_unless_b: sql`nullif(left(${closureRemark.name}, 1), 'B')`,
  },
  status: closureRemark.status,
  toItem: (row: { name: string }) => ({ name: row.name }),
};
const remarks = defineList(ListRemarksForTest, remarksSource);

async function organizationWith(names: string[]) {
  const { org } = await seedTestOrganization(app.database.db, { roles: [] });
  // One statement: every row gets the same created_at, so the id alone orders them.
  await app.database.db.insert(closureRemark).values(
    names.map((name, index) => ({
      id: `0000-${String(index).padStart(4, '0')}-${org.id}`,
      organization_id: org.id,
      name,
    })),
  );
  for (const name of ['Zeta'])
    await seedNamedMaster(app.database.db, 'closureRemark', { organization_id: org.id, name });
  return { organization: org } as Caller;
}

const input = (values: Partial<ParsedListInput>): ParsedListInput => ({
  page: 1,
  page_size: 25,
  search: '',
  sort_by: 'name',
  sort_order: 'asc',
  status: 'ALL',
  ...values,
});

async function streamed(caller: Caller, values: Partial<ParsedListInput>, batchSize: number) {
  const names: string[] = [];
  for await (const batch of remarks.list.stream(app.database.db, caller, input(values), batchSize)) {
    expect(batch.length).toBeLessThanOrEqual(batchSize);
    names.push(...batch.map((item) => item.name));
  }
  return names;
}

async function paged(caller: Caller, values: Partial<ParsedListInput>) {
  const page = await remarks.list.page(app.database.db, caller, input({ ...values, page_size: 100 }));
  return page.items.map((item) => item.name);
}

describe('a list streamed for export', () => {
  const NAMES = ['Beta', 'alpha', 'Bravo', 'Gamma', 'Delta', 'Bingo', 'echo', 'Foxtrot', 'Bongo'];

  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['created', 'asc'],
    ['created', 'desc'],
    ['initial_unless_b', 'asc'],
    ['initial_unless_b', 'desc'],
  ] as const)(
    'reads every row once, in the page order, in small batches (%s %s)',
    async (sort_by, sort_order) => {
      const caller = await organizationWith(NAMES);
      const expected = await paged(caller, { sort_by, sort_order });
      expect(expected).toHaveLength(NAMES.length + 1);
      for (const batchSize of [1, 2, 3, 100]) {
        expect(await streamed(caller, { sort_by, sort_order }, batchSize)).toEqual(expected);
      }
    },
  );

  it('keeps to the filter and the organization', async () => {
    const caller = await organizationWith(NAMES);
    await organizationWith(['Bystander']);
    expect(await streamed(caller, { search: 'b' }, 2)).toEqual(['Beta', 'Bingo', 'Bongo', 'Bravo']);
  });
});

describe('a page of a list', () => {
  it('counts every matching row, also beyond the last page and on a full first page', async () => {
    const names = Array.from({ length: 30 }, (_, index) => `Remark ${String(index).padStart(2, '0')}`);
    const caller = await organizationWith(names);
    const page = (values: Partial<ParsedListInput>) =>
      remarks.list.page(app.database.db, caller, input(values));
    expect(await page({ page_size: 10 })).toMatchObject({ total_count: 31, page: 1 });
    expect((await page({ page: 4, page_size: 10 })).items.map((item) => item.name)).toEqual(['Zeta']);
    expect(await page({ page: 9, page_size: 10 })).toMatchObject({ items: [], total_count: 31 });
    expect(await page({ search: 'remark 2' })).toMatchObject({ total_count: 10 });
  });
});

describe("several lists' first pages at once", () => {
  // Another list over the same table, with its own operation: its rows are read apart.
  const ListRemarksByDateForTest = query<PageData<{ name: string }>>()({
    name: 'ListRemarksByDateForTest',
    access: { module: 'Closure Remarks', right: 'VIEW' },
    description: 'test only',
    input: listInput({ sortBy: ['created'], defaultSortBy: 'created' }),
  });
  const remarksByDate = defineList(ListRemarksByDateForTest, {
    table: closureRemark,
    select: { name: closureRemark.name },
    search: [closureRemark.name],
    sort: { created: closureRemark.created_at },
    toItem: (row) => ({ name: `${row.name} (by date)` }),
  });

  it("answers for each what the list's own page answers: rows, order, count only when the page is full", async () => {
    const names = Array.from({ length: 12 }, (_, index) => `Remark ${String(index).padStart(2, '0')}`);
    const caller = await organizationWith([...names, 'Bravo', 'Beta']);
    // Another organization's rows match the same terms and must not show.
    await organizationWith(['Remark 99', 'Bystander', 'Bravo']);
    const asked = [
      { key: 'many', list: remarks, input: input({ search: 'remark', page_size: 5 }) },
      { key: 'few', list: remarks, input: input({ search: 'b', page_size: 5, sort_order: 'desc' }) },
      { key: 'none', list: remarks, input: input({ search: 'nothing like it', page_size: 5 }) },
      { key: 'exactly full', list: remarks, input: input({ search: 'b', page_size: 2 }) },
      {
        key: 'other list',
        list: remarksByDate,
        input: input({ search: 'remark 1', sort_by: 'created', page_size: 5 }),
      },
    ];
    const together = await firstPages(
      app.database.db,
      caller,
      asked.map(({ key, list, input }) => ({ key, list, input })),
    );
    for (const { key, list, input } of asked) {
      expect(together.get(key), key).toEqual(await list.list.page(app.database.db, caller, input));
    }
    expect(together.get('many')).toMatchObject({ total_count: 12, total_capped: false });
    expect(together.get('few')?.items.map((item) => (item as { name: string }).name)).toEqual([
      'Bravo',
      'Beta',
    ]);
    expect(together.get('exactly full')).toMatchObject({ total_count: 2 });
    expect(together.get('none')).toMatchObject({ items: [], total_count: 0 });
    expect(together.get('other list')?.items).toEqual([
      { name: 'Remark 10 (by date)' },
      { name: 'Remark 11 (by date)' },
    ]);
  });

  it("reads a term's matches once for pages of a list that differ only in their filters", async () => {
    // The same list, saying that a term finds few of its rows.
    const fewRemarks = defineList(ListRemarksForTest, { ...remarksSource, fewMatches: true });
    const names = [
      'Bravo',
      'Beta',
      'Bingo',
      'Bongo',
      'Cobalt',
      'Abbot',
      'Remark b1',
      'Remark b2',
      'Remark b3',
    ];
    const caller = await organizationWith(names);
    await app.database.db.execute(
      sql`update closure_remark set status = 'INACTIVE' where organization_id = ${caller.organization.id} and name in ('Beta', 'Bongo', 'Remark b2')`,
    );
    await organizationWith(['Bystander', 'Babble']);
    for (const [sort_by, sort_order] of [
      ['name', 'asc'],
      ['initial_unless_b', 'desc'],
    ] as const) {
      const asked = [
        { key: 'active', input: input({ search: 'b', status: 'ACTIVE', page_size: 3, sort_by, sort_order }) },
        {
          key: 'inactive',
          input: input({ search: 'b', status: 'INACTIVE', page_size: 3, sort_by, sort_order }),
        },
        { key: 'all', input: input({ search: 'b', page_size: 3, sort_by, sort_order }) },
        { key: 'none', input: input({ search: 'zz', status: 'ACTIVE', page_size: 3, sort_by, sort_order }) },
        { key: 'other term', input: input({ search: 'remark', page_size: 3, sort_by, sort_order }) },
      ];
      const shared = vi.spyOn(fewRemarks.list, 'sharedPageQueries');
      const together = await firstPages(
        app.database.db,
        caller,
        asked.map(({ key, input }) => ({ key, list: fewRemarks, input })),
        { countCap: 5 },
      );
      // The three pages of the term 'b' share its matches; the others are read as they are alone.
      expect(shared).toHaveBeenCalledTimes(1);
      expect(shared).toHaveBeenCalledWith(
        app.database.db,
        caller,
        asked.slice(0, 3).map(({ input }) => input),
      );
      shared.mockRestore();
      for (const { key, input } of asked) {
        const alone = await fewRemarks.list.page(app.database.db, caller, input);
        const capped = alone.total_count > 5 ? { total_count: 5, total_capped: true } : {};
        expect(together.get(key), `${key} ${sort_by} ${sort_order}`).toEqual({ ...alone, ...capped });
      }
      expect(together.get('active')).toMatchObject({ total_count: 5, total_capped: true });
      expect(together.get('inactive')).toMatchObject({ total_count: 3, total_capped: false });
    }
    const byName = await firstPages(app.database.db, caller, [
      { key: 'active', list: fewRemarks, input: input({ search: 'b', status: 'ACTIVE', page_size: 3 }) },
      { key: 'inactive', list: fewRemarks, input: input({ search: 'b', status: 'INACTIVE', page_size: 3 }) },
    ]);
    expect(byName.get('active')?.items).toEqual([{ name: 'Abbot' }, { name: 'Bingo' }, { name: 'Bravo' }]);
    expect(byName.get('inactive')?.items).toEqual([
      { name: 'Beta' },
      { name: 'Bongo' },
      { name: 'Remark b2' },
    ]);
  });

  it('counts a preview only as far as it is asked to', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `Remark ${String(index).padStart(2, '0')}`);
    const caller = await organizationWith(names);
    const asked = [{ key: 'remarks', list: remarks, input: input({ search: 'remark', page_size: 5 }) }];
    const capped = await firstPages(app.database.db, caller, asked, { countCap: 10 });
    expect(capped.get('remarks')).toMatchObject({ total_count: 10, total_capped: true });
    expect(capped.get('remarks')?.items).toHaveLength(5);
    const exact = await firstPages(app.database.db, caller, asked, { countCap: 12 });
    expect(exact.get('remarks')).toMatchObject({ total_count: 12, total_capped: false });
  });
});
