/**
 * Release validation: what makes a definition unfit to run (design/workflow.md "Release
 * validates"). Every problem names its node. The designer marks the nodes; the server refuses a
 * save or release with the first problem's message (400) and the full list in `data`.
 *
 * Works on any JSON (a pasted or imported definition): a wrong shape is a problem, never a throw.
 */
import { predicateProblem } from './conditions';
import { ASSIGNEE_TYPES, AssigneeType, FLOW_LIMITS, NoApprover, RejectStep, SignMode } from './codes';
import { Jnpf3Assignee, readFlow } from './jnpf3';
import { branchKindOf, pathTo } from './tree';
import type { FlowDefinition, FlowFormField, FlowNode, FlowNodeType } from './types';

export type FlowProblemCode =
  | 'shape'
  | 'notStart'
  | 'startMisplaced'
  | 'idMissing'
  | 'idDuplicate'
  | 'orphan'
  | 'conditionMisplaced'
  | 'groupTooSmall'
  | 'manyDefaults'
  | 'conditionMissing'
  | 'conditionInvalid'
  | 'interflowHead'
  | 'noAssignee'
  | 'assigneeService'
  | 'assigneeNode'
  | 'ratio'
  | 'rejectTarget'
  | 'timer'
  | 'timeout'
  | 'remind'
  | 'copyNoRecipient'
  | 'noApproverHandler'
  | 'unsupported'
  | 'tooMany'
  | 'tooDeep'
  | 'formField';

type Texts = { zh: string; zhtw: string; en: string };

export interface FlowProblem {
  /** the node's id ('' when the problem is the whole definition's) */
  nodeId: string;
  /** the node's title, when it has one */
  title?: string;
  code: FlowProblemCode;
  /** English, starting with the node (the server's 400 message) */
  message: string;
  /** the same in the three languages, for the designer */
  text: Texts;
}

