import type { Db } from '../client.ts';
import { newId } from '../ids.ts';
import { creditAccount, creditEntry } from '../schema/credits.ts';

/**
 * Opens an organization's credit account with a balance (docs/credits.md): the account and its
 * OPENING entry together, so that the balance is the sum of the ledger from the start.
 */
export async function seedCredits(db: Db, organizationId: string, credits: number) {
  await db.insert(creditAccount).values({ organization_id: organizationId, balance: credits });
  await db.insert(creditEntry).values({
    id: newId(),
    organization_id: organizationId,
    kind: 'OPENING',
    credits,
    balance_after: credits,
    reference: 'Demo opening balance',
  });
}
