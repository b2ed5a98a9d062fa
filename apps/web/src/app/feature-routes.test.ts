import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES } from '@fieldport/contract/shell-routes';
import { FEATURE_ROUTES } from './feature-routes.tsx';

describe('shell routes and feature folders', () => {
  it('gives every built route the area of its folder under features/', () => {
    // The dashboard is drawn by the shell itself (shell-route-page.tsx), the others through FEATURE_ROUTES.
    const built = SHELL_ROUTES.filter((entry) => entry.route === '/Dashboard' || FEATURE_ROUTES[entry.route]);
    expect(built.length).toBe(Object.keys(FEATURE_ROUTES).length + 1);
    for (const { route, area } of built) {
      const folder = fileURLToPath(new URL(`../features/${area}/`, import.meta.url));
      expect(existsSync(folder), `${route}: features/${area}`).toBe(true);
    }
  });
});
