/**
 * Sub-flow nodes (子流程) as JNPF 3.x wrote and ran them: what a node's properties mean, the child
 * tasks it launches, the field copies from the parent's form, and when the parent goes on. The
 * facts and where they come from: docs/jnpf3-flows.md "Sub-flows".
 *
 * Pure: no I/O, no React (the engine, release validation and the designer import it).
 */
import { AssigneeType, FLOW_LIMITS, SignMode, TaskStatus } from './codes';
import { pathTo } from './tree';
import type {
  ApproverNode,
  FlowDefinition,
  FlowFormField,
  FlowNode,
  SubFlowNode,
  SubFlowProperties,
} from './types';
import type { FlowProblem } from './validate';

/** Who launches the child tasks (`initiateType`): the approver codes 3.x's designer offered there. */
export const SUBFLOW_INITIATE_TYPES: readonly number[] = [
  AssigneeType.MANAGER,
  AssigneeType.DEPARTMENT_HEAD,
  AssigneeType.INITIATOR,
  AssigneeType.FORM_FIELD,
  AssigneeType.SAME_AS_NODE,
  AssigneeType.NAMED,
];

/** `errorRule`: who launches when nobody is resolved (3.x: 1 超级管理员, 2 指定人员, 6 发起者本人). */
export const SubFlowErrorRule = { ADMINS: 1, NAMED: 2, INITIATOR: 6 } as const;

/** A sub-flow node's properties, as JNPF 3.x writes them (validated at release: subFlowProblemsOf). */
export function subFlowPropsOf(node: SubFlowNode): SubFlowProperties {
  return node.properties as SubFlowProperties;
}

/** Every sub-flow node of a definition, in drawing order. */
export function subFlowNodesOf(root: FlowDefinition): SubFlowNode[] {
  const out: SubFlowNode[] = [];
  const visit = (head: FlowNode | null | undefined): void => {
    let node = head;
    while (node) {
      if (node.type === 'subFlow') out.push(node);
      node.conditionNodes?.forEach((b) => visit(b));
      node = node.childNode;
    }
  };
  visit(root);
  return out;
}

/**
 * The launchers' rule as an approver rule, so the organisation is read by the same code that finds
 * approvers (manager levels, department heads, form fields, an earlier node's approvers, named users).
 */
export function initiatorRuleOf(node: SubFlowNode): ApproverNode {
  const p = subFlowPropsOf(node);
  return {
    type: 'approver',
    nodeId: node.nodeId,
    prevId: node.prevId,
    properties: {
      title: p.title,
      assigneeType: p.initiateType as ApproverNode['properties']['assigneeType'],
      managerLevel: p.managerLevel ?? 1,
      formField: p.formField,
      assigneeNode: p.nodeId,
      approvers: Array.isArray(p.initiator) ? p.initiator : [],
      counterSign: SignMode.OR,
      rejectStep: '0',
      formOperates: [],
    },
  };
}

/**
 * The child's form data: each rule copies a parent field into a child field (3.x's `assignList`,
 * one list per node before the sub-flow; here every list applies, in order, later rules winning).
 * A parent field the task does not hold copies nothing. `@prevNodeFormId` (3.x: the previous
 * node's form id, for forms stored per node) has no meaning here, where a task has one form.
 */
export function childDataOf(
  props: Pick<SubFlowProperties, 'assignList'>,
  parentData: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of props.assignList ?? [])
    for (const r of a.ruleList ?? []) {
      if (!r.parentField || !r.childField || r.parentField.startsWith('@')) continue;
      if (!Object.prototype.hasOwnProperty.call(parentData, r.parentField)) continue;
      out[r.childField] = structuredClone(parentData[r.parentField]);
    }
  return out;
}

/** A child task as the parent sees it. */
export interface ChildTaskView {
  status: number;
}

/**
 * Whether a synchronous sub-flow node is done: every child approved. A child rejected or revoked
 * goes back to its initiator, who may submit it again; a cancelled one never finishes: the parent
 * waits either way, and the monitor shows which child holds it (docs/jnpf3-flows.md).
 */
