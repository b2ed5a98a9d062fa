import { beforeEach, describe, expect, it, vi } from 'vitest';

// The outbox's IndexedDB and the server, in memory.
const stored = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  get: async (key: string) => stored.get(key),
  set: async (key: string, value: unknown) => void stored.set(key, value),
}));
const mutate = vi.fn();
vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { mutate: (...args: unknown[]) => mutate(...args) },
}));
vi.stubGlobal('navigator', { onLine: false });

const { ApiError, NETWORK_MESSAGE } = await import('../../api/client.ts');
const outbox = await import('./field-outbox.ts');

const note = (text: string) =>
  outbox.queueAction({
    operation: 'TicketInteraction',
    input: { ticket_id: 't1', kind: 'NOTE', text },
    ticket_id: 't1',
    ticket_label: 'AC-000001',
    summary: 'Note',
  });
const sentTexts = () => mutate.mock.calls.map(([, input]) => (input as { text: string }).text);

describe('the field app’s outbox', () => {
  beforeEach(async () => {
    mutate.mockReset();
    stored.clear();
    await outbox.openOutbox(`tech.${Math.random()}@example.com`, () => undefined);
  });

  it('sends the queued actions in the order taken, each with the time it was taken', async () => {
    mutate.mockResolvedValue({ status: 'SUCCESS' });
    const first = await note('first');
    await note('second');
    await outbox.drainOutbox();
    expect(sentTexts()).toEqual(['first', 'second']);
    expect(mutate.mock.calls[0][1]).toMatchObject({ taken_at: first.taken_at });
    expect(outbox.outboxState().entries).toEqual([]);
  });

  it('stops at a network failure and keeps the action and those after it', async () => {
    mutate.mockRejectedValueOnce(new ApiError(NETWORK_MESSAGE, 'NETWORK'));
    await note('first');
    await note('second');
    await outbox.drainOutbox();
    expect(sentTexts()).toEqual(['first']);
    expect(outbox.outboxState().entries.map((entry) => [entry.input.text, entry.state])).toEqual([
      ['first', 'queued'],
      ['second', 'queued'],
    ]);
    expect(outbox.outboxState().stoppedBy).toBe(NETWORK_MESSAGE);
  });

  it('sends an action again after a network failure with the same action_id, so that it is applied once', async () => {
    mutate
      .mockRejectedValueOnce(new ApiError(NETWORK_MESSAGE, 'NETWORK'))
      .mockResolvedValue({ status: 'SUCCESS' });
    const queued = await note('first');
    const other = await note('second');
    expect(queued.input.action_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(other.input.action_id).not.toBe(queued.input.action_id);
    await outbox.drainOutbox();
    expect(outbox.outboxState().entries[0].input.action_id).toBe(queued.input.action_id);
    await outbox.drainOutbox();
    const sentIds = mutate.mock.calls.map(([, input]) => (input as { action_id: string }).action_id);
    expect(sentIds).toEqual([queued.input.action_id, queued.input.action_id, other.input.action_id]);
    expect(outbox.outboxState().entries).toEqual([]);
  });

  it('sends an action kept from before action ids without one', async () => {
    mutate.mockResolvedValue({ status: 'SUCCESS' });
    const email = `tech.${Math.random()}@example.com`;
    const taken_at = new Date().toISOString();
    stored.set(`fieldport-outbox:${email}`, [
      {
        id: 'kept-1',
        operation: 'TicketInteraction',
        input: { ticket_id: 't1', kind: 'NOTE', text: 'kept', taken_at },
        taken_at,
        ticket_id: 't1',
        ticket_label: 'AC-000001',
        summary: 'Note',
        photo: null,
        state: 'sending',
        reason: null,
      },
    ]);
    await outbox.openOutbox(email, () => undefined);
    expect(mutate.mock.calls.map(([, input]) => input)).toEqual([
      { ticket_id: 't1', kind: 'NOTE', text: 'kept', taken_at },
    ]);
  });

  it('marks a refused action with the server’s reason and sends the next, until it is dismissed', async () => {
    mutate
      .mockRejectedValueOnce(new ApiError('Ticket AC-000001 was claimed by another technician.', 'CONFLICT'))
      .mockResolvedValue({ status: 'SUCCESS' });
    const refused = await note('first');
    await note('second');
    await outbox.drainOutbox();
    expect(sentTexts()).toEqual(['first', 'second']);
    expect(outbox.outboxState().entries).toMatchObject([
      { id: refused.id, state: 'refused', reason: 'Ticket AC-000001 was claimed by another technician.' },
    ]);
    await outbox.dismissOutboxEntry(refused.id);
    expect(outbox.outboxState().entries).toEqual([]);
  });
});
