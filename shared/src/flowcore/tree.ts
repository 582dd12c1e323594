/**
 * Reading and editing the definition tree (types.ts). Every edit returns a new tree (the designer
 * keeps the old one for undo); nothing here mutates its input. Node ids come from the caller
 * (`newId`), so the functions stay pure and tests deterministic.
 */
import { RejectStep, SignMode, AssigneeType } from './codes';
import type {
  ApproverNode,
  ApproverProperties,
  BranchKind,
  ConditionNode,
  EmptyNode,
  FlowDefinition,
  FlowNode,
  FlowNodeType,
  SubFlowProperties,
} from './types';

/** Where a node sits in the tree. */
export interface NodePlace {
  node: FlowNode;
  /** the node whose `childNode` it is, or the group holder whose `conditionNodes` hold it; null for the root */
  parent: FlowNode | null;
  /** the innermost group holder whose branch contains this node (null on the main chain) */
  holder: EmptyNode | null;
  /** the index of that branch in the holder's conditionNodes */
  branchIndex: number;
  /** the node is a branch head (an entry of conditionNodes) */
  isHead: boolean;
  /** number of groups around the node */
  depth: number;
}

export const isHolder = (n: FlowNode | null | undefined): n is EmptyNode =>
  !!n && Array.isArray(n.conditionNodes) && n.conditionNodes.length > 0;

/** The kind of a group: its `conditionType`, else told by its heads. */
export function branchKindOf(holder: FlowNode): BranchKind {
  if (holder.conditionType === 'interflow' || holder.conditionType === 'condition')
    return holder.conditionType;
  return holder.conditionNodes?.some((c) => c.type === 'condition') ? 'condition' : 'interflow';
}

/**
 * Visits every node depth first in drawing order: a node, its branches (each chain in turn), then
 * what follows it. Stops early when `visit` returns false.
 */
export function walkFlow(root: FlowNode, visit: (place: NodePlace) => void | boolean): void {
  let stopped = false;
  const chain = (
    head: FlowNode | null | undefined,
    parent: FlowNode | null,
    holder: EmptyNode | null,
    branchIndex: number,
    depth: number,
  ): void => {
    let node = head;
    let prev = parent;
    let first = true;
    while (node && !stopped) {
      const place: NodePlace = {
        node,
        parent: prev,
        holder,
        branchIndex,
        isHead: first && holder !== null && prev === holder,
        depth,
      };
      if (visit(place) === false) {
        stopped = true;
        return;
      }
      if (Array.isArray(node.conditionNodes)) {
        const h = node as EmptyNode;
        node.conditionNodes.forEach((b, i) => chain(b, h, h, i, depth + 1));
      }
      prev = node;
      node = node.childNode;
      first = false;
    }
  };
  chain(root, null, null, -1, 0);
}

/** Every node, depth first in drawing order. */
export function flowNodes(root: FlowNode): FlowNode[] {
  const out: FlowNode[] = [];
  walkFlow(root, ({ node }) => {
    out.push(node);
  });
  return out;
}

/** An index of every node's place (the engine builds it once per definition version). */
export function indexFlow(root: FlowNode): Map<string, NodePlace> {
  const out = new Map<string, NodePlace>();
  walkFlow(root, (p) => {
    if (!out.has(p.node.nodeId)) out.set(p.node.nodeId, p);
  });
  return out;
}

export function findNode(root: FlowNode, nodeId: string): FlowNode | null {
  let found: FlowNode | null = null;
  walkFlow(root, ({ node }) => {
    if (node.nodeId === nodeId) {
      found = node;
      return false;
    }
    return true;
  });
  return found;
}

/**
 * The nodes that run before `nodeId` on every path to it, in order: the start, the chain before it,
 * the holders of the groups it is inside and the nodes before it in its own branch. Nodes inside
 * groups it is not in are left out (a condition branch may not have run). Null when not found.
 */
