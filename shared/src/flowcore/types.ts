/**
 * The flow definition (design/workflow.md): a nested tree, DingTalk style, in JNPF's shape so a JNPF
 * front end's JSON loads. A node's `childNode` is what follows it; a branch group is a node holding
 * `conditionNodes` (one entry per branch, each the head of its branch's chain) and its `childNode`
 * follows once the group is done. `normalizeFlow` (tree.ts) puts every group on an `empty` node,
 * so after loading, only `empty` nodes hold branches.
 *
 * Pure types: no React, no I/O (the server imports this file).
 */
import type { AssigneeTypeValue, NoApproverValue, SignModeValue } from './codes';

export type FlowNodeType = 'start' | 'approver' | 'copy' | 'timer' | 'condition' | 'subFlow' | 'empty';

/** A branch group: condition branches (the first whose predicates hold, else the default) or parallel ones (all). */
export type BranchKind = 'condition' | 'interflow';

/** Per-node access to one form field (a main field's key, or 'table.column'). */
export interface FormOperate {
  id: string;
  read: boolean;
  write: boolean;
  required: boolean;
}

export type ConditionSymbol = '>=' | '>' | '==' | '<=' | '<' | '<>';
export const CONDITION_SYMBOLS: readonly ConditionSymbol[] = ['>=', '>', '==', '<=', '<', '<>'];
/** How a condition compares: numbers (amounts, dates as ms), text (also option ids), or a switch. */
export type ConditionFieldType = 'number' | 'text' | 'boolean';

/**
 * One typed predicate over a form field. `logic` joins it to the NEXT predicate of the branch (the
 * last one's is ignored, as JNPF reads it); && binds tighter than ||.
 */
export interface ConditionPredicate {
  field: string;
  fieldName?: string;
  fieldType: ConditionFieldType;
  symbol: ConditionSymbol;
  /** JNPF's spelling. A number for 'number', a string for 'text', a boolean for 'boolean'. */
  filedValue: string | number | boolean;
  logic: '&&' | '||';
}

export interface TimeoutConfig {
  on: boolean;
  quantity: number;
  type: 'day' | 'hour' | 'minute';
  /** 1 agree, 2 reject (TimeoutHandler) */
  handler: 1 | 2;
}

/** Reminders: the waiting approvers are pressed every `quantity` `type` (at most `times` times). */
export interface RemindConfig {
  on: boolean;
  quantity: number;
  type: 'day' | 'hour' | 'minute';
  times: number;
}

/** Who receives copies (抄送): users, positions and roles, plus the initiator's own choice at launch. */
export interface CirculateTargets {
  circulateUser?: string[];
  circulatePosition?: string[];
  circulateRole?: string[];
}

export interface StartProperties extends CirculateTargets {
  title: string;
  /** who may launch: users, positions, roles; all empty = everyone with the launch menu */
  initiator: string[];
  initiatePos: string[];
  initiateRole: string[];
  formOperates: FormOperate[];
  /** flow-wide: an approver node that resolves to nobody passes by itself (1) or goes to the administrators (2) */
  noApproverHandler?: NoApproverValue;
  [key: string]: unknown;
}

export interface ApproverProperties extends CirculateTargets {
  title: string;
  assigneeType: AssigneeTypeValue;
  /** type 1: levels up the manager chain (1 = the direct manager) */
  managerLevel?: number;
  /** type 4: the form field holding user ids */
  formField?: string;
  /** type 5: the node whose handlers approve here too */
  assigneeNode?: string;
  /** type 6 (and 7's candidates): user, position and role ids */
  approvers?: string[];
  approverPos?: string[];
  approverRole?: string[];
  counterSign: SignModeValue;
  /** countersign: the percentage of agreeing votes that passes the node (1–100, default 100) */
  countersignRatio?: number;
  /** '0' initiator, '1' previous node, or an upstream approver's nodeId */
  rejectStep: string;
  formOperates: FormOperate[];
  timeoutConfig?: TimeoutConfig;
  remindConfig?: RemindConfig;
  /** overrides the start node's handler for this node */
  noApproverHandler?: NoApproverValue;
  hasAuditBtn?: boolean;
  hasRejectBtn?: boolean;
  /** 撤回: the approver may take the vote back while the next node has not acted */
  hasRevokeBtn?: boolean;
  hasTransferBtn?: boolean;
  /** 加签 */
  hasFreeApprover?: boolean;
  /** the approver draws a signature */
  hasSign?: boolean;
  /** the approver may choose extra copy recipients (copyIds) */
  hasCopyBtn?: boolean;
  [key: string]: unknown;
}

