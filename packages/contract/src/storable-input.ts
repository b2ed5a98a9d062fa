/**
 * Input the database cannot store, refused once for every operation and route before its own
 * schema reads it (docs/security.md#input): a NUL character (PostgreSQL text cannot hold one), a
 * lone UTF-16 surrogate (not valid UTF-8, so not valid text), a `__proto__` key, and nesting deeper
 * than any form of the portal sends. Each operation's schema then checks what the field means.
 */

/** Deeper than any input the portal's forms send (a ticket's nested location is 3 levels). */
export const MAX_INPUT_DEPTH = 16;

interface UnstorableInput {
  /** The field, as a dotted path (`customer.name`, `items.2.quantity`); 'input' for the whole input. */
  field: string;
  message: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, or null. */
function unstorableTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character, which cannot be stored';
  if (LONE_SURROGATE.test(text)) return 'contains a broken character (half of a UTF-16 pair)';
  return null;
}

/** The first value in the input the database cannot store, with its field, or null. */
export function findUnstorableInput(
  value: unknown,
  path: readonly (string | number)[] = [],
): UnstorableInput | null {
  const field = path.length ? path.join('.') : 'input';
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem ? { field, message: `${field} ${problem}` } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_INPUT_DEPTH) {
    return { field, message: `${field} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableInput(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') {
      return {
        field: [...path, key].join('.'),
        message: `${[...path, key].join('.')} is not a field of this input`,
      };
    }
    const keyProblem = unstorableTextProblem(key);
    if (keyProblem) return { field, message: `A field name in ${field} ${keyProblem}` };
    const found = findUnstorableInput(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
