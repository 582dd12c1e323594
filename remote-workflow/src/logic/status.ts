// How the workflow's codes look (pure): a task's status (spec §4: 1 wait, 2 adopt, 3 reject,
// 4 revoke, 5 cancel; 0 draft), its urgency (1 normal, 2 important, 3 urgent; default normal) and
// a record's action, each as an i18n key and a tag colour. Unknown codes fall back to the default.
import { RecordAction, TaskStatus, Urgency } from '@lighting/shared/flowcore';

export interface Look {
  key: string;
  color: string;
}

const STATUS: Record<number, Look> = {
  [TaskStatus.DRAFT]: { key: 'status_0', color: 'default' },
  [TaskStatus.WAITING]: { key: 'status_1', color: 'processing' },
  [TaskStatus.APPROVED]: { key: 'status_2', color: 'success' },
  [TaskStatus.REJECTED]: { key: 'status_3', color: 'error' },
  [TaskStatus.REVOKED]: { key: 'status_4', color: 'warning' },
  [TaskStatus.CANCELLED]: { key: 'status_5', color: 'default' },
};

export const statusLook = (status: unknown): Look =>
  STATUS[Number(status)] ?? (STATUS[TaskStatus.WAITING] as Look);

const URGENCY: Record<number, Look> = {
  [Urgency.NORMAL]: { key: 'urgent_1', color: 'default' },
  [Urgency.IMPORTANT]: { key: 'urgent_2', color: 'orange' },
  [Urgency.URGENT]: { key: 'urgent_3', color: 'red' },
};

/** Urgency: anything but 2 or 3 is normal (the spec's default). */
export const urgencyLook = (u: unknown): Look => URGENCY[Number(u)] ?? (URGENCY[Urgency.NORMAL] as Look);

const ACTION: Record<number, Look> = {
  [RecordAction.REJECT]: { key: 'action_0', color: 'red' },
  [RecordAction.AGREE]: { key: 'action_1', color: 'green' },
  [RecordAction.SUBMIT]: { key: 'action_2', color: 'blue' },
  [RecordAction.RECALL]: { key: 'action_3', color: 'orange' },
  [RecordAction.CANCEL]: { key: 'action_4', color: 'gray' },
  [RecordAction.REVOKE]: { key: 'action_5', color: 'orange' },
  [RecordAction.ADD_SIGN]: { key: 'action_6', color: 'purple' },
  [RecordAction.TRANSFER]: { key: 'action_7', color: 'cyan' },
  [RecordAction.ASSIGN]: { key: 'action_8', color: 'purple' },
  [RecordAction.AUTO_PASS]: { key: 'action_9', color: 'green' },
};

export const actionLook = (a: unknown): Look => ACTION[Number(a)] ?? { key: 'action_unknown', color: 'gray' };

/** What the initiator may still do with a task of this status from the launch list. */
export function launchActions(status: number): {
  edit: boolean;
  revoke: boolean;
  press: boolean;
  remove: boolean;
} {
  return {
    edit: status === TaskStatus.DRAFT || status === TaskStatus.REJECTED || status === TaskStatus.REVOKED,
    revoke: status === TaskStatus.WAITING,
    press: status === TaskStatus.WAITING,
    remove: status === TaskStatus.DRAFT,
  };
}

/** A delegation's state at `now`: before its window, inside it (start ≤ now < end), or past it. */
export function delegationState(
  d: { startTime: number; endTime: number; enabledMark?: number },
  now: number,
): Look {
  if (d.enabledMark === 0) return { key: 'delegateOff', color: 'default' };
  if (now < d.startTime) return { key: 'delegatePending', color: 'blue' };
  if (now < d.endTime) return { key: 'delegateActive', color: 'success' };
  return { key: 'delegateEnded', color: 'default' };
}
