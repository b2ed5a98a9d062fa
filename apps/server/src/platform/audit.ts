import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';
import { newId } from './ids.ts';

export interface AuditEntry {
  organization_id: string | null;
  user_id: string | null;
  user_email: string | null;
  operation: string;
  target?: string | null;
  changes?: Record<string, unknown> | null;
  ip_address?: string | null;
}

/** Keys whose values never reach the audit log (issue 5: passwords, codes and tokens never). */
const SECRET_KEY = /pass(word)?|otp|code|token|secret/i;

export function redactSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      SECRET_KEY.test(key)
        ? '[redacted]'
        : value && typeof value === 'object' && !Array.isArray(value)
          ? redactSecrets(value as Record<string, unknown>)
          : value,
    ]),
  );
}

/** Appends one entry; entries are never edited or deleted. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    ...entry,
    changes: entry.changes ? redactSecrets(entry.changes) : null,
  });
}
