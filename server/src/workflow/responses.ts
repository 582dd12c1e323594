/**
 * What the workflow's calls answer (http/response.ts): the API description carries these, the
 * console's types are generated from it (shared/src/api/schema.gen.ts) and every server test checks
 * each answer against them. Times are epoch milliseconds; JSON documents (a flow's template, a form,
 * a task's data) travel as JSON text.
 */
import {
  NOTHING,
  anyJson,
  arr,
  bool,
  envelope,
  int,
  intOrNull,
  mapOf,
  obj,
  orNull,
  paged,
  record,
  str,
  strOrNull,
} from '../http/response';
import { OPTION_ITEM } from '../lowcode';

/** TaskStatus 0 draft … 5 revoked (shared/flowcore) */
const taskStatus = int;
/** 1 normal, 2 important, 3 urgent */
const urgency = int;

/** A field of a flow's form as conditions and operates see it (shared/flowcore FlowFormField). */
const FLOW_FORM_FIELD = obj(
  {
    key: str,
    label: str,
    /** null: a field no condition can compare (files, sub-table rows, paths) */
    conditionType: { type: ['string', 'null'], enum: ['number', 'text', 'boolean', null] },
    /** main field (null) or its sub-table */
    table: strOrNull,
  },
  ['key', 'label', 'conditionType'],
);

/** A flow in the designer's list and detail. */
const FLOW_FIELDS = {
  id: str,
  fullName: str,
  enCode: str,
  category: str,
  /** 0 business, 1 feature */
  type: int,
  /** 1 system form, 2 designed form */
  formType: int,
  formId: str,
  formName: str,
  icon: str,
  iconBackground: str,
  description: str,
  sortCode: int,
  /** 1 launchable (released and not stopped) */
  enabledMark: int,
  /** the latest released version, 0 never released */
  version: int,
  hasChanges: bool,
  runningCount: int,
  creatorTime: int,
  creatorUser: str,
  lastModifyTime: intOrNull,
} as const;
export const FLOW = record(FLOW_FIELDS);
export const FLOW_INFO = record({
  ...FLOW_FIELDS,
  flowTemplateJson: str,
  /** the form's JSON, with its options */
  formData: str,
  fields: arr(FLOW_FORM_FIELD),
});

/** A flow the caller may launch. */
const LAUNCHABLE = record({
  id: str,
  fullName: str,
  enCode: str,
  category: str,
  type: int,
  formType: int,
  icon: str,
  iconBackground: str,
  description: str,
});

const SELECTOR_GROUP = record({
  id: str,
  fullName: str,
  hasChildren: bool,
  children: arr(
    record({
      id: str,
      fullName: str,
      enCode: str,
      type: int,
      formType: int,
      enabledMark: int,
      hasChildren: bool,
    }),
  ),
});

/** The released version a launch uses, with whom the launcher may choose for each node. */
const RELEASED = record({
  id: str,
  fullName: str,
  enabledMark: int,
  version: int,
  formType: int,
  formId: str,
  /** the system form's key (null: a designed form) */
  formKey: strOrNull,
  formData: str,
  flowTemplateJson: str,
  fields: arr(FLOW_FORM_FIELD),
  candidates: arr(
    record({
      nodeId: str,
      title: str,
      /** null: any enabled user */
      users: orNull(arr(record({ id: str, fullName: str, account: str }))),
    }),
  ),
});

/** A flow form (the forms flows use). */
const FLOW_FORM_ROW_FIELDS = {
  id: str,
  fullName: str,
  enCode: str,
  formType: int,
  /** a system form's key */
  systemKey: strOrNull,
  /** a designed form's low-code model */
  modelId: strOrNull,
  description: str,
  sortCode: int,
  flowCount: int,
  creatorTime: int,
} as const;
const FLOW_FORM_ROW = record(FLOW_FORM_ROW_FIELDS);

/** A field's read/write/required for the viewer (shared/flowcore FormOperate). */
const FORM_OPERATE = record({ id: str, read: bool, write: bool, required: bool });

