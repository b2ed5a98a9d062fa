import { and, eq } from 'drizzle-orm';
import { CUSTOMER_MESSAGES } from '@fieldport/contract/operations/customers';
import type { Db } from '../../db/client.ts';
import { customerLocation } from '../../db/schema/customers.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { findCustomer } from './customer-rules.ts';

/**
 * The customer (scoped to the caller) and one of its secondary locations. The primary location is
 * changed with the customer (UpdateCustomer) and never removed: a customer always has one.
 */
export async function findSecondaryLocation(
  db: Db,
  caller: Caller,
  input: { customer_id: string; location_id: string },
  primaryMessage: string,
) {
  const owner = await findCustomer(db, caller, input.customer_id);
  const [location] = await db
    .select({ id: customerLocation.id, is_primary: customerLocation.is_primary })
    .from(customerLocation)
    .where(and(eq(customerLocation.customer_id, owner.id), eq(customerLocation.id, input.location_id)));
  if (!location) throw notFound(CUSTOMER_MESSAGES.locationNotFound);
  if (location.is_primary) throw badInput(primaryMessage, 'location_id');
  return { owner, location };
}
