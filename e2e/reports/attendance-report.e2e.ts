import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay } from '@fieldport/contract/fields';
import type { ReportData } from '@fieldport/contract/operations/reports';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { openAsOwner } from '../support/master-page.ts';
import { callAs } from '../support/page-operations.ts';
import { addressOf, axeClean, expectWorkbook, FIGURES, PHONE, reportScreen, today } from './reports-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The Attendance Report and the Daily User Report in the browser (docs/reports.md): the owner opens
// each over the demo's data, changes a filter and sees the server's figures for it, switches the
// screen's view by keyboard, exports the .xlsx (its totals row the screen's), and on a 390 px phone
// the page does not scroll sideways.

const TECHNICIAN = 'Tarun Technician';
/** A laptop's width. */
const DESKTOP = { width: 1280, height: 900 };

describe('Attendance and daily user reports', () => {
  it('the owner reads the technicians’ days, narrows them to one technician, exports them and reads the summary', async () => {
    const { page, context } = await newPage(DESKTOP);
    await openAsOwner(page, '/AttendenceReport');
    const days = reportScreen(page, 'ListAttendanceHistory');
    await days.settled();
    expect(await days.headers()).toEqual([
      'Technician',
      'Day',
      'Checked in',
      'Checked out',
      'Hours worked',
      'Status',
    ]);

    // Four weeks of the demo's attendance: present, late and absent days among them.
    const period = { from_date: shiftDay(today(), -27), to_date: today() };
    const answer = await callAs<ReportData>(page, 'ListAttendanceHistory', { ...period, page_size: 100 });
    const statuses = new Set(answer.rows.map((row) => row.status));
    for (const status of ['Present', 'Late', 'Absent']) expect(statuses, status).toContain(status);
    await days.changing(() => days.day('From').fill(period.from_date));
    expect(addressOf(page)).toMatchObject(period);
    await expect.poll(() => days.total('Hours worked'), FIGURES).toBe(answer.totals.hours);
    await days.chart().waitFor();
    const shown = await days.rows();
    expect(shown.length).toBe(Math.min(25, answer.total_count));
    expect(shown.map((row) => row[5])).toEqual(answer.rows.slice(0, 25).map((row) => row.status));
    await axeClean(page);
    await screenshot(page, 'reports-attendance-desk');

    // One technician's days: the server's figures for them.
    await days.changing(() => days.choose('Technician', TECHNICIAN));
    const userId = addressOf(page).technician_user_id;
    expect(userId).toEqual(expect.any(String));
    const theirs = await callAs<ReportData>(page, 'ListAttendanceHistory', {
      ...period,
      technician_user_id: userId,
    });
    expect(theirs.total_count).toBeGreaterThan(0);
    await expect.poll(() => days.total('Hours worked'), FIGURES).toBe(theirs.totals.hours);
    expect(new Set((await days.rows()).map((row) => row[0]))).toEqual(new Set([TECHNICIAN]));

    const exported = await days.export();
    expect(exported.response.status()).toBe(200);
    expect(new URL(exported.response.url()).searchParams.get('technician_user_id')).toBe(userId);
    expect(exported.file).toMatch(/\.xlsx$/);
    await expectWorkbook(exported.body, await days.totals());

    // The summary, by keyboard: the same technician's days counted over the period.
    const summary = reportScreen(page, 'GetAttendanceSummary');
    await summary.changing(async () => {
      await page.getByRole('button', { name: 'Summary' }).focus();
      await page.keyboard.press('Enter');
    });
    expect(addressOf(page)).toMatchObject({ view: 'summary', technician_user_id: userId });
    const summed = await callAs<ReportData>(page, 'GetAttendanceSummary', {
      ...period,
      technician_user_id: userId,
    });
    expect(await summary.headers()).toEqual([
      'Technician',
      'Days present',
      'Late',
      'Absent',
      'Not checked out',
      'Hours worked',
    ]);
    await expect.poll(() => summary.total('Days present'), FIGURES).toBe(summed.totals.present);
    expect(await summary.total('Late')).toBe(summed.totals.late);
    expect(await summary.total('Absent')).toBe(summed.totals.absent);
    expect(await summary.total('Hours worked')).toBe(theirs.totals.hours);
    expect(summed.totals.late).toBeGreaterThan(0);
    expect(summed.totals.absent).toBeGreaterThan(0);
    await axeClean(page);
    await screenshot(page, 'reports-attendance-summary-desk');
    const summaryExport = await summary.export();
    expect(summaryExport.response.status()).toBe(200);
    await expectWorkbook(summaryExport.body, await summary.totals());

    // On a phone the page keeps to the screen's width; the table scrolls inside its card.
    await page.setViewportSize(PHONE);
    await days.changing(async () => {
      await page.getByRole('button', { name: 'By day' }).focus();
      await page.keyboard.press('Enter');
    });
    expect(addressOf(page).view).toBeUndefined();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await screenshot(page, 'reports-attendance-phone');
    await context.close();
  });

  it('the owner switches the Monthly User Report to Daily, changes the period and exports it', async () => {
    const { page, context } = await newPage(DESKTOP);
    await openAsOwner(page, '/MonthlyUserReport');
    await reportScreen(page, 'GetMonthlyUserReport').settled();
    const daily = reportScreen(page, 'GetDailyUserReport');
    await daily.changing(async () => {
      await page.getByRole('button', { name: 'Daily' }).focus();
      await page.keyboard.press('Space');
    });
    expect(addressOf(page)).toMatchObject({ view: 'daily' });
    expect(await daily.headers()).toEqual([
      'User',
      'Day',
      'Raised',
      'Assigned',
      'Closed',
      'Average days to close',
    ]);

    // The last four weeks, which hold the demo's tickets.
    const period = { from_date: shiftDay(today(), -27), to_date: today() };
    const answer = await callAs<ReportData>(page, 'GetDailyUserReport', period);
    expect(answer.totals.created).toBeGreaterThan(0);
    await daily.changing(() => daily.day('From').fill(period.from_date));
    expect(addressOf(page)).toMatchObject({ ...period, view: 'daily' });
    await expect.poll(() => daily.total('Raised'), FIGURES).toBe(answer.totals.created);
    expect(await daily.total('Assigned')).toBe(answer.totals.assigned);
    expect(await daily.total('Closed')).toBe(answer.totals.closed);
    await daily.chart().waitFor();
    await axeClean(page);
    await screenshot(page, 'reports-daily-user-desk');

    // A reload shows the same view and period: they are kept in the address.
    await page.reload();
    await daily.settled();
    await expect.poll(() => daily.total('Raised'), FIGURES).toBe(answer.totals.created);

    const exported = await daily.export();
    expect(exported.response.status()).toBe(200);
    expect(new URL(exported.response.url()).searchParams.get('from_date')).toBe(period.from_date);
    expect(exported.file).toMatch(/\.xlsx$/);
    await expectWorkbook(exported.body, await daily.totals());

    await page.setViewportSize(PHONE);
    await daily.settled();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await screenshot(page, 'reports-daily-user-phone');
    await context.close();
  });
});
