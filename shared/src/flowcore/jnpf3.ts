/**
 * Reading a definition as JNPF 3.x wrote it (its designer: `src/components/Process` of the 3.x Vue 2
 * client; its engines: the 3.x .NET `FlowTaskService` / `FlowTaskOperatorEnum` and the 3.1 Java
 * `FlowJsonUtil`). A definition is stored exactly as the client saved it; what runs (and what release
 * validates) is this reading of it: `normalizeFlow`, then 3.x's codes in our dialect. The reading
 * changes nothing our own designer writes (it never writes the codes below), so every definition
 * goes through it.
 *
 * What 3.x wrote that ours spells differently:
 * - `assigneeType` 8 (会签, FixedJointlyApprover): the named approvers all decide → 6 with
 *   `counterSign` 1 (countersign) at `countersignRatio` (3.x's default 100). The older client wrote
 *   no `counterSign` (the code said 会签); the .NET engine decided by `counterSign` alone, so an
 *   explicit one is kept.
 * - `assigneeType` 5 (环节, LinkApprover) names its node in `nodeId` → `assigneeNode`.
 * - `noApproverHandler` a boolean (true: pass by itself; false: 3.x gave the node to `admin`) →
 *   1 auto-pass / 2 the administrators.
 * - `counterSign` absent (the older client: or-sign unless the type is 8) → 0.
 * - `isCustomCopy` (自定义抄送人: the approver adds copy recipients) → `hasCopyBtn`.
 * - A condition has no `fieldType`: 3.x read the form's value as text and compared by the symbol;
 *   the type is taken from the flow's form (`fields`). A missing or empty `logic` is '&&' (3.x's
 *   designer default; the last predicate's is ignored).
 *
 * Pure: no I/O, no React.
 */
import { AssigneeType, NoApprover, SignMode } from './codes';
import { normalizeFlow } from './tree';
import type { FlowDefinition, FlowFormField, FlowNode } from './types';

/** JNPF 3.x assignee codes (FlowTaskOperatorEnum) that ours does not use. */
export const Jnpf3Assignee = {
  /** 会签: the named approvers, all of them (FixedJointlyApprover) */
  JOINTLY: 8,
  /** 服务: a URL (`getUserUrl`) asked at run time for the approver (ServiceApprover) */
  SERVICE: 9,
  /** 子流程 (SubProcesses): a sub-flow's code, never an approver rule */
  SUB_PROCESS: 10,
} as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function readApprover(p: Obj): void {
  if (p.assigneeType === Jnpf3Assignee.JOINTLY) {
    p.assigneeType = AssigneeType.NAMED;
    // the older client wrote no counterSign (8 meant 会签); a later one's explicit choice stands
    if (p.counterSign === undefined || p.counterSign === null) p.counterSign = SignMode.COUNTER;
    if (p.countersignRatio === undefined || p.countersignRatio === null) p.countersignRatio = 100;
  }
  if (
    p.assigneeType === AssigneeType.SAME_AS_NODE &&
    (p.assigneeNode === undefined || p.assigneeNode === '') &&
    typeof p.nodeId === 'string'
  )
    p.assigneeNode = p.nodeId;
  if (p.counterSign === null) p.counterSign = SignMode.OR;
  // 自定义抄送人: the approver may name extra copy recipients
  if (p.isCustomCopy === true && p.hasCopyBtn === undefined) p.hasCopyBtn = true;
  readNoApprover(p);
}

function readNoApprover(p: Obj): void {
  if (p.noApproverHandler === true) p.noApproverHandler = NoApprover.AUTO_PASS;
  else if (p.noApproverHandler === false) p.noApproverHandler = NoApprover.ADMIN;
}

function readConditions(p: Obj, types: ReadonlyMap<string, FlowFormField['conditionType']> | null): void {
  if (!Array.isArray(p.conditions)) return;
  for (const c of p.conditions) {
    if (!isObj(c)) continue;
    if ((c.fieldType === undefined || c.fieldType === null || c.fieldType === '') && types) {
      const t = typeof c.field === 'string' ? types.get(c.field) : undefined;
      if (t) c.fieldType = t;
      else delete c.fieldType;
    }
    if (c.logic === undefined || c.logic === null || c.logic === '') c.logic = '&&';
  }
}

/**
 * A definition as it runs: `normalizeFlow` of the saved tree with 3.x's spellings read into ours
 * (see the file's comment). `fields` are the flow's form fields (conditions without a type take
 * theirs); without them such conditions stay untyped (release refuses them, naming the node).
 */
export function readFlow(saved: FlowDefinition, fields?: readonly FlowFormField[]): FlowDefinition {
  // read before normalising: normalizeFlow fills defaults (counterSign 0) that hide what 3.x left out
  const root = structuredClone(saved);
  const types = fields
    ? new Map(fields.filter((f) => !f.table).map((f) => [f.key, f.conditionType] as const))
    : null;
  const visit = (head: FlowNode | null | undefined): void => {
    let node = head;
    while (node) {
      const p = node.properties as unknown as Obj;
      if (node.type === 'approver') readApprover(p);
      if (node.type === 'start') readNoApprover(p);
      if (node.type === 'condition') readConditions(p, types);
      node.conditionNodes?.forEach((b) => visit(b));
      node = node.childNode;
    }
  };
  visit(root);
  return normalizeFlow(root);
}

/** The ids a definition names, by what they are (users, positions, roles), each once. */
export interface NamedIds {
  users: string[];
  positions: string[];
  roles: string[];
}

const USER_KEYS = ['approvers', 'circulateUser', 'initiator'];
const POSITION_KEYS = ['approverPos', 'circulatePosition', 'initiatePos'];
const ROLE_KEYS = ['approverRole', 'circulateRole', 'initiateRole'];

/**
 * Every user, position and role id the nodes name (who launches, who approves, who gets copies),
 * with the nodes naming each: release refuses the ids that name nothing.
 */
export function namedIdsOf(root: FlowDefinition): Map<keyof NamedIds, Map<string, string[]>> {
  const out = new Map<keyof NamedIds, Map<string, string[]>>([
    ['users', new Map()],
    ['positions', new Map()],
    ['roles', new Map()],
  ]);
  const add = (kind: keyof NamedIds, list: unknown, nodeId: string): void => {
    if (!Array.isArray(list)) return;
    const m = out.get(kind) as Map<string, string[]>;
    for (const id of list) {
      if (typeof id !== 'string' || id === '') continue;
      const nodes = m.get(id) ?? [];
      if (!nodes.includes(nodeId)) nodes.push(nodeId);
      m.set(id, nodes);
    }
  };
  const visit = (head: FlowNode | null | undefined): void => {
    let node = head;
    while (node) {
      const p = (node.properties ?? {}) as Obj;
      for (const k of USER_KEYS) add('users', p[k], node.nodeId);
      for (const k of POSITION_KEYS) add('positions', p[k], node.nodeId);
      for (const k of ROLE_KEYS) add('roles', p[k], node.nodeId);
      node.conditionNodes?.forEach((b) => visit(b));
      node = node.childNode;
    }
  };
  visit(root);
  return out;
}
