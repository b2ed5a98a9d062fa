import type { Handler } from '../graphql/handler.ts';
import { getAllMyOrganizations } from './account/get-all-my-organizations.ts';
import { getCurrentUserDetails } from './account/get-current-user-details.ts';
import { updateUserDetails } from './account/update-user-details.ts';

/** Every operation's handler; the endpoint refuses to start when a declared operation has none. */
export const HANDLERS: Handler[] = [
  getCurrentUserDetails,
  getAllMyOrganizations,
  updateUserDetails,
] as Handler[];
