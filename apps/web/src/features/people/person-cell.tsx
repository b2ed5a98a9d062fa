import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@fieldport/contract/operations/people';

/** A person in a list cell: the name, then the email and the phone number (when there is one). */
export function PersonCell({
  name,
  email,
  phone,
  bold,
}: {
  name: string;
  email: string | null;
  phone: string | null;
  /** The row is about the person (a member), not a party with its owner. */
  bold?: boolean;
}) {
  return (
    <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
      <Typography variant="body2" sx={bold ? { fontWeight: 600 } : undefined}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {email}
      </Typography>
      {phone && (
        <Typography variant="caption" color="text.secondary" component="div">
          {formatPhone(phone)}
        </Typography>
      )}
    </Box>
  );
}
