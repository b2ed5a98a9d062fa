import fc from 'fast-check';
import { z } from 'zod';

/**
 * Inputs for the contract-driven fuzz test (graphql/contract-fuzz.test.ts): values shaped by an
 * operation's own schema (through its JSON Schema, input side), and malformed variants of a good
 * input: wrong types, NUL and broken characters, huge strings, extreme numbers and dates,
 * `__proto__` keys, absurd nesting.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** Values shaped like the schema's input; refinements (real ids, real dates) are left to chance. */
export function inputArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, 0);
}

function fromJsonSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((option) => fromJsonSchema(option, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(properties);
      if (entries.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }));
      const requiredKeys = entries.filter(([key]) => required.has(key)).map(([key]) => key);
      return fc.record(
        Object.fromEntries(entries.map(([key, value]) => [key, fromJsonSchema(value, depth + 1)])),
        { requiredKeys },
      );
    }
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items, depth + 1) : fc.string(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string': {
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // A pattern fast-check cannot read: plain strings will do.
        }
      }
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      return fc.string({
        unit: 'grapheme',
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)),
      });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
      return type === 'integer'
        ? fc.integer({
            min: Math.max(min, Number.MIN_SAFE_INTEGER),
            max: Math.min(max, Number.MAX_SAFE_INTEGER),
          })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

/** Every leaf of a JSON value with its path. */
function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  }
  return [{ path, value }];
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

const HUGE = 'x'.repeat(100_000);
const STRING_POISONS = [
  'before\u0000after',
  'broken \uD800 half',
  '\uDFFF',
  HUGE,
  '0000-01-01',
  '9999-12-31',
  '-000001-01-01',
  '2026-02-30',
  "'; DROP TABLE ticket; --",
  '%_\\',
  '   ',
  '',
];
const NUMBER_POISONS = [1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1, 0.5, -1, 0, 1e-300];
const TYPE_POISONS: unknown[] = [null, true, 123, '12', [], {}, ['a'], { nested: { deeper: 'x' } }];

function deeplyNested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** An object with an own `__proto__` key, as JSON.parse makes it (an object literal would set the prototype). */
function withProtoKey(value: unknown): unknown {
  const base = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  return { ...(base as object), ...JSON.parse('{"__proto__": {"is_admin": true, "polluted": "yes"}}') };
}

/** Malformed variants of a good input: each poison at each leaf, and poisons of the whole input. */
export function malformedVariants(good: unknown): unknown[] {
  const variants: unknown[] = [
    null,
    [],
    'input',
    42,
    withProtoKey(good),
    deeplyNested(40),
    { ...(good as object), unknown_field_nobody_declared: 'x' },
  ];
  for (const leaf of leaves(good)) {
    const poisons =
      typeof leaf.value === 'number'
        ? [...NUMBER_POISONS, ...TYPE_POISONS]
        : typeof leaf.value === 'string'
          ? [...STRING_POISONS, ...TYPE_POISONS]
          : TYPE_POISONS;
    for (const poison of poisons) variants.push(replaceAt(good, leaf.path, poison));
    variants.push(replaceAt(good, leaf.path, withProtoKey({})));
  }
  return variants;
}
