import { findNode, flowNodes, type FlowDefinition } from '@lighting/shared/flowcore';
import {
  HISTORY_LIMIT,
  blankDefinition,
  canRedo,
  canUndo,
  designReducer,
  initialDesign,
  newNodeId,
  type DesignState,
} from './designState';

const counter = () => {
  let i = 0;
  return () => `id${i++}`;
};
const start = (): FlowDefinition => blankDefinition('发起人', '审批人', counter());

describe('designReducer', () => {
  it('adds nodes in place and selects nothing by itself', () => {
    let s = initialDesign(start());
    s = designReducer(s, { type: 'add', afterId: 'id0', node: 'copy', id: 'c1' });
    expect(flowNodes(s.def).map((n) => n.nodeId)).toEqual(['id0', 'c1', 'id1']);
    expect(s.selected).toBeNull();
    expect(canUndo(s)).toBe(true);
  });

  it('adds a sub-flow node with JNPF 3.x defaults (named launchers, synchronous, a draft)', () => {
    let s = initialDesign(start());
    s = designReducer(s, { type: 'add', afterId: 'id1', node: 'subFlow', id: 's1', title: '子流程' });
    const node = findNode(s.def, 's1');
    expect(node?.type).toBe('subFlow');
    expect(node?.properties).toMatchObject({
      title: '子流程',
      flowId: '',
      initiateType: 6,
      initiator: [],
      assignList: [],
      isAsync: false,
      autoSubmit: false,
    });
  });

  it('adds a condition group with the ids given and branches to it', () => {
    let s = initialDesign(start());
    s = designReducer(s, { type: 'addGroup', afterId: 'id1', kind: 'condition', ids: ['g', 'b1', 'b2'] });
    expect(findNode(s.def, 'g')?.conditionNodes?.map((n) => n.nodeId)).toEqual(['b1', 'b2']);
    s = designReducer(s, { type: 'addBranch', holderId: 'g', id: 'b3' });
    // a new condition goes before the default
    expect(findNode(s.def, 'g')?.conditionNodes?.map((n) => n.nodeId)).toEqual(['b1', 'b3', 'b2']);
  });

  it('leaves the state alone when flowcore refuses the edit', () => {
    const s = initialDesign(start());
    expect(designReducer(s, { type: 'remove', nodeId: 'id0' })).toBe(s);
    expect(designReducer(s, { type: 'remove', nodeId: 'nope' })).toBe(s);
  });

  it('clears the selection when the selected node is removed', () => {
    let s = initialDesign(start());
    s = designReducer(s, { type: 'select', nodeId: 'id1' });
    s = designReducer(s, { type: 'remove', nodeId: 'id1' });
    expect(s.selected).toBeNull();
    expect(findNode(s.def, 'id1')).toBeNull();
  });

  it('updates properties, undoes and redoes', () => {
    let s = initialDesign(start());
    const before = s.def;
    s = designReducer(s, {
      type: 'update',
      nodeId: 'id1',
      properties: { ...findNode(s.def, 'id1')!.properties, title: '科长' },
    });
    expect(findNode(s.def, 'id1')?.properties.title).toBe('科长');
    s = designReducer(s, { type: 'undo' });
    expect(s.def).toBe(before);
    expect(canRedo(s)).toBe(true);
    s = designReducer(s, { type: 'redo' });
    expect(findNode(s.def, 'id1')?.properties.title).toBe('科长');
    expect(designReducer(s, { type: 'redo' })).toBe(s);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let s: DesignState = initialDesign(start());
    for (let i = 0; i < HISTORY_LIMIT + 5; i++)
      s = designReducer(s, { type: 'add', afterId: 'id0', node: 'timer', id: `t${i}` });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
  });

  it('replaces the definition (import) as one undoable step', () => {
    let s = initialDesign(start());
    const other = blankDefinition('S', 'A', () => `x${Math.random()}`);
    s = designReducer(s, { type: 'replace', def: other });
    expect(s.def.properties.title).toBe('S');
    s = designReducer(s, { type: 'undo' });
    expect(s.def.properties.title).toBe('发起人');
  });
});

describe('ids', () => {
  it('makes node_ and 12 base-36 characters', () => {
    expect(newNodeId(() => 0.5)).toBe('node_iiiiiiiiiiii');
    expect(newNodeId()).toMatch(/^node_[0-9a-z]{12}$/);
  });
});
