import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import type { TicketAssignee } from '@fieldport/contract/operations/tickets';

/**
 * One technician or service partner a ticket can go to, as a radio row: the name, whose they are,
 * their open tickets and whether they checked in today. Assigning an existing ticket also says who
 * has it now and who is mapped to its territory and service.
 */
export function AssigneeOption({
  item,
  checked,
  onChoose,
  current,
  showEligibility,
}: {
  item: TicketAssignee;
  checked: boolean;
  onChoose: () => void;
  /** The ticket's assignee now. */
  current?: boolean;
  showEligibility?: boolean;
}) {
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: showEligibility ? 0.5 : undefined,
        pr: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        cursor: 'pointer',
      }}
    >
      <Radio checked={checked} onChange={onChoose} slotProps={{ input: { 'aria-label': item.name } }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {item.name}
          {current ? ' (now)' : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {item.kind === 'SERVICE_PARTNER' ? 'Service partner' : (item.party_name ?? 'Technician')} ·{' '}
          {item.open_tickets} open
        </Typography>
      </Box>
      {item.kind === 'TECHNICIAN' && item.checked_in && (
        <Chip size="small" label="Checked in" color="success" variant="outlined" />
      )}
      {showEligibility &&
        (item.eligible ? (
          <Chip size="small" label="Eligible" color="primary" />
        ) : (
          <Chip size="small" label="Not mapped" variant="outlined" />
        ))}
    </Box>
  );
}
