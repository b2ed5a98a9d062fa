import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import SearchIcon from '@mui/icons-material/Search';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { PanelMessage } from './panel-message.tsx';
import {
  ALL_SEARCH_FIELD_ID,
  ALL_SEARCH_ROUTE,
  allSearchHref,
  searchable,
  termProblem,
} from './search-route.ts';

// The results are code of their own, fetched when the box is first used: the shell's first paint
// does not carry them (docs/architecture.md#what-each-screen-loads).
const loadPopup = () => import('./search-popup.tsx');
const SearchPopup = lazy(loadPopup);

/** docs/search.md#the-screens: the box asks once typing pauses this long. */
const TYPING_PAUSE_MS = 250;

/** Where a key typed should stay: a field, or a widget that reads keys itself. */
function readsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return Boolean(
    target.closest('[role="combobox"], [role="listbox"], [role="menu"], [role="grid"], [role="textbox"]'),
  );
}

/** A dialog is open: the keys are its own, and the focus may not leave it. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * The top bar's search (docs/search.md#the-screens): a combobox whose popup has the first few of
 * each kind, "Show all" per kind and "All results"; Ctrl+K or "/" focuses it, the arrows move
 * through the options, Enter opens one, Escape closes. Below 850 px, a button to the page.
 */
export function TopBarSearch({ narrow }: { narrow: boolean }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [field, setField] = useState<HTMLElement | null>(null);
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = useCallback((index: number) => `${id}-option-${index}`, [id]);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The addresses of the popup's options, in order (the popup says which it shows).
  const [options, setOptions] = useState<readonly string[]>([]);
  const settled = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const problem = termProblem(text);
  const panelShown = open && text.trim() !== '';
  const expanded = panelShown && options.length > 0;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const commandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !readsKeys(event.target);
      if (!(commandK || slash) || dialogOpen()) return;
      event.preventDefault();
      const pageField = document.getElementById(ALL_SEARCH_FIELD_ID);
      if (pageField) pageField.focus();
      else if (narrow) navigate(ALL_SEARCH_ROUTE);
      else {
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [narrow, navigate]);

  const updateOptions = useCallback((hrefs: readonly string[]) => {
    setOptions((current) =>
      current.length === hrefs.length && current.every((href, index) => href === hrefs[index])
        ? current
        : hrefs,
    );
    setActive(-1);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  // An option was followed: the box steps aside for the page it opened.
  const leave = () => {
    close();
    inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!panelShown) {
          setOpen(true);
          return;
        }
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) =>
          current === -1
            ? step === 1
              ? 0
              : options.length - 1
            : (current + step + options.length) % options.length,
        );
        return;
      }
      case 'Enter': {
        const href =
          expanded && active >= 0 ? options[active] : searchable(text) ? allSearchHref(text) : null;
        if (!href) return;
        event.preventDefault();
        navigate(href);
        leave();
        return;
      }
      case 'Escape':
        if (panelShown) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
    }
  };

  if (narrow) {
    return (
      <IconButton color="inherit" aria-label="Search" component={RouterLink} to={ALL_SEARCH_ROUTE}>
        <SearchIcon />
      </IconButton>
    );
  }

  return (
    <Box sx={{ flex: '0 1 360px', minWidth: 200 }}>
      <Box
        ref={setField}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          height: 40,
          px: 1.25,
          borderRadius: 2,
          bgcolor: 'rgba(255, 255, 255, 0.16)',
          color: 'inherit',
          transition: 'background-color 120ms',
          '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.24)' },
          '&:focus-within': { bgcolor: '#fff', color: 'text.primary', boxShadow: 2 },
        }}
      >
        <SearchIcon fontSize="small" aria-hidden />
        <Box
          component="input"
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label="Search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listboxId : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-keyshortcuts="Control+K /"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder="Search tickets, customers, serials…"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            void loadPopup();
            setOpen(true);
          }}
          onBlur={close}
          onKeyDown={onKeyDown}
          sx={{
            flex: 1,
            minWidth: 0,
            height: '100%',
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'inherit',
            font: 'inherit',
            fontSize: '0.95rem',
            '&::placeholder': { color: 'inherit', opacity: 0.85 },
          }}
        />
        <Box
          component="kbd"
          aria-hidden
          sx={{
            font: 'inherit',
            fontSize: '0.72rem',
            fontWeight: 600,
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            border: 1,
            borderColor: 'currentColor',
            opacity: 0.8,
            whiteSpace: 'nowrap',
            display: text ? 'none' : 'block',
          }}
        >
          Ctrl K
        </Box>
      </Box>
      {/* Above the snackbars, which start below the top bar (docs/architecture.md#lists). */}
      <Popper
        open={panelShown && field !== null}
        anchorEl={field}
        placement="bottom-start"
        modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
        sx={{ zIndex: (theme) => theme.zIndex.snackbar + 1 }}
      >
        <Paper
          elevation={8}
          // Clicking in the results keeps the focus (and the active option) in the box.
          onMouseDown={(event) => event.preventDefault()}
          sx={{
            width: Math.max(field?.offsetWidth ?? 0, 440),
            maxWidth: 'calc(100vw - 32px)',
            maxHeight: 'calc(100vh - 96px)',
            overflowY: 'auto',
          }}
        >
          {problem ? (
            <PanelMessage>{problem}</PanelMessage>
          ) : searchable(settled) ? (
            <Suspense fallback={<PanelMessage>Searching…</PanelMessage>}>
              <SearchPopup
                term={settled}
                listboxId={listboxId}
                optionId={optionId}
                active={active}
                onOptions={updateOptions}
                onFollow={leave}
              />
            </Suspense>
          ) : (
            <PanelMessage>Searching…</PanelMessage>
          )}
        </Paper>
      </Popper>
    </Box>
  );
}
