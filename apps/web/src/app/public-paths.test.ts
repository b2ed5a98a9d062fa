import { describe, expect, it } from 'vitest';
import { LANDING_PATH } from '@fieldport/contract/contact';
import { LEAD_FORM_PATH, leadFormPath } from '@fieldport/contract/operations/leads';
import { QUOTATION_LINK_PATH, quotationLinkPath } from '@fieldport/contract/operations/quotations';
import {
  REQUEST_FORM_PATH,
  REQUEST_STATUS_PATH,
  requestFormPath,
  requestStatusPath,
} from '@fieldport/contract/operations/requests';
import {
  LANDING_PAGE_PATH,
  LEAD_FORM_PAGE_PATH,
  QUOTATION_PAGE_PATH,
  REQUEST_FORM_PAGE_PATH,
  REQUEST_STATUS_PAGE_PATH,
} from './public-paths.ts';

describe('public pages', () => {
  it('serves the quotation page where the mailed link points', () => {
    expect(QUOTATION_PAGE_PATH).toBe(QUOTATION_LINK_PATH);
    expect(new URL(quotationLinkPath('abc.def-123'), 'https://portal.example').pathname).toBe(
      QUOTATION_PAGE_PATH,
    );
  });

  it('serves the landing page where the sign-in card and the contract point', () => {
    expect(LANDING_PAGE_PATH).toBe(LANDING_PATH);
  });

  it('serves the request form and the status page where the staff link and the mailed link point', () => {
    expect(REQUEST_FORM_PAGE_PATH).toBe(REQUEST_FORM_PATH);
    expect(REQUEST_STATUS_PAGE_PATH).toBe(REQUEST_STATUS_PATH);
    const at = (path: string) => new URL(path, 'https://portal.example').pathname;
    expect(at(requestFormPath('demo-service-co'))).toBe(REQUEST_FORM_PAGE_PATH);
    expect(at(requestStatusPath('abc.def-123'))).toBe(REQUEST_STATUS_PAGE_PATH);
  });

  it('serves the lead form where its public link points', () => {
    expect(LEAD_FORM_PAGE_PATH).toBe(LEAD_FORM_PATH);
    expect(new URL(leadFormPath('abc.def-123'), 'https://portal.example').pathname).toBe(LEAD_FORM_PAGE_PATH);
  });
});
