/**
 * Reading JNPF 3.x definitions. The shapes are the 3.x Vue 2 designer's (lowcodeplatform_web
 * `src/components/Process`: FlowCard/config.js's node defaults, PropPanel's approver form and
 * condition rows, FlowCard/util.js's branch placement: a group's `conditionNodes` sit on the node
 * before it, the default branch is the last one and only when it has no conditions), the codes its
 * .NET engine's FlowTaskOperatorEnum and ApproversProperties define.
 */
import { evaluateConditions, evaluatePredicate } from './conditions';
import { readFlow, namedIdsOf } from './jnpf3';
import { validateFlow } from './validate';
import type { ApproverNode, ConditionNode, FlowDefinition, FlowFormField, FlowNode } from './types';

const fields: FlowFormField[] = [
  { key: 'amount', label: '金额', conditionType: 'number' },
  { key: 'reason', label: '事由', conditionType: 'text' },
  { key: 'urgent', label: '加急', conditionType: 'boolean' },
  { key: 'files', label: '附件', conditionType: null },
];

/** A 3.x condition row as PropPanel's addCondition + the selects' change handlers leave it. */
const cond = (field: string, fieldName: string, symbol: string, filedValue: string, logic = '&&') => ({
  fieldName,
  symbolName: symbol,
  filedValue,
  logicName: logic === '&&' ? '并且' : '或者',
  field,
  symbol,
  logic,
});

/** start → approver (会签 8) holding a condition group (no default) → copy. */
function saved(): FlowDefinition {
  const def = {
    type: 'start',
    content: '所有人',
    properties: {
      title: '发起节点',
      hasInitFunc: false,
      initInterfaceUrl: '',
      initInterfaceType: 'POST',
      hasEndFunc: false,
      endInterfaceUrl: '',
      endInterfaceType: 'POST',
      initiator: [],
      initiatePos: [],
      formOperates: [{ id: 'amount', name: '金额', required: true, read: true, write: true }],
    },
    nodeId: 'S1',
    childNode: {
      type: 'approver',
      content: '张三,李四',
      properties: {
        title: '部门会签',
        approvers: ['u1', 'u2'],
        approverPos: [],
        assigneeType: 8,
        formOperates: [{ id: 'amount', name: '金额', read: true, write: false }],
        circulatePosition: [],
        circulateUser: [],
        progress: '50',
        rejectStep: '0',
        description: '',
        hasApproverFunc: false,
        approverInterfaceUrl: '',
        approverInterfaceType: 'GET',
        hasRecallFunc: false,
        recallInterfaceUrl: '',
      },
      nodeId: 'A1',
      prevId: 'S1',
      conditionNodes: [
        {
          type: 'condition',
          content: '[金额 >= 10000] ',
          properties: {
            title: '大额',
            conditions: [cond('amount', '金额', '>=', '10000')],
            initiator: null,
            priority: 0,
            isDefault: false,
          },
          nodeId: 'C1',
          prevId: 'A1',
          childNode: {
            type: 'approver',
            content: '发起者主管',
            properties: {
              title: '主管审批',
              approvers: [],
              approverPos: [],
              assigneeType: 1,
              rejectStep: '1',
            },
            nodeId: 'A2',
            prevId: 'C1',
          },
        },
        {
          type: 'condition',
          content: '[事由 <= 5] ',
          properties: {
            title: '编号小',
            conditions: [cond('reason', '事由', '<=', '5')],
            initiator: null,
            priority: 1,
            isDefault: false,
          },
          nodeId: 'C2',
          prevId: 'A1',
        },
      ],
      conditionType: 'condition',
      childNode: {
        type: 'copy',
        content: '发起人自选',
        properties: { title: '抄送人', menbers: [], userOptional: true },
        nodeId: 'K1',
        prevId: 'A1',
      },
    },
  };
  return def as unknown as FlowDefinition;
}

const find = (root: FlowNode, id: string): FlowNode => {
  let found: FlowNode | null = null;
  const visit = (n: FlowNode | null | undefined): void => {
    for (; n; n = n.childNode) {
      if (n.nodeId === id) found = n;
      n.conditionNodes?.forEach(visit);
    }
  };
  visit(root);
  if (!found) throw new Error(id);
  return found;
};

test('a 3.x definition releases: 会签, conditions without fieldType, text <=, a group without default', () => {
  expect(validateFlow(saved(), { fields })).toEqual([]);
});

test('reading leaves the saved tree untouched', () => {
  const def = saved();
  const before = JSON.stringify(def);
  readFlow(def, fields);
  expect(JSON.stringify(def)).toBe(before);
});

test('会签 (8) reads as named approvers who all decide', () => {
  const a = find(readFlow(saved(), fields), 'A1') as ApproverNode;
  expect(a.properties).toMatchObject({ assigneeType: 6, counterSign: 1, countersignRatio: 100 });
  const ratio = saved();
  (ratio.childNode as ApproverNode).properties.countersignRatio = 60;
  expect((find(readFlow(ratio, fields), 'A1') as ApproverNode).properties.countersignRatio).toBe(60);
  // a later 3.x client's explicit counterSign stands (its .NET engine decided by it alone)
  const explicit = saved();
  (explicit.childNode as ApproverNode).properties.counterSign = 0;
  expect((find(readFlow(explicit, fields), 'A1') as ApproverNode).properties.counterSign).toBe(0);
});

