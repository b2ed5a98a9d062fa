import { useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * A dialog that shows one thing in full (a row's details, a mail, a log entry): its title, what
 * the caller puts in it, the caller's buttons (`actions`: Approve, Reject ...) and Close. Full
 * screen below 850 px.
 */
export function DetailDialog(props: {
  open: boolean;
  title: ReactNode;
  narrow: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Buttons after Close, the main one last. */
  actions?: ReactNode;
  /** While something it sent is on its way, Escape and the backdrop leave it open. */
  busy?: boolean;
  /** Wider for a record with a table in it (a purchase order's lines). */
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  const { open, title, narrow, onClose, children, actions, busy } = props;
  const titleId = useId();
  const [contentRef, scrolls] = useScrolls();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={narrow}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Content taller than the dialog scrolls: by keyboard too, so it takes the focus then (WCAG 2.1.1). */}
      <DialogContent
        ref={contentRef}
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-labelledby={scrolls ? titleId : undefined}
      >
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Close
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Whether an element's content is taller than the element (it scrolls), checked after each render
 * (the content changed) and as the element is resized (the window changed).
 */
function useScrolls(): [(element: HTMLElement | null) => (() => void) | undefined, boolean] {
  const [scrolls, setScrolls] = useState(false);
  const element = useRef<HTMLElement | null>(null);
  const check = useCallback(() => {
    const current = element.current;
    if (current) setScrolls(current.scrollHeight > current.clientHeight);
  }, []);
  useLayoutEffect(check);
  const ref = useCallback(
    (attached: HTMLElement | null) => {
      element.current = attached;
      if (!attached) return undefined;
      check();
      const observer = new ResizeObserver(check);
      observer.observe(attached);
      return () => observer.disconnect();
    },
    [check],
  );
  return [ref, scrolls];
}
