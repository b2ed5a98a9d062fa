import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  ListCabinetDocuments,
  type CabinetDocument,
  type CabinetFolder,
} from '@fieldport/contract/operations/cabinet';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { documentTypeWords, folderContentsWords } from './cabinet-format.ts';
import { useDocumentDownload } from './cabinet-queries.ts';

/** What the caller may do in a folder: the organization's staff with the rights for it. */
export interface FolderRights {
  edit: boolean;
  delete: boolean;
  addDocument: boolean;
  deleteDocument: boolean;
  /** Whom the folder is shared with is shown (to the staff who share it). */
  showShares: boolean;
}

/** Long descriptions in a cell: their first lines, the rest in the row's Details. */
const CLAMPED = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/**
 * The chosen folder: its name, description and whom it is shared with, the staff's buttons to
 * change it, and its documents, the newest first, each downloaded from its row.
 */
export function FolderPanel({
  folder,
  rights,
  headingRef,
  onEdit,
  onDelete,
  onAddDocument,
  onDeleteDocument,
}: {
  folder: CabinetFolder;
  rights: FolderRights;
  /** The folder's name, focused when a narrow screen brings a chosen folder into view. */
  headingRef?: Ref<HTMLHeadingElement>;
  onEdit: () => void;
  onDelete: () => void;
  onAddDocument: () => void;
  onDeleteDocument: (document: CabinetDocument) => void;
}) {
  const format = useInstantFormats();
  return (
    <Box component="section" aria-labelledby="cabinet-folder-title" sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            columnGap: 2,
            rowGap: 1.5,
          }}
        >
          <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
            <Typography
              ref={headingRef}
              id="cabinet-folder-title"
              variant="h6"
              component="h2"
              tabIndex={-1}
              sx={{ fontWeight: 700, overflowWrap: 'anywhere', outline: 'none' }}
            >
              {folder.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {folderContentsWords(folder)} · updated {format.dateTime(folder.updated_on)}
            </Typography>
          </Box>
          {(rights.edit || rights.delete) && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {rights.edit && (
                <Button variant="outlined" size="small" startIcon={<EditOutlined />} onClick={onEdit}>
                  Edit folder
                </Button>
              )}
              {rights.delete && (
                <Button
                  variant="outlined"
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  onClick={onDelete}
                >
                  Delete folder
                </Button>
              )}
            </Box>
          )}
        </Box>
        {folder.description && (
          <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {folder.description}
          </Typography>
        )}
        {rights.showShares && <SharedWith folder={folder} />}
      </Paper>
      {/* One list per folder: its search and page start afresh for another folder. */}
      <DocumentList
        key={folder.folder_id}
        folder={folder}
        rights={rights}
        onAddDocument={onAddDocument}
        onDeleteDocument={onDeleteDocument}
      />
    </Box>
  );
}

function SharedWith({ folder }: { folder: CabinetFolder }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary" component="span" sx={{ mr: 0.5 }}>
        Shared with
      </Typography>
      {folder.shared_with.length === 0 ? (
        <Typography variant="body2" component="span" sx={{ fontStyle: 'italic' }}>
          Not shared: only the organization&rsquo;s staff read it
        </Typography>
      ) : (
        folder.shared_with.map((party) => (
          <Chip key={party.party_id} size="small" variant="outlined" label={party.name} />
        ))
      )}
    </Box>
  );
}

function DocumentList({
  folder,
  rights,
  onAddDocument,
  onDeleteDocument,
}: {
  folder: CabinetFolder;
  rights: FolderRights;
  onAddDocument: () => void;
  onDeleteDocument: (document: CabinetDocument) => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListCabinetDocuments);
  const list = useList(ListCabinetDocuments, { ...state.input, folder_id: folder.folder_id });
  const { download, pending } = useDocumentDownload();
  const label = `Documents in ${folder.name}`;

  const columns: DataTableColumn<CabinetDocument>[] = [
    {
      field: 'file_name',
      header: 'Document',
      flex: 1.4,
      minWidth: 190,
      render: (document) => (
        <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start', py: 0.5, minWidth: 0 }}>
          <Box sx={{ mt: 0.25, display: 'flex' }} aria-hidden>
            {document.file_type === 'application/pdf' ? (
              <PictureAsPdfOutlined color="error" fontSize="small" />
            ) : (
              <InsertDriveFileOutlined color="primary" fontSize="small" />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {document.file_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {documentTypeWords(document)}
            </Typography>
            {narrow && (
              <>
                <Typography variant="caption" color="text.secondary" component="p">
                  {format.dateTime(document.uploaded_on)}
                  {document.uploaded_by_name ? ` · ${document.uploaded_by_name}` : ''}
                </Typography>
                {document.description && (
                  <Typography variant="caption" component="p" sx={CLAMPED}>
                    {document.description}
                  </Typography>
                )}
              </>
            )}
          </Box>
        </Box>
      ),
    },
    {
      field: 'uploaded_on',
      header: 'Uploaded on · by',
      width: 170,
      minWidth: 150,
      hideOnNarrow: true,
      render: (document) => (
        <TwoLineCell
          first={format.dateTime(document.uploaded_on)}
          second={document.uploaded_by_name ?? '—'}
        />
      ),
    },
    {
      field: 'description',
      header: 'Description',
      flex: 1,
      minWidth: 140,
      hideOnNarrow: true,
      render: (document) =>
        document.description ? (
          <Typography variant="body2" sx={CLAMPED} title={document.description}>
            {document.description}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            —
          </Typography>
        ),
    },
  ];

  const actions: RowAction<CabinetDocument>[] = [
    {
      label: (document) =>
        pending === document.document_id
          ? `Downloading ${document.file_name}`
          : `Download ${document.file_name}`,
      icon: () => <FileDownloadOutlined />,
      onClick: download,
    },
    ...(rights.deleteDocument
      ? [
          {
            label: (document: CabinetDocument) => `Delete ${document.file_name}`,
            icon: () => <DeleteOutlined />,
            onClick: onDeleteDocument,
          },
        ]
      : []),
  ];

  const addButton: ReactNode = rights.addDocument ? (
    <Button variant="contained" startIcon={<NoteAddOutlined />} onClick={onAddDocument}>
      Add document
    </Button>
  ) : undefined;

  return (
    <Box component="section" aria-label={label}>
      <ListToolbar state={state} searchLabel="Search documents" actions={addButton} />
      <DataTable<CabinetDocument>
        label={label}
        columns={columns}
        rowActions={actions}
        getRowId={(document) => document.document_id}
        rowLabel={(document) => document.file_name}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={
          rights.addDocument
            ? {
                title: 'No documents in this folder yet',
                description:
                  'Add manuals, price lists or circulars with Add document: PDF, Office, text or images.',
              }
            : {
                title: 'This folder is empty',
                description: 'Documents added to it will be listed here.',
              }
        }
      />
    </Box>
  );
}
