import Box from '@mui/material/Box';
import { formatCount } from '@fieldport/contract/lists';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

/**
 * How many rows a tab's list holds under the screen's search and filters, beside the tab's name
 * ("Waiting for me 3"); "…" while it is counted. Read out with its noun ("3 requests").
 */
export function CountBadge(props: {
  /** Undefined while counting. */
  count: number | undefined;
  /** More than the count's cap: "10,000+". */
  capped?: boolean;
  /** The tab is the one shown: the badge takes the tab's colour. */
  selected: boolean;
  noun: { one: string; many: string };
}) {
  const { count, capped = false, selected, noun } = props;
  const shown = count === undefined ? '…' : formatCount(count, capped);
  return (
    <>
      <Box
        component="span"
        aria-hidden
        sx={{
          px: 0.9,
          borderRadius: 8,
          fontSize: 12,
          fontWeight: 700,
          bgcolor: selected ? 'primary.main' : 'action.selected',
          color: selected ? 'primary.contrastText' : 'text.primary',
          minWidth: 22,
          textAlign: 'center',
        }}
      >
        {shown}
      </Box>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {count === undefined ? 'counting' : `${shown} ${count === 1 ? noun.one : noun.many}`}
      </Box>
    </>
  );
}