export function pathTo(root: FlowNode, nodeId: string): FlowNode[] | null {
  const search = (head: FlowNode | null | undefined, acc: FlowNode[]): FlowNode[] | null => {
    let node = head;
    const path = acc;
    while (node) {
      if (node.nodeId === nodeId) return path;
      path.push(node);
      if (Array.isArray(node.conditionNodes)) {
        for (const b of node.conditionNodes) {
          const r = search(b, [...path]);
          if (r) return r;
        }
      }
      node = node.childNode;
    }
    return null;
  };
  return search(root, []);
}

/**
 * The nodes that run again when the token goes back to `nodeId` (a reject to it, a recall at it):
 * the node, everything after it in its chain (groups inside included) and, up through each group it
 * is inside, what follows that group. The other branches of those groups are left out.
 */
export function downstreamOf(root: FlowNode, nodeId: string): Set<string> {
  const idx = indexFlow(root);
  const out = new Set<string>();
  const addChain = (head: FlowNode | null | undefined): void => {
    let n = head;
    while (n) {
      out.add(n.nodeId);
      n.conditionNodes?.forEach((b) => addChain(b));
      n = n.childNode;
    }
  };
  const start = idx.get(nodeId);
  if (!start) return out;
  addChain(start.node);
  let holder = start.holder;
  while (holder) {
    addChain(holder.childNode);
    holder = idx.get(holder.nodeId)?.holder ?? null;
  }
  return out;
}

/** The groups a node is inside, innermost first, with the branch that holds it. */
export function enclosingGroups(
  root: FlowNode,
  nodeId: string,
): Array<{ holder: EmptyNode; branchIndex: number }> {
  const idx = indexFlow(root);
  const out: Array<{ holder: EmptyNode; branchIndex: number }> = [];
  let place = idx.get(nodeId);
  while (place?.holder) {
    out.push({ holder: place.holder, branchIndex: place.branchIndex });
    place = idx.get(place.holder.nodeId);
  }
  return out;
}

/** The approver nodes a node may reject back to (its upstream approvers, nearest last). */
export function rejectTargetsOf(root: FlowNode, nodeId: string): ApproverNode[] {
  return (pathTo(root, nodeId) ?? []).filter((n): n is ApproverNode => n.type === 'approver');
}

/** The nearest approver before `nodeId` (the target of reject '1'), or null: then the initiator. */
export function previousApprover(root: FlowNode, nodeId: string): ApproverNode | null {
  const t = rejectTargetsOf(root, nodeId);
  return t[t.length - 1] ?? null;
}

