import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DialogSection } from './dialog-section.tsx';

/**
 * What happened to a document, oldest first, in its details dialog: a purchase order's receipts
 * and payments, a payout's payments. Each entry says what, by whom and when, and its note.
 */

/** A titled list of entries, or what their absence means. */
export function EntriesSection({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <DialogSection title={title}>
      {children.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Entries>{children}</Entries>
      )}
    </DialogSection>
  );
}

/** A plain list of entries (or cards) with room between them. */
export function Entries({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {children}
    </Box>
  );
}

/** One entry: what (`title`), what it holds (`children`), who and when (`by`), the note. */
export function Entry(props: { title: string; by: string; note: string | null; children?: ReactNode }) {
  return (
    <Box component="li" sx={{ pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {props.title}
      </Typography>
      {props.children}
      <Typography variant="body2" color="text.secondary">
        {props.by}
      </Typography>
      {props.note && (
        <Typography variant="body2" sx={{ mt: 0.25, whiteSpace: 'pre-wrap' }}>
          “{props.note}”
        </Typography>
      )}
    </Box>
  );
}

/** A party in a details list: its name, then the lines that tell about it (GSTIN, state, email). */
export function StackedLines({ first, rest }: { first: string; rest: string[] }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {first}
      </Typography>
      {rest.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </>
  );
}
