import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  GetCabinetSummary,
  ListCabinetFolders,
  type CabinetDocument,
  type CabinetFolder,
} from '@fieldport/contract/operations/cabinet';
import { GetPresignedUrl } from '@fieldport/contract/operations/files';
import { api, NETWORK_MESSAGE } from '../../api/client.ts';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { CABINET_SUMMARY_KEY } from './cabinet-format.ts';

/** The cabinet's quota, whether the caller keeps the cabinet, and whom a folder can be shared with. */
export function useCabinetSummary() {
  return useQuery({
    queryKey: CABINET_SUMMARY_KEY,
    queryFn: async () => (await api.query(GetCabinetSummary, {})).data,
  });
}

/**
 * The folder a shared address names (`?folder=`), when the folders list on screen does not show it
 * (another page, a search), read by its id. Null when the caller may not read it (not shared with
 * their party) or it is gone.
 */
export function useFolderById(folderId: string | null, listed: CabinetFolder[] | undefined) {
  const shown = folderId ? listed?.find((folder) => folder.folder_id === folderId) : undefined;
  const lookup = useQuery({
    // Under the list's key: a change to the folders reads it again with the list.
    queryKey: [...listQueryKey(ListCabinetFolders), 'by-id', folderId],
    enabled: Boolean(folderId) && listed !== undefined && !shown,
    queryFn: async () =>
      (await api.query(ListCabinetFolders, { folder_id: folderId! })).data.items[0] ?? null,
  });
  if (!folderId) return { folder: null, pending: false, error: null, refetch: lookup.refetch };
  if (shown) return { folder: shown, pending: false, error: null, refetch: lookup.refetch };
  return {
    folder: lookup.data ?? null,
    pending: listed === undefined || lookup.isPending,
    error: lookup.error,
    refetch: lookup.refetch,
  };
}

/**
 * Downloads a document: GetPresignedUrl gives an expiring address to its file, which the browser
 * saves under the document's name (a file store on another origin opens it in a new tab instead).
 * The address is asked for at the click, as it expires.
 */
export function useDocumentDownload() {
  const snackbars = useSnackbars();
  const [pending, setPending] = useState<string | null>(null);
  const download = async (document: CabinetDocument) => {
    setPending(document.document_id);
    try {
      const answer = await api.query(GetPresignedUrl, { s3_key: document.s3_key });
      const link = window.document.createElement('a');
      link.href = answer.data.items[0].file_url;
      link.download = document.file_name;
      link.target = '_blank';
      link.rel = 'noopener';
      window.document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      snackbars.error(error instanceof Error ? error.message : NETWORK_MESSAGE);
    } finally {
      setPending(null);
    }
  };
  return { download: (document: CabinetDocument) => void download(document), pending };
}
