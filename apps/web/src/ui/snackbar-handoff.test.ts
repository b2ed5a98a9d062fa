import { describe, expect, it } from 'vitest';
import { handOver, takeHandedOver } from './snackbar-handoff.ts';

describe('snackbar hand-over', () => {
  it('gives the message handed over to the next screen once', () => {
    handOver('Logged in Successfully..!', 'success');
    expect(takeHandedOver()).toEqual({ message: 'Logged in Successfully..!', variant: 'success' });
    expect(takeHandedOver()).toBeNull();
  });

  it('keeps only the latest message', () => {
    handOver('first', 'error');
    handOver('second', 'success');
    expect(takeHandedOver()).toEqual({ message: 'second', variant: 'success' });
  });
});
