import { describe, expect, it } from 'vitest';
import { TAKEN_AT_CLOCK_SKEW_MS, TAKEN_AT_MAX_AGE_MS } from '@fieldport/contract/fields';
import { actionTimeOf } from './taken-at.ts';

const now = new Date('2026-11-25T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('actionTimeOf (docs/product.md#working-offline)', () => {
  it('takes an action sent without taken_at as taken now', () => {
    expect(actionTimeOf(undefined, now)).toEqual({ takenAt: now, receivedAt: null });
    expect(actionTimeOf(null, now)).toEqual({ takenAt: now, receivedAt: null });
  });

  it('records an action sent later at its time, received now', () => {
    expect(actionTimeOf('2026-11-25T15:10:00+05:30', now)).toEqual({
      takenAt: new Date('2026-11-25T09:40:00.000Z'),
      receivedAt: now,
    });
    expect(actionTimeOf(at(-TAKEN_AT_MAX_AGE_MS), now).takenAt).toEqual(new Date(at(-TAKEN_AT_MAX_AGE_MS)));
  });

  it('takes a time within the allowed clock skew as now, and refuses one beyond it', () => {
    expect(actionTimeOf(at(TAKEN_AT_CLOCK_SKEW_MS), now)).toEqual({ takenAt: now, receivedAt: now });
    expect(() => actionTimeOf(at(TAKEN_AT_CLOCK_SKEW_MS + 1000), now)).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'taken_at' }),
    );
  });

  it('refuses a time older than the queue may hold', () => {
    expect(() => actionTimeOf(at(-TAKEN_AT_MAX_AGE_MS - 1000), now)).toThrow(
      expect.objectContaining({
        code: 'BAD_USER_INPUT',
        field: 'taken_at',
        message: 'This action was taken more than 7 days ago and can no longer be sent.',
      }),
    );
  });
});
