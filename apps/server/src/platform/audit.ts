import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';
import { newId } from '../db/ids.ts';

interface AuditEntry {
  organization_id: string | null;
  user_id: string | null;
  user_email: string | null;
  operation: string;
  target?: string | null;
  changes?: Record<string, unknown> | null;
  ip_address?: string | null;
}

export const REDACTED = '[redacted]';

/**
 * Whether a key names a secret (docs/product.md#audit-log: passwords, codes and tokens never reach
 * the log). Keys are compared without case, '_' or '-': 'newPassword', 'new_password', 'otp',
 * 'code', 'activation_code', 'session_token' ... A code that names a thing ('part_code') is data,
 * not a secret.
 */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    /pass(word)?|secret|token|otp|apikey|authorization|cookie|signature/.test(k) ||
    k === 'code' ||
    /(activation|verification|reset|auth|confirmation)code$/.test(k)
  );
}

/** Longer text (a file's base64, a pasted document) is summarized: the log records that it changed. */
const MAX_TEXT = 2000;

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') return redactSecrets(value as Record<string, unknown>);
  if (typeof value === 'string' && value.length > MAX_TEXT) return `[${value.length} characters]`;
  return value;
}

export function redactSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, isSecretKey(key) ? REDACTED : redactValue(value)]),
  );
}

/** Appends one entry; entries are never edited or deleted (a trigger refuses it, migration 0004). */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    ...entry,
    changes: entry.changes ? redactSecrets(entry.changes) : null,
  });
}