/** The reject that sent a task back to its initiator. */
const REJECTION = orNull(record({ nodeName: str, userName: str, handleTime: int, handleOpinion: strOrNull }));

const TASK_INFO_FIELDS = {
  id: str,
  fullName: str,
  flowId: str,
  flowName: str,
  flowCategory: str,
  flowVersion: int,
  status: taskStatus,
  flowUrgent: urgency,
  creatorUserId: str,
  userName: str,
  creatorTime: int,
  /** the last submit; null for a draft never submitted */
  startTime: intOrNull,
  completionTime: intOrNull,
  /** the waiting nodes' titles */
  thisStep: str,
  /** optimistic lock: +1 on every action */
  version: int,
} as const;

/** A task as its launch page reads it. */
const TASK = record({
  ...TASK_INFO_FIELDS,
  data: str,
  formType: int,
  formKey: strOrNull,
  formData: str,
  flowTemplateJson: str,
  formOperates: arr(FORM_OPERATE),
  rejection: REJECTION,
});

/** What the task page shows one viewer (workflow/view.ts). */
export const TASK_PAGE = record({
  flowTaskInfo: record(TASK_INFO_FIELDS),
  formType: int,
  formKey: strOrNull,
  formData: str,
  data: str,
  /** every value field's access for the viewer (write only at the viewer's waiting node) */
  formOperates: arr(FORM_OPERATE),
  flowTemplateJson: str,
  nodes: arr(
    record({
      nodeId: str,
      type: str,
      title: str,
      /** NodeState */
      state: int,
      /** who acts or acted there (a copy node: whom it copied to) */
      handlers: arr(record({ userId: str, userName: str, state: int, handleStatus: intOrNull })),
      /** a node not reached yet: whom it would go to now */
      planned: arr(record({ userId: str, userName: str })),
    }),
  ),
  records: arr(
    record({
      id: str,
      nodeId: str,
      nodeName: str,
      /** RecordAction */
      handleStatus: int,
      /** null: a step the engine took (no one acted) */
      handleId: strOrNull,
      userName: str,
      delegatorId: strOrNull,
      /** set when the user acted for someone (the delegator) */
      delegatorName: str,
      handleTime: int,
      handleOpinion: strOrNull,
      signImg: strOrNull,
      targetUserId: strOrNull,
      targetUserName: str,
      targetNodeId: strOrNull,
      /** a vote taken back later */
      recalled: bool,
    }),
  ),
  rejection: REJECTION,
  /** a sub-flow's child task: its parent task and the parent's sub-flow node */
  parent: orNull(record({ taskId: str, fullName: str, nodeId: str, nodeName: str })),
  /** the child tasks this task's sub-flow nodes launched, with their status (TaskStatus) and launcher */
  children: arr(
    record({
      taskId: str,
      fullName: str,
      nodeId: str,
      round: int,
      status: taskStatus,
      creatorUserId: str,
      userName: str,
    }),
  ),
  /** the viewer's waiting row, with the node's buttons */
  operator: orNull(
    record({
      id: str,
      nodeId: str,
      nodeName: str,
      delegatorId: strOrNull,
      delegatorName: str,
      properties: record({
        hasAuditBtn: bool,
        hasRejectBtn: bool,
        hasTransferBtn: bool,
        hasFreeApprover: bool,
        hasSign: bool,
        hasCopyBtn: bool,
        rejectStep: str,
      }),
      rejectTargets: arr(record({ nodeId: str, title: str })),
    }),
  ),
  /** every waiting row of the viewer on this task */
  operators: arr(record({ id: str, nodeId: str, delegatorName: str })),
  recall: orNull(record({ recordId: str })),
  canRevoke: bool,
  canPress: bool,
  /** the initiator may edit and resubmit (draft, rejected, revoked) */
  canEdit: bool,
  canCancel: bool,
});

/**
 * A row of the to-do (1), done (2) and copies (3) lists: the task's columns in every list, and
 * each list's own (to-do: receiveTime, delegator; done: handleStatus, handleTime, recalled,
 * canRecall; copies: creatorTime, isRead).
 */
