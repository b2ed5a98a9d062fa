import { checkUserForWorkflowApproval, getWorkflowRequest } from './get-workflow-request.ts';
import { decideWorkflowRequest, withdrawWorkflowRequest } from './decide-workflow-request.ts';
import { listWorkFlows } from './list-work-flows.ts';
import {
  listWorkflowApproverChoices,
  listWorkflowSettings,
  previewWorkflowSettings,
  saveWorkflowSettings,
} from './workflow-settings.ts';

/** Every approvals operation's handler (docs/approvals.md), for modules/handlers.ts. */
export const approvalHandlers = [
  listWorkFlows,
  getWorkflowRequest,
  checkUserForWorkflowApproval,
  decideWorkflowRequest,
  withdrawWorkflowRequest,
  listWorkflowSettings,
  previewWorkflowSettings,
  saveWorkflowSettings,
  listWorkflowApproverChoices,
];
