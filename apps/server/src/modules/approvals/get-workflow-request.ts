import { CheckUserForWorkflowApproval, GetWorkflowRequest } from '@fieldport/contract/operations/approvals';
import { defineHandler } from '../../platform/handler.ts';
import { mayDecide } from '../../platform/workflow.ts';
import { requestDetails } from './request-item.ts';

/** One request with its levels, decisions, record and who it waits for (docs/approvals.md). */
export const getWorkflowRequest = defineHandler(GetWorkflowRequest, async (input, { db, caller }) => ({
  data: { items: [await requestDetails(db, caller, input.request_id)] },
}));

/**
 * May the caller decide the request now, and why not (docs/approvals.md#who-approves). A request
 * the caller may not see is NOT_FOUND, as everywhere.
 */
export const checkUserForWorkflowApproval = defineHandler(
  CheckUserForWorkflowApproval,
  async (input, { db, caller }) => {
    const check = await mayDecide(db, caller, input.request_id);
    return { data: { items: [check] }, message: check.reason ?? 'You may decide this request' };
  },
);
