/**
 * Row types of the workflow's tables (migration 0016), merged into `Database` in db/schema.ts.
 * The flows themselves are `flow_engine` (db/schema.ts, from 0001, extended by 0016).
 */
import type { Generated } from 'kysely';

/** A form a flow can use: a built-in system form or a low-code model. */
export interface FlowFormTable {
  id: string;
  fullName: string;
  enCode: string;
  /** 1 system form, 2 designer form */
  formType: number;
  /** a system form's key (repairDispatch, workTicket, leaveApply); null for a designer form */
  systemKey: string | null;
  /** a designer form's low-code model; null for a system form and a flow's own form */
  modelId: string | null;
  /**
   * Migration 0021: a flow's own designed form (formType 2): the form JSON as the JNPF 3.x client
   * sent it in the flow's `formData` (3.x kept a flow's form in the flow); null otherwise.
   */
  formJson: string | null;
  description: string;
  sortCode: number;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
}

/** A released (frozen) version of a flow: the tree and the form JSON of that moment. */
export interface FlowVersionTable {
  id: string;
  flowId: string;
  version: number;
  /** the normalised definition tree (JSON text) */
  flowTemplateJson: string;
  formType: number;
  formId: string;
  /** the form JSON (formcore) frozen with the version */
  formData: string;
  /** a designer form's model version at release (0 for system forms) */
  formVersion: number;
  createdAt: number;
  createdBy: string | null;
}

/** An instance (a launched or drafted task). */
export interface FlowTaskTable {
  id: string;
  flowId: string;
  /** flow_version.id the task runs on (the latest released when drafted) */
  versionId: string;
  flowVersion: number;
  fullName: string;
  /** TaskStatus 0–5 */
  status: number;
  flowUrgent: number;
  /** the form's values (JSON text) */
  data: string;
  /** approvers chosen at launch: {nodeId: [userId…]} (JSON text) */
  candidates: string;
  /** extra copy recipients chosen at launch (JSON text list) */
  copyIds: string;
  creatorUserId: string;
  createdAt: number;
  /** the last submit; null for a draft never submitted */
  startTime: number | null;
  completionTime: number | null;
  updatedAt: number;
  /** optimistic lock: +1 on every action */
  version: number;
  /** the waiting nodes' titles, '、'-joined (lists show it) */
  thisStep: string;
  /** what the task is about in another domain: 'repairOrder' + order id (the dispatch gate) */
  refType: string | null;
  refId: string | null;
  /** the last press (remind) */
  pressedAt: number | null;
  /**
   * Migration 0025: a sub-flow's child task names its parent task, the parent's sub-flow node and
   * that node's round (a parent sent back and run again launches new children); null otherwise.
   */
  parentTaskId: string | null;
  parentNodeId: string | null;
  parentRound: number | null;
}

/** One definition node's state in a task (one row per node reached; re-entering reuses it). */
export interface FlowTaskNodeTable {
  id: string;
  taskId: string;
  nodeId: string;
  nodeType: string;
  title: string;
  /** NodeState 0–4 */
  state: number;
  /** the task version when the node was last entered (its round): operators and timers carry it */
  round: number;
  enteredAt: number | null;
  completedAt: number | null;
  /** a parallel group's holder: the branch indexes done (JSON text list) */
  joined: string;
}

/** One person's turn at one node. */
export interface FlowOperatorTable {
  id: string;
  taskId: string;
  nodeId: string;
  /** the node's round it belongs to */
  round: number;
  userId: string;
  /** OperatorState 0 waiting, 1 done, 2 voided, 3 queued */
  state: number;
  /** sequential signing order */
  sortOrder: number;
  /** RecordAction of the vote (1 agree, 0 reject) once done */
  handleStatus: number | null;
  handleTime: number | null;
  /** who added this row (add-sign, transfer, assign) */
  addedBy: string | null;
  createdAt: number;
}

/** The timeline: what happened, by whom, for whom. */
export interface FlowRecordTable {
  id: string;
  taskId: string;
  /** order within the task */
  seq: number;
  nodeId: string;
  nodeName: string;
  operatorId: string | null;
  /** RecordAction */
  handleStatus: number;
  /** who acted (null: the system — a timeout or an auto-pass) */
  handleId: string | null;
  /** acted for this user (entrust) */
  delegatorId: string | null;
  handleTime: number;
  handleOpinion: string;
  /** a drawn signature (data URL) */
  signImg: string;
  /** transfer / add-sign / assign: the new handler; reject: the target node */
  targetUserId: string | null;
  targetNodeId: string | null;
  /** 1 when a recall took this vote back */
  recalled: number;
}

/** A copy (抄送) to one user. */
export interface FlowCirculateTable {
  id: string;
  taskId: string;
  nodeId: string;
  nodeName: string;
  userId: string;
  createdAt: number;
  isRead: number;
  readAt: number | null;
}

/** Entrust: `userId` lets `toUserId` handle their to-dos of `flowId` ('' = every flow) in a window. */
export interface FlowDelegateTable {
  id: string;
  userId: string;
  toUserId: string;
  flowId: string;
  startTime: number;
  endTime: number;
  description: string;
  enabledMark: number;
  createdAt: number;
  updatedAt: number | null;
}

/** A durable timer: a timeout, a reminder, a timer node, or a domain hook after completion. */
export interface FlowTimerTable {
  id: string;
  taskId: string;
  /**
   * 'timeout' | 'remind' | 'timer' | 'hook', and for sub-flows: 'subflow' (on the parent: a child
   * finished, look again), 'submit' (on a child launched with autoSubmit: submit the draft) and
   * 'cancel' (on a child whose parent was revoked or cancelled: it stops too)
   */
  kind: string;
  nodeId: string;
  /** the node round the timer belongs to (stale rounds fire as no-ops) */
  round: number;
  dueAt: number;
  /** 0 due, 1 fired, 2 cancelled */
  state: number;
  /** the instance that claimed it and until when (a crashed claim expires) */
  claimedBy: string | null;
  claimUntil: number | null;
  firedAt: number | null;
  /** kind-specific JSON text (remind: times left; hook: the system form key) */
  payload: string;
  attempts: number;
}

export interface FlowEngineTable {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  /** 0 launch flow, 1 function flow. */
  type: number;
  icon: string;
  iconBackground: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
  /** Migration 0016 (workflow/migration.ts): 1 system form, 2 designer form. */
  formType: Generated<number>;
  /** the flow_form it uses */
  formId: Generated<string>;
  /** the working copy of the definition tree (JSON text; '' before the first save) */
  flowTemplateJson: Generated<string>;
  /** the latest released version (flow_version.version); 0 never released */
  version: Generated<number>;
  visibleType: Generated<number>;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface WorkflowTables {
  flow_engine: FlowEngineTable;
  flow_form: FlowFormTable;
  flow_version: FlowVersionTable;
  flow_task: FlowTaskTable;
  flow_task_node: FlowTaskNodeTable;
  flow_operator: FlowOperatorTable;
  flow_record: FlowRecordTable;
  flow_circulate: FlowCirculateTable;
  flow_delegate: FlowDelegateTable;
  flow_timer: FlowTimerTable;
}
