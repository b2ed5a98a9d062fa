import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * A read-only dialog that shows one thing in full (a row's details, a mail, a log entry): its
 * title, what the caller puts in it, and Close. Full screen below 850 px.
 */
export function DetailDialog(props: {
  open: boolean;
  title: ReactNode;
  narrow: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { open, title, narrow, onClose, children } = props;
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={narrow}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
