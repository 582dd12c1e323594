import { approver, condition, copy, group, gte, linked } from './fixtures';
import {
  addBranch,
  addBranchGroup,
  addNewNode,
  downstreamOf,
  enclosingGroups,
  findNode,
  flowNodes,
  FlowEditError,
  indexFlow,
  moveBranch,
  normalizeFlow,
  orderedBranches,
  pathTo,
  previousApprover,
  rejectTargetsOf,
  removeNode,
  updateNodeProperties,
} from './tree';
import type { ApproverNode, FlowDefinition, FlowNode } from './types';
import { validateFlow } from './validate';

/** start → A → [ big: amount ≥ 1000 → B | otherwise ] → C(copy) */
function sample(): FlowDefinition {
  return linked(
    approver(
      'A',
      {},
      group(
        'G',
        'condition',
        [condition('big', [gte('amount', 1000)], approver('B')), condition('other', [], undefined, true)],
        copy('C', ['u9']),
      ),
    ),
  );
}

const ids = (nodes: FlowNode[]): string[] => nodes.map((n) => n.nodeId);
let seq = 0;
const newId = (): string => `n${++seq}`;

beforeEach(() => {
  seq = 0;
});

describe('reading the tree', () => {
  test('walks in drawing order: node, its branches, then what follows', () => {
    expect(ids(flowNodes(sample()))).toEqual(['start', 'A', 'G', 'big', 'B', 'other', 'C']);
  });

  test('knows each node’s place', () => {
    const idx = indexFlow(sample());
    expect(idx.get('B')).toMatchObject({ holder: { nodeId: 'G' }, branchIndex: 0, isHead: false, depth: 1 });
    expect(idx.get('big')).toMatchObject({ isHead: true, parent: { nodeId: 'G' } });
    expect(idx.get('C')).toMatchObject({ holder: null, parent: { nodeId: 'G' }, depth: 0 });
    expect(findNode(sample(), 'B')?.type).toBe('approver');
    expect(findNode(sample(), 'nope')).toBeNull();
  });

  test('upstream of a node is its own path, not the other branches', () => {
    expect(ids(pathTo(sample(), 'B') ?? [])).toEqual(['start', 'A', 'G', 'big']);
    expect(ids(pathTo(sample(), 'C') ?? [])).toEqual(['start', 'A', 'G']);
    expect(pathTo(sample(), 'nope')).toBeNull();
    expect(ids(rejectTargetsOf(sample(), 'B'))).toEqual(['A']);
    expect(previousApprover(sample(), 'B')?.nodeId).toBe('A');
    expect(previousApprover(sample(), 'A')).toBeNull();
  });

  test('what runs again from a node: its chain and what follows its groups, not the sibling branches', () => {
    const def = linked(
      approver(
        'A',
        {},
        group('P', 'interflow', [approver('X', {}, approver('X2')), approver('Y')], copy('C', ['u'])),
      ),
    );
    expect([...downstreamOf(def, 'A')].sort()).toEqual(['A', 'C', 'P', 'X', 'X2', 'Y']);
    expect([...downstreamOf(def, 'X')].sort()).toEqual(['C', 'X', 'X2']);
    expect([...downstreamOf(def, 'nope')]).toEqual([]);
    expect(enclosingGroups(def, 'X2').map((g) => [g.holder.nodeId, g.branchIndex])).toEqual([['P', 0]]);
    expect(enclosingGroups(def, 'C')).toEqual([]);
  });

  test('branches are tried by priority, the default last', () => {
    const def = linked(
      group('G', 'condition', [
        condition('d', [], undefined, true),
        {
          ...condition('p2', [gte('x', 1)]),
          properties: { title: 'p2', priority: 2, isDefault: false, conditions: [gte('x', 1)] },
        },
        {
          ...condition('p1', [gte('x', 1)]),
          properties: { title: 'p1', priority: 1, isDefault: false, conditions: [gte('x', 1)] },
        },
      ]),
    );
    const g = findNode(def, 'G') as FlowNode;
    expect(ids(orderedBranches(g))).toEqual(['p1', 'p2', 'd']);
  });
});

describe('normalizing JNPF definitions', () => {
  test('a group held by an approver moves onto an empty holder after it', () => {
    const raw = linked(approver('A', {}, copy('C', ['u1'])));
    const a = raw.childNode as ApproverNode;
    a.conditionNodes = [
      { ...condition('x', [gte('amount', 5)]), prevId: 'A' },
      { ...condition('y', [], undefined, true), prevId: 'A' },
    ];
    a.conditionType = 'condition';
    const before = JSON.stringify(raw);
    const norm = normalizeFlow(raw);
    expect(JSON.stringify(raw)).toBe(before);
    expect(ids(flowNodes(norm))).toEqual(['start', 'A', 'A_branch', 'x', 'y', 'C']);
    const holder = findNode(norm, 'A_branch') as FlowNode;
    expect(holder).toMatchObject({ type: 'empty', prevId: 'A', conditionType: 'condition' });
    expect(findNode(norm, 'C')?.prevId).toBe('A_branch');
    expect(findNode(norm, 'x')?.prevId).toBe('A_branch');
    expect(validateFlow(norm)).toEqual([]);
  });

  test('fills missing defaults', () => {
    const raw = linked(approver('A'));
    delete ((raw.childNode as ApproverNode).properties as Partial<ApproverNode['properties']>).formOperates;
    (raw.childNode as ApproverNode).properties.rejectStep = 0 as unknown as string;
    const a = normalizeFlow(raw).childNode as ApproverNode;
    expect(a.properties.formOperates).toEqual([]);
    expect(a.properties.rejectStep).toBe('0');
  });
});

