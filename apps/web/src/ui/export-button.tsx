import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { exportAccessOf } from '@fieldport/contract/permissions';
import { NETWORK_MESSAGE } from '../api/client.ts';
import type { FeaturePageProps } from './feature-page.ts';
import { useSnackbars } from './snackbars.tsx';
import { exportUrl, type ListOp } from './use-list.ts';

/**
 * Downloads the .xlsx of what the list shows (its search, status, filters and sort; every page).
 * The server streams the workbook; a refusal comes back as a message shown in red. A list's button
 * is shown only to those whose designation grants EXPORT on its module (the server's rule).
 */
export function ExportButton({
  op,
  input,
  url,
  label = 'Export',
  can,
}: {
  /** A list, or a report (docs/reports.md): its export is the same route with the same input. */
  op?: Pick<ListOp, 'name' | 'access'>;
  input?: Record<string, unknown>;
  /** Another file to download the same way (an import's template), instead of a list's export. */
  url?: string;
  label?: string;
  /** The page's permission check; with `op`, hides the button from those who may not export. */
  can?: FeaturePageProps['can'];
}) {
  const snackbars = useSnackbars();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const href = url ?? exportUrl(op!, input ?? {});
      const response = await fetch(href, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? `The export failed (HTTP ${response.status}). Please try again.`);
      }
      const blob = await response.blob();
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        `${op?.name ?? 'download'}.xlsx`;
      const objectUrl = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
      snackbars.success(`Downloaded ${name}`);
    } catch (error) {
      const message = error instanceof TypeError ? NETWORK_MESSAGE : (error as Error).message;
      snackbars.error(message);
    } finally {
      setBusy(false);
    }
  };

  if (op && can && !can(exportAccessOf(op.access))) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void download()}
      loading={busy}
    >
      {label}
    </Button>
  );
}