const TEXTS: Readonly<Record<FlowProblemCode, (p: Record<string, string>) => Texts>> = {
  shape: ({ detail = '' }) => ({
    zh: `流程数据格式错误：${detail}`,
    zhtw: `流程數據格式錯誤：${detail}`,
    en: `malformed definition: ${detail}`,
  }),
  notStart: () => ({
    zh: '流程必须以发起节点开始',
    zhtw: '流程必須以發起節點開始',
    en: 'the flow must begin with a start node',
  }),
  startMisplaced: () => ({
    zh: '发起节点只能有一个且位于开头',
    zhtw: '發起節點只能有一個且位於開頭',
    en: 'there is one start node, at the top',
  }),
  idMissing: () => ({ zh: '节点缺少编号', zhtw: '節點缺少編號', en: 'the node has no nodeId' }),
  idDuplicate: ({ id = '' }) => ({
    zh: `节点编号 '${id}' 重复`,
    zhtw: `節點編號 '${id}' 重複`,
    en: `duplicate nodeId '${id}'`,
  }),
  orphan: ({ prev = '', parent = '' }) => ({
    zh: `节点的上级 '${prev}' 与所在位置 '${parent}' 不符（孤立节点）`,
    zhtw: `節點的上級 '${prev}' 與所在位置 '${parent}' 不符（孤立節點）`,
    en: `orphan node: prevId '${prev}' but it follows '${parent}'`,
  }),
  conditionMisplaced: () => ({
    zh: '条件节点只能作为条件分支的开头',
    zhtw: '條件節點只能作為條件分支的開頭',
    en: 'a condition node can only head a condition branch',
  }),
  groupTooSmall: () => ({
    zh: '分支至少需要两条',
    zhtw: '分支至少需要兩條',
    en: 'a branch group needs at least two branches',
  }),
  manyDefaults: () => ({
    zh: '条件分支只能有一个默认分支',
    zhtw: '條件分支只能有一個默認分支',
    en: 'the condition group has more than one default branch',
  }),
  conditionMissing: () => ({ zh: '请设置条件', zhtw: '請設置條件', en: 'the branch has no condition' }),
  conditionInvalid: ({ index = '', field = '', what = '' }) => ({
    zh: `第 ${index} 个条件（${field}）无效：${what}`,
    zhtw: `第 ${index} 個條件（${field}）無效：${what}`,
    en: `condition ${index} (${field}) is invalid: ${what}`,
  }),
  interflowHead: () => ({
    zh: '并行分支的开头必须是审批节点',
    zhtw: '並行分支的開頭必須是審批節點',
    en: 'a parallel branch must begin with an approver',
  }),
  noAssignee: ({ what = '' }) => ({
    zh: `请设置审批人：${what}`,
    zhtw: `請設置審批人：${what}`,
    en: `no assignee rule: ${what}`,
  }),
  assigneeService: () => ({
    zh: '审批人类型“服务”（assigneeType 9）在运行时请求 getUserUrl 取审批人：本系统不向流程中写的地址发请求，请改用指定审批人或表单字段',
    zhtw: '審批人類型“服務”（assigneeType 9）在運行時請求 getUserUrl 取審批人：本系統不向流程中寫的地址發請求，請改用指定審批人或表單字段',
    en: 'assigneeType 9 (服务) asks getUserUrl for the approver at run time: this server makes no requests to addresses written in a flow; name the approvers or use a form field',
  }),
  assigneeNode: ({ ref = '' }) => ({
    zh: `“同节点审批人”指向的节点 '${ref}' 不在本节点之前`,
    zhtw: `“同節點審批人”指向的節點 '${ref}' 不在本節點之前`,
    en: `'same as node' names '${ref}', which is not an approver before this node`,
  }),
  ratio: () => ({
    zh: '会签通过比例须为 1–100',
    zhtw: '會簽通過比例須為 1–100',
    en: 'the countersign ratio must be 1–100',
  }),
  rejectTarget: ({ ref = '' }) => ({
    zh: `驳回节点 '${ref}' 不是本节点之前的审批节点`,
    zhtw: `駁回節點 '${ref}' 不是本節點之前的審批節點`,
    en: `reject target '${ref}' is not an approver before this node`,
  }),
  timer: () => ({ zh: '请设置定时时间', zhtw: '請設置定時時間', en: 'the timer has no duration' }),
  timeout: () => ({ zh: '超时设置无效', zhtw: '超時設置無效', en: 'invalid timeout settings' }),
  remind: () => ({ zh: '提醒设置无效', zhtw: '提醒設置無效', en: 'invalid reminder settings' }),
  copyNoRecipient: () => ({ zh: '请设置抄送人', zhtw: '請設置抄送人', en: 'the copy node has no recipient' }),
  noApproverHandler: () => ({
    zh: '找不到审批人时的处理方式无效',
    zhtw: '找不到審批人時的處理方式無效',
    en: 'invalid handling of an approver node without approvers',
  }),
  unsupported: ({ type = '' }) => ({
    zh: `暂不支持节点类型 '${type}'`,
    zhtw: `暫不支持節點類型 '${type}'`,
    en: `node type '${type}' is not supported`,
  }),
  tooMany: ({ max = '' }) => ({
    zh: `节点数超过 ${max}`,
    zhtw: `節點數超過 ${max}`,
    en: `more than ${max} nodes`,
  }),
  tooDeep: ({ max = '' }) => ({
    zh: `分支嵌套超过 ${max} 层`,
    zhtw: `分支嵌套超過 ${max} 層`,
    en: `branches nested deeper than ${max}`,
  }),
  formField: ({ ref = '' }) => ({
    zh: `表单中没有字段 '${ref}'`,
    zhtw: `表單中沒有字段 '${ref}'`,
    en: `the form has no field '${ref}'`,
  }),
};

/** A problem's text in one of the console's languages. */
export function flowProblemText(p: FlowProblem, lang: 'zh' | 'zhtw' | 'en'): string {
  return p.text[lang];
}