export function subFlowDone(children: readonly ChildTaskView[]): boolean {
  return children.every((c) => c.status === TaskStatus.APPROVED);
}

/** The children holding a synchronous node, with why (the monitor's words). */
export function subFlowBlockers<T extends ChildTaskView>(children: readonly T[]): T[] {
  return children.filter((c) => c.status !== TaskStatus.APPROVED);
}

/** What makes a sub-flow node unfit to release (validateFlow checks every other node). */
export type SubFlowProblemCode =
  | 'subFlowTarget'
  | 'subFlowSelf'
  | 'subFlowInitiator'
  | 'subFlowService'
  | 'subFlowNode'
  | 'subFlowField'
  | 'subFlowRule'
  | 'subFlowShape';

/** A sub-flow node's problem: a FlowProblem of its own codes (the designer lists both alike). */
export interface SubFlowProblem extends Omit<FlowProblem, 'code'> {
  code: SubFlowProblemCode;
}

type Texts = FlowProblem['text'];
const TEXTS: Readonly<Record<SubFlowProblemCode, (p: Readonly<Record<string, string>>) => Texts>> = {
  subFlowTarget: ({ ref = '' }) => ({
    zh: `子流程 '${ref}' 不存在或未发布`,
    zhtw: `子流程 '${ref}' 不存在或未發佈`,
    en: `the sub-flow '${ref}' does not exist or is not released`,
  }),
  subFlowSelf: () => ({
    zh: '流程不能以自身作为子流程',
    zhtw: '流程不能以自身作為子流程',
    en: 'a flow cannot start itself as a sub-flow',
  }),
  subFlowInitiator: ({ what = '' }) => ({
    zh: `请设置子流程发起人（${what}）`,
    zhtw: `請設置子流程發起人（${what}）`,
    en: `the sub-flow has no initiator rule (${what})`,
  }),
  subFlowService: () => ({
    zh: '不支持从服务地址获取子流程发起人',
    zhtw: '不支持從服務地址獲取子流程發起人',
    en: 'launchers asked from a service address are not supported',
  }),
  subFlowNode: ({ ref = '' }) => ({
    zh: `节点 '${ref}' 不是本节点之前的审批节点`,
    zhtw: `節點 '${ref}' 不是本節點之前的審批節點`,
    en: `node '${ref}' is not an approver before this node`,
  }),
  subFlowField: ({ ref = '' }) => ({
    zh: `表单中没有字段 '${ref}'`,
    zhtw: `表單中沒有字段 '${ref}'`,
    en: `the form has no field '${ref}'`,
  }),
  subFlowRule: ({ detail = '' }) => ({
    zh: `子流程传递规则无效：${detail}`,
    zhtw: `子流程傳遞規則無效：${detail}`,
    en: `invalid sub-flow field mapping: ${detail}`,
  }),
  subFlowShape: ({ detail = '' }) => ({
    zh: `子流程设置格式错误：${detail}`,
    zhtw: `子流程設置格式錯誤：${detail}`,
    en: `malformed sub-flow settings: ${detail}`,
  }),
};

