import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartyItem } from '@fieldport/contract/operations/people';
import { monthLabel, type ReportData } from '@fieldport/contract/operations/reports';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage, expectPath } from '../support/login-page.ts';
import { openAsOwner } from '../support/master-page.ts';
import { callAs } from '../support/page-operations.ts';
import {
  addressOf,
  axeClean,
  DESK,
  expectWorkbook,
  FIGURES,
  monthsBack,
  PHONE,
  recentDays,
  reportScreen,
} from './reports-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Reports in the browser (docs/reports.md#the-screens): the owner opens each of the four reports,
// sees its chart and its table with the totals, changes a filter and sees other figures, the
// filters written into the address, and exports the .xlsx (its totals row the screen's). The
// partners' closed-ticket report is turned on in the organization settings first, and off again.
// A dealer's owner has Ticket Aging and Service Type in the menu, is offered no party to choose,
// and sees only the dealer's tickets: what the owner sees filtered by that dealer. On a 390 px phone
// the table scrolls sideways inside its card and the chart fits; the filters and Export are reached
// by Tab. Every screen passes axe (the gate), the report screens also by an explicit check.

const DEALER = 'Sharma Appliances';
const PARTNER = 'CoolFix Services';
const AGE_COLUMNS = ['0-1 days', '1-3 days', '3-7 days', '7-15 days', '> 15 days', 'Active tickets'];

/** The id of the demo's dealer, as the owner reads it. */
async function dealerId(page: Page): Promise<string> {
  const dealers = await callAs<{ items: PartyItem[] }>(page, 'ListDealers', { search: DEALER });
  const dealer = dealers.items.find((item) => item.party_name === DEALER);
  expect(dealer, DEALER).toBeDefined();
  return dealer!.party_id;
}

