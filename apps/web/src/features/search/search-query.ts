import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buildMenu, menuInputFromUser, menuRoutes } from '@fieldport/contract/menus';
import type { PageSize } from '@fieldport/contract/lists';
import {
  SEARCH_KINDS,
  SearchAllModules,
  type SearchAllData,
  type SearchKind,
} from '@fieldport/contract/operations/search';
import { api } from '../../api/client.ts';
import { useCurrentUser } from '../../ui/use-current-user.ts';

/** Without a kind, the first few of every kind; with one, a page of it. */
export type SearchRequest =
  | { search: string; kind?: undefined }
  | { search: string; kind: SearchKind; page: number; page_size: PageSize };

const SEARCH_QUERY_KEY = ['search-all'] as const;

/** One answer of SearchAllModules, kept for a minute: going back to the results does not ask again. */
export function searchQuery(request: SearchRequest) {
  return {
    queryKey: [...SEARCH_QUERY_KEY, request] as const,
    queryFn: async () => (await api.query(SearchAllModules, request)).data,
    staleTime: 60_000,
  };
}

/**
 * The kinds the caller may search, as the last answer said (every answer carries them); before
 * any answer, every kind.
 */
export function useSearchedKinds(): readonly SearchKind[] {
  const queryClient = useQueryClient();
  const answers = queryClient.getQueriesData<SearchAllData>({ queryKey: SEARCH_QUERY_KEY });
  return answers.find(([, data]) => data)?.[1]?.searched ?? SEARCH_KINDS;
}

/** The routes of the signed-in person's menu: the screens a hit may open. */
export function useMenuRoutes(): ReadonlySet<string> {
  const me = useCurrentUser();
  return useMemo(() => {
    if (!me) return new Set<string>();
    const menu = buildMenu(menuInputFromUser(me));
    return menu.ok ? menuRoutes(menu.menu) : new Set<string>();
  }, [me]);
}
