import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@fieldport/contract/operations/reports';
import {
  addressAfter,
  offeredFilters,
  periodProblem,
  readReportAddress,
  withChanges,
} from './report-address.ts';

const TODAY = '2026-11-29';
const read = (name: Parameters<typeof readReportAddress>[0], query = '', partyUser = false) =>
  readReportAddress(name, new URLSearchParams(query), TODAY, partyUser);

describe('a report’s filters in the address', () => {
  it('defaults to the current month of days, the last 6 months, by service partner, page 1 of 25', () => {
    expect(read('GetServiceTypeReport')).toEqual({
      from_date: '2026-11-01',
      to_date: '2026-11-29',
      territory_id: undefined,
      partner_party_id: undefined,
      dealer_party_id: undefined,
      category_id: undefined,
      page: 1,
      page_size: 25,
    });
    expect(read('GetMonthlyTicketReport')).toMatchObject({ from_month: '2026-06', to_month: '2026-11' });
    expect(read('GetTicketAgingReport')).toMatchObject({ group_by: 'PARTNER' });
    // Across the turn of a year.
    expect(
      readReportAddress('GetPartnersClosedTicketReport', new URLSearchParams(), '2027-02-03', false),
    ).toMatchObject({ from_month: '2026-09', to_month: '2027-02' });
  });

  it('reads what the address says, and only the filters the report has', () => {
    expect(
      read(
        'GetTicketAgingReport',
        'group_by=TERRITORY&territory_id=t1&dealer_party_id=d1&page=3&page_size=10',
      ),
    ).toEqual({
      group_by: 'TERRITORY',
      territory_id: 't1',
      partner_party_id: undefined,
      category_id: undefined,
      page: 3,
      page_size: 10,
    });
  });

  it('takes the default for what is not a value of the filter', () => {
    expect(
      read('GetMonthlyTicketReport', 'from_month=2026-13&to_month=soon&page=-2&page_size=30'),
    ).toMatchObject({ from_month: '2026-06', to_month: '2026-11', page: 1, page_size: 25 });
    expect(read('GetTicketAgingReport', 'group_by=COLOUR').group_by).toBe('PARTNER');
  });

  it('offers a party’s users no party to choose, and ignores one in the address', () => {
    expect(offeredFilters('GetServiceTypeReport', true)).toEqual(['days', 'territory_id', 'category_id']);
    expect(read('GetServiceTypeReport', 'dealer_party_id=d1&partner_party_id=p1', true)).not.toHaveProperty(
      'dealer_party_id',
    );
  });

  it('starts again at the first page when a filter changes, and keeps the page when paging', () => {
    const params = new URLSearchParams('group_by=STATE&page=4&page_size=50');
    expect(withChanges(params, { territory_id: 't1' }).toString()).toBe(
      'group_by=STATE&page_size=50&territory_id=t1',
    );
    expect(withChanges(params, { page: 5, page_size: 50 }).toString()).toBe(
      'group_by=STATE&page=5&page_size=50',
    );
    // Back to the defaults: the address says nothing of them.
    expect(withChanges(params, { group_by: undefined, page_size: 25 }).toString()).toBe('');
  });

  it('writes the period whole when a person changes a filter, so that a link keeps it', () => {
    const after = (query: string, changes: Parameters<typeof addressAfter>[4]) =>
      Object.fromEntries(
        addressAfter('GetServiceTypeReport', new URLSearchParams(query), TODAY, false, changes),
      );
    expect(after('', { dealer_party_id: 'd1' })).toEqual({
      from_date: '2026-11-01',
      to_date: '2026-11-29',
      dealer_party_id: 'd1',
    });
    expect(after('from_date=2026-10-01&to_date=2026-10-31&page=2', { to_date: '2026-11-15' })).toEqual({
      from_date: '2026-10-01',
      to_date: '2026-11-15',
    });
  });

  it('checks the period with the report’s own schema before asking the server', () => {
    expect(periodProblem('GetServiceTypeReport', read('GetServiceTypeReport'))).toBeUndefined();
    expect(
      periodProblem(
        'GetServiceTypeReport',
        read('GetServiceTypeReport', 'from_date=2026-02-01&to_date=2026-01-31'),
      ),
    ).toEqual({ field: 'to_date', message: 'To must not be before From' });
    expect(
      periodProblem(
        'GetServiceTypeReport',
        read('GetServiceTypeReport', 'from_date=2025-01-01&to_date=2026-01-02'),
      ),
    ).toEqual({ field: 'to_date', message: REPORT_MESSAGES.periodTooLong('366 days') });
    expect(
      periodProblem(
        'GetMonthlyTicketReport',
        read('GetMonthlyTicketReport', 'from_month=2024-11&to_month=2026-11'),
      ),
    ).toEqual({ field: 'to_month', message: REPORT_MESSAGES.periodTooLong('24 months') });
    expect(
      periodProblem(
        'GetMonthlyTicketReport',
        read('GetMonthlyTicketReport', 'from_month=2024-12&to_month=2026-11'),
      ),
    ).toBeUndefined();
  });
});

describe('the AMC renewal report’s address', () => {
  it('looks 30 days ahead unless the address names another choice, and offers a party user no dealer', () => {
    expect(read('GetAmcRenewalDueReport')).toEqual({
      days_ahead: 30,
      amc_type_id: undefined,
      dealer_party_id: undefined,
      page: 1,
      page_size: 25,
    });
    expect(read('GetAmcRenewalDueReport', 'days_ahead=60&amc_type_id=t1').days_ahead).toBe(60);
    expect(read('GetAmcRenewalDueReport', 'days_ahead=60&amc_type_id=t1').amc_type_id).toBe('t1');
    // Not one of 15, 30, 60, 90: the default.
    expect(read('GetAmcRenewalDueReport', 'days_ahead=45').days_ahead).toBe(30);
    expect(offeredFilters('GetAmcRenewalDueReport', true)).toEqual(['days_ahead', 'amc_type_id']);
    expect(periodProblem('GetAmcRenewalDueReport', read('GetAmcRenewalDueReport'))).toBeUndefined();
  });
});
