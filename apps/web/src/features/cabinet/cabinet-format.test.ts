import { describe, expect, it } from 'vitest';
import type { CabinetParty } from '@fieldport/contract/operations/cabinet';
import {
  deleteFolderWords,
  documentTypeWords,
  folderContentsWords,
  quotaPercent,
  shareChoices,
} from './cabinet-format.ts';

const party = (party_id: string, name: string, kind: CabinetParty['kind']): CabinetParty => ({
  party_id,
  name,
  kind,
});

describe('how the cabinet reads', () => {
  it("says a folder's contents, one document or many", () => {
    expect(folderContentsWords({ document_count: 0, total_bytes: 0 })).toBe('No documents');
    expect(folderContentsWords({ document_count: 1, total_bytes: 2048 })).toBe('1 document · 2 KB');
    expect(folderContentsWords({ document_count: 3, total_bytes: 3 * 1024 * 1024 * 1024 })).toBe(
      '3 documents · 3 GB',
    );
  });

  it('names how many documents go with a deleted folder', () => {
    expect(deleteFolderWords({ name: 'Circulars', document_count: 0 })).toMatch(/^It has no documents\. /);
    expect(deleteFolderWords({ name: 'Circulars', document_count: 1 })).toMatch(
      /^Its 1 document is deleted with it\. /,
    );
    expect(deleteFolderWords({ name: 'Circulars', document_count: 12 })).toMatch(
      /^Its 12 documents are deleted with it\. /,
    );
  });

  it('offers partners first, then dealers, by name, keeping a chosen party no longer offered', () => {
    const offered = [
      party('d2', 'sharma Appliances', 'DEALER'),
      party('p1', 'CoolFix Services', 'SERVICE_PARTNER'),
      party('d1', 'Anand Electricals', 'DEALER'),
    ];
    const gone = party('d3', 'Bharat Stores', 'DEALER');
    expect(shareChoices(offered, [offered[0], gone]).map((choice) => choice.party_id)).toEqual([
      'p1',
      'd1',
      'd3',
      'd2',
    ]);
  });

  it("says a document's type and size", () => {
    expect(documentTypeWords({ file_type: 'application/pdf', file_size: 900 })).toBe('PDF · 900 bytes');
    expect(
      documentTypeWords({
        file_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        file_size: 5 * 1024,
      }),
    ).toBe('Excel · 5 KB');
  });

  it('draws the quota within its bar', () => {
    expect(quotaPercent(0, 100)).toBe(0);
    expect(quotaPercent(25, 100)).toBe(25);
    expect(quotaPercent(150, 100)).toBe(100);
    expect(quotaPercent(1, 0)).toBe(100);
  });
});
