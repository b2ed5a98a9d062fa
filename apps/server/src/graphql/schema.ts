import type { OperationDef } from '@fieldport/contract/operation';

/**
 * The GraphQL schema, generated from the operation catalogue: every operation is a field of Query
 * or Mutation taking one `input` (a JSON object) and returning a JSON string
 * (docs/architecture.md#the-wire-format).
 */
export function buildSchemaSdl(catalogue: Record<string, OperationDef>): string {
  const field = (op: OperationDef) =>
    `  "${op.description.replace(/"/g, "'")}"\n  ${op.name}(input: JSON): String!`;
  const ops = Object.values(catalogue).sort((a, b) => a.name.localeCompare(b.name));
  const queries = ops.filter((op) => op.kind === 'query').map(field);
  const mutations = ops.filter((op) => op.kind === 'mutation').map(field);
  return [
    '"A JSON value; every operation takes one JSON object named input."',
    'scalar JSON',
    `type Query {\n${queries.join('\n') || '  _empty: String'}\n}`,
    mutations.length ? `type Mutation {\n${mutations.join('\n')}\n}` : '',
  ].join('\n\n');
}
