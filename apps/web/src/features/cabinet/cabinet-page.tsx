import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import {
  AddCabinetDocument,
  CABINET_MESSAGES,
  CreateCabinetFolder,
  DeleteCabinetDocument,
  DeleteCabinetFolder,
  ListCabinetFolders,
  UpdateCabinetFolder,
  type CabinetDocument,
  type CabinetFolder,
  type CabinetParty,
} from '@fieldport/contract/operations/cabinet';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useElementWidth } from '../../ui/use-element-width.ts';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useCabinetSummary, useFolderById } from './cabinet-queries.ts';
import { AddDocumentDialog, DeleteDocumentDialog } from './document-dialogs.tsx';
import { DeleteFolderDialog, FolderDialog } from './folder-dialogs.tsx';
import { FolderList } from './folder-list.tsx';
import { FolderPanel, type FolderRights } from './folder-panel.tsx';
import { QuotaBar, QuotaBarSkeleton } from './quota-bar.tsx';

/** From this width of the page the folders sit beside the chosen folder; below it, above it. */
const SIDE_BY_SIDE_PX = 880;
const FOLDERS_COLUMN_PX = 320;

type Open =
  | { kind: 'new-folder' }
  | { kind: 'edit-folder'; folder: CabinetFolder }
  | { kind: 'delete-folder'; folder: CabinetFolder }
  | { kind: 'add-document'; folder: CabinetFolder }
  | { kind: 'delete-document'; document: CabinetDocument };

/**
 * /Cabinet (docs/cabinet.md): the organization's folders of documents and the chosen one's
 * documents, the folder named in the address (`?folder=`) so that a link to it can be shared. The
 * organization's staff see the quota, create, share and delete folders and add and delete
 * documents; a partner's or dealer's people read and download what is shared with their party.
 */
export default function CabinetPage({ route, can }: FeaturePageProps) {
  const summary = useCabinetSummary();
  return (
    <Box component="section" aria-labelledby="page-title">
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          columnGap: 3,
          flexWrap: 'wrap',
        }}
      >
        <PageTitle title={route.title} />
        {summary.data?.may_manage ? (
          <Box sx={{ mb: 3, mt: { sm: 0.5 }, width: { xs: '100%', sm: 'auto' } }}>
            <QuotaBar used={summary.data.used_bytes} total={summary.data.quota_bytes} />
          </Box>
        ) : (
          summary.isPending && (
            <Box sx={{ mb: 3, width: { xs: '100%', sm: 'auto' } }}>
              <QuotaBarSkeleton />
            </Box>
          )
        )}
      </Box>
      {summary.error && !summary.data ? (
        <LoadError what="The cabinet" error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <Cabinet can={can} manage={summary.data.may_manage} offered={summary.data.share_choices} />
      ) : (
        <Skeleton variant="rounded" height={240} aria-hidden />
      )}
    </Box>
  );
}

