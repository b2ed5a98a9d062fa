import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { USER_STATUS_LABELS, type UserStatus } from '@fieldport/contract/operations/people';

/**
 * A member's status: green Active, grey Deactivated, red Invalid, blue Invitation pending (not yet
 * accepted); and, for an active member, an invitation whose temporary password is still unused.
 */
export function UserStatusChip({
  status,
  invitationPending,
}: {
  status: UserStatus;
  invitationPending?: boolean;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        label={USER_STATUS_LABELS[status]}
        color={
          status === 'ACTIVE'
            ? 'success'
            : status === 'INVALID'
              ? 'error'
              : status === 'PENDING'
                ? 'info'
                : 'default'
        }
        variant={status === 'ACTIVE' ? 'filled' : 'outlined'}
        sx={{ fontWeight: 600, minWidth: 72 }}
      />
      {invitationPending && (status === 'ACTIVE' || status === 'INACTIVE') && (
        <Chip
          size="small"
          label="Invited"
          color="info"
          variant="outlined"
          title="Has not signed in and chosen a password yet"
        />
      )}
    </Stack>
  );
}