/** The default properties of a new node of each type (Chinese titles unless given). */
export function defaultProperties(type: FlowNodeType, title?: string): FlowNode['properties'] {
  switch (type) {
    case 'start':
      return { title: title ?? '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] };
    case 'approver':
      return {
        title: title ?? '审批人',
        assigneeType: AssigneeType.NAMED,
        approvers: [],
        approverPos: [],
        approverRole: [],
        counterSign: SignMode.OR,
        countersignRatio: 100,
        rejectStep: RejectStep.INITIATOR,
        formOperates: [],
        hasAuditBtn: true,
        hasRejectBtn: true,
        hasRevokeBtn: true,
        hasTransferBtn: true,
        hasFreeApprover: false,
        hasSign: false,
      } satisfies ApproverProperties;
    case 'copy':
      return {
        title: title ?? '抄送人',
        circulateUser: [],
        circulatePosition: [],
        circulateRole: [],
        userOptional: false,
      };
    case 'timer':
      return { title: title ?? '定时器', day: 0, hour: 1, minute: 0, second: 0 };
    case 'condition':
      return { title: title ?? '条件', priority: 0, isDefault: false, conditions: [] };
    case 'subFlow':
      // JNPF 3.x's defaults (its designer's defaultSubFlowForm): named launchers, synchronous, a draft
      return {
        title: title ?? '子流程',
        flowId: '',
        flowName: '',
        initiateType: AssigneeType.NAMED,
        initiator: [],
        managerLevel: 1,
        formField: '',
        nodeId: '',
        assignList: [],
        isAsync: false,
        autoSubmit: false,
        errorRule: 1,
        errorRuleUser: [],
      } satisfies SubFlowProperties;
    case 'empty':
      return {};
  }
}

/** A new node (not yet in a tree). */
export function createNode(type: FlowNodeType, nodeId: string, title?: string): FlowNode {
  return { type, nodeId, prevId: null, properties: defaultProperties(type, title) } as FlowNode;
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** The tail of a chain (the last node following `childNode`). */
function tailOf(head: FlowNode): FlowNode {
  let n = head;
  while (n.childNode) n = n.childNode;
  return n;
}

function setChild(parent: FlowNode, child: FlowNode | null | undefined): void {
  if (child) {
    parent.childNode = child;
    child.prevId = parent.nodeId;
  } else {
    delete parent.childNode;
  }
}

function placeOf(root: FlowNode, nodeId: string): NodePlace {
  const p = indexFlow(root).get(nodeId);
  if (!p) throw new FlowEditError('notFound', nodeId);
  return p;
}

export class FlowEditError extends Error {
  constructor(
    readonly reason: 'notFound' | 'notAllowed',
    readonly nodeId: string,
  ) {
    super(`${reason}: ${nodeId}`);
    this.name = 'FlowEditError';
  }
}

/**
 * Puts every branch group on an `empty` holder: a JNPF node of another type that holds
 * `conditionNodes` (the group runs after the node itself) gets a holder inserted after it, whose
 * id is `${nodeId}_branch` (numbered when taken). Missing arrays and switches get their defaults.
 * Other keys, ids and prevIds stay as they were.
 */
export function normalizeFlow(def: FlowDefinition): FlowDefinition {
  const root = clone(def);
  const ids = new Set(flowNodes(root).map((n) => n.nodeId));
  const freshId = (base: string): string => {
    let id = `${base}_branch`;
    for (let i = 2; ids.has(id); i++) id = `${base}_branch${i}`;
    ids.add(id);
    return id;
  };
  const fix = (node: FlowNode): void => {
    const props = (node.properties ?? {}) as Record<string, unknown>;
    node.properties = props as FlowNode['properties'];
    const arr = (k: string): void => {
      if (!Array.isArray(props[k])) props[k] = [];
    };
    if (node.type === 'start') ['initiator', 'initiatePos', 'initiateRole', 'formOperates'].forEach(arr);
    if (node.type === 'approver') {
      ['formOperates'].forEach(arr);
      if (props.counterSign === undefined) props.counterSign = SignMode.OR;
      if (props.rejectStep === undefined || props.rejectStep === null)
        props.rejectStep = RejectStep.INITIATOR;
      else props.rejectStep = String(props.rejectStep);
      if (props.counterSign === SignMode.COUNTER && props.countersignRatio === undefined)
        props.countersignRatio = 100;
    }
    if (node.type === 'condition') {
      arr('conditions');
      props.isDefault = props.isDefault === true;
    }
  };
  const visitChain = (head: FlowNode | null | undefined): void => {
    let node = head;
    while (node) {
      fix(node);
      if (Array.isArray(node.conditionNodes) && node.conditionNodes.length > 0 && node.type !== 'empty') {
        const holder: EmptyNode = {
          type: 'empty',
          nodeId: freshId(node.nodeId),
          prevId: node.nodeId,
          properties: {},
          conditionNodes: node.conditionNodes,
          conditionType: node.conditionType ?? branchKindOf(node),
        };
        holder.conditionNodes?.forEach((c) => (c.prevId = holder.nodeId));
        setChild(holder, node.childNode);
        delete node.conditionNodes;
        delete node.conditionType;
        node.childNode = holder;
      } else if (Array.isArray(node.conditionNodes) && node.conditionNodes.length > 0) {
        node.conditionType = branchKindOf(node);
      }
      node.conditionNodes?.forEach((b) => visitChain(b));
      node = node.childNode;
    }
  };
  visitChain(root);
  return root;
}

/**
 * Inserts `node` (a new approver, copy, timer or empty holder) after `afterId`: it takes over what
 * followed. After a group's holder, it goes after the whole group; after a branch head, at the top
 * of that branch.
 */
export function addNodeAfter(def: FlowDefinition, afterId: string, node: FlowNode): FlowDefinition {
  if (node.type === 'start' || node.type === 'condition') throw new FlowEditError('notAllowed', node.nodeId);
  const root = normalizeFlow(def);
  const { node: target } = placeOf(root, afterId);
  const inserted = clone(node);
  const tail = tailOf(inserted);
  setChild(tail, target.childNode);
  setChild(target, inserted);
  return root;
}

/** A new node of `type` after `afterId` (addNodeAfter with createNode). */
export function addNewNode(
  def: FlowDefinition,
  afterId: string,
  type: 'approver' | 'copy' | 'timer' | 'subFlow',
  nodeId: string,
  title?: string,
): FlowDefinition {
  return addNodeAfter(def, afterId, createNode(type, nodeId, title));
}

export interface BranchTitles {
  condition?: string;
  otherwise?: string;
  approver?: string;
}

function newBranchHead(kind: BranchKind, id: string, index: number, titles: BranchTitles): FlowNode {
  if (kind === 'interflow') {
    const n = createNode('approver', id, titles.approver ?? `审批人${index + 1}`) as ApproverNode;
    n.isInterflow = true;
    return n;
  }
  return createNode('condition', id, titles.condition ?? `条件${index + 1}`);
}

/**
 * A new branch group after `afterId`: condition branches start with one condition and the default
 * (其他情况), parallel ones with two approvers. `newId` is called for the holder, then each branch.
 */
export function addBranchGroup(
  def: FlowDefinition,
  afterId: string,
  kind: BranchKind,
  newId: () => string,
  titles: BranchTitles = {},
): FlowDefinition {
  const holder: EmptyNode = {
    type: 'empty',
    nodeId: newId(),
    prevId: null,
    properties: {},
    conditionType: kind,
  };
  const a = newBranchHead(kind, newId(), 0, titles);
  const b = newBranchHead(kind, newId(), 1, titles);
  if (kind === 'condition') {
    (a as ConditionNode).properties.priority = 0;
    const d = b as ConditionNode;
    d.properties.priority = 1;
    d.properties.isDefault = true;
    d.properties.title = titles.otherwise ?? '其他情况';
  }
  a.prevId = holder.nodeId;
  b.prevId = holder.nodeId;
  holder.conditionNodes = [a, b];
  return addNodeAfter(def, afterId, holder);
}

/** Renumbers a condition group's priorities in array order, the default last. */
function renumber(holder: FlowNode): void {
  if (branchKindOf(holder) !== 'condition' || !holder.conditionNodes) return;
  const heads = holder.conditionNodes;
  const plain = heads.filter((c) => !(c.type === 'condition' && c.properties.isDefault));
  const defaults = heads.filter((c) => c.type === 'condition' && c.properties.isDefault);
  holder.conditionNodes = [...plain, ...defaults];
  holder.conditionNodes.forEach((c, i) => {
    if (c.type === 'condition') c.properties.priority = i;
  });
}

/** Adds a branch to the group `holderId` (a condition goes before the default). */
export function addBranch(
  def: FlowDefinition,
  holderId: string,
  nodeId: string,
  titles: BranchTitles = {},
): FlowDefinition {
  const root = normalizeFlow(def);
  const { node: holder } = placeOf(root, holderId);
  if (!isHolder(holder)) throw new FlowEditError('notAllowed', holderId);
  const kind = branchKindOf(holder);
  const head = newBranchHead(kind, nodeId, holder.conditionNodes?.length ?? 0, titles);
  head.prevId = holder.nodeId;
  holder.conditionNodes = [...(holder.conditionNodes ?? []), head];
  renumber(holder);
  return root;
}

/** Replaces what follows a holder with `chain` (null: the group's continuation directly). */
function dissolveGroup(parent: FlowNode, holder: FlowNode, chain: FlowNode | null | undefined): void {
  const after = holder.childNode;
  if (chain) {
    setChild(tailOf(chain), after);
    setChild(parent, chain);
  } else {
    setChild(parent, after);
  }
}

/**
 * Removes a node. A group's holder removes the whole group; a branch head removes its branch (and
 * a group left with one branch dissolves into that branch's nodes); any other node is cut out of
 * its chain. The start cannot be removed.
 */
export function removeNode(def: FlowDefinition, nodeId: string): FlowDefinition {
  const root = normalizeFlow(def);
  const place = placeOf(root, nodeId);
  const { node, parent } = place;
  if (!parent || node.type === 'start') throw new FlowEditError('notAllowed', nodeId);
  if (place.isHead && place.holder) {
    const holder = place.holder;
    const rest = (holder.conditionNodes ?? []).filter((c) => c.nodeId !== nodeId);
    if (rest.length >= 2) {
      holder.conditionNodes = rest;
      renumber(holder);
      return root;
    }
    const holderPlace = placeOf(root, holder.nodeId);
    const last = rest[0];
    const chain = !last ? null : branchKindOf(holder) === 'condition' ? last.childNode : last;
    if (last && last.isInterflow) delete last.isInterflow;
    if (!holderPlace.parent || holderPlace.isHead) throw new FlowEditError('notAllowed', holder.nodeId);
    dissolveGroup(holderPlace.parent, holder, chain);
    return root;
  }
  setChild(parent, node.childNode);
  return root;
}

/** Replaces a node's properties (the designer's drawer saves them whole). */
export function updateNodeProperties<N extends FlowNode>(
  def: FlowDefinition,
  nodeId: string,
  properties: N['properties'],
): FlowDefinition {
  const root = normalizeFlow(def);
  const { node } = placeOf(root, nodeId);
  node.properties = clone(properties);
  return root;
}

/**
 * Moves a condition branch to position `toIndex` among the group's non-default branches (the
 * default stays last); priorities follow the order.
 */
export function moveBranch(def: FlowDefinition, branchId: string, toIndex: number): FlowDefinition {
  const root = normalizeFlow(def);
  const place = placeOf(root, branchId);
  if (!place.isHead || !place.holder) throw new FlowEditError('notAllowed', branchId);
  const holder = place.holder;
  const heads = holder.conditionNodes ?? [];
  const me = heads[place.branchIndex];
  if (!me || (me.type === 'condition' && me.properties.isDefault))
    throw new FlowEditError('notAllowed', branchId);
  const others = heads.filter((h) => h !== me);
  const plainCount = others.filter((c) => !(c.type === 'condition' && c.properties.isDefault)).length;
  const at = Math.max(0, Math.min(toIndex, plainCount));
  others.splice(at, 0, me);
  holder.conditionNodes = others;
  renumber(holder);
  return root;
}

/** The branch heads of a group in the order the engine tries them: by priority, the default last. */
export function orderedBranches(holder: FlowNode): FlowNode[] {
  const heads = [...(holder.conditionNodes ?? [])];
  if (branchKindOf(holder) !== 'condition') return heads;
  const prio = (n: FlowNode): number =>
    n.type === 'condition'
      ? n.properties.isDefault
        ? Number.MAX_SAFE_INTEGER
        : Number(n.properties.priority ?? 0)
      : 0;
  return heads
    .map((h, i) => ({ h, i }))
    .sort((x, y) => prio(x.h) - prio(y.h) || x.i - y.i)
    .map((x) => x.h);
}
