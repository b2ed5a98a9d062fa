import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportData } from '@fieldport/contract/operations/reports';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
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

// The reports about people in the browser (docs/reports.md#the-screens): the owner opens the
// Productivity Report and the Monthly User Report over the demo's tickets, sees the chart and the
// table with its totals, changes a filter and sees the server's figures for it, exports the .xlsx
// (its totals row the screen's), and on a 390 px phone the page does not scroll sideways.

const PARTNER = 'CoolFix Services';

describe('Reports about people', () => {
  it('the owner reads the technicians’ productivity over a longer period and exports it', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/ProductivityReport');
    const productivity = reportScreen(page, 'GetProductivityReport');
    await productivity.settled();
    expect(await productivity.headers()).toEqual([
      'Technician',
      'Closed',
      'Average days to close',
      'Reopened',
      'Closed with OTP',
      'Parts consumed',
    ]);

    // The demo's closed tickets of the last weeks: more than those of the current month alone.
    const period = recentDays();
    const answer = await callAs<ReportData>(page, 'GetProductivityReport', period);
    expect(answer.totals.closed).toBeGreaterThan(0);
    await productivity.changing(() => productivity.day('From').fill(period.from_date));
    expect(addressOf(page)).toMatchObject(period);
    await expect.poll(() => productivity.total('Closed'), FIGURES).toBe(answer.totals.closed);
    await productivity.chart().waitFor();
    const rows = await productivity.rows();
    expect(rows.length).toBe(answer.total_count);
    expect(rows.map((row) => row[0])).toEqual(answer.rows.map((row) => row.technician_name));
    await axeClean(page);
    await screenshot(page, 'reports-productivity-desk');

    const exported = await productivity.export();
    expect(exported.response.status()).toBe(200);
    expect(exported.response.headers()['content-type']).toContain('spreadsheetml');
    expect(new URL(exported.response.url()).searchParams.get('from_date')).toBe(period.from_date);
    expect(exported.file).toMatch(/^Productivity-Report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expectWorkbook(exported.body, await productivity.totals());

    // On a phone the page keeps to the screen's width; the table scrolls inside its card.
    await page.setViewportSize(PHONE);
    await productivity.settled();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await screenshot(page, 'reports-productivity-phone');
    await context.close();
  });

  it('the owner reads each user’s tickets by month, narrows them to a partner and exports them', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/MonthlyUserReport');
    const users = reportScreen(page, 'GetMonthlyUserReport');
    await users.settled();
    await users.chart().waitFor();
    expect(await users.headers()).toEqual([
      'User',
      'Month',
      'Raised',
      'Assigned',
      'Closed',
      'Average days to close',
    ]);
    // The last six months by default: the demo's tickets were raised in them.
    const everyone = await callAs<ReportData>(page, 'GetMonthlyUserReport', {
      from_month: monthsBack(5),
      to_month: monthsBack(0),
    });
    expect(everyone.totals.created).toBeGreaterThan(0);
    expect(await users.total('Raised')).toBe(everyone.totals.created);
    expect(await users.total('Closed')).toBe(everyone.totals.closed);
    await axeClean(page);
    await screenshot(page, 'reports-monthly-user-desk');

    // The partner's tickets only: fewer, and the server's figures for that partner.
    await users.changing(() => users.choose('Service partner', PARTNER));
    const partnerId = addressOf(page).partner_party_id;
    expect(partnerId).toEqual(expect.any(String));
    const theirs = await callAs<ReportData>(page, 'GetMonthlyUserReport', {
      from_month: monthsBack(5),
      to_month: monthsBack(0),
      partner_party_id: partnerId,
    });
    expect(theirs.totals.created).toBeLessThan(everyone.totals.created as number);
    await expect.poll(() => users.total('Raised'), FIGURES).toBe(theirs.totals.created);
    await axeClean(page);

    const exported = await users.export();
    expect(exported.response.status()).toBe(200);
    expect(new URL(exported.response.url()).searchParams.get('partner_party_id')).toBe(partnerId);
    expect(exported.file).toMatch(/^Monthly-User-Report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expectWorkbook(exported.body, await users.totals());

    await page.setViewportSize(PHONE);
    await users.settled();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await screenshot(page, 'reports-monthly-user-phone');
    await context.close();
  });
});
