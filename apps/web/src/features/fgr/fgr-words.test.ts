import { describe, expect, it } from 'vitest';
import {
  FGR_MESSAGES,
  FGR_STATES,
  UpdateFGRClaimStatus,
  type FgrItem,
} from '@fieldport/contract/operations/fgr';
import {
  actionsOf,
  claimNeedsReference,
  claimShown,
  claimWords,
  coveredByWords,
  customerProductsHref,
  productWords,
  serialsWords,
  whyNotReplaceable,
} from './fgr-words.ts';

const approved: FgrItem = {
  fgr_id: '0190a4c2-0000-7000-8000-000000000001',
  fgr_number: 'FGR/2026-27/000001',
  state: 'APPROVED',
  ticket_id: '0190a4c2-0000-7000-8000-000000000002',
  ticket_number: 'AC-000123',
  customer_id: '0190a4c2-0000-7000-8000-000000000003',
  customer_name: 'Vikram Kumar',
  customer_phone: '+918631875488',
  product_name: 'AC Repair',
  fleet_item_id: '0190a4c2-0000-7000-8000-000000000004',
  old_serial_number: 'AC240001',
  coverage: 'IN_WARRANTY',
  coverage_until: '2027-01-14',
  manufacturer_name: 'Voltas',
  reason: 'Compressor seized within the warranty.',
  replacement_serial_number: 'AC240001-R1',
  replacement_fleet_item_id: '0190a4c2-0000-7000-8000-000000000005',
  note: null,
  workflow_request_id: '0190a4c2-0000-7000-8000-000000000006',
  decision_comment: 'Replace it.',
  claim_status: 'CLAIMED',
  claim_reference: 'MFR-CLM-2026-0117',
  claim_note: null,
  claim_updated_on: '2026-11-28T14:41:00.000Z',
  reopened_count: 0,
  created_by_name: 'Arjun Admin',
  created_on: '2026-11-28T14:00:00.000Z',
  updated_on: '2026-11-28T14:41:00.000Z',
};

describe('How a replacement reads', () => {
  it('says what allowed it, the serials and the product with its maker', () => {
    expect(coveredByWords(approved)).toBe('In warranty until 14 Jan 2027');
    expect(coveredByWords({ coverage: 'UNDER_AMC', coverage_until: '2027-03-31' })).toBe(
      'Under AMC until 31 Mar 2027',
    );
    expect(serialsWords(approved)).toBe('AC240001 → AC240001-R1');
    expect(productWords(approved)).toBe('AC Repair, Voltas');
    expect(productWords({ ...approved, manufacturer_name: null })).toBe('AC Repair');
  });

  it('shows the claim once approved, with its reference', () => {
    expect(claimShown(approved)).toBe(true);
    expect(claimShown({ state: 'PENDING_APPROVAL' })).toBe(false);
    expect(claimWords(approved)).toBe('Claimed · MFR-CLM-2026-0117');
    expect(claimWords({ claim_status: 'PENDING', claim_reference: null })).toBe('Not claimed yet');
  });

  it('asks for the reference exactly when the contract does', () => {
    for (const status of ['PENDING', 'CLAIMED', 'SETTLED', 'REJECTED'] as const) {
      const refused = !UpdateFGRClaimStatus.input.safeParse({
        fgr_id: approved.fgr_id,
        claim_status: status,
        claim_reference: '',
      }).success;
      expect(claimNeedsReference(status)).toBe(refused);
    }
  });

  it('offers by state what docs/fgr.md allows: edit while waiting, send again after a refusal, the claim once approved', () => {
    expect(Object.fromEntries(FGR_STATES.map((state) => [state, actionsOf(state)]))).toEqual({
      PENDING_APPROVAL: ['edit'],
      APPROVED: ['claim'],
      REJECTED: ['reopen'],
      WITHDRAWN: ['reopen'],
    });
  });

  it("refuses a discarded ticket or one without a product in the server's words", () => {
    const ticket = {
      ticket_number: 'AC-000123',
      state: 'OPEN' as const,
      fleet_item_id: approved.fleet_item_id,
    };
    expect(whyNotReplaceable(ticket)).toBeNull();
    expect(whyNotReplaceable({ ...ticket, state: 'DISCARDED' })).toBe(
      FGR_MESSAGES.ticketDiscarded('AC-000123'),
    );
    expect(whyNotReplaceable({ ...ticket, fleet_item_id: null })).toBe(FGR_MESSAGES.noFleetItem('AC-000123'));
  });

  it("links the replacement to the customer's products", () => {
    expect(customerProductsHref(approved.customer_id)).toBe(
      `/CustomerProducts?customer=${approved.customer_id}`,
    );
  });
});
