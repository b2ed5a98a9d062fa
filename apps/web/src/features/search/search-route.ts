import {
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
  SEARCH_MIN_LENGTH,
  type SearchKind,
} from '@fieldport/contract/operations/search';

/** The All Search page's route (menus.ts 'All Search'). */
export const ALL_SEARCH_ROUTE = '/AllModules';

/** The page's field, which the top bar's Ctrl+K and "/" focus on that page. */
export const ALL_SEARCH_FIELD_ID = 'all-search-field';

/** The page's address for a term (`?q=`), and for one kind of it, paged (`?kind=`, docs/search.md). */
export function allSearchHref(term: string, kind?: SearchKind): string {
  const params = new URLSearchParams({ q: term.trim() });
  if (kind) params.set('kind', kind);
  return `${ALL_SEARCH_ROUTE}?${params.toString()}`;
}

/** Why a term is not searched (the contract's own messages), or null when it can be or is empty. */
export function termProblem(term: string): string | null {
  const length = term.trim().length;
  if (length === 0) return null;
  if (length < SEARCH_MIN_LENGTH) return SEARCH_MESSAGES.tooShort;
  if (length > SEARCH_MAX_LENGTH) return SEARCH_MESSAGES.tooLong;
  return null;
}

/** Whether a term is sent: not empty, and neither too short nor too long. */
export const searchable = (term: string) => term.trim().length > 0 && termProblem(term) === null;