describe('Reports', () => {
  it('the owner reads the ticket aging by partner, groups it by territory and exports it', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/TicketAgingReport');
    const aging = reportScreen(page, 'GetTicketAgingReport');
    await aging.settled();
    await page.getByText(aging.layout.description, { exact: true }).waitFor();
    await aging.chart().waitFor();
    expect(await aging.headers()).toEqual(['Service partner', ...AGE_COLUMNS]);
    const byPartner = await aging.rows();
    expect(byPartner.map((row) => row[0])).toContain(PARTNER);
    const totals = await aging.totals();
    expect(totals[0]).toBe('Total');
    const active = await aging.total('Active tickets');
    // The screen's figures are the server's: every active ticket of the organization.
    const answer = await callAs<ReportData>(page, 'GetTicketAgingReport', { group_by: 'PARTNER' });
    expect(active).toBe(answer.totals.total);
    expect(active).toBeGreaterThan(0);
    await axeClean(page);
    await screenshot(page, 'reports-aging-desk');

    // Grouped by territory: other groups, the same tickets; the address says so, a reload keeps it.
    await aging.choose('Group by', 'Territory');
    await expect.poll(async () => (await aging.headers())?.[0], FIGURES).toBe('Territory');
    expect(addressOf(page)).toMatchObject({ group_by: 'TERRITORY' });
    const byTerritory = await aging.rows();
    expect(byTerritory.map((row) => row[0])).not.toEqual(byPartner.map((row) => row[0]));
    expect(byTerritory.map((row) => row[0])).not.toContain(PARTNER);
    expect(await aging.total('Active tickets')).toBe(active);
    await page.reload();
    await aging.settled();
    expect(await aging.rows()).toEqual(byTerritory);

    // The partner filter narrows the figures to the partner's tickets.
    await aging.choose('Service partner', PARTNER);
    await expect.poll(() => aging.total('Active tickets'), FIGURES).toBeLessThan(active);
    expect(addressOf(page)).toMatchObject({ group_by: 'TERRITORY', partner_party_id: expect.any(String) });
    const partnerTotals = await aging.totals();

    const exported = await aging.export();
    expect(exported.response.status()).toBe(200);
    expect(exported.response.headers()['content-type']).toContain(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(new URL(exported.response.url()).searchParams.get('group_by')).toBe('TERRITORY');
    expect(exported.file).toMatch(/^Ticket-Aging-Report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expectWorkbook(exported.body, partnerTotals);
    await expectMessage(page, `Downloaded ${exported.file}`);
    await context.close();
  });

  it('the owner reads the monthly report over a longer period, refused backwards, and exports it', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/MonthlyTicketReports');
    const monthly = reportScreen(page, 'GetMonthlyTicketReport');
    await monthly.settled();
    await monthly.chart().waitFor();
    // The last 6 months, the current one last.
    const sixMonths = await monthly.rows();
    expect(sixMonths.map((row) => row[0])).toEqual(
      [5, 4, 3, 2, 1, 0].map((back) => monthLabel(monthsBack(back))),
    );
    const raised = await monthly.total('Raised');
    expect(raised).toBeGreaterThan(0);
    await axeClean(page);

    // A year: twelve rows, the figures of the six months among them.
    await monthly.choose('From month', monthLabel(monthsBack(11)));
    await expect.poll(async () => (await monthly.rows()).length, FIGURES).toBe(12);
    expect(addressOf(page)).toMatchObject({ from_month: monthsBack(11), to_month: monthsBack(0) });
    expect(await monthly.total('Raised')).toBeGreaterThanOrEqual(raised);

    // An end before the start is said on the end, and nothing is asked of the server.
    await monthly.choose('To month', monthLabel(monthsBack(12)));
    await monthly.filters.getByText('To month must not be before From month', { exact: true }).waitFor();
    await page.getByText('Choose a period to see the figures.', { exact: true }).waitFor();
    expect(await monthly.table.count()).toBe(0);
    await axeClean(page);
    await monthly.choose('To month', monthLabel(monthsBack(0)));
    await expect.poll(async () => (await monthly.rows()).length, FIGURES).toBe(12);
    await screenshot(page, 'reports-monthly-desk');

    const exported = await monthly.export();
    expect(exported.response.headers()['content-type']).toContain('spreadsheetml');
    expect(new URL(exported.response.url()).searchParams.get('from_month')).toBe(monthsBack(11));
    await expectWorkbook(exported.body, await monthly.totals());
    await context.close();
  });

  it('the owner reads the service types of a period and of one dealer, and exports them', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/ServiceTypeReport');
    const types = reportScreen(page, 'GetServiceTypeReport');
    await types.settled();
    const period = recentDays();
    const everyDealer = await callAs<ReportData>(page, 'GetServiceTypeReport', period);
    const raised = everyDealer.totals.created as number;
    expect(raised).toBeGreaterThan(0);
    await types.changing(() => types.day('From').fill(period.from_date));
    expect(addressOf(page)).toMatchObject(period);
    expect(await types.total('Raised')).toBe(raised);
    await types.chart().waitFor();
    expect(await types.headers()).toEqual([
      'Service type',
      'Raised',
      'Closed',
      'Closed free of charge',
      'Service charges',
    ]);
    // Service charges are rupees.
    expect((await types.totals())[4]).toMatch(/^₹[\d,]+\.\d{2}$/);

    // The dealer's tickets only: fewer, and the server's figures for that dealer.
    const answer = await callAs<ReportData>(page, 'GetServiceTypeReport', {
      ...period,
      dealer_party_id: await dealerId(page),
    });
    expect(answer.totals.created).toBeLessThan(raised);
    await types.changing(() => types.choose('Dealer', DEALER));
    expect(await types.total('Raised')).toBe(answer.totals.created);
    await axeClean(page);
    const dealerTotals = await types.totals();
    const exported = await types.export();
    expect(exported.response.headers()['content-type']).toContain('spreadsheetml');
    expect(new URL(exported.response.url()).searchParams.get('dealer_party_id')).toBe(
      addressOf(page).dealer_party_id,
    );
    await expectWorkbook(exported.body, dealerTotals);

    // A period without tickets says so.
    await types.day('From').fill('2020-01-01');
    await types.day('To').fill('2020-01-31');
    await page.getByText('No tickets in this period.', { exact: true }).waitFor();
    await axeClean(page);
    await context.close();
  });

  it('the owner turns the partners’ closed-ticket report on, reads it from the menu and exports it', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/OrganizationSettings');
    const flag = page.getByRole('switch', { name: 'Partners closed ticket report' });
    try {
      // The demo keeps it off (the organization's default).
      await flag.waitFor();
      expect(await flag.isChecked()).toBe(false);
      await flag.click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('button', { name: 'Save settings' }).waitFor({ state: 'detached' });

      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const expand = menu.getByRole('button', { name: 'Expand Reports' });
      if (await expand.count()) await expand.click();
      // The menu is drawn again once the settings' save has refreshed the person's rights.
      const link = menu.getByRole('link', { name: 'Partners Closed Ticket Reports' });
      await link.waitFor();
      // The rights' refresh may draw the menu once more: a click that lands on the link being
      // replaced is lost, so the link is clicked again until the page changes.
      const target = '/PartnersClosedTicketReports';
      await expect
        .poll(
          async () => {
            if (new URL(page.url()).pathname !== target)
              await link.click({ timeout: 5_000 }).catch(() => undefined);
            return new URL(page.url()).pathname;
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(target);
      const closed = reportScreen(page, 'GetPartnersClosedTicketReport');
      await closed.settled();
      await closed.chart().waitFor();
      const rows = await closed.rows();
      expect(rows.map((row) => row[0])).toContain(PARTNER);
      const closedCount = await closed.total('Closed');
      expect(closedCount).toBeGreaterThan(0);
      // A party's rows are months of the period.
      expect(rows.every((row) => /^[A-Z][a-z]{2} \d{4}$/.test(row[1]))).toBe(true);
      await axeClean(page);
      await screenshot(page, 'reports-partners-closed-desk');

      await closed.changing(() => closed.choose('Service partner', PARTNER));
      expect(addressOf(page)).toMatchObject({ partner_party_id: expect.any(String) });
      expect((await closed.rows()).every((row) => row[0] === PARTNER)).toBe(true);
      // Months long gone: none closed.
      await closed.choose('From month', monthLabel(monthsBack(35)));
      await closed.choose('To month', monthLabel(monthsBack(30)));
      await page.getByText('No tickets in this period.', { exact: true }).waitFor();
      await closed.choose('To month', monthLabel(monthsBack(0)));
      await closed.choose('From month', monthLabel(monthsBack(5)));
      await expect.poll(() => closed.total('Closed').catch(() => -1), FIGURES).toBeGreaterThan(0);

      const exported = await closed.export();
      expect(exported.response.headers()['content-type']).toContain('spreadsheetml');
      expect(exported.file).toMatch(/^Partners-Closed-Ticket-Reports-\d{4}-\d{2}-\d{2}\.xlsx$/);
      await expectWorkbook(exported.body, await closed.totals());
    } finally {
      // Off again: the other journeys know the demo's menus without it.
      await callAs(
        page,
        'UpdateOrganizationSettings',
        { is_enable_partners_monthly_closed_ticket_report_tab: false },
        'mutation',
      );
    }
    await context.close();
  });

  it('a dealer’s owner sees only the dealer’s tickets and chooses no party', async () => {
    const owner = await newPage(DESK);
    await openAsOwner(owner.page, '/TicketAgingReport');
    const ownerAging = await callAs<ReportData>(owner.page, 'GetTicketAgingReport', { group_by: 'PARTNER' });
    const period = recentDays();
    const ownerForDealer = await callAs<ReportData>(owner.page, 'GetServiceTypeReport', {
      ...period,
      dealer_party_id: await dealerId(owner.page),
    });
    await owner.context.close();

    const { page, context } = await newPage(DESK);
    await openAs(page, 'DEALER_OWNER', '/ActiveTickets');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Expand Reports' }).click();
    const reports = menu.getByRole('list', { name: 'Reports' });
    await reports.getByRole('link', { name: 'Ticket Aging Report' }).waitFor();
    await reports.getByRole('link', { name: 'Service Type Report' }).waitFor();
    expect(await reports.getByRole('link', { name: 'Monthly Ticket Reports' }).count()).toBe(0);
    await reports.getByRole('link', { name: 'Ticket Aging Report' }).click();
    await expectPath(page, '/TicketAgingReport');

    const aging = reportScreen(page, 'GetTicketAgingReport');
    await aging.settled();
    // Only the grouping: no territory, partner or dealer to choose.
    expect(await aging.filters.getByRole('combobox').count()).toBe(1);
    await aging.combobox('Group by').waitFor();
    const dealerActive = await aging.total('Active tickets');
    expect(dealerActive).toBeGreaterThan(0);
    expect(dealerActive).toBeLessThan(ownerAging.totals.total as number);
    await axeClean(page);
    await screenshot(page, 'reports-aging-dealer');

    await page.goto(`/ServiceTypeReport?from_date=${period.from_date}&to_date=${period.to_date}`);
    const types = reportScreen(page, 'GetServiceTypeReport');
    await types.settled();
    expect(await types.filters.getByRole('combobox').count()).toBe(0);
    // The owner's figures for this dealer, no more.
    expect(await types.total('Raised')).toBe(ownerForDealer.totals.created);
    expect(await types.total('Closed')).toBe(ownerForDealer.totals.closed);
    const exported = await types.export();
    expect(exported.response.status()).toBe(200);
    await expectWorkbook(exported.body, await types.totals());
    await context.close();
  });

  it('on a 390 px phone the table scrolls sideways inside its card and the chart fits', async () => {
    const { page, context } = await newPage(PHONE);
    await openAsOwner(page, '/TicketAgingReport');
    // A link to the report grouped by territory.
    await page.goto('/TicketAgingReport?group_by=TERRITORY');
    const aging = reportScreen(page, 'GetTicketAgingReport');
    await aging.settled();
    await aging.chart().waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const chart = await aging
      .chart()
      .evaluate((figure) => [
        figure.querySelector('.MuiChartsSurface-root')!.getBoundingClientRect().width,
        figure.getBoundingClientRect().width,
      ]);
    expect(chart[0]).toBeGreaterThan(200);
    expect(chart[0]).toBeLessThanOrEqual(chart[1]);
    // The table is wider than its card: it scrolls there, by keyboard too.
    const region = page.getByRole('region', { name: 'Ticket Aging Report (table)' });
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((box) => box.scrollLeft), FIGURES).toBeGreaterThan(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await screenshot(page, 'reports-aging-phone');

    await page.goto('/MonthlyTicketReports');
    const monthly = reportScreen(page, 'GetMonthlyTicketReport');
    await monthly.settled();
    await monthly.chart().waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'reports-monthly-phone');
    await context.close();
  });

  it('the filters and Export are reached by Tab, and work from the keyboard', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/ServiceTypeReport');
    const types = reportScreen(page, 'GetServiceTypeReport');
    await types.settled();
    // From the page's description, Tab by Tab to Export, each filter on the way.
    await page.getByText(types.layout.description, { exact: true }).click();
    const controls = [
      types.day('From'),
      types.day('To'),
      types.combobox('Territory'),
      types.combobox('Service partner'),
      types.combobox('Dealer'),
      types.combobox('Category'),
      types.exportButton(),
    ];
    const reached: number[] = [];
    for (let press = 0; press < 30 && reached.at(-1) !== controls.length - 1; press += 1) {
      await page.keyboard.press('Tab');
      for (const [index, control] of controls.entries()) {
        if (await control.evaluate((element) => element === document.activeElement)) {
          if (reached.at(-1) !== index) reached.push(index);
        }
      }
    }
    expect(reached).toEqual(controls.map((_, index) => index));

    // Export by Enter.
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^Service-Type-Report-.*\.xlsx$/);

    // A choice by keyboard: the grouping of the aging report.
    await page.goto('/TicketAgingReport');
    const aging = reportScreen(page, 'GetTicketAgingReport');
    await aging.settled();
    await aging.combobox('Group by').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Customer state', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(addressOf(page)).toMatchObject({ group_by: 'STATE' });
    await expect.poll(async () => (await aging.headers())?.[0], FIGURES).toBe('Customer state');
    await context.close();
  });
});
