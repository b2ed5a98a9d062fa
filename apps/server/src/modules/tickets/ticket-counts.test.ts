import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, pageTooDeepMessage } from '@fieldport/contract/lists';
import {
  Count_Tickets_By_List,
  List_Open_Tickets,
  List_closed_Tickets,
} from '@fieldport/contract/operations/tickets';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

/**
 * Counts stop at COUNT_CAP (docs/architecture.md#lists): exact below it, "10,000 and more"
 * above, and pages are served only within it.
 */

let app: TestApp;
let world: TicketWorld;
let template: string;

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  template = (await world.seed({ state: 'OPEN' })).id;
  // COUNT_CAP + 5 open tickets in all: copies of one seeded ticket, each with its own id and number.
  await copies(COUNT_CAP + 4);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function copies(count: number) {
  await app.database.query(
    `insert into ticket
       select (jsonb_populate_record(null::ticket, to_jsonb(t) || jsonb_build_object(
         'id', t.id || '-copy-' || g,
         'ticket_number', t.ticket_number || '-' || g))).*
       from ticket t, generate_series(1, $2::int) g
       where t.id = $1`,
    [template, count],
  );
}

async function removeCopies(count: number) {
  await app.database.query(
    `delete from ticket where id in (
       select id from ticket where organization_id = $1 and id like '%-copy-%' limit $2)`,
    [world.org.id, count],
  );
}

describe('counts past the cap', () => {
  it('says a list holds 10,000 and more, and each tab how many up to the cap', async () => {
    const page = await world.ok('AGENT', List_Open_Tickets, { list: 'ACTIVE', page_size: 50 });
    expect(page.items).toHaveLength(50);
    expect(page).toMatchObject({ total_count: COUNT_CAP, total_capped: true, page: 1, page_size: 50 });

    const counts = await world.ok('AGENT', Count_Tickets_By_List, {});
    expect(counts).toEqual({
      counts: { ACTIVE: COUNT_CAP, PARTIALLY_CLOSED: 0, CLOSED: 0, INACTIVE: 0 },
      capped: { ACTIVE: true, PARTIALLY_CLOSED: false, CLOSED: false, INACTIVE: false },
    });
    const closed = await world.ok('AGENT', List_closed_Tickets, { list: 'CLOSED' });
    expect(closed).toMatchObject({ items: [], total_count: 0, total_capped: false });
  });

  it('pages through the first 10,000 rows and refuses a page past them, naming the page', async () => {
    const last = await world.ok('AGENT', List_Open_Tickets, { list: 'ACTIVE', page_size: 50, page: 200 });
    expect(last.items).toHaveLength(50);
    expect(last.total_capped).toBe(true);

    const beyond = await world.as('AGENT', List_Open_Tickets, { list: 'ACTIVE', page_size: 50, page: 201 });
    expect(beyond.envelope).toBeUndefined();
    expect(beyond.errors?.[0]).toMatchObject({
      message: pageTooDeepMessage(50),
      extensions: { code: 'BAD_USER_INPUT', field: 'page' },
    });
    expect(pageTooDeepMessage(50)).toBe(
      'page must be at most 200 for pages of 50: lists page through the first 10,000 rows. Narrow the search or filters, or export the list',
    );
  });

  it('counts exactly once fewer rows than the cap match', async () => {
    await removeCopies(6);
    const page = await world.ok('AGENT', List_Open_Tickets, { list: 'ACTIVE', page_size: 50, page: 2 });
    expect(page).toMatchObject({ total_count: COUNT_CAP - 1, total_capped: false });
    const counts = await world.ok('AGENT', Count_Tickets_By_List, {});
    expect(counts.counts.ACTIVE).toBe(COUNT_CAP - 1);
    expect(counts.capped.ACTIVE).toBe(false);
    // Filters narrow the count like the list: every copy has the seeded ticket's priority.
    const [{ priority }] = (await app.database.query('select priority from ticket where id = $1', [
      template,
    ])) as { priority: string }[];
    const other = priority === 'LOW' ? 'URGENT' : 'LOW';
    expect((await world.ok('AGENT', Count_Tickets_By_List, { priority })).counts.ACTIVE).toBe(COUNT_CAP - 1);
    expect((await world.ok('AGENT', Count_Tickets_By_List, { priority: other })).counts.ACTIVE).toBe(0);
  });
});
