import { describe, expect, it } from 'vitest';
import { findUnstorableInput, MAX_INPUT_DEPTH } from './storable-input.ts';

describe('findUnstorableInput', () => {
  it('accepts ordinary text, emoji (a whole surrogate pair), numbers and nesting', () => {
    expect(
      findUnstorableInput({ name: 'Ravi Kumar 😀', city: 'बेंगलुरु', n: 3, tags: ['a', { b: null }] }),
    ).toBeNull();
  });

  it.each([
    [{ customer_name: 'Ravi\u0000Kumar' }, 'customer_name', 'NUL'],
    [{ primary_location: { address: 'x\uD800y' } }, 'primary_location.address', 'broken character'],
    [{ items: ['ok', 'bad\uDC00'] }, 'items.1', 'broken character'],
    ['\u0000', 'input', 'NUL'],
  ])('names the field of %j', (input, field, words) => {
    const found = findUnstorableInput(input);
    expect(found?.field).toBe(field);
    expect(found?.message).toContain(field);
    expect(found?.message).toContain(words);
  });

  it('refuses a __proto__ key and a broken key', () => {
    expect(findUnstorableInput(JSON.parse('{"a": {"__proto__": {"x": 1}}}'))?.field).toBe('a.__proto__');
    expect(findUnstorableInput({ ['k\u0000']: 1 })?.message).toContain('NUL');
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} levels`, () => {
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i++) deep = { a: deep };
    expect(findUnstorableInput(deep)?.message).toContain('nested too deeply');
  });
});
