import { AssigneeType, TaskStatus } from './codes';
import { approver, linked } from './fixtures';
import { readFlow } from './jnpf3';
import {
  childDataOf,
  initiatorRuleOf,
  subFlowDone,
  subFlowNodesOf,
  subFlowProblemsOf,
  subFlowPropsOf,
  type SubFlowCheckOptions,
} from './subflow';
import type { FlowNode, SubFlowNode } from './types';
import { validateFlow } from './validate';

/** A sub-flow node exactly as the JNPF 3.x designer saves one (defaultSubFlowForm + the panel's edits). */
const jnpf3SubFlow = (
  nodeId: string,
  props: Record<string, unknown> = {},
  child?: FlowNode,
): SubFlowNode => ({
  type: 'subFlow',
  nodeId,
  prevId: null,
  content: '张三',
  properties: {
    title: '子流程',
    errorRule: 1,
    errorRuleUser: [],
    formFieldType: 1,
    initiateType: 6,
    managerLevel: 1,
    departmentLevel: 1,
    formField: '',
    nodeId: '',
    initiator: ['u1', 'u2'],
    flowId: 'childFlow',
    flowName: '巡检',
    assignList: [{ nodeId: 'A', title: '审批', ruleList: [{ parentField: 'road', childField: 'street' }] }],
    prevNodeList: [],
    interfaceConfig: { interfaceId: '', interfaceName: '', templateJson: [] },
    launchMsgConfig: { on: 3, msgId: '', msgName: '', templateJson: [] },
    isAsync: false,
    autoSubmit: false,
    ...props,
  },
  ...(child ? { childNode: child } : {}),
});

/** Release's checks: validateFlow, then (the tree sound) the sub-flow nodes' own. */
const problems = (def: FlowNode & { type: 'start' }, o: SubFlowCheckOptions = {}) => {
  const found = validateFlow(def, { ...(o.fields ? { fields: o.fields } : {}) });
  return found.length ? found : subFlowProblemsOf(readFlow(def, o.fields), o);
};
const codes = (def: FlowNode & { type: 'start' }, o?: SubFlowCheckOptions) =>
  problems(def, o).map((p) => [p.nodeId, p.code]);
const released = new Map([
  ['childFlow', { released: true }],
  ['draftFlow', { released: false }],
]);

test('a 3.x sub-flow node releases when its child flow exists and is released', () => {
  const def = linked(approver('A', {}, jnpf3SubFlow('S')));
  expect(codes(def, { flowId: 'parent', flows: released })).toEqual([]);
  // read as it runs: the node keeps 3.x's properties
  const [node] = subFlowNodesOf(readFlow(def));
  expect(node && subFlowPropsOf(node).flowId).toBe('childFlow');
  expect(node && subFlowPropsOf(node).initiator).toEqual(['u1', 'u2']);
});

test('release refuses a missing, unreleased or self child flow, naming the node', () => {
  const missing = linked(approver('A', {}, jnpf3SubFlow('S', { flowId: 'ghost' })));
  expect(codes(missing, { flowId: 'parent', flows: released })).toEqual([['S', 'subFlowTarget']]);
  const [p] = problems(missing, { flowId: 'parent', flows: released });
  expect(p?.message).toBe("子流程 (S): the sub-flow 'ghost' does not exist or is not released");
  expect(p?.text.zh).toBe("子流程 'ghost' 不存在或未发布");
  const draft = linked(approver('A', {}, jnpf3SubFlow('S', { flowId: 'draftFlow' })));
  expect(codes(draft, { flowId: 'parent', flows: released })).toEqual([['S', 'subFlowTarget']]);
  const self = linked(approver('A', {}, jnpf3SubFlow('S', { flowId: 'parent' })));
  expect(codes(self, { flowId: 'parent', flows: released })).toEqual([['S', 'subFlowSelf']]);
});

test('release checks who launches the child', () => {
  const c = (props: Record<string, unknown>) =>
    codes(linked(approver('A', {}, jnpf3SubFlow('S', props))), { flows: released });
  expect(c({ initiator: [] })).toEqual([['S', 'subFlowInitiator']]);
  const bare = { type: 'subFlow', nodeId: 'S', prevId: null, properties: { title: 'S' } } as FlowNode;
  expect(codes(linked(bare))).toEqual([
    ['S', 'subFlowTarget'],
    ['S', 'subFlowInitiator'],
  ]);
  expect(c({ initiateType: AssigneeType.INITIATOR, initiator: [] })).toEqual([]);
  expect(c({ initiateType: AssigneeType.MANAGER, managerLevel: 2 })).toEqual([]);
  expect(c({ initiateType: AssigneeType.FORM_FIELD, formField: '' })).toEqual([['S', 'subFlowInitiator']]);
  expect(c({ initiateType: AssigneeType.SAME_AS_NODE, nodeId: 'A' })).toEqual([]);
  expect(c({ initiateType: AssigneeType.SAME_AS_NODE, nodeId: 'nowhere' })).toEqual([['S', 'subFlowNode']]);
  // 7 (candidates chosen by whoever reaches the node) and 9 (a service URL) are not run here
  expect(c({ initiateType: 7 })).toEqual([['S', 'subFlowInitiator']]);
  expect(c({ initiateType: 9 })).toEqual([['S', 'subFlowService']]);
  expect(c({ isAsync: 'yes' })).toEqual([['S', 'subFlowShape']]);
  expect(c({ assignList: [{ nodeId: 'A', ruleList: [{ parentField: 'road', childField: '' }] }] })).toEqual([
    ['S', 'subFlowRule'],
  ]);
  expect(
    codes(linked(approver('A', {}, jnpf3SubFlow('S'))), {
      flows: released,
      fields: [{ key: 'other', label: 'o', conditionType: 'text' }],
    }),
  ).toEqual([['S', 'subFlowField']]);
});

test('the launchers are read with the approver rules', () => {
  const rule = initiatorRuleOf(jnpf3SubFlow('S', { initiateType: AssigneeType.SAME_AS_NODE, nodeId: 'A' }));
  expect(rule.properties.assigneeType).toBe(AssigneeType.SAME_AS_NODE);
  expect(rule.properties.assigneeNode).toBe('A');
  expect(initiatorRuleOf(jnpf3SubFlow('S')).properties.approvers).toEqual(['u1', 'u2']);
});

test('field copies: parent fields into child fields, missing ones left out', () => {
  const props = {
    assignList: [
      {
        nodeId: 'A',
        ruleList: [
          { parentField: 'road', childField: 'street' },
          { parentField: 'absent', childField: 'x' },
          { parentField: '@prevNodeFormId', childField: 'y' },
        ],
      },
      { nodeId: 'B', ruleList: [{ parentField: 'lamps', childField: 'count' }] },
    ],
  };
  expect(childDataOf(props, { road: '解放路', lamps: [1, 2], other: 1 })).toEqual({
    street: '解放路',
    count: [1, 2],
  });
  expect(childDataOf({}, { road: 'x' })).toEqual({});
});

test('a synchronous node is done when every child is approved', () => {
  expect(subFlowDone([{ status: TaskStatus.APPROVED }, { status: TaskStatus.APPROVED }])).toBe(true);
  expect(subFlowDone([{ status: TaskStatus.APPROVED }, { status: TaskStatus.WAITING }])).toBe(false);
  expect(subFlowDone([{ status: TaskStatus.REJECTED }])).toBe(false);
  expect(subFlowDone([{ status: TaskStatus.CANCELLED }])).toBe(false);
  expect(subFlowDone([])).toBe(true);
});
