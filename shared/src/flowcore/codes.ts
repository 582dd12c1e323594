/**
 * The workflow's numeric codes (design/workflow.md "Statuses and codes"; spec §4). They are the
 * JNPF client's values: keep them, a JNPF front end reads them.
 */

/** A task's (an instance's) status. 0 draft is ours too: saved, never submitted. */
export const TaskStatus = {
  DRAFT: 0,
  /** 等待审核 (handle): at least one node waits */
  WAITING: 1,
  /** 审核通过 (adopt) */
  APPROVED: 2,
  /** 审核驳回 (reject): back with the initiator, whose form is editable again */
  REJECTED: 3,
  /** 流程撤回 (revoke): the initiator withdrew it */
  REVOKED: 4,
  /** 审核终止 (cancel): an administrator or the monitor stopped it */
  CANCELLED: 5,
} as const;
export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];
export const TASK_STATUSES: readonly TaskStatusValue[] = [0, 1, 2, 3, 4, 5];
/** Statuses no action leaves (3 and 4 return to the initiator, who may submit again). */
export const TERMINAL_STATUSES: ReadonlySet<number> = new Set([TaskStatus.APPROVED, TaskStatus.CANCELLED]);

export const Urgency = { NORMAL: 1, IMPORTANT: 2, URGENT: 3 } as const;
export type UrgencyValue = (typeof Urgency)[keyof typeof Urgency];
export const URGENCIES: readonly UrgencyValue[] = [1, 2, 3];

/**
 * What a record (the timeline's entry) says happened. 0–4, 6, 7 are JNPF's; 5 revoke, 8 assign,
 * 9 auto-pass (no approver found) and 10 launch-with-draft-saved are ours.
 */
export const RecordAction = {
  REJECT: 0,
  AGREE: 1,
  SUBMIT: 2,
  RECALL: 3,
  CANCEL: 4,
  REVOKE: 5,
  ADD_SIGN: 6,
  TRANSFER: 7,
  ASSIGN: 8,
  AUTO_PASS: 9,
} as const;
export type RecordActionValue = (typeof RecordAction)[keyof typeof RecordAction];

/** FlowEngine.type: 0 a flow users launch, 1 a function flow (started by a product feature). */
export const FlowType = { LAUNCH: 0, FUNCTION: 1 } as const;
/** FlowEngine.formType: 1 a system form (built in), 2 a designer form (a low-code model). */
export const FormType = { SYSTEM: 1, DESIGNER: 2 } as const;

/** FlowBefore/List/{category}. */
export const BeforeCategory = { TODO: 1, DONE: 2, CIRCULATE: 3 } as const;

/** In-app message types the workflow sends (spec §3 Message: bodyText JSON type). */
export const FlowMessageType = { TODO: 2, CIRCULATE: 3, LAUNCH: 4 } as const;

/** Who approves at an approver node (properties.assigneeType). */
export const AssigneeType = {
  /** the initiator's manager, `managerLevel` levels up */
  MANAGER: 1,
  /** the head of the initiator's department */
  DEPARTMENT_HEAD: 2,
  /** the initiator */
  INITIATOR: 3,
  /** the users a form field holds (`formField`) */
  FORM_FIELD: 4,
  /** whoever handled node `assigneeNode` */
  SAME_AS_NODE: 5,
  /** named users, positions and roles (`approvers`, `approverPos`, `approverRole`) */
  NAMED: 6,
  /** the initiator chooses at launch, among `approvers`/`approverPos`/`approverRole` when set */
  CHOSEN_AT_LAUNCH: 7,
} as const;
export type AssigneeTypeValue = (typeof AssigneeType)[keyof typeof AssigneeType];
export const ASSIGNEE_TYPES: readonly AssigneeTypeValue[] = [1, 2, 3, 4, 5, 6, 7];

/** properties.counterSign: how several approvers of one node decide. */
export const SignMode = {
  /** 或签: the first vote decides, the other rows are voided */
  OR: 0,
  /** 会签: pass when agreed/total ≥ ratio, fail when rejected/total > 1 − ratio */
  COUNTER: 1,
  /** 依次审批: one after another in order */
  SEQUENTIAL: 2,
} as const;
export type SignModeValue = (typeof SignMode)[keyof typeof SignMode];

/** properties.rejectStep: '0' the initiator, '1' the previous node, or a node id. */
export const RejectStep = { INITIATOR: '0', PREVIOUS: '1' } as const;

/** properties.noApproverHandler: what happens when an approver node resolves to nobody. */
export const NoApprover = {
  /** the node passes by itself (a record says so) */
  AUTO_PASS: 1,
  /** the administrators approve instead */
  ADMIN: 2,
} as const;
export type NoApproverValue = (typeof NoApprover)[keyof typeof NoApprover];

/** timeoutConfig.handler: what a timeout does to the waiting rows. */
export const TimeoutHandler = { AGREE: 1, REJECT: 2 } as const;

/** An operator row (one person's turn at one node). */
export const OperatorState = {
  /** waiting for this person */
  WAITING: 0,
  /** this person acted */
  DONE: 1,
  /** no longer needed: the node was decided without this vote, or the task moved on */
  VOIDED: 2,
  /** sequential signing: not this person's turn yet */
  QUEUED: 3,
  /** handed to someone else (transfer, the monitor's assign): never restored by a recall */
  TRANSFERRED: 4,
} as const;
export type OperatorStateValue = (typeof OperatorState)[keyof typeof OperatorState];

/** A task node's state (the chart's colours). */
export const NodeState = {
  /** the token has not reached it (or it was rewound past) */
  PENDING: 0,
  /** waiting for approvers or its timer */
  ACTIVE: 1,
  /** passed */
  DONE: 2,
  /** skipped: a branch not taken */
  SKIPPED: 3,
  /** rejected at this node */
  REJECTED: 4,
} as const;
export type NodeStateValue = (typeof NodeState)[keyof typeof NodeState];

/** Limits the server enforces on definitions. */
export const FLOW_LIMITS = {
  /** nodes in one definition */
  maxNodes: 300,
  /** branch nesting depth */
  maxDepth: 20,
  /** named approvers / positions / roles per node */
  maxAssignees: 200,
  /** conditions per branch */
  maxConditions: 30,
  /** a definition's JSON text */
  maxJsonChars: 400_000,
  /** manager levels up */
  maxManagerLevel: 10,
} as const;
