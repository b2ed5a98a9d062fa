import { eq } from 'drizzle-orm';
import { ListWorkFlows } from '@fieldport/contract/operations/approvals';
import { workflowRequest } from '../../db/schema/approvals.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { withinDays } from '../../platform/organization-days.ts';
import { visibleRequests } from '../../platform/workflow.ts';
import { callerDecides, loadApproverRights, type ApproverRights } from '../../platform/workflow-approvers.ts';
import { requestSelect, toRequestItem } from './request-item.ts';

/**
 * ListWorkFlows (docs/approvals.md#who-sees-what): the requests waiting for the caller's decision,
 * the caller's own, or all the caller may see, paged, filtered and sorted in SQL. Whether the
 * caller may decide a request depends on the organization's designations (who has the Approve
 * right), read once per call; the list is then declared for that call.
 */
function requestList(rights: ApproverRights, caller: Caller) {
  return defineList(ListWorkFlows, {
    table: workflowRequest,
    scope: visibleRequests,
    select: requestSelect(rights, caller),
    search: [workflowRequest.summary],
    sort: {
      created_on: workflowRequest.created_at,
      updated_on: workflowRequest.updated_at,
      kind: workflowRequest.kind,
      state: workflowRequest.state,
    },
    filters: (input) => [
      input.view === 'MINE' ? eq(workflowRequest.requester_member_id, caller.membership.id) : undefined,
      input.view === 'WAITING_FOR_ME' ? callerDecides(rights, caller) : undefined,
      input.kind ? eq(workflowRequest.kind, input.kind) : undefined,
      input.state ? eq(workflowRequest.state, input.state) : undefined,
      ...withinDays(
        workflowRequest.created_at,
        input.created_from,
        input.created_to,
        caller.organization.time_zone,
      ),
    ],
    toItem: toRequestItem,
  });
}

export const listWorkFlows = defineHandler(ListWorkFlows, async (input, context) => {
  const rights = await loadApproverRights(context.db, context.caller);
  return requestList(rights, context.caller).handle(input, context);
});
