import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser } from '../support/browser.ts';
import { checkEveryList, ROLES } from './list-widths-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The rest of list-widths.e2e.ts's check: the other half of the owner's menu, and the partner's and
// the dealer's menus, in a file of its own so that it runs beside that one.
describe('every list fits the screen (1366 px and a 360 px phone), continued', () => {
  const parts = [
    {
      role: 'OWNER',
      landing: '/Dashboard',
      part: { index: 1, of: 2 },
      what: 'OWNER (the other half of the menu)',
    },
    ...ROLES.filter(({ role }) => role !== 'OWNER').map(({ role, landing }) => ({
      role,
      landing,
      part: { index: 0, of: 1 },
      what: role,
    })),
  ];
  for (const { role, landing, part, what } of parts) {
    it(`${what}: no list scrolls sideways and the first row's actions are in view`, async () => {
      const { problems, lists } = await checkEveryList(role, landing, part);
      expect(problems).toEqual([]);
      // The menus hold lists: if none was found, the check above checked nothing.
      expect(lists).toBeGreaterThan(0);
    }, 600_000);
  }
});
