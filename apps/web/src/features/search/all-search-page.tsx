import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { DEFAULT_PAGE_SIZE, formatCount, PAGE_SIZES, type PageSize } from '@fieldport/contract/lists';
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_MAX_LENGTH,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
} from '@fieldport/contract/operations/search';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { Highlighted, KIND_ICONS, noMatchWords, showAllWords } from './search-format.tsx';
import { hitHref } from './search-links.ts';
import { ALL_SEARCH_FIELD_ID, allSearchHref, searchable, termProblem } from './search-route.ts';
import { searchQuery, useMenuRoutes, useSearchedKinds, type SearchRequest } from './search-query.ts';

/** docs/search.md#the-screens: the term is sent once typing pauses this long. */
const TYPING_PAUSE_MS = 250;

const kindOf = (value: string | null): SearchKind | undefined => SEARCH_KINDS.find((kind) => kind === value);

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function pageSizeOf(value: string | null): PageSize {
  return PAGE_SIZES.find((size) => String(size) === value) ?? DEFAULT_PAGE_SIZE;
}

/**
 * /AllModules (docs/search.md#the-screens): one field across tickets, customers, the fleet,
 * quotations, purchase orders and people. The term is in the address (`?q=`); the first view has
 * the first few of each kind that matched, and "Show all" pages through one kind (`?kind=`).
 */
export default function AllSearchPage({ route }: FeaturePageProps) {
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const kind = kindOf(params.get('kind'));
  const page = pageOf(params.get('page'));
  const pageSize = pageSizeOf(params.get('page_size'));

  // What is typed goes to the address once typing pauses; a term the address gets otherwise (the
  // top bar's "All results", Back) is put in the field.
  const [text, setText] = useState(term);
  const [addressTerm, setAddressTerm] = useState(term);
  if (term !== addressTerm) {
    setAddressTerm(term);
    if (term !== text.trim()) setText(term);
  }
  const settled = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  useEffect(() => {
    if (settled !== text.trim() || settled === term) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set('q', settled);
        else next.delete('q');
        next.delete('page');
        if (!settled) next.delete('kind');
        return next;
      },
      { replace: true },
    );
  }, [settled, text, term, setParams]);

  const request: SearchRequest = kind ? { search: term, kind, page, page_size: pageSize } : { search: term };
  const results = useQuery({
    ...searchQuery(request),
    enabled: searchable(term),
    // Another page of the same kind keeps the rows on screen while it loads; a new term does not.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[1];
      return before && before.search === term && before.kind === kind ? previous : undefined;
    },
  });
  const problem = termProblem(text);
  const typing = text.trim() !== term;

  let content: ReactNode;
  if (!searchable(term)) content = <SearchHint />;
  else if (results.error && !results.data)
    content = <LoadError what="The results" error={results.error} onRetry={() => void results.refetch()} />;
  else if (!results.data) content = <ResultsSkeleton />;
  else if (kind)
    content = (
      <KindResults
        term={term}
        group={results.data.groups.find((group) => group.kind === kind)}
        kind={kind}
        busy={results.isFetching}
        onPage={(nextPage, nextSize) => {
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('page', String(nextPage));
            if (nextSize === DEFAULT_PAGE_SIZE) next.delete('page_size');
            else next.set('page_size', String(nextSize));
            return next;
          });
          // The pager is under the list: the next page is read from its top.
          window.scrollTo({ top: 0 });
        }}
      />
    );
  else if (results.data.groups.length === 0)
    content = <NoMatch title={noMatchWords(results.data.searched, term)} />;
  else content = <AllResults term={term} groups={results.data.groups} busy={results.isFetching} />;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Box role="search" sx={{ mb: 3, maxWidth: 720 }}>
        <TextField
          id={ALL_SEARCH_FIELD_ID}
          label="Search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus={!term}
          fullWidth
          helperText={
            problem ?? 'A ticket, quotation or purchase order number, a name, a phone, an email or a serial'
          }
          slotProps={{
            htmlInput: { maxLength: SEARCH_MAX_LENGTH, autoComplete: 'off', spellCheck: false },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
              endAdornment:
                (typing && !problem) || (results.isFetching && !results.data) ? (
                  <InputAdornment position="end">
                    <CircularProgress size={18} aria-label="Searching" />
                  </InputAdornment>
                ) : undefined,
            },
          }}
        />
      </Box>
      {content}
    </Box>
  );
}

