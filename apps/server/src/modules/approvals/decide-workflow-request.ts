import { DecideWorkflowRequest, WithdrawWorkflowRequest } from '@fieldport/contract/operations/approvals';
import { defineHandler } from '../../platform/handler.ts';
import { decide, withdraw } from '../../platform/workflow.ts';
import { requestDetails } from './request-item.ts';

const EFFECT_MESSAGES = {
  LEVEL_WAITING: (level: number) => `Approved. Level ${level} waits for its other approvers.`,
  NEXT_LEVEL: (level: number) => `Approved. The request moves to level ${level}.`,
  APPROVED: () => 'Approved. The request is approved.',
  REJECTED: () => 'Rejected. The requester is told.',
} as const;

/** Approve or reject at the level the person saw (docs/approvals.md#levels). */
export const decideWorkflowRequest = defineHandler(DecideWorkflowRequest, async (input, context) => {
  const outcome = await decide(context, input);
  const { request } = outcome;
  context.auditTarget = request.id;
  context.auditChanges = {
    kind: request.kind,
    record_id: request.record_id,
    level: input.level,
    decision: input.decision,
    comment: input.comment,
    state: request.state,
    current_level: request.current_level,
  };
  return {
    data: { items: [await requestDetails(context.db, context.caller, request.id)] },
    message: EFFECT_MESSAGES[outcome.effect](request.current_level),
  };
});

/** The requester takes back a pending request (docs/approvals.md#withdrawing). */
export const withdrawWorkflowRequest = defineHandler(WithdrawWorkflowRequest, async (input, context) => {
  const request = await withdraw(context, input);
  context.auditTarget = request.id;
  context.auditChanges = {
    kind: request.kind,
    record_id: request.record_id,
    level: request.current_level,
    reason: request.withdraw_reason,
  };
  return {
    data: { items: [await requestDetails(context.db, context.caller, request.id)] },
    message: 'Request withdrawn',
  };
});
