import { describe, expect, it } from 'vitest';
import type { ContractItem } from '@fieldport/contract/operations/contracts';
import {
  createMaintenancePlanSchema,
  SCHEDULES_MESSAGES,
  type MaintenancePlanItem,
} from '@fieldport/contract/operations/schedules';
import {
  contractOffers,
  leadHelp,
  leadWords,
  newPlan,
  nextDueWords,
  planIssues,
  planPeriodWords,
  repeatWords,
  ticketCountWords,
  ticketDayWords,
  ticketHref,
} from './schedule-format.ts';

const plan: MaintenancePlanItem = {
  plan_id: '0190a4c2-0000-7000-8000-000000000010',
  state: 'ACTIVE',
  customer_id: '0190a4c2-0000-7000-8000-000000000002',
  customer_name: 'Vikram Kumar',
  fleet_item_id: '0190a4c2-0000-7000-8000-000000000004',
  serial_number: 'AC240001',
  product_name: 'AC Repair',
  contract_id: null,
  contract_number: null,
  repeat: 'MONTHS',
  every: 3,
  first_date: '2026-05-12',
  end_date: null,
  lead_days: 7,
  next_due_date: '2026-08-12',
  raised_count: 1,
  missed_count: 0,
  stop_reason: null,
  stopped_on: null,
  created_by_name: 'Olivia Owner',
  created_on: '2026-05-12T04:30:00.000Z',
};

const contract = (values: Partial<ContractItem>): ContractItem => ({
  contract_id: '0190a4c2-0000-7000-8000-000000000001',
  contract_number: 'AMC/2026-27/000001',
  state: 'ACTIVE',
  customer_id: plan.customer_id,
  customer_name: plan.customer_name,
  customer_phone: '+918631875488',
  amc_type_id: '0190a4c2-0000-7000-8000-000000000003',
  amc_type_name: 'Basic AMC',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  visits_per_item: 2,
  amount: 199_900,
  source: 'ENTERED',
  quotation_id: null,
  quotation_number: null,
  note: null,
  renewed_by: null,
  renewal_due_on: '2026-12-01',
  created_by_name: 'Arjun Admin',
  created_on: '2026-01-01T04:30:00.000Z',
  items: [
    {
      fleet_item_id: plan.fleet_item_id,
      serial_number: plan.serial_number,
      product_name: plan.product_name,
      visits_included: 2,
      visits_used: 0,
    },
  ],
  ...values,
});

describe('a plan in words', () => {
  it('says how it repeats: every N days or months, or the AMC whose visits it follows', () => {
    expect(repeatWords(plan)).toBe('Every 3 months');
    expect(repeatWords({ ...plan, every: 1 })).toBe('Every month');
    expect(repeatWords({ ...plan, repeat: 'DAYS', every: 10 })).toBe('Every 10 days');
    expect(repeatWords({ ...plan, repeat: 'DAYS', every: 1 })).toBe('Every day');
    expect(
      repeatWords({ ...plan, repeat: 'AMC_VISITS', every: null, contract_number: 'AMC/2026-27/000003' }),
    ).toBe('AMC AMC/2026-27/000003 visits');
    expect(repeatWords({ ...plan, repeat: 'AMC_VISITS', every: null, contract_number: null })).toBe(
      'AMC visits',
    );
  });

  it('says its days, how far ahead its tickets come and what it raised', () => {
    expect(planPeriodWords(plan)).toBe('From 12 May 2026, no last day');
    expect(planPeriodWords({ ...plan, end_date: '2027-03-31' })).toBe('From 12 May 2026 to 31 Mar 2027');
    expect(leadWords(0)).toBe('On the due date');
    expect(leadWords(1)).toBe('1 day ahead');
    expect(leadWords(7)).toBe('7 days ahead');
    expect(ticketCountWords({ raised_count: 12, missed_count: 1 })).toEqual(['12 raised', '1 missed']);
  });

  it('says its next date, or why there is none', () => {
    expect(nextDueWords(plan)).toBe('12 Aug 2026');
    expect(nextDueWords({ state: 'STOPPED', next_due_date: null })).toBe('None while stopped');
    expect(nextDueWords({ state: 'ENDED', next_due_date: null })).toBe('None: past its last day');
  });

  it('says when a ticket is raised: on its day, or now once that day has come', () => {
    expect(ticketDayWords('2026-08-05', '2026-05-12')).toBe('Ticket on 5 Aug 2026');
    expect(ticketDayWords('2026-05-12', '2026-05-12')).toBe('Ticket due now');
    expect(ticketDayWords('2026-05-01', '2026-05-12')).toBe('Ticket due now');
  });

  it('says, while typing, when the first ticket comes', () => {
    expect(leadHelp('2026-05-20', 3, '2026-05-12')).toBe(
      'Each ticket is raised this many days before its date: 0 to 60. The first on 17 May 2026.',
    );
    expect(leadHelp('2026-05-12', 0, '2026-05-12')).toBe(
      'Each ticket is raised this many days before its date: 0 to 60. The first is due now: it is raised within the hour.',
    );
    expect(leadHelp(null, 3, '2026-05-12')).toBe(
      'Each ticket is raised this many days before its date: 0 to 60',
    );
    expect(leadHelp('2026-05-20', Number.NaN, '2026-05-12')).toBe(
      'Each ticket is raised this many days before its date: 0 to 60',
    );
  });

  it('opens a raised ticket on the Active list, by its id', () => {
    expect(ticketHref('0190a4c2-0000-7000-8000-00000000000a')).toBe(
      '/ActiveTickets?ticket_id=0190a4c2-0000-7000-8000-00000000000a',
    );
  });
});

describe('a new plan', () => {
  it('starts from today with nothing chosen, and says what is missing in the contract’s words', () => {
    const parsed = createMaintenancePlanSchema.safeParse(newPlan('2026-05-12'));
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({ fleet_item_id: 'Product is required', every: 'Every is required' });
  });

  it('refuses a first visit before today before sending, as the server would', () => {
    expect(planIssues({ repeat: 'MONTHS', first_date: '2026-05-11' }, '2026-05-12')).toEqual([
      { path: 'first_date', message: SCHEDULES_MESSAGES.firstDateInPast('12 May 2026') },
    ]);
    expect(planIssues({ repeat: 'MONTHS', first_date: '2026-05-12' }, '2026-05-12')).toEqual([]);
    // The AMC's visits take their days from the contract.
    expect(planIssues({ repeat: 'AMC_VISITS', first_date: '2026-05-11' }, '2026-05-12')).toEqual([]);
  });

  it('offers the contracts covering the product that have not ended, the one ending last first', () => {
    const offers = contractOffers(
      [
        contract({ contract_id: 'a', contract_number: 'AMC/2026-27/000001', end_date: '2026-12-31' }),
        contract({ contract_id: 'b', contract_number: 'AMC/2026-27/000002', state: 'EXPIRED' }),
        contract({ contract_id: 'c', contract_number: 'AMC/2026-27/000003', items: [] }),
        contract({
          contract_id: 'd',
          contract_number: 'AMC/2026-27/000004',
          state: 'UPCOMING',
          start_date: '2027-01-01',
          end_date: '2028-12-31',
          visits_per_item: null,
        }),
      ],
      plan.fleet_item_id,
    );
    expect(offers.map((offer) => [offer.contract.contract_id, offer.refusal])).toEqual([
      ['d', SCHEDULES_MESSAGES.unlimitedVisits('AMC/2026-27/000004')],
      ['a', null],
    ]);
  });
});
