import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecret } from '../db/schema/platform.ts';

/**
 * The secret that signs session cookies. AUTH_SECRET wins; without it one is generated on the
 * first start and kept in the database, so that every process on the same database shares it.
 */
export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecret)
    .values({ name: 'auth', value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, 'auth'));
  return row.value;
}
