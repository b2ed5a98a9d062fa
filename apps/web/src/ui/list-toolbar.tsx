import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { STATUS_FILTERS, type StatusFilter } from '@fieldport/contract/lists';
import type { ListState } from './use-list.ts';

const STATUS_LABELS: Record<StatusFilter, string> = { ALL: 'All', ACTIVE: 'Active', INACTIVE: 'Inactive' };

/**
 * Above a list: the search box (sent when typing pauses), the status filter, the list's own
 * filters (`children`) and the screen's buttons (`actions`: Export, Add ...). Wraps on narrow screens.
 */
export function ListToolbar(props: {
  state: ListState;
  searchLabel: string;
  /** By default, whether the list takes a status (the audit log takes none). */
  statusFilter?: boolean;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { state, searchLabel, statusFilter = state.takesStatus } = props;
  return (
    <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <TextField
        label={searchLabel}
        value={state.search}
        onChange={(event) => state.setSearch(event.target.value)}
        size="small"
        type="search"
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: state.searchPending ? (
              <InputAdornment position="end">
                <CircularProgress size={16} aria-label="Searching" />
              </InputAdornment>
            ) : undefined,
          },
        }}
        sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
      />
      {statusFilter && (
        <TextField
          select
          label="Status"
          size="small"
          value={state.status}
          onChange={(event) => state.setStatus(event.target.value as StatusFilter)}
          sx={{ width: 140, flex: '0 0 auto' }}
        >
          {STATUS_FILTERS.map((status) => (
            <MenuItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {props.children}
      <Box sx={{ flex: '1 0 0', display: { xs: 'none', md: 'block' } }} />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{props.actions}</Box>
    </Box>
  );
}
