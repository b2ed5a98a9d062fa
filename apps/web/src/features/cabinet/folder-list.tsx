import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import FolderSharedOutlined from '@mui/icons-material/FolderSharedOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import type { ListCabinetFolders, CabinetFolder } from '@fieldport/contract/operations/cabinet';
import { formatCount, PAGE_SIZES, type PageData, type PageSize } from '@fieldport/contract/lists';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import type { ListState } from '../../ui/use-list.ts';
import { VISUALLY_HIDDEN } from '../../ui/visually-hidden.ts';
import { folderContentsWords } from './cabinet-format.ts';

interface FolderListProps {
  state: ListState<typeof ListCabinetFolders>;
  list: {
    data?: PageData<CabinetFolder>;
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  selectedId: string | null;
  /** Whom each folder is shared with is shown to those who share it (a party sees only itself). */
  showShares: boolean;
  /** What the list says when the cabinet has no folder the caller may read. */
  empty: { title: string; description: string; action?: ReactNode };
  /** A folder was chosen (its link followed): a narrow screen brings it into view. */
  onChoose: () => void;
}

/**
 * The cabinet's folders, by name: each a link to itself (`?folder=`, an address to share) with how
 * many documents it holds and whom it is shared with; searched by name, a page at a time.
 */
export function FolderList({ state, list, selectedId, showShares, empty, onChoose }: FolderListProps) {
  const data = list.data;
  return (
    <Box>
      <ListToolbar state={state} searchLabel="Search folders" />
      {list.error && !data ? (
        <LoadError what="The folders" error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <Paper variant="outlined" aria-busy="true" aria-label="Loading folders">
          {Array.from({ length: 4 }, (_, index) => (
            <Box key={index} sx={{ px: 2, py: 1.5 }}>
              <Skeleton width="60%" />
              <Skeleton width="40%" />
            </Box>
          ))}
        </Paper>
      ) : data.total_count === 0 && !list.isFetching ? (
        state.filtered ? (
          <Empty
            icon={<SearchOffOutlined fontSize="large" />}
            title="No folder matches your search"
            description="Try other words, or clear the search to see every folder."
            action={
              <Button variant="outlined" onClick={state.clearFilters}>
                Clear search
              </Button>
            }
          />
        ) : (
          <Empty icon={<FolderOutlined fontSize="large" />} {...empty} />
        )
      ) : (
        <Paper variant="outlined" aria-busy={list.isFetching}>
          <List aria-label="Folders" disablePadding>
            {data.items.map((folder, index) => (
              <FolderItem
                key={folder.folder_id}
                folder={folder}
                selected={folder.folder_id === selectedId}
                showShares={showShares}
                divider={index < data.items.length - 1}
                onChoose={onChoose}
              />
            ))}
          </List>
          {(data.total_count > data.items.length || state.input.page > 1) && (
            <TablePagination
              component="div"
              count={data.total_count}
              page={state.input.page - 1}
              onPageChange={(_, page) => state.setPage(page + 1)}
              rowsPerPage={state.input.page_size}
              onRowsPerPageChange={(event) => state.setPageSize(Number(event.target.value) as PageSize)}
              rowsPerPageOptions={[...PAGE_SIZES]}
              labelRowsPerPage="Per page"
              labelDisplayedRows={({ from, to, count }) =>
                `${from}–${to} of ${formatCount(count, data.total_capped)}`
              }
              sx={{ borderTop: 1, borderColor: 'divider' }}
            />
          )}
        </Paper>
      )}
    </Box>
  );
}

function FolderItem({
  folder,
  selected,
  showShares,
  divider,
  onChoose,
}: {
  folder: CabinetFolder;
  selected: boolean;
  showShares: boolean;
  divider: boolean;
  onChoose: () => void;
}) {
  const shared = folder.shared_with.length > 0;
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={{ search: `?folder=${encodeURIComponent(folder.folder_id)}` }}
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        divider={divider}
        onClick={onChoose}
        sx={{ alignItems: 'flex-start', py: 1.25 }}
      >
        <ListItemIcon sx={{ minWidth: 40, mt: 0.25, color: selected ? 'primary.main' : undefined }}>
          {shared ? <FolderSharedOutlined /> : <FolderOutlined />}
        </ListItemIcon>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{folder.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {folderContentsWords(folder)}
          </Typography>
          {showShares && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
              {shared ? (
                <>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Shared with
                  </Box>
                  {folder.shared_with.slice(0, SHOWN_SHARES).map((party) => (
                    <Chip key={party.party_id} size="small" variant="outlined" label={party.name} />
                  ))}
                  {folder.shared_with.length > SHOWN_SHARES && (
                    <Typography variant="body2" color="text.secondary" component="span">
                      +{folder.shared_with.length - SHOWN_SHARES} more
                    </Typography>
                  )}
                </>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                  Not shared
                </Typography>
              )}
            </Box>
          )}
        </Box>
      </ListItemButton>
    </li>
  );
}

/** The parties named on a folder of the list; the rest are counted (the folder shows them all). */
const SHOWN_SHARES = 3;

function Empty(props: { icon: ReactNode; title: string; description: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }} role="status">
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ color: 'primary.main' }} aria-hidden>
          {props.icon}
        </Box>
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {props.title}
        </Typography>
        <Typography color="text.secondary">{props.description}</Typography>
        {props.action}
      </Stack>
    </Paper>
  );
}
