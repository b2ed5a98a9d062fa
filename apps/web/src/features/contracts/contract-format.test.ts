import { describe, expect, it } from 'vitest';
import { createContractSchema, type ContractItem } from '@fieldport/contract/operations/contracts';
import {
  entryIssues,
  itemVisitsWords,
  periodNote,
  renewalOf,
  serialsWords,
  visitsWords,
} from './contract-format.ts';

const contract: ContractItem = {
  contract_id: '0190a4c2-0000-7000-8000-000000000001',
  contract_number: 'AMC/2026-27/000001',
  state: 'RENEWAL_DUE',
  customer_id: '0190a4c2-0000-7000-8000-000000000002',
  customer_name: 'Vikram Kumar',
  customer_phone: '+918631875488',
  amc_type_id: '0190a4c2-0000-7000-8000-000000000003',
  amc_type_name: 'Basic AMC',
  start_date: '2025-12-23',
  end_date: '2026-12-22',
  visits_per_item: 2,
  amount: 199_900,
  source: 'ENTERED',
  quotation_id: null,
  quotation_number: null,
  note: 'Sold by the engineer at the door.',
  renewed_by: null,
  items: [
    {
      fleet_item_id: '0190a4c2-0000-7000-8000-000000000004',
      serial_number: 'RE240008',
      product_name: 'Refrigerator Repair',
      visits_included: 2,
      visits_used: 1,
    },
  ],
  renewal_due_on: '2026-11-22',
  created_by_name: 'Arjun Admin',
  created_on: '2026-11-28T14:41:00.000Z',
};

describe('a contract in words', () => {
  it('says what its period means on the day, for the one chasing renewals', () => {
    expect(periodNote(contract, '2026-11-28')).toBe('Ends in 24 days');
    expect(periodNote(contract, '2026-12-22')).toBe('Ends today');
    expect(periodNote({ ...contract, state: 'ACTIVE' }, '2026-06-01')).toBe('Renewal from 22 Nov 2026');
    expect(periodNote({ ...contract, state: 'UPCOMING' }, '2025-12-22')).toBe('Starts tomorrow');
    expect(periodNote({ ...contract, state: 'UPCOMING' }, '2025-12-01')).toBe('Starts in 22 days');
    expect(periodNote({ ...contract, state: 'EXPIRED' }, '2026-12-23')).toBe('Ended 1 day ago');
  });

  it("says each product's visits only while the contract counts them", () => {
    expect(itemVisitsWords(contract.items[0], contract)).toBe('1 of 2 visits used');
    expect(itemVisitsWords({ visits_included: null, visits_used: 3 }, contract)).toBe(
      '3 visits used of unlimited',
    );
    expect(itemVisitsWords(contract.items[0], { ...contract, state: 'UPCOMING' })).toBe(
      'Visits counted from 23 Dec 2025',
    );
    expect(visitsWords(null)).toBe('Unlimited visits');
    expect(visitsWords(1)).toBe('1 visit a product');
  });

  it('names the first serial numbers and counts the rest', () => {
    const items = ['A1', 'A2', 'A3', 'A4'].map((serial_number) => ({ serial_number }));
    expect(serialsWords(items.slice(0, 2))).toBe('A1, A2');
    expect(serialsWords(items)).toBe('A1, A2 +2 more');
  });
});

describe('a renewal', () => {
  it('starts the day after the contract ends, for the same customer, type, products and amount', () => {
    const renewal = renewalOf(contract);
    expect(renewal).toEqual({
      customer_id: contract.customer_id,
      amc_type_id: contract.amc_type_id,
      start_date: '2026-12-23',
      fleet_item_ids: ['0190a4c2-0000-7000-8000-000000000004'],
      amount: 199_900,
      note: '',
    });
    expect(createContractSchema.safeParse(renewal).success).toBe(true);
  });

  it('starts the day after the end of a month or a leap year too', () => {
    expect(renewalOf({ ...contract, end_date: '2027-02-28' }).start_date).toBe('2027-03-01');
    expect(renewalOf({ ...contract, end_date: '2028-02-28' }).start_date).toBe('2028-02-29');
  });
});

describe('what the entry says before sending', () => {
  const today = '2026-11-28';
  const items = [
    { fleet_item_id: 'a', serial_number: 'RE240008', service_id: 'fridge' },
    { fleet_item_id: 'b', serial_number: 'AC240001', service_id: 'ac' },
  ];
  const forFridges = { amc_type_name: 'Fridge Care', service_ids: ['fridge'] };

  it('refuses a start more than a year away, in the server’s words', () => {
    const values = { amc_type_id: 't', fleet_item_ids: ['a'] };
    expect(entryIssues({ ...values, start_date: '2025-11-27' }, { today, type: forFridges, items })).toEqual([
      {
        path: 'start_date',
        message: 'Start date must be 28 Nov 2025 or later: a contract is not entered for a past year.',
      },
    ]);
    expect(entryIssues({ ...values, start_date: '2027-11-29' }, { today, type: forFridges, items })).toEqual([
      { path: 'start_date', message: 'Start date must be by 28 Nov 2027: a contract starts within a year.' },
    ]);
    expect(entryIssues({ ...values, start_date: '2027-11-28' }, { today, type: forFridges, items })).toEqual(
      [],
    );
  });

  it('refuses a product the AMC type does not cover; a type naming none covers all', () => {
    const values = { amc_type_id: 't', start_date: today, fleet_item_ids: ['a', 'b'] };
    expect(entryIssues(values, { today, type: forFridges, items })).toEqual([
      { path: 'fleet_item_ids', message: 'Products: AMC type Fridge Care does not cover AC240001.' },
    ]);
    expect(entryIssues(values, { today, type: { ...forFridges, service_ids: [] }, items })).toEqual([]);
    // Until the type and the products are read, the server has the last word.
    expect(entryIssues(values, { today, type: undefined, items })).toEqual([]);
  });

  it('leaves the empty choice of products to the contract’s schema', () => {
    const result = createContractSchema.safeParse({ ...renewalOf(contract), fleet_item_ids: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Products: choose at least one of the customer's products");
  });
});