const BEFORE_ROW = obj(
  {
    id: str,
    taskId: str,
    nodeId: str,
    fullName: str,
    flowId: str,
    flowName: str,
    flowCategory: str,
    flowUrgent: urgency,
    status: taskStatus,
    creatorUserId: str,
    userName: str,
    startTime: intOrNull,
    thisStep: str,
    /** a sub-flow's child task: its parent task */
    parentTaskId: strOrNull,
    receiveTime: int,
    delegatorId: strOrNull,
    delegatorName: str,
    handleStatus: int,
    handleTime: int,
    recalled: int,
    canRecall: bool,
    creatorTime: int,
    isRead: int,
  },
  [
    'id',
    'taskId',
    'nodeId',
    'fullName',
    'flowId',
    'flowName',
    'flowCategory',
    'flowUrgent',
    'status',
    'creatorUserId',
    'userName',
    'startTime',
    'thisStep',
    'parentTaskId',
  ],
);

/** A task in the launcher's and the monitor's lists. */
const TASK_ROW = record({
  id: str,
  fullName: str,
  flowId: str,
  flowName: str,
  flowCategory: str,
  status: taskStatus,
  flowUrgent: urgency,
  thisStep: str,
  creatorUserId: str,
  userName: str,
  startTime: intOrNull,
  completionTime: intOrNull,
  creatorTime: int,
  lastModifyTime: int,
  version: int,
  /** a sub-flow's child task: its parent task */
  parentTaskId: strOrNull,
});

/** A delegation (entrust), seen by the one who gave it (out) or received it (in). */
const DELEGATE = record({
  id: str,
  userId: str,
  userName: str,
  toUserId: str,
  toUserName: str,
  /** '' for every flow */
  flowId: str,
  flowName: str,
  startTime: int,
  endTime: int,
  description: str,
  enabledMark: int,
  creatorTime: int,
  direction: { type: 'string', enum: ['out', 'in'] },
});

const withId = envelope(record({ id: str }));
/** What a launch or an approver's action leaves: the task and where it stands. */
const launched = envelope(record({ id: str, status: taskStatus }));

export const WORKFLOW_ANSWERS = {
  nothing: NOTHING,
  withId,
  flows: paged(FLOW),
  flow: envelope(FLOW_INFO),
  launchable: envelope(record({ list: arr(LAUNCHABLE) })),
  selector: envelope(record({ list: arr(SELECTOR_GROUP) })),
  copied: envelope(record({ id: str, fullName: str, enCode: str })),
  released: envelope(record({ version: int })),
  formDataFields: envelope(
    record({ list: arr(record({ vModel: str, label: str, jnpfKey: str, conditionType: strOrNull })) }),
  ),
  /** each approved task's id and the asked field's value */
  fieldData: paged(mapOf(anyJson)),
  releasedFlow: envelope(RELEASED),
  options: envelope(record({ list: arr(OPTION_ITEM) })),
  forms: paged(FLOW_FORM_ROW),
  formList: envelope(record({ list: arr(record({ id: str, fullName: str, enCode: str, formType: int })) })),
  form: envelope(record({ ...FLOW_FORM_ROW_FIELDS, formData: str, fields: arr(FLOW_FORM_FIELD) })),
  beforeList: paged(BEFORE_ROW),
  counts: envelope(record({ todo: int, circulate: int })),
  taskPage: envelope(TASK_PAGE),
  acted: envelope(record({ taskId: str, status: taskStatus })),
  tasks: paged(TASK_ROW),
  pressed: envelope(record({ pressed: int })),
  cancelled: envelope(record({ cancelled: int })),
  delegates: paged(DELEGATE),
  delegate: envelope(DELEGATE),
  launched,
  task: envelope(TASK),
  taskData: envelope(record({ id: str, data: str })),
  /** a system form's values at the top, with the task's id, flow and status */
  formValues: envelope(mapOf(anyJson)),
} as const;
