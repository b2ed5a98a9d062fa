import {
  formatCabinetSize,
  ListCabinetDocuments,
  ListCabinetFolders,
  type CabinetFolder,
  type CabinetParty,
} from '@fieldport/contract/operations/cabinet';
import { FILE_TYPES, formatFileSize, type FileType } from '@fieldport/contract/operations/files';
import type { PartyKind } from '@fieldport/contract/operations/people';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How the cabinet reads (docs/cabinet.md): a folder's contents and whom it is shared with in
 * words, the groups of the share choices, and the queries a change reads again.
 */

/** GetCabinetSummary's query: the quota, whether the caller keeps the cabinet, the share choices. */
export const CABINET_SUMMARY_KEY = ['cabinet-summary'] as const;

/** Every query a change to the cabinet may alter: both lists (all their pages) and the quota. */
export const cabinetQueries = () => [
  listQueryKey(ListCabinetFolders),
  listQueryKey(ListCabinetDocuments),
  CABINET_SUMMARY_KEY,
];

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

/** "3 documents · 1.2 MB"; "Empty" for a folder with nothing in it. */
export function folderContentsWords(folder: Pick<CabinetFolder, 'document_count' | 'total_bytes'>): string {
  if (folder.document_count === 0) return 'No documents';
  return `${plural(folder.document_count, 'document', 'documents')} · ${formatCabinetSize(folder.total_bytes)}`;
}

/** What deleting a folder takes with it, said before it is done. */
export function deleteFolderWords(folder: Pick<CabinetFolder, 'name' | 'document_count'>): string {
  const gone =
    folder.document_count === 0
      ? 'It has no documents.'
      : `Its ${plural(folder.document_count, 'document', 'documents')} ${folder.document_count === 1 ? 'is' : 'are'} deleted with it.`;
  return `${gone} The partners and dealers it is shared with no longer see it. This cannot be undone.`;
}

/** The groups of the share choices, partners first, as the Shared with field lists them. */
export const SHARE_GROUP_LABELS: Record<PartyKind, string> = {
  SERVICE_PARTNER: 'Service partners',
  DEALER: 'Dealers',
};

/**
 * The parties a folder can be shared with, grouped by kind and by name within each (a grouped
 * Autocomplete needs its options in group order); parties it is already shared with that are no
 * longer offered (deactivated) stay, so that saving does not drop them unseen.
 */
export function shareChoices(offered: CabinetParty[], sharedWith: CabinetParty[] = []): CabinetParty[] {
  const byId = new Map<string, CabinetParty>();
  for (const party of [...offered, ...sharedWith])
    if (!byId.has(party.party_id)) byId.set(party.party_id, party);
  const kindOrder = Object.keys(SHARE_GROUP_LABELS);
  return [...byId.values()].sort(
    (a, b) =>
      kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) ||
      a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' }),
  );
}

/** "PDF · 12 KB": a document's type and size in a line. */
export function documentTypeWords(document: { file_type: FileType; file_size: number }): string {
  const label = FILE_TYPES[document.file_type]?.label ?? document.file_type;
  return `${label} · ${formatFileSize(document.file_size)}`;
}

/** The share of the quota used, 0 to 100, as the quota bar draws it. */
export function quotaPercent(used: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.max(0, (used / total) * 100));
}
