import type { ReactNode } from 'react';
import Link from '@mui/material/Link';

/**
 * A row's name as a button that opens the row (its details, where the screen acts on it): on a
 * list whose rows open on a click, the way to the same by keyboard and screen reader.
 */
export function OpenRowLink({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Link
      component="button"
      type="button"
      onClick={(event) => {
        // The row's own click would open it a second time.
        event.stopPropagation();
        onOpen();
      }}
      sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}
    >
      {children}
    </Link>
  );
}
