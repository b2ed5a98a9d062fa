import { createContext, useContext } from 'react';
import type { CurrentUser } from '@fieldport/contract/operations/account';
import type { MenuItem } from '@fieldport/contract/menus';

/** What every page inside the shell may rely on: the loaded user and the menu built for them. */
export interface ShellState {
  user: CurrentUser;
  menu: MenuItem[];
  accessControlled: boolean;
  /** menuRoutes(menu): the routes this user may open. */
  allowedRoutes: Set<string>;
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell is only available inside the shell');
  return state;
}