export interface ValidateOptions {
  /** the flow's form fields: conditions, form-field assignees and operates must name them */
  fields?: readonly FlowFormField[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const KNOWN_TYPES: ReadonlySet<string> = new Set<FlowNodeType>([
  'start',
  'approver',
  'copy',
  'timer',
  'condition',
  'subFlow',
  'empty',
]);
const strList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const nonEmpty = (v: unknown): boolean => strList(v) && v.length > 0;
const posInt = (v: unknown, max = 100_000): boolean =>
  Number.isInteger(v) && (v as number) > 0 && (v as number) <= max;
const nonNegInt = (v: unknown): boolean =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100_000;

/**
 * Checks the raw JSON's shape: node objects with a known type, a string nodeId, an object of
 * properties, `childNode` an object or null, `conditionNodes` an array. Returns problems only
 * (an empty list means the tree can be read as a FlowDefinition).
 */
function shapeProblems(
  input: unknown,
  add: (id: string, title: string | undefined, code: FlowProblemCode, p?: Obj) => void,
): void {
  let count = 0;
  const visit = (n: unknown, depth: number, where: string): void => {
    if (count > FLOW_LIMITS.maxNodes) return;
    if (!isObj(n)) {
      add('', undefined, 'shape', { detail: `${where} is not a node object` });
      return;
    }
    count++;
    const id = typeof n.nodeId === 'string' ? n.nodeId : '';
    if (typeof n.type !== 'string' || !KNOWN_TYPES.has(n.type))
      add(id, undefined, 'shape', { detail: `${where}.type '${String(n.type)}'` });
    if (!isObj(n.properties)) add(id, undefined, 'shape', { detail: `${where}.properties is not an object` });
    if (depth > FLOW_LIMITS.maxDepth * 2 + 2) {
      add(id, undefined, 'tooDeep', { max: String(FLOW_LIMITS.maxDepth) });
      return;
    }
    if (n.conditionNodes !== undefined && n.conditionNodes !== null) {
      if (!Array.isArray(n.conditionNodes))
        add(id, undefined, 'shape', { detail: `${where}.conditionNodes is not a list` });
      else n.conditionNodes.forEach((c, i) => visit(c, depth + 1, `${where}.conditionNodes[${i}]`));
    }
    if (n.childNode !== undefined && n.childNode !== null) visit(n.childNode, depth, `${where}.childNode`);
  };
  // the main chain is followed iteratively through childNode recursion; depth counts groups only
  visit(input, 0, 'root');
  if (count > FLOW_LIMITS.maxNodes) add('', undefined, 'tooMany', { max: String(FLOW_LIMITS.maxNodes) });
}

/**
 * Every problem of a definition, in drawing order (empty when it can be released). The checks:
 * a start node at the top and only there; unique ids; every node's prevId is the node it follows
 * (no orphan); condition nodes only as condition-branch heads and parallel heads approvers; each
 * group has two branches or more and a condition group one default; non-default branches have
 * valid typed conditions; every approver has an assignee rule, a valid sign mode and a reject
 * target upstream; timers have a duration; copy nodes a recipient.
 */
export function validateFlow(input: unknown, options: ValidateOptions = {}): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const add = (nodeId: string, title: string | undefined, code: FlowProblemCode, params: Obj = {}): void => {
    const text = TEXTS[code](Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
    const who = title ? `${title} (${nodeId})` : nodeId || 'flow';
    problems.push({ nodeId, ...(title ? { title } : {}), code, message: `${who}: ${text.en}`, text });
  };
  shapeProblems(input, add);
  if (problems.length) return problems;
  const raw = input as FlowDefinition;
  if (raw.type !== 'start') {
    add(raw.nodeId ?? '', undefined, 'notStart');
    return problems;
  }

  // structure on the raw tree: ids, prevIds, placement
  const seen = new Set<string>();
  const titleOf = (n: FlowNode): string | undefined =>
    typeof n.properties?.title === 'string' && n.properties.title ? n.properties.title : undefined;
  const structure = (head: FlowNode, parent: FlowNode | null, groupKind: string | null): void => {
    let node: FlowNode | null | undefined = head;
    let prev = parent;
    let first = true;
    while (node) {
      const title = titleOf(node);
      if (typeof node.nodeId !== 'string' || node.nodeId.trim() === '' || node.nodeId.length > 64)
        add('', title, 'idMissing');
      else if (seen.has(node.nodeId)) add(node.nodeId, title, 'idDuplicate', { id: node.nodeId });
      else seen.add(node.nodeId);
      const expected = prev ? prev.nodeId : null;
      if ((node.prevId ?? null) !== expected && !(prev === null && node.prevId === undefined))
        add(node.nodeId, title, 'orphan', { prev: String(node.prevId), parent: String(expected) });
      if (node.type === 'start' && prev !== null) add(node.nodeId, title, 'startMisplaced');
      const isHead = first && groupKind !== null;
      if (node.type === 'condition' && !(isHead && groupKind === 'condition'))
        add(node.nodeId, title, 'conditionMisplaced');
      if (isHead && groupKind === 'interflow' && node.type !== 'approver')
        add(node.nodeId, title, 'interflowHead');
      if (Array.isArray(node.conditionNodes) && node.conditionNodes.length > 0) {
        const kind = branchKindOf(node);
        for (const b of node.conditionNodes) structure(b, node, kind);
      }
      prev = node;
      node = node.childNode;
      first = false;
    }
  };
  structure(raw, null, null);
  if (problems.length) return problems;

  const fields = options.fields;
  // what runs: the saved tree read as 3.x meant it (jnpf3.ts), checked below
  const root = readFlow(raw, fields);
  const fieldKeys = fields ? new Set(fields.map((f) => f.key)) : null;
  const checkOperates = (node: FlowNode): void => {
    if (!fieldKeys) return;
    const ops = (node.properties as { formOperates?: unknown }).formOperates;
    if (!Array.isArray(ops)) return;
    for (const o of ops) {
      const id = isObj(o) ? o.id : undefined;
      if (typeof id !== 'string' || !fieldKeys.has(id))
        add(node.nodeId, titleOf(node), 'formField', { ref: String(id) });
    }
  };
  const approverIdsBefore = (id: string): Set<string> =>
    new Set((pathTo(root, id) ?? []).filter((n) => n.type === 'approver').map((n) => n.nodeId));

  const visit = (node: FlowNode, depth: number): void => {
    const title = titleOf(node);
    const p = node.properties as Obj;
    switch (node.type) {
      case 'start': {
        if (
          p.noApproverHandler !== undefined &&
          p.noApproverHandler !== NoApprover.AUTO_PASS &&
          p.noApproverHandler !== NoApprover.ADMIN
        )
          add(node.nodeId, title, 'noApproverHandler');
        for (const k of ['initiator', 'initiatePos', 'initiateRole'])
          if (p[k] !== undefined && !strList(p[k]))
            add(node.nodeId, title, 'shape', { detail: `properties.${k} is not a list of ids` });
        checkOperates(node);
        break;
      }
      case 'approver': {
        const type = p.assigneeType as number;
        if (type === Jnpf3Assignee.SERVICE) add(node.nodeId, title, 'assigneeService');
        else if (!ASSIGNEE_TYPES.includes(type as never))
          add(node.nodeId, title, 'noAssignee', { what: 'assigneeType' });
        else if (type === AssigneeType.MANAGER && !posInt(p.managerLevel ?? 1, FLOW_LIMITS.maxManagerLevel))
          add(node.nodeId, title, 'noAssignee', { what: 'managerLevel' });
        else if (type === AssigneeType.FORM_FIELD) {
          if (typeof p.formField !== 'string' || !p.formField)
            add(node.nodeId, title, 'noAssignee', { what: 'formField' });
          else if (fieldKeys && !fieldKeys.has(p.formField))
            add(node.nodeId, title, 'formField', { ref: p.formField });
        } else if (type === AssigneeType.SAME_AS_NODE) {
          if (typeof p.assigneeNode !== 'string' || !p.assigneeNode)
            add(node.nodeId, title, 'noAssignee', { what: 'assigneeNode' });
          else if (!approverIdsBefore(node.nodeId).has(p.assigneeNode))
            add(node.nodeId, title, 'assigneeNode', { ref: p.assigneeNode });
        } else if (type === AssigneeType.NAMED) {
          if (!nonEmpty(p.approvers) && !nonEmpty(p.approverPos) && !nonEmpty(p.approverRole))
            add(node.nodeId, title, 'noAssignee', { what: 'approvers' });
        }
        for (const k of [
          'approvers',
          'approverPos',
          'approverRole',
          'circulateUser',
          'circulatePosition',
          'circulateRole',
        ]) {
          if (p[k] === undefined) continue;
          if (!strList(p[k]))
            add(node.nodeId, title, 'shape', { detail: `properties.${k} is not a list of ids` });
          else if (p[k].length > FLOW_LIMITS.maxAssignees)
            add(node.nodeId, title, 'shape', {
              detail: `properties.${k} has more than ${FLOW_LIMITS.maxAssignees}`,
            });
        }
        const sign = p.counterSign;
        if (sign !== SignMode.OR && sign !== SignMode.COUNTER && sign !== SignMode.SEQUENTIAL)
          add(node.nodeId, title, 'shape', { detail: 'properties.counterSign must be 0, 1 or 2' });
        if (sign === SignMode.COUNTER && !posInt(p.countersignRatio ?? 100, 100))
          add(node.nodeId, title, 'ratio');
        const reject = String(p.rejectStep ?? RejectStep.INITIATOR);
        if (
          reject !== RejectStep.INITIATOR &&
          reject !== RejectStep.PREVIOUS &&
          !approverIdsBefore(node.nodeId).has(reject)
        )
          add(node.nodeId, title, 'rejectTarget', { ref: reject });
        const t = p.timeoutConfig;
        if (t !== undefined && t !== null) {
          if (!isObj(t)) add(node.nodeId, title, 'timeout');
          else if (
            t.on === true &&
            (!posInt(t.quantity) ||
              !['day', 'hour', 'minute'].includes(String(t.type)) ||
              (t.handler !== 1 && t.handler !== 2))
          )
            add(node.nodeId, title, 'timeout');
        }
        const r = p.remindConfig;
        if (r !== undefined && r !== null) {
          if (!isObj(r)) add(node.nodeId, title, 'remind');
          else if (
            r.on === true &&
            (!posInt(r.quantity) ||
              !['day', 'hour', 'minute'].includes(String(r.type)) ||
              !posInt(r.times, 100))
          )
            add(node.nodeId, title, 'remind');
        }
        if (
          p.noApproverHandler !== undefined &&
          p.noApproverHandler !== NoApprover.AUTO_PASS &&
          p.noApproverHandler !== NoApprover.ADMIN
        )
          add(node.nodeId, title, 'noApproverHandler');
        checkOperates(node);
        break;
      }
      case 'copy':
        if (
          !nonEmpty(p.circulateUser) &&
          !nonEmpty(p.circulatePosition) &&
          !nonEmpty(p.circulateRole) &&
          p.userOptional !== true
        )
          add(node.nodeId, title, 'copyNoRecipient');
        break;
      case 'timer': {
        const parts = [p.day ?? 0, p.hour ?? 0, p.minute ?? 0, p.second ?? 0];
        if (!parts.every(nonNegInt) || parts.every((x) => x === 0)) add(node.nodeId, title, 'timer');
        break;
      }
      case 'subFlow':
        // checked by subflow.ts subFlowProblemsOf (its child flow needs the flows the caller knows)
        break;
      default:
        break;
    }
    if (Array.isArray(node.conditionNodes) && node.conditionNodes.length > 0) {
      if (depth + 1 > FLOW_LIMITS.maxDepth)
        add(node.nodeId, title, 'tooDeep', { max: String(FLOW_LIMITS.maxDepth) });
      const heads = node.conditionNodes;
      const kind = branchKindOf(node);
      const holderTitle = titleOf(node) ?? title;
      if (heads.length < 2) add(node.nodeId, holderTitle, 'groupTooSmall');
      if (kind === 'condition') {
        // no default branch runs as in JNPF 3.x: when no condition holds, the token goes past the
        // group (its Java engine found no next node in the group and took the group's childNode)
        const defaults = heads.filter((h) => h.type === 'condition' && h.properties.isDefault === true);
        if (defaults.length > 1) add(node.nodeId, holderTitle, 'manyDefaults');
        for (const h of heads) {
          if (h.type !== 'condition' || h.properties.isDefault === true) continue;
          const conds = h.properties.conditions;
          if (!Array.isArray(conds) || conds.length === 0) add(h.nodeId, titleOf(h), 'conditionMissing');
          else if (conds.length > FLOW_LIMITS.maxConditions)
            add(h.nodeId, titleOf(h), 'shape', {
              detail: `more than ${FLOW_LIMITS.maxConditions} conditions`,
            });
          else
            conds.forEach((c, i) => {
              const what = isObj(c) ? predicateProblem(c as never, fields) : 'field';
              if (what)
                add(h.nodeId, titleOf(h), 'conditionInvalid', {
                  index: i + 1,
                  field: isObj(c) ? String(c.fieldName ?? c.field) : '?',
                  what,
                });
            });
        }
      }
      for (const h of heads) {
        let n: FlowNode | null | undefined = h;
        while (n) {
          visit(n, depth + 1);
          n = n.childNode;
        }
      }
    }
  };
  let n: FlowNode | null | undefined = root;
  while (n) {
    visit(n, 0);
    n = n.childNode;
  }
  return problems;
}