export interface CopyProperties extends CirculateTargets {
  title: string;
  /** the initiator may add recipients at launch */
  userOptional?: boolean;
  [key: string]: unknown;
}

export interface TimerProperties {
  title: string;
  day: number;
  hour: number;
  minute: number;
  second: number;
  [key: string]: unknown;
}

export interface ConditionProperties {
  title: string;
  priority: number;
  isDefault: boolean;
  conditions: ConditionPredicate[];
  [key: string]: unknown;
}

/** One parent→child field copy of a sub-flow node (3.x `ruleList` entry). */
export interface SubFlowRule {
  /** a field of the parent task's form */
  parentField: string;
  /** the child flow's form field it is copied into */
  childField: string;
  [key: string]: unknown;
}

/** 3.x `assignList` entry: the rules written for one node before the sub-flow (its form's fields). */
export interface SubFlowAssign {
  nodeId: string;
  title?: string;
  ruleList: SubFlowRule[];
  [key: string]: unknown;
}

/**
 * A sub-flow node as JNPF 3.x writes it (its Vue 3 designer's `defaultSubFlowForm`): the child flow
 * (`flowId`), who launches it (`initiateType`, the approver codes: 1 manager, 2 department head,
 * 3 the initiator, 4 a form field, 5 same as node `nodeId`, 6 named `initiator` users: one child
 * task each), the field copies (`assignList`), synchronous (the parent waits) or not (`isAsync`).
 */
export interface SubFlowProperties {
  title: string;
  flowId: string;
  flowName?: string;
  initiateType: number;
  /** type 6: the users who each launch one child */
  initiator?: string[];
  managerLevel?: number;
  formField?: string;
  /** type 5: the node whose approvers launch */
  nodeId?: string;
  assignList?: SubFlowAssign[];
  /** true: the parent goes on at once; false (3.x's default): it waits for every child */
  isAsync?: boolean;
  /** true: the child is submitted at once; false (3.x's default): a draft its initiator submits */
  autoSubmit?: boolean;
  /** nobody resolved: 1 the administrators (3.x 超级管理员), 2 `errorRuleUser`, 6 the parent's initiator */
  errorRule?: number;
  errorRuleUser?: string[];
  [key: string]: unknown;
}

export interface EmptyProperties {
  title?: string;
  [key: string]: unknown;
}

interface NodeBase<T extends FlowNodeType, P> {
  type: T;
  nodeId: string;
  /** the node before this one (the parent in the tree); null for the start */
  prevId: string | null;
  properties: P;
  childNode?: FlowNode | null;
  /** branch heads: only on `empty` nodes after normalizeFlow */
  conditionNodes?: FlowNode[];
  conditionType?: BranchKind;
  /** a parallel branch's head (an approver) */
  isInterflow?: boolean;
  /** the designer's summary text; ignored by the engine */
  content?: string;
  /** other keys of saved JSON are kept */
  [key: string]: unknown;
}

export type StartNode = NodeBase<'start', StartProperties>;
export type ApproverNode = NodeBase<'approver', ApproverProperties>;
export type CopyNode = NodeBase<'copy', CopyProperties>;
export type TimerNode = NodeBase<'timer', TimerProperties>;
export type ConditionNode = NodeBase<'condition', ConditionProperties>;
/** Its properties as JNPF 3.x writes them: SubFlowProperties (subflow.ts `subFlowPropsOf`). */
export type SubFlowNode = NodeBase<'subFlow', { title: string; [key: string]: unknown }>;
export type EmptyNode = NodeBase<'empty', EmptyProperties>;

export type FlowNode =
  StartNode | ApproverNode | CopyNode | TimerNode | ConditionNode | SubFlowNode | EmptyNode;

/** A definition is its start node (the root of the tree). */
export type FlowDefinition = StartNode;

/** A field a condition or a form operate can name (from the flow's form: conditionFieldsOf). */
export interface FlowFormField {
  key: string;
  label: string;
  /** null: the field holds values no condition can compare (files, sub-table rows, paths) */
  conditionType: ConditionFieldType | null;
  /** main field or sub-table (operates only) */
  table?: string | null;
}
