import type { MenuResult } from '@fieldport/contract/menus';
import type { AccessModule } from '@fieldport/contract/operations/account';
import type { CallerProfile } from '@fieldport/contract/permissions';
import type { Role } from '@fieldport/contract/roles';
import type { organization } from '../db/schema/identity.ts';
import type { party } from '../db/schema/platform.ts';

// The caller's type lives here, below the GraphQL endpoint that resolves it (graphql/caller.ts),
// so that platform services and modules can take a caller without importing the endpoint.

/** Everything the server knows about the person making a request, in their current organization. */
export interface Caller {
  sessionId: string;
  user: { id: string; name: string; email: string };
  membership: { id: string; role: Role; designation_id: string | null; party_id: string | null };
  organization: typeof organization.$inferSelect;
  party: typeof party.$inferSelect | null;
  designation: { id: string; name: string; accessing_module: AccessModule[] } | null;
  /** What decides access (packages/contract/src/permissions.ts); the menu is built from it. */
  profile: CallerProfile;
  menu: MenuResult;
}
