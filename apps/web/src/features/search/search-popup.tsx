import { useEffect, useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { formatCount } from '@fieldport/contract/lists';
import type { SearchGroup, SearchHit } from '@fieldport/contract/operations/search';
import { Highlighted, KIND_ICONS, noMatchWords, showAllWords } from './search-format.tsx';
import { hitHref } from './search-links.ts';
import { PanelMessage } from './panel-message.tsx';
import { searchQuery, useMenuRoutes } from './search-query.ts';
import { allSearchHref } from './search-route.ts';

/** One line of the listbox: a hit, a kind's "Show all", or "All results"; without `href`, nothing opens it. */
type Line =
  | { type: 'hit'; hit: SearchHit; href: string | null }
  | { type: 'more'; group: SearchGroup; href: string }
  | { type: 'everything'; href: string };

/**
 * The top bar's results (top-bar-search.tsx holds the box, the keys and the active option): the
 * first few of every kind under the kind's heading, each kind's "Show all", and "All results".
 * Options are links, so that a click (or a middle click) opens them as any link does.
 */
export default function SearchPopup(props: {
  term: string;
  listboxId: string;
  optionId: (index: number) => string;
  active: number;
  onOptions: (hrefs: readonly string[]) => void;
  onFollow: () => void;
}) {
  const { term, listboxId, optionId, active, onOptions, onFollow } = props;
  const results = useQuery(searchQuery({ search: term }));
  const routes = useMenuRoutes();
  const data = results.data;

  const sections = useMemo(
    () =>
      (data?.groups ?? []).map((group) => ({
        group,
        lines: [
          ...group.hits.map((hit): Line => ({ type: 'hit', hit, href: hitHref(hit, routes) })),
          ...(group.total_count > group.hits.length
            ? [{ type: 'more', group, href: allSearchHref(term, group.kind) } satisfies Line]
            : []),
        ],
      })),
    [data, routes, term],
  );
  const everything = useMemo((): Line => ({ type: 'everything', href: allSearchHref(term) }), [term]);
  // The options the keys move through, in the order shown: the lines that open something.
  const hrefs = useMemo(
    () =>
      sections.length
        ? [...sections.flatMap((section) => section.lines), everything].flatMap((line) =>
            line.href ? [line.href] : [],
          )
        : [],
    [sections, everything],
  );
  useEffect(() => onOptions(hrefs), [hrefs, onOptions]);
  useEffect(() => () => onOptions([]), [onOptions]);
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, optionId]);

  if (results.error && !data)
    return <PanelMessage>{`The search failed: ${results.error.message}`}</PanelMessage>;
  if (!data) return <PanelMessage>Searching…</PanelMessage>;
  if (sections.length === 0) return <PanelMessage>{noMatchWords(data.searched, term)}</PanelMessage>;

  let index = 0;
  const option = (line: Line, content: ReactNode, key: string) => {
    if (!line.href)
      return (
        <Box key={key} role="option" aria-selected={false} aria-disabled sx={OPTION_SX}>
          {content}
        </Box>
      );
    const at = index++;
    return (
      <Box
        key={key}
        component={RouterLink}
        to={line.href}
        role="option"
        id={optionId(at)}
        aria-selected={at === active}
        tabIndex={-1}
        onClick={onFollow}
        sx={OPTION_SX}
      >
        {content}
      </Box>
    );
  };

  return (
    <>
      <Box role="listbox" id={listboxId} aria-label="Search results" sx={{ py: 0.5 }}>
        {sections.map(({ group, lines }) => {
          const headingId = `${listboxId}-${group.kind}`;
          const Icon = KIND_ICONS[group.kind];
          return (
            <Box key={group.kind} role="group" aria-labelledby={headingId}>
              <Box
                role="presentation"
                id={headingId}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 2,
                  pt: 1.25,
                  pb: 0.5,
                  fontSize: '0.75rem',
                  fontWeight: 700,
                  letterSpacing: '0.04em',
                  textTransform: 'uppercase',
                  color: 'text.secondary',
                }}
              >
                <Icon sx={{ fontSize: 16 }} color="primary" aria-hidden />
                {group.label} · {formatCount(group.total_count, group.total_capped)}
              </Box>
              {lines.map((line) =>
                line.type === 'hit'
                  ? option(line, <HitLines hit={line.hit} term={term} />, line.hit.id)
                  : option(
                      line,
                      <Box
                        sx={{
                          display: 'flex',
                          alignItems: 'center',
                          gap: 0.75,
                          color: 'primary.main',
                          fontWeight: 600,
                        }}
                      >
                        {line.type === 'more' ? showAllWords(line.group) : null}
                        <ArrowForwardOutlined sx={{ fontSize: 18 }} aria-hidden />
                      </Box>,
                      'more',
                    ),
              )}
            </Box>
          );
        })}
        <Box sx={{ borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.5 }} role="presentation">
          {option(
            everything,
            <Box
              sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: 'primary.main' }}
            >
              <ManageSearchOutlined fontSize="small" aria-hidden />
              <span>All results for ‘{term}’</span>
            </Box>,
            'everything',
          )}
        </Box>
      </Box>
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          gap: 2,
          px: 2,
          py: 0.75,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: 'grey.50',
          color: 'text.secondary',
          fontSize: '0.75rem',
        }}
      >
        <span>↑ ↓ to move</span>
        <span>Enter to open</span>
        <span>Esc to close</span>
      </Box>
    </>
  );
}

function HitLines({ hit, term }: { hit: SearchHit; term: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        <Highlighted text={hit.title} term={term} />
      </Box>
      {hit.detail && (
        <Box
          sx={{
            fontSize: '0.85rem',
            color: 'text.secondary',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          <Highlighted text={hit.detail} term={term} />
        </Box>
      )}
    </Box>
  );
}

const OPTION_SX: SxProps<Theme> = {
  display: 'block',
  px: 2,
  py: 0.75,
  color: 'text.primary',
  textDecoration: 'none',
  cursor: 'pointer',
  borderLeft: 3,
  borderColor: 'transparent',
  '&:hover': { bgcolor: 'action.hover' },
  '&[aria-selected="true"]': { bgcolor: 'rgba(23, 71, 166, 0.10)', borderColor: 'primary.main' },
  '&[aria-disabled="true"]': { cursor: 'default' },
};
