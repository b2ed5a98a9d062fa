import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { List_Representatives, List_Users, UserGroup } from '@fieldport/contract/operations/people';
import { roleLabel } from '@fieldport/contract/roles';
import type { Option } from '../../ui/form-fields.tsx';
import type { ListState } from '../../ui/use-list.ts';

/** A people screen's own filters: the role (where it shows several) and the partner or dealer. */
export function UserListFilters({
  group,
  state,
  showRole,
  showParty,
  partyHeader,
  partyOptions,
}: {
  group: UserGroup;
  state: ListState<typeof List_Users | typeof List_Representatives>;
  showRole: boolean;
  showParty: boolean;
  partyHeader: string;
  partyOptions: Option[];
}) {
  return (
    <>
      {showRole && (
        <TextField
          select
          label="Role"
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={(state.input as { user_type?: string }).user_type ?? ''}
          onChange={(event) => state.setFilter('user_type', event.target.value || undefined)}
          sx={{ width: 190, flex: '0 0 auto' }}
        >
          <MenuItem value="">All roles</MenuItem>
          {group.roles.map((role) => (
            <MenuItem key={role} value={role}>
              {roleLabel(role)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {showParty && (
        <TextField
          select
          label={partyHeader}
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={(state.input as { party_id?: string }).party_id ?? ''}
          onChange={(event) => state.setFilter('party_id', event.target.value || undefined)}
          sx={{ width: 220, flex: '0 0 auto' }}
        >
          <MenuItem value="">All</MenuItem>
          {partyOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
