import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it: 'Deactivate', 'Delete' ... */
  confirmLabel: string;
  /** The button that leaves things as they are; 'Cancel' unless that would read as the action ('Keep the order'). */
  dismissLabel?: string;
  /** Red for what takes something away (deactivate, delete). */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a destructive action. Cancel has the focus, so that Enter never destroys by
 * accident; Escape cancels.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, destructive, busy, onConfirm, onClose } = props;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-text" component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {props.dismissLabel ?? 'Cancel'}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          loading={busy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
