/**
 * @jest-environment jsdom
 */
// The drawing: every node of the tree in order, groups as columns, the + on each line adding in
// place, × removing, invalid nodes marked with their reasons; in view mode no editing and the
// nodes' states.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { i18next } from '@lighting/shared';
import { NodeState, addBranchGroup, findNode, type FlowNode } from '@lighting/shared/flowcore';
import { FlowCanvas } from './FlowCanvas';
import { blankDefinition } from './designState';

jest.setTimeout(60_000);

beforeAll(async () => {
  await i18next.changeLanguage('zh');
  // jsdom's window has no structuredClone (flowcore's edits copy with it): Node's own, via v8
  if (typeof globalThis.structuredClone === 'undefined') {
    const v8 = jest.requireActual<typeof import('node:v8')>('node:v8');
    Object.defineProperty(globalThis, 'structuredClone', {
      writable: true,
      value: <T,>(v: T): T => v8.deserialize(v8.serialize(v)) as T,
    });
  }
});

const ids = () => {
  let i = 0;
  return () => `n${i++}`;
};

function flow() {
  const next = ids();
  const def = blankDefinition('发起人', '主管', next);
  return addBranchGroup(def, 'n1', 'condition', next, { condition: '条件1', otherwise: '其他情况' });
}

const summary = (n: FlowNode) => (n.type === 'approver' ? null : `summary ${n.nodeId}`);

describe('FlowCanvas', () => {
  it('draws the nodes in order with the group as columns and the end', () => {
    render(<FlowCanvas def={flow()} mode="edit" summary={summary} />);
    const canvas = screen.getByTestId('flow-canvas');
    const order = [...canvas.querySelectorAll('[data-testid^="flow-node-"]')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(order).toEqual(['flow-node-n0', 'flow-node-n1', 'flow-node-n3', 'flow-node-n4']);
    expect(screen.getByTestId('flow-group-n2').getAttribute('data-kind')).toBe('condition');
    expect(within(screen.getByTestId('flow-node-n4')).getByText('默认')).toBeTruthy();
    expect(within(screen.getByTestId('flow-node-n3')).getByText('优先级1')).toBeTruthy();
    expect(within(canvas).getByText('流程结束')).toBeTruthy();
    // an approver without a summary asks to be set, in red
    expect(within(screen.getByTestId('flow-node-n1')).getByText('请设置审批人')).toBeTruthy();
  });

  it('adds after the node whose + was chosen, adds branches, removes, selects', () => {
    const onAdd = jest.fn();
    const onAddBranch = jest.fn();
    const onRemove = jest.fn();
    const onSelect = jest.fn();
    render(
      <FlowCanvas
        def={flow()}
        mode="edit"
        summary={summary}
        onAdd={onAdd}
        onAddBranch={onAddBranch}
        onRemove={onRemove}
        onSelect={onSelect}
      />,
    );
    act(() => {
      fireEvent.click(screen.getByTestId('add-after-n3'));
    });
    act(() => {
      fireEvent.click(screen.getByTestId('add-copy'));
    });
    expect(onAdd).toHaveBeenCalledWith('n3', 'copy');
    // a sub-flow node is offered too (JNPF 3.x 子流程)
    act(() => {
      fireEvent.click(screen.getByTestId('add-after-n3'));
    });
    act(() => {
      fireEvent.click(screen.getByTestId('add-subFlow'));
    });
    expect(onAdd).toHaveBeenCalledWith('n3', 'subFlow');
    fireEvent.click(screen.getByTestId('add-branch-n2'));
    expect(onAddBranch).toHaveBeenCalledWith('n2');
    fireEvent.click(screen.getByTestId('remove-n1'));
    expect(onRemove).toHaveBeenCalledWith('n1');
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('flow-node-n1'));
    expect(onSelect).toHaveBeenCalledWith('n1');
    // neither the start nor the default branch can be removed
    expect(screen.queryByTestId('remove-n0')).toBeNull();
    expect(screen.queryByTestId('remove-n4')).toBeNull();
  });

  it('marks invalid nodes with their reasons', () => {
    render(
      <FlowCanvas
        def={flow()}
        mode="edit"
        summary={summary}
        problems={new Map([['n1', ['请设置审批人：指定成员']]])}
      />,
    );
    expect(screen.getByTestId('flow-node-n1').getAttribute('data-invalid')).toBe('true');
    expect(screen.getByTestId('problem-n1')).toBeTruthy();
    expect(screen.getByTestId('flow-node-n3').getAttribute('data-invalid')).toBeNull();
  });

  it('shows states and no editing in view mode', () => {
    const def = flow();
    expect(findNode(def, 'n1')).not.toBeNull();
    render(
      <FlowCanvas
        def={def}
        mode="view"
        summary={summary}
        states={
          new Map([
            ['n0', NodeState.DONE],
            ['n1', NodeState.ACTIVE],
          ])
        }
      />,
    );
    expect(screen.getByTestId('flow-chart')).toBeTruthy();
    expect(screen.queryByTestId('add-after-n1')).toBeNull();
    expect(screen.queryByTestId('remove-n1')).toBeNull();
    expect(screen.getByTestId('flow-node-n1').getAttribute('data-state')).toBe(String(NodeState.ACTIVE));
    expect(screen.getByTestId('flow-node-n1').className).toContain('wf-active');
  });
});
