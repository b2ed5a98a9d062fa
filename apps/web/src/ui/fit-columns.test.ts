import { describe, expect, it } from 'vitest';
import { fitColumns, type FittableColumn } from './fit-columns.ts';

// The territories list as declared: wider than a 1366 px screen leaves it (about 1030 px).
const territories: FittableColumn[] = [
  { field: 'name', flex: 1, minWidth: 160 },
  { field: 'category', width: 130, hideOnNarrow: true },
  { field: 'pincodes', flex: 2, minWidth: 200 },
  { field: 'technicians', flex: 1, minWidth: 160, hideOnNarrow: true },
  { field: 'partners', flex: 1, minWidth: 160, hideOnNarrow: true },
  { field: 'status', width: 120 },
  { field: 'created', width: 170, hideOnNarrow: true },
];

const smallest = (fitted: ReturnType<typeof fitColumns>) =>
  fitted.shown.reduce((sum, column) => sum + column.minWidth, 0) + fitted.actionsWidth;

describe('fitColumns', () => {
  it('keeps the declared widths when everything fits', () => {
    const fitted = fitColumns(territories, { available: 1600, narrow: false, actionCount: 2 });
    expect(fitted.hidden).toEqual([]);
    expect(fitted.shown.find((column) => column.field === 'status')).toEqual({
      field: 'status',
      width: 120,
      flex: undefined,
      minWidth: 120,
    });
    expect(fitted.actionsWidth).toBe(96);
  });

  it('shrinks columns towards their smallest widths before hiding any', () => {
    const fitted = fitColumns(territories, { available: 1150, narrow: false, actionCount: 2 });
    expect(fitted.hidden).toEqual([]);
    expect(fitted.shown.every((column) => column.width === undefined && column.flex)).toBe(true);
    expect(smallest(fitted)).toBeLessThanOrEqual(1150);
  });

  it('hides narrow-only columns first, rightmost first, and offers Details for them', () => {
    const fitted = fitColumns(territories, { available: 1000, narrow: false, actionCount: 2 });
    expect(fitted.hidden).toEqual(['partners', 'created']);
    // Edit, Deactivate and Details.
    expect(fitted.actionsWidth).toBe(144);
    expect(smallest(fitted)).toBeLessThanOrEqual(1000);
  });

  it('below 850 px: narrow-only columns go, the rest fit beside the actions menu', () => {
    const fitted = fitColumns(territories, { available: 326, narrow: true, actionCount: 2 });
    expect(fitted.shown.map((column) => column.field)).toEqual(['name', 'pincodes', 'status']);
    expect(fitted.actionsWidth).toBe(56);
    expect(smallest(fitted)).toBeLessThanOrEqual(326);
  });

  it('never hides the first column, and takes a priority over the order', () => {
    const columns: FittableColumn[] = [
      { field: 'name', minWidth: 200 },
      { field: 'phone', minWidth: 200, priority: 3 },
      { field: 'status', minWidth: 200 },
    ];
    expect(fitColumns(columns, { available: 520, narrow: false, actionCount: 0 }).hidden).toEqual(['phone']);
    expect(fitColumns(columns, { available: 100, narrow: false, actionCount: 0 }).hidden).toEqual([
      'phone',
      'status',
    ]);
  });

  it('a list without actions gets a Details action only when a column gave way', () => {
    const columns: FittableColumn[] = [
      { field: 'number', width: 140 },
      { field: 'customer', flex: 1, minWidth: 180 },
    ];
    expect(fitColumns(columns, { available: 800, narrow: false, actionCount: 0 }).actionsWidth).toBe(0);
    const narrow = fitColumns(columns, { available: 150, narrow: true, actionCount: 0 });
    expect(narrow.hidden).toEqual(['customer']);
    expect(narrow.actionsWidth).toBe(56);
  });

  it('before the width is measured: the declared columns, less the narrow-only ones below 850 px', () => {
    const fitted = fitColumns(territories, { available: 0, narrow: true, actionCount: 2 });
    expect(fitted.hidden).toEqual(['category', 'technicians', 'partners', 'created']);
  });

  it('below 850 px a column that cannot wrap keeps its narrowMinWidth, and others give way for it', () => {
    const customers: FittableColumn[] = [
      { field: 'name', flex: 1.4, minWidth: 150 },
      { field: 'phone', width: 135, narrowMinWidth: 115 },
      { field: 'status', width: 100 },
    ];
    const phone = fitColumns(customers, { available: 326, narrow: true, actionCount: 2 });
    expect(phone.shown.map((column) => [column.field, column.minWidth])).toEqual([
      ['name', 90],
      ['phone', 115],
    ]);
    const wider = fitColumns(customers, { available: 366, narrow: true, actionCount: 2 });
    expect(wider.hidden).toEqual([]);
  });

  it('rows that open a page of their own get no Details action', () => {
    const tickets: FittableColumn[] = [
      { field: 'number', width: 125 },
      { field: 'customer', flex: 1 },
      { field: 'assignee', flex: 1, hideOnNarrow: true },
    ];
    const fitted = fitColumns(tickets, { available: 326, narrow: true, actionCount: 0, rowOpensPage: true });
    expect(fitted.hidden).toEqual(['assignee']);
    expect(fitted.details).toBe(false);
    expect(fitted.actionsWidth).toBe(0);
  });
});