function Cabinet({
  can,
  manage,
  offered,
}: {
  can: FeaturePageProps['can'];
  manage: boolean;
  offered: CabinetParty[];
}) {
  const narrow = useNarrowScreen();
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const state = useListState(ListCabinetFolders, { pageSize: narrow ? 10 : 25 });
  const folders = useList(ListCabinetFolders, state.input);
  const chosen = useFolderById(folderId, folders.data?.items);
  const [open, setOpen] = useState<Open | null>(null);
  const [placeRef, width] = useElementWidth();
  const side = width >= SIDE_BY_SIDE_PX;

  const rights: FolderRights & { create: boolean } = {
    create: manage && can(CreateCabinetFolder.access),
    edit: manage && can(UpdateCabinetFolder.access),
    delete: manage && can(DeleteCabinetFolder.access),
    addDocument: manage && can(AddCabinetDocument.access),
    deleteDocument: manage && can(DeleteCabinetDocument.access),
    showShares: manage,
  };

  const choose = (id: string | null, replace: boolean) => setParams(id ? { folder: id } : {}, { replace });

  // With no folder in the address, the first listed is shown; one just deleted is not (the list
  // still has it until it is read again).
  const [deleted, setDeleted] = useState<readonly string[]>([]);
  const first = folders.data?.items.find((folder) => !deleted.includes(folder.folder_id));
  useEffect(() => {
    if (!folderId && first) setParams({ folder: first.folder_id }, { replace: true });
  }, [folderId, first, setParams]);

  // On a narrow screen the chosen folder is below the list: it is brought into view, its name focused.
  const heading = useRef<HTMLHeadingElement>(null);
  const chosenByHand = useRef(false);
  const shownId = chosen.folder?.folder_id;
  useEffect(() => {
    if (!chosenByHand.current || !shownId) return;
    chosenByHand.current = false;
    if (side) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [shownId, side]);

  const newFolderButton = rights.create ? (
    <Button
      variant="contained"
      startIcon={<CreateNewFolderOutlined />}
      onClick={() => setOpen({ kind: 'new-folder' })}
    >
      New folder
    </Button>
  ) : undefined;

  const noFolders = folders.data?.total_count === 0 && !state.filtered && !folders.isFetching;

  return (
    <Box
      ref={placeRef}
      sx={{
        display: 'grid',
        gridTemplateColumns: side && !noFolders ? `${FOLDERS_COLUMN_PX}px minmax(0, 1fr)` : 'minmax(0, 1fr)',
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Box component="section" aria-labelledby="cabinet-folders-title" sx={{ minWidth: 0 }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            mb: 1.5,
            minHeight: 36.5,
          }}
        >
          <Typography id="cabinet-folders-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Folders
          </Typography>
          {/* With no folder yet, the empty list offers it. */}
          {!noFolders && newFolderButton}
        </Box>
        <FolderList
          state={state}
          list={folders}
          selectedId={folderId}
          showShares={manage}
          empty={
            manage
              ? {
                  title: 'No folders yet',
                  description:
                    'Keep manuals, price lists and circulars in folders, and share each with the partners and dealers who need it.',
                  action: newFolderButton,
                }
              : {
                  title: 'Nothing has been shared with you yet',
                  description:
                    'Folders the organization shares with you are listed here, with their documents to read and download.',
                }
          }
          onChoose={() => {
            chosenByHand.current = true;
          }}
        />
      </Box>
      {!noFolders && (
        <Box sx={{ minWidth: 0 }}>
          {chosen.folder ? (
            <FolderPanel
              folder={chosen.folder}
              rights={rights}
              headingRef={heading}
              onEdit={() => setOpen({ kind: 'edit-folder', folder: chosen.folder! })}
              onDelete={() => setOpen({ kind: 'delete-folder', folder: chosen.folder! })}
              onAddDocument={() => setOpen({ kind: 'add-document', folder: chosen.folder! })}
              onDeleteDocument={(document) => setOpen({ kind: 'delete-document', document })}
            />
          ) : chosen.error ? (
            <LoadError what="The folder" error={chosen.error} onRetry={() => void chosen.refetch()} />
          ) : folderId && !chosen.pending ? (
            <Alert severity="info" variant="outlined">
              {CABINET_MESSAGES.folderNotFound}
            </Alert>
          ) : folderId || !folders.data ? (
            <Paper variant="outlined" sx={{ p: 2.5 }} aria-busy="true" aria-label="Loading the folder">
              <Skeleton width="40%" height={32} />
              <Skeleton width="60%" />
              <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
            </Paper>
          ) : null}
        </Box>
      )}

      {open?.kind === 'new-folder' && (
        <FolderDialog
          folder={null}
          offered={offered}
          onClose={() => setOpen(null)}
          onSaved={(saved) => {
            setOpen(null);
            choose(saved.folder_id, false);
          }}
        />
      )}
      {open?.kind === 'edit-folder' && (
        <FolderDialog
          folder={open.folder}
          offered={offered}
          onClose={() => setOpen(null)}
          onSaved={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete-folder' && (
        <DeleteFolderDialog
          folder={open.folder}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            const gone = [...deleted, open.folder.folder_id];
            setDeleted(gone);
            setOpen(null);
            const next = folders.data?.items.find((folder) => !gone.includes(folder.folder_id));
            choose(next?.folder_id ?? null, true);
          }}
        />
      )}
      {open?.kind === 'add-document' && (
        <AddDocumentDialog folder={open.folder} onClose={() => setOpen(null)} onAdded={() => setOpen(null)} />
      )}
      {open?.kind === 'delete-document' && (
        <DeleteDocumentDialog document={open.document} onClose={() => setOpen(null)} />
      )}
    </Box>
  );
}