/** Before a term: what can be searched, and how. */
function SearchHint() {
  const kinds = useSearchedKinds();
  const narrow = useNarrowScreen();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 2, sm: 3 }}
        sx={{ alignItems: 'flex-start' }}
      >
        <Box
          aria-hidden
          sx={{
            width: 56,
            height: 56,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(23, 71, 166, 0.08)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <ManageSearchOutlined fontSize="large" />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
            Search everything at once
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Type at least two characters of a number, a name, a phone, an email or a serial. You can search:
          </Typography>
          <Box
            component="ul"
            aria-label="What you can search"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {kinds.map((kind) => {
              const Icon = KIND_ICONS[kind];
              return (
                <li key={kind}>
                  <Chip icon={<Icon />} label={SEARCH_KIND_LABELS[kind]} variant="outlined" />
                </li>
              );
            })}
          </Box>
          {!narrow && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Anywhere in the portal, press <Kbd>Ctrl</Kbd> + <Kbd>K</Kbd> or <Kbd>/</Kbd> to search from the
              top bar.
            </Typography>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

function Kbd({ children }: { children: ReactNode }) {
  return (
    <Box
      component="kbd"
      sx={{
        fontFamily: 'inherit',
        fontSize: '0.8em',
        fontWeight: 600,
        px: 0.75,
        py: 0.125,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
      }}
    >
      {children}
    </Box>
  );
}

function ResultsSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Searching">
      {[0, 1].map((group) => (
        <Paper key={group} variant="outlined" sx={{ p: 2 }}>
          <Skeleton width={180} height={32} />
          {[0, 1, 2].map((row) => (
            <Box key={row} sx={{ py: 1 }}>
              <Skeleton width="40%" />
              <Skeleton width="70%" />
            </Box>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

function NoMatch({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <SearchOffOutlined color="primary" fontSize="large" aria-hidden />
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', maxWidth: 720 }}
        >
          {title}
        </Typography>
        <Typography color="text.secondary">
          Check the spelling, or try fewer characters: part of a number, a phone or a name is enough.
        </Typography>
      </Stack>
    </Paper>
  );
}

/** The first view: the first few of every kind that matched, each kind with its total. */
function AllResults({ term, groups, busy }: { term: string; groups: SearchGroup[]; busy: boolean }) {
  return (
    <Stack spacing={2} aria-busy={busy}>
      <Box
        component="nav"
        aria-label="Kinds found"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        {groups.map((group) => (
          <Chip
            key={group.kind}
            component={RouterLink}
            to={allSearchHref(term, group.kind)}
            clickable
            color="primary"
            variant="outlined"
            label={`${group.label} ${formatCount(group.total_count, group.total_capped)}`}
          />
        ))}
      </Box>
      {groups.map((group) => (
        <GroupCard key={group.kind} group={group} term={term}>
          {group.total_count > group.hits.length && (
            <Box sx={{ px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
              <Button
                component={RouterLink}
                to={allSearchHref(term, group.kind)}
                endIcon={<ArrowForwardOutlined />}
              >
                {showAllWords(group)}
              </Button>
            </Box>
          )}
        </GroupCard>
      ))}
    </Stack>
  );
}

/** "Show all": one kind, a page at a time. */
function KindResults(props: {
  term: string;
  kind: SearchKind;
  group: SearchGroup | undefined;
  busy: boolean;
  onPage: (page: number, pageSize: PageSize) => void;
}) {
  const { term, kind, group, busy } = props;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Link
        component={RouterLink}
        to={allSearchHref(term)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <ArrowBackOutlined fontSize="small" aria-hidden />
        Back to all results
      </Link>
      <Box sx={{ alignSelf: 'stretch' }}>
        {!group || group.total_count === 0 ? (
          <NoMatch title={noMatchWords([kind], term)} />
        ) : (
          <GroupCard group={group} term={term} busy={busy}>
            {(group.total_count > group.page_size || group.page > 1) && (
              <TablePagination
                component="div"
                count={group.total_count}
                page={group.page - 1}
                onPageChange={(_, next) => props.onPage(next + 1, group.page_size as PageSize)}
                rowsPerPage={group.page_size}
                onRowsPerPageChange={(event) => props.onPage(1, Number(event.target.value) as PageSize)}
                rowsPerPageOptions={[...PAGE_SIZES]}
                labelRowsPerPage="Per page"
                labelDisplayedRows={({ from, to, count }) =>
                  `${from}–${to} of ${formatCount(count, group.total_capped)}`
                }
                sx={{ borderTop: 1, borderColor: 'divider' }}
              />
            )}
          </GroupCard>
        )}
      </Box>
    </Stack>
  );
}

/** One kind's hits under its heading and total; `children` closes it (Show all, the pager). */
function GroupCard(props: { group: SearchGroup; term: string; busy?: boolean; children?: ReactNode }) {
  const { group, term } = props;
  const headingId = useId();
  const routes = useMenuRoutes();
  const Icon = KIND_ICONS[group.kind];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} aria-busy={props.busy}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Icon color="primary" aria-hidden />
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
          {group.label}{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {formatCount(group.total_count, group.total_capped)}
          </Box>
        </Typography>
      </Box>
      <List disablePadding aria-label={group.label}>
        {group.hits.map((hit, index) => (
          <HitItem
            key={hit.id}
            hit={hit}
            term={term}
            href={hitHref(hit, routes)}
            divider={index < group.hits.length - 1}
          />
        ))}
      </List>
      {props.children}
    </Paper>
  );
}

function HitItem({
  hit,
  term,
  href,
  divider,
}: {
  hit: SearchHit;
  term: string;
  href: string | null;
  divider: boolean;
}) {
  const text = (
    <ListItemText
      primary={<Highlighted text={hit.title} term={term} />}
      secondary={hit.detail ? <Highlighted text={hit.detail} term={term} /> : undefined}
      slotProps={{
        primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
        secondary: { sx: { overflowWrap: 'anywhere' } },
      }}
      sx={{ my: 0 }}
    />
  );
  if (!href)
    return (
      <ListItem divider={divider} sx={{ py: 1.25 }}>
        {text}
      </ListItem>
    );
  return (
    <li>
      <ListItemButton component={RouterLink} to={href} divider={divider} sx={{ py: 1.25 }}>
        {text}
      </ListItemButton>
    </li>
  );
}
