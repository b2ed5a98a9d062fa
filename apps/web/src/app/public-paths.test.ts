import { describe, expect, it } from 'vitest';
import { QUOTATION_LINK_PATH, quotationLinkPath } from '@fieldport/contract/operations/quotations';
import { QUOTATION_PAGE_PATH } from './public-paths.ts';

describe('public pages', () => {
  it('serves the quotation page where the mailed link points', () => {
    expect(QUOTATION_PAGE_PATH).toBe(QUOTATION_LINK_PATH);
    expect(new URL(quotationLinkPath('abc.def-123'), 'https://portal.example').pathname).toBe(
      QUOTATION_PAGE_PATH,
    );
  });
});
