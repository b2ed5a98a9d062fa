import { describe, expect, it } from 'vitest';
import type { OutboxEntry, QueueableName } from './field-outbox.ts';
import { waitingTicketState } from './waiting-ticket-state.ts';

let taken = 0;
function entry(
  operation: QueueableName,
  input: Record<string, unknown> = {},
  state: OutboxEntry['state'] = 'queued',
): OutboxEntry {
  const taken_at = new Date(Date.UTC(2026, 0, 1, 10, taken++)).toISOString();
  return {
    id: `entry-${taken}`,
    operation,
    input: { ticket_id: 'AC-000123', ...input, taken_at },
    taken_at,
    ticket_id: 'AC-000123',
    ticket_label: 'AC-000123',
    summary: operation,
    photo: null,
    state,
    reason: state === 'refused' ? 'Ticket not found.' : null,
  };
}

const startWork = (state?: OutboxEntry['state']) =>
  entry('UpdateTicketWorkStatus', { wip_sub_stage_id: 'stage-1' }, state);
const hold = () => entry('HoldOrResumeTicket', { action: 'HOLD', reason: 'Waiting for a part' });
const resume = () => entry('HoldOrResumeTicket', { action: 'RESUME' });
const note = () => entry('TicketInteraction', { kind: 'NOTE', text: 'Leak near the valve' });

describe("a ticket's state while its actions wait on the phone", () => {
  it('is the state the waiting actions lead to, in the order taken', () => {
    expect(waitingTicketState('ACCEPTED', [startWork()])).toEqual({ state: 'IN_PROGRESS', sending: false });
    expect(waitingTicketState('ACCEPTED', [startWork(), note(), hold()])).toEqual({
      state: 'ON_HOLD',
      sending: false,
    });
    expect(waitingTicketState('IN_PROGRESS', [hold()])).toEqual({ state: 'ON_HOLD', sending: false });
    expect(waitingTicketState('ON_HOLD', [resume()])).toEqual({ state: 'IN_PROGRESS', sending: false });
  });

  it('says when one of them is on its way', () => {
    expect(waitingTicketState('ACCEPTED', [startWork('sending'), hold()])).toEqual({
      state: 'ON_HOLD',
      sending: true,
    });
  });

  it('is null when nothing waiting changes the state', () => {
    expect(waitingTicketState('ACCEPTED', [])).toBeNull();
    expect(waitingTicketState('ACCEPTED', [note()])).toBeNull();
    // Updating work in progress keeps it in progress; a hold then a resume end where they began.
    expect(waitingTicketState('IN_PROGRESS', [startWork()])).toBeNull();
    expect(waitingTicketState('IN_PROGRESS', [hold(), resume()])).toBeNull();
  });

  it('leaves out what the server refused', () => {
    expect(waitingTicketState('ACCEPTED', [startWork('refused')])).toBeNull();
    expect(waitingTicketState('ACCEPTED', [startWork('refused'), note()])).toBeNull();
  });

  it('goes by what the technician did when the kept list is older than the ticket', () => {
    // My tickets read before the Accept still says Assigned; the work was started after it.
    expect(waitingTicketState('ASSIGNED', [startWork()])).toEqual({ state: 'IN_PROGRESS', sending: false });
  });

  it('keeps a ticket the phone knows closed or discarded as it is', () => {
    expect(waitingTicketState('CLOSED', [startWork()])).toBeNull();
    expect(waitingTicketState('PARTIALLY_CLOSED', [resume()])).toBeNull();
    expect(waitingTicketState('DISCARDED', [hold()])).toBeNull();
  });
});
