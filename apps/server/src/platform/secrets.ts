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

/**
 * Signs and checks texts for one purpose (a file's address, a quotation's link) with a key of its
 * own derived from the server's secret, so that a signature made for one purpose never passes for
 * another's.
 */
export function purposeSigner(secret: string, purpose: string) {
  const key = crypto.createHmac('sha256', secret).update(purpose).digest();
  const sign = (text: string) => crypto.createHmac('sha256', key).update(text).digest('base64url');
  const check = (text: string, signature: string) => {
    const expected = Buffer.from(sign(text));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  };
  return { sign, check };
}

/**
 * Links that name one record and prove they were made by this server (a quotation's, a request's
 * status page): '<id>.<signature>', the same for every mail about the record.
 */
export function signedIdTokens(secret: string, purpose: string) {
  const signer = purposeSigner(secret, purpose);
  return {
    tokenOf: (id: string) => `${id}.${signer.sign(id)}`,
    /** The id a genuine token names; null for any other string. */
    idOf(token: string): string | null {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      return signer.check(id, token.slice(dot + 1)) ? id : null;
    },
  };
}
