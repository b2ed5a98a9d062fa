import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@fieldport/contract/catalogue';
import { buildSchemaSdl } from '../graphql/schema.ts';
import { HANDLERS } from './handlers.ts';

// docs/architecture.md#the-wire-format: the server registers one handler per declared operation, and a
// test fails if one is missing.
describe('the handlers of the operation catalogue', () => {
  const handled = HANDLERS.map((handler) => handler.operation.name);

  it('has a handler for every declared operation', () => {
    const missing = Object.keys(CATALOGUE).filter((name) => !handled.includes(name));
    expect(missing, 'operations declared in packages/contract without a handler').toEqual([]);
  });

  it('has no handler for an operation the catalogue does not declare', () => {
    const undeclared = handled.filter((name) => !(name in CATALOGUE));
    expect(undeclared).toEqual([]);
  });

  it('has one handler per operation, bound to the declared definition itself', () => {
    expect(new Set(handled).size).toBe(handled.length);
    for (const handler of HANDLERS) {
      expect(handler.operation, handler.operation.name).toBe(CATALOGUE[handler.operation.name]);
    }
  });

  it('puts every declared operation in the GraphQL schema, queries under Query and mutations under Mutation', () => {
    const sdl = buildSchemaSdl(CATALOGUE);
    const block = (type: string) => sdl.match(new RegExp(`type ${type} \\{([^}]*)\\}`))?.[1] ?? '';
    for (const op of Object.values(CATALOGUE)) {
      const [own, other] = op.kind === 'query' ? ['Query', 'Mutation'] : ['Mutation', 'Query'];
      expect(block(own)).toContain(`${op.name}(input: JSON): String!`);
      expect(block(other)).not.toContain(`${op.name}(`);
    }
  });
});
