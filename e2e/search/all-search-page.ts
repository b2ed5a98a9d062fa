import type { Page } from 'playwright-core';
import { callAs } from '../support/page-operations.ts';
import type { SearchAllData, SearchKind } from '@fieldport/contract/operations/search';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The top bar's search box and its popup (features/search/top-bar-search.tsx), by role and name. */
export function topBarSearch(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search' });
  const results = page.getByRole('listbox', { name: 'Search results' });
  return {
    box,
    results,
    /** A kind's group in the popup, named by its heading ("Tickets · 23"). */
    group: (label: string) => results.getByRole('group', { name: new RegExp(`^${escaped(label)} · `) }),
    /** The kinds the popup shows, in order. */
    groupLabels: () =>
      results
        .getByRole('group')
        .evaluateAll((groups) =>
          groups.map((group) =>
            (document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent ?? '').replace(
              / · .*$/,
              '',
            ),
          ),
        ),
    option: (text: string) => results.getByRole('option').filter({ hasText: text }),
    /** The text of the option the box names active (aria-activedescendant), or ''. */
    activeOption: () =>
      box.evaluate((input) => {
        const id = input.getAttribute('aria-activedescendant');
        return id ? (document.getElementById(id)?.textContent ?? '') : '';
      }),
    /** The narrow layout's button to the page. */
    pageLink: () => page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }),
  };
}

/** The /AllModules page (features/search/all-search-page.tsx). */
export function allSearchScreen(page: Page) {
  return {
    field: page.getByRole('searchbox', { name: 'Search' }),
    /** What the page says can be searched before a term. */
    searchable: page.getByRole('list', { name: 'What you can search' }),
    /** A kind's results, a region named by its heading ("Tickets 23"). */
    group: (label: string) => page.getByRole('region', { name: new RegExp(`^${escaped(label)} \\d`) }),
    /** The links of a kind's hits (not its Show all). */
    hits: (label: string) => page.getByRole('list', { name: label, exact: true }).getByRole('link'),
    /** The kinds the page shows, in order (the regions under the page's own). */
    groupLabels: () =>
      page
        .getByRole('main')
        .getByRole('region')
        .evaluateAll((regions) =>
          regions
            .map((region) => region.getAttribute('aria-labelledby') ?? '')
            .filter((id) => id !== 'page-title')
            .map((id) => (document.getElementById(id)?.textContent ?? '').replace(/ [\d,]+\+?$/, '')),
        ),
    showAll: (words: string) => page.getByRole('link', { name: words, exact: true }),
    back: page.getByRole('link', { name: 'Back to all results' }),
    pagerLabel: () => page.locator('.MuiTablePagination-displayedRows').textContent(),
  };
}

/** What SearchAllModules answers the signed-in page, to check the screens against. */
export const searchAs = (page: Page, search: string, kind?: SearchKind) =>
  callAs<SearchAllData>(page, 'SearchAllModules', kind ? { search, kind } : { search });

/** The address's search parameters. */
export const addressOf = (page: Page) => {
  const url = new URL(page.url());
  return { path: url.pathname, params: url.searchParams };
};