test('a condition takes its type from the form; an unknown field is refused naming the node', () => {
  const c = find(readFlow(saved(), fields), 'C2') as ConditionNode;
  expect(c.properties.conditions[0]).toMatchObject({ field: 'reason', fieldType: 'text', logic: '&&' });
  const unknown = saved();
  const c1 = (unknown.childNode as FlowNode).conditionNodes?.[0] as ConditionNode;
  c1.properties.conditions = [cond('nope', '无', '==', '1') as never];
  expect(validateFlow(unknown, { fields }).map((p) => [p.nodeId, p.code])).toEqual([
    ['C1', 'conditionInvalid'],
  ]);
  // a field no condition can compare (files) is refused too
  c1.properties.conditions = [cond('files', '附件', '==', 'x') as never];
  expect(validateFlow(unknown, { fields })[0]?.message).toContain('大额 (C1)');
});

test('text compared with > < >= <= as 3.x did: as numbers when both are, else false', () => {
  const t = (symbol: '>' | '<=' | '<' | '>=', value: string, v: unknown) =>
    evaluatePredicate({ field: 'r', fieldType: 'text', symbol, filedValue: value, logic: '&&' }, { r: v });
  expect(t('<=', '5', '4')).toBe(true);
  expect(t('<=', '5', '10')).toBe(false); // as text '10' <= '5' would hold
  expect(t('>', '9', '10')).toBe(true);
  expect(t('>', '9', 10)).toBe(true);
  expect(t('>', 'a', 'b')).toBe(false);
  expect(t('>=', '1', '12abc')).toBe(false);
  expect(t('<', '5', ['7', '3'])).toBe(true);
  expect(
    evaluateConditions(
      [
        { field: 'r', fieldType: 'text', symbol: '==', filedValue: 'x', logic: '||' },
        { field: 'r', fieldType: 'text', symbol: '>', filedValue: '2', logic: '&&' },
      ],
      { r: '3' },
    ),
  ).toBe(true);
});

test('every 3.x assignee code is read or refused naming the node', () => {
  const withType = (assigneeType: number, more: Record<string, unknown> = {}) => {
    const def = saved();
    Object.assign((def.childNode as ApproverNode).properties, { assigneeType, ...more });
    return def;
  };
  const problems = (d: FlowDefinition) => validateFlow(d, { fields }).map((p) => [p.nodeId, p.code]);
  expect(problems(withType(1, { managerLevel: 2 }))).toEqual([]);
  expect(problems(withType(2))).toEqual([]);
  expect(problems(withType(3))).toEqual([]);
  expect(problems(withType(4, { formField: 'reason' }))).toEqual([]);
  expect(problems(withType(6))).toEqual([]);
  expect(problems(withType(7))).toEqual([]);
  expect(problems(withType(8))).toEqual([]);
  // 5 (环节) names its node in `nodeId`; A1 has no approver before it
  expect(problems(withType(5, { nodeId: 'A9' }))).toEqual([['A1', 'assigneeNode']]);
  const link = saved();
  const a2 = find(link, 'A2') as ApproverNode;
  Object.assign(a2.properties, { assigneeType: 5, nodeId: 'A1' });
  expect(problems(link)).toEqual([]);
  expect((find(readFlow(link, fields), 'A2') as ApproverNode).properties.assigneeNode).toBe('A1');
  const service = validateFlow(withType(9, { getUserUrl: 'http://x/y' }), { fields });
  expect(service.map((p) => [p.nodeId, p.code])).toEqual([['A1', 'assigneeService']]);
  expect(service[0]?.message).toMatch(/^部门会签 \(A1\): assigneeType 9/);
  expect(problems(withType(10))).toEqual([['A1', 'noAssignee']]);
});

test('noApproverHandler as 3.x wrote it (a boolean) reads as pass / the administrators; isCustomCopy as the copy button', () => {
  const def = saved();
  Object.assign((def.childNode as ApproverNode).properties, { noApproverHandler: true, isCustomCopy: true });
  Object.assign((find(def, 'A2') as ApproverNode).properties, { noApproverHandler: false });
  const read = readFlow(def, fields);
  expect((find(read, 'A1') as ApproverNode).properties.noApproverHandler).toBe(1);
  expect((find(read, 'A1') as ApproverNode).properties.hasCopyBtn).toBe(true);
  expect((find(read, 'A2') as ApproverNode).properties.noApproverHandler).toBe(2);
  expect(validateFlow(def, { fields })).toEqual([]);
});

test('the ids a definition names, with the nodes naming them', () => {
  const def = saved();
  Object.assign(def.properties, { initiator: ['u9'], initiatePos: ['p1'] });
  Object.assign((find(def, 'A2') as ApproverNode).properties, {
    circulateUser: ['u1'],
    approverRole: ['r1'],
  });
  const ids = namedIdsOf(readFlow(def, fields));
  expect([...(ids.get('users') ?? [])]).toEqual([
    ['u9', ['S1']],
    ['u1', ['A1', 'A2']],
    ['u2', ['A1']],
  ]);
  expect([...(ids.get('positions') ?? [])]).toEqual([['p1', ['S1']]]);
  expect([...(ids.get('roles') ?? [])]).toEqual([['r1', ['A2']]]);
});
