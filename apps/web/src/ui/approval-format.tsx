import type { ChipProps } from '@mui/material/Chip';
import type {
  WorkflowApprovers,
  WorkflowDecision,
  WorkflowLevelState,
  WorkflowPerson,
  WorkflowRequestItem,
  WorkflowRequestState,
  WorkflowRule,
  WorkflowView,
} from '@fieldport/contract/operations/approvals';
import { roleLabel } from '@fieldport/contract/roles';
import { StateChip } from './status-chip.tsx';

/** How approval requests read on screen (docs/approvals.md): states, levels, approvers. */

export const VIEW_LABELS: Record<WorkflowView, string> = {
  WAITING_FOR_ME: 'Waiting for me',
  MINE: 'Raised by me',
  ALL: 'All',
};

export const REQUEST_STATE_LABELS: Record<WorkflowRequestState, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
};

const REQUEST_STATE_COLORS: Record<WorkflowRequestState, ChipProps['color']> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
};

export function RequestStateChip({ state }: { state: WorkflowRequestState }) {
  return (
    <StateChip
      label={REQUEST_STATE_LABELS[state]}
      color={REQUEST_STATE_COLORS[state]}
      outlined={state === 'WITHDRAWN'}
    />
  );
}

/** Where a request is: 'Level 1 of 2' (once ended, the level where it ended). */
export function levelOf(item: Pick<WorkflowRequestItem, 'current_level' | 'level_count'>): string {
  return `Level ${item.current_level} of ${item.level_count}`;
}

export const RULE_LABELS: Record<WorkflowRule, string> = {
  ANY: 'Any one of them',
  ALL: 'All of them',
};

export const LEVEL_STATES: Record<WorkflowLevelState, { label: string; color: ChipProps['color'] }> = {
  APPROVED: { label: 'Approved', color: 'success' },
  REJECTED: { label: 'Rejected', color: 'error' },
  CURRENT: { label: 'Waiting here', color: 'warning' },
  NOT_REACHED: { label: 'Not reached yet', color: 'default' },
  WITHDRAWN: { label: 'Withdrawn here', color: 'default' },
};

export const DECISION_LABELS: Record<WorkflowDecision, string> = {
  APPROVE: 'Approved',
  REJECT: 'Rejected',
};

/** Whom a level names, as Workflow Settings named them: designations, people, roles. */
export function approversOf(level: WorkflowApprovers): string {
  const named = [
    ...level.designations.map((entry) => `${entry.designation_name} (designation)`),
    ...level.users.map((entry) => entry.user_name),
    ...level.roles.map((role) => `${roleLabel(role)} (role)`),
  ];
  return named.length ? named.join(', ') : 'nobody';
}

/** 'Manoj Manager (Service Manager)': a person with their designation, or their role. */
export function personLabel(person: WorkflowPerson): string {
  return `${person.user_name} (${person.designation_name ?? roleLabel(person.user_type)})`;
}