describe('editing the tree', () => {
  test('adds a node after another; the rest follows it', () => {
    const def = addNewNode(sample(), 'A', 'approver', 'N');
    expect(ids(flowNodes(def))).toEqual(['start', 'A', 'N', 'G', 'big', 'B', 'other', 'C']);
    expect(findNode(def, 'N')?.prevId).toBe('A');
    expect(findNode(def, 'G')?.prevId).toBe('N');
    // a new approver still needs its assignees
    expect(validateFlow(def).map((p) => [p.nodeId, p.code])).toEqual([['N', 'noAssignee']]);
  });

  test('after a branch head it goes to the top of the branch; after a holder, after the group', () => {
    let def = addNewNode(sample(), 'big', 'copy', 'K');
    def = updateNodeProperties(def, 'K', { title: 'K', circulateUser: ['u2'] });
    expect(ids(flowNodes(def))).toEqual(['start', 'A', 'G', 'big', 'K', 'B', 'other', 'C']);
    def = addNewNode(def, 'G', 'timer', 'T');
    expect(ids(flowNodes(def))).toEqual(['start', 'A', 'G', 'big', 'K', 'B', 'other', 'T', 'C']);
    expect(validateFlow(def)).toEqual([]);
  });

  test('does not change its input', () => {
    const def = sample();
    const before = JSON.stringify(def);
    addNewNode(def, 'A', 'approver', 'N');
    removeNode(def, 'B');
    addBranch(def, 'G', 'z');
    expect(JSON.stringify(def)).toBe(before);
  });

  test('adds a condition group with a default, and a parallel group of approvers', () => {
    let def = addBranchGroup(linked(approver('A')), 'A', 'condition', newId);
    expect(ids(flowNodes(def))).toEqual(['start', 'A', 'n1', 'n2', 'n3']);
    const heads = (findNode(def, 'n1') as FlowNode).conditionNodes as FlowNode[];
    expect(heads.map((h) => h.type === 'condition' && h.properties.isDefault)).toEqual([false, true]);
    def = addBranchGroup(def, 'n1', 'interflow', newId);
    const par = findNode(def, 'n4') as FlowNode;
    expect(par.conditionType).toBe('interflow');
    expect(par.conditionNodes?.map((h) => [h.type, h.isInterflow])).toEqual([
      ['approver', true],
      ['approver', true],
    ]);
    // new approvers and conditions still need their settings
    expect(validateFlow(def).map((p) => [p.nodeId, p.code])).toEqual([
      ['n2', 'conditionMissing'],
      ['n5', 'noAssignee'],
      ['n6', 'noAssignee'],
    ]);
  });

  test('a new condition branch goes before the default; branches move among the others', () => {
    let def = addBranch(sample(), 'G', 'z');
    const heads = () => ((findNode(def, 'G') as FlowNode).conditionNodes as FlowNode[]).map((h) => h.nodeId);
    expect(heads()).toEqual(['big', 'z', 'other']);
    def = moveBranch(def, 'z', 0);
    expect(heads()).toEqual(['z', 'big', 'other']);
    def = moveBranch(def, 'z', 99);
    expect(heads()).toEqual(['big', 'z', 'other']);
    const prios = ((findNode(def, 'G') as FlowNode).conditionNodes as FlowNode[]).map(
      (h) => (h.properties as { priority: number }).priority,
    );
    expect(prios).toEqual([0, 1, 2]);
    expect(() => moveBranch(def, 'other', 0)).toThrow(FlowEditError);
  });

  test('removing a plain node joins its neighbours', () => {
    const def = removeNode(sample(), 'A');
    expect(ids(flowNodes(def))).toEqual(['start', 'G', 'big', 'B', 'other', 'C']);
    expect(findNode(def, 'G')?.prevId).toBe('start');
    expect(validateFlow(def)).toEqual([]);
  });

  test('removing a branch of two dissolves the group into the other branch', () => {
    const def = removeNode(sample(), 'other');
    expect(ids(flowNodes(def))).toEqual(['start', 'A', 'B', 'C']);
    expect(findNode(def, 'B')?.prevId).toBe('A');
    expect(findNode(def, 'C')?.prevId).toBe('B');
    const def2 = removeNode(sample(), 'big');
    expect(ids(flowNodes(def2))).toEqual(['start', 'A', 'C']);
    expect(validateFlow(def2)).toEqual([]);
  });

  test('removing a parallel branch keeps the other branch’s approver', () => {
    const def = linked(
      group('P', 'interflow', [approver('X'), approver('Y', {}, copy('Z', ['u1']))], approver('E')),
    );
    const out = removeNode(def, 'X');
    expect(ids(flowNodes(out))).toEqual(['start', 'Y', 'Z', 'E']);
    expect(findNode(out, 'Y')?.isInterflow).toBeUndefined();
    expect(validateFlow(out)).toEqual([]);
  });

  test('removing a holder removes the group; a branch of three leaves two', () => {
    expect(ids(flowNodes(removeNode(sample(), 'G')))).toEqual(['start', 'A', 'C']);
    const three = addBranch(sample(), 'G', 'z');
    expect(ids(flowNodes(removeNode(three, 'big')))).toEqual(['start', 'A', 'G', 'z', 'other', 'C']);
  });

  test('refuses to remove the start or a missing node, or to add a start', () => {
    expect(() => removeNode(sample(), 'start')).toThrow(FlowEditError);
    expect(() => removeNode(sample(), 'nope')).toThrow(FlowEditError);
    expect(() => addNewNode(sample(), 'nope', 'approver', 'x')).toThrow(FlowEditError);
  });
});
