import type { Access } from '@fieldport/contract/operation';
import { decideAccess } from '@fieldport/contract/permissions';
import { forbidden } from '../platform/errors.ts';
import type { Caller } from '../platform/caller.ts';

/**
 * The server's half of "a user who cannot see a module in the menu cannot call its operations
 * either" (docs/architecture.md#who-may-do-what): the contract's decideAccess decides, the same
 * function that prints the permission table (packages/contract/src/permissions.snap.md).
 */
export function authorize(caller: Caller, access: Access): void {
  const decision = decideAccess(access, caller.profile, caller.menu);
  if (!decision.allowed) throw forbidden(decision.message);
}