export interface SubFlowCheckOptions {
  /** the flow being checked: a sub-flow node may not name it (a flow starting itself) */
  flowId?: string;
  /**
   * The flows sub-flow nodes name, with whether each is released (release passes them): a child
   * must exist and be released. Without it (the designer's live checks) it is not looked up.
   */
  flows?: ReadonlyMap<string, { released: boolean }>;
  /** the parent flow's form fields: field rules and a form-field launcher must name them */
  fields?: readonly FlowFormField[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const strList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
/** 服务 (ServiceApprover): 3.x asked a URL for the launchers */
const SERVICE = 9;

/**
 * Every sub-flow node's problems, each naming its node (in three languages), for a definition as
 * it runs (`readFlow` of one validateFlow found sound): the child flow (exists, released, not the
 * flow itself), the launchers' rule, the switches, the field rules.
 */
export function subFlowProblemsOf(root: FlowDefinition, options: SubFlowCheckOptions = {}): SubFlowProblem[] {
  const problems: SubFlowProblem[] = [];
  const fieldKeys = options.fields ? new Set(options.fields.filter((f) => !f.table).map((f) => f.key)) : null;
  for (const node of subFlowNodesOf(root)) {
    const p = node.properties as Obj;
    const title = typeof p.title === 'string' && p.title ? p.title : undefined;
    const add = (code: SubFlowProblemCode, params: Record<string, string> = {}): void => {
      const text = TEXTS[code](params);
      const who = title ? `${title} (${node.nodeId})` : node.nodeId;
      problems.push({
        nodeId: node.nodeId,
        ...(title ? { title } : {}),
        code,
        message: `${who}: ${text.en}`,
        text,
      });
    };
    const flowId = p.flowId;
    if (typeof flowId !== 'string' || flowId === '') add('subFlowTarget');
    else if (options.flowId !== undefined && flowId === options.flowId) add('subFlowSelf');
    else if (options.flows && !options.flows.get(flowId)?.released) add('subFlowTarget', { ref: flowId });
    const type = p.initiateType;
    const upstream = new Set(
      (pathTo(root, node.nodeId) ?? []).filter((n) => n.type === 'approver').map((n) => n.nodeId),
    );
    if (type === SERVICE) add('subFlowService');
    else if (!SUBFLOW_INITIATE_TYPES.includes(type as number))
      add('subFlowInitiator', { what: `initiateType ${String(type)}` });
    else if (type === AssigneeType.NAMED && !(strList(p.initiator) && p.initiator.length > 0))
      add('subFlowInitiator', { what: 'initiator' });
    else if (type === AssigneeType.FORM_FIELD && (typeof p.formField !== 'string' || !p.formField))
      add('subFlowInitiator', { what: 'formField' });
    else if (type === AssigneeType.FORM_FIELD && fieldKeys && !fieldKeys.has(String(p.formField)))
      add('subFlowField', { ref: String(p.formField) });
    else if (type === AssigneeType.SAME_AS_NODE && !upstream.has(String(p.nodeId ?? '')))
      add('subFlowNode', { ref: String(p.nodeId ?? '') });
    else if (
      type === AssigneeType.MANAGER &&
      !(
        Number.isInteger(p.managerLevel ?? 1) &&
        Number(p.managerLevel ?? 1) >= 1 &&
        Number(p.managerLevel ?? 1) <= FLOW_LIMITS.maxManagerLevel
      )
    )
      add('subFlowInitiator', { what: 'managerLevel' });
    if (p.initiator !== undefined && !strList(p.initiator))
      add('subFlowShape', { detail: 'initiator is not a list of ids' });
    else if (strList(p.initiator) && p.initiator.length > FLOW_LIMITS.maxAssignees)
      add('subFlowShape', { detail: `initiator has more than ${FLOW_LIMITS.maxAssignees}` });
    if (p.isAsync !== undefined && typeof p.isAsync !== 'boolean')
      add('subFlowShape', { detail: 'isAsync is not a switch' });
    if (p.autoSubmit !== undefined && typeof p.autoSubmit !== 'boolean')
      add('subFlowShape', { detail: 'autoSubmit is not a switch' });
    const list = p.assignList;
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      add('subFlowRule', { detail: 'assignList is not a list' });
      continue;
    }
    list.forEach((a, i) => {
      const rules = isObj(a) ? a.ruleList : undefined;
      if (!Array.isArray(rules)) {
        add('subFlowRule', { detail: `assignList[${i}].ruleList is not a list` });
        return;
      }
      rules.forEach((r, j) => {
        if (!isObj(r) || typeof r.parentField !== 'string' || !r.parentField)
          add('subFlowRule', { detail: `assignList[${i}].ruleList[${j}].parentField` });
        else if (typeof r.childField !== 'string' || !r.childField)
          add('subFlowRule', { detail: `assignList[${i}].ruleList[${j}].childField` });
        else if (fieldKeys && !r.parentField.startsWith('@') && !fieldKeys.has(r.parentField))
          add('subFlowField', { ref: r.parentField });
      });
    });
  }
  return problems;
}
