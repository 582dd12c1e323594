import {
  AssigneeType,
  SignMode,
  addBranchGroup,
  createNode,
  findNode,
  type ApproverNode,
  type ConditionNode,
  type FlowDefinition,
  type FlowFormField,
  type SubFlowNode,
} from '@lighting/shared/flowcore';
import {
  chartNames,
  conditionText,
  durationParts,
  nameList,
  nodeSummary,
  signTag,
  type SummaryContext,
} from './summary';

const fields: FlowFormField[] = [
  { key: 'cost', label: '金额', conditionType: 'number' },
  { key: 'kind', label: '类型', conditionType: 'text' },
  { key: 'night', label: '夜间', conditionType: 'boolean' },
  { key: 'approver', label: '指定审批人', conditionType: 'text' },
];
const words = { and: '且', or: '或', yes: '是', no: '否', sep: '、' };
const ctx = (over: Partial<SummaryContext> = {}): SummaryContext => ({
  dir: { users: new Map([['u1', '王志刚/manager']]), positions: new Map([['p1', '科长']]), roles: new Map() },
  fields,
  words,
  findTitle: (id) => (id === 'a1' ? '科长审批' : null),
  ...over,
});

const approver = (props: Partial<ApproverNode['properties']>): ApproverNode => {
  const n = createNode('approver', 'x') as ApproverNode;
  n.properties = { ...n.properties, ...props };
  return n;
};

describe('nodeSummary', () => {
  it('says everyone may launch when no initiator is named', () => {
    const start = createNode('start', 's') as FlowDefinition;
    expect(nodeSummary(start, ctx())).toEqual({ key: 'everyone' });
    start.properties.initiator = ['u1'];
    expect(nodeSummary(start, ctx())).toEqual({ key: 'names', params: { names: '王志刚' } });
  });

  it('describes each assignee rule, and null when the rule lacks its choice', () => {
    expect(nodeSummary(approver({ assigneeType: AssigneeType.MANAGER, managerLevel: 2 }), ctx())).toEqual({
      key: 'assigneeManagerLevel',
      params: { level: 2 },
    });
    expect(nodeSummary(approver({ assigneeType: AssigneeType.DEPARTMENT_HEAD }), ctx())?.key).toBe(
      'assigneeDeptHead',
    );
    expect(nodeSummary(approver({ assigneeType: AssigneeType.INITIATOR }), ctx())?.key).toBe(
      'assigneeInitiator',
    );
    expect(
      nodeSummary(approver({ assigneeType: AssigneeType.FORM_FIELD, formField: 'approver' }), ctx()),
    ).toEqual({
      key: 'assigneeFormFieldOf',
      params: { field: '指定审批人' },
    });
    expect(nodeSummary(approver({ assigneeType: AssigneeType.FORM_FIELD }), ctx())).toBeNull();
    expect(
      nodeSummary(approver({ assigneeType: AssigneeType.SAME_AS_NODE, assigneeNode: 'a1' }), ctx())?.params,
    ).toEqual({
      node: '科长审批',
    });
    expect(nodeSummary(approver({ assigneeType: AssigneeType.NAMED, approvers: [] }), ctx())).toBeNull();
    expect(
      nodeSummary(approver({ assigneeType: AssigneeType.NAMED, approverPos: ['p1'] }), ctx())?.params,
    ).toEqual({
      names: '科长',
    });
    expect(nodeSummary(approver({ assigneeType: AssigneeType.CHOSEN_AT_LAUNCH }), ctx())?.key).toBe(
      'assigneeChosen',
    );
  });

  it('tags countersign with its ratio and sequential signing', () => {
    expect(signTag(approver({ counterSign: SignMode.COUNTER, countersignRatio: 60 }))).toEqual({
      key: 'signCounterRatio',
      params: { ratio: 60 },
    });
    expect(signTag(approver({ counterSign: SignMode.SEQUENTIAL }))?.key).toBe('signSequential');
    expect(signTag(approver({ counterSign: SignMode.OR }))).toBeNull();
  });

  it('describes copies, timers and the default branch', () => {
    const copy = createNode('copy', 'c');
    expect(nodeSummary(copy, ctx())).toBeNull();
    (copy.properties as { userOptional?: boolean }).userOptional = true;
    expect(nodeSummary(copy, ctx())?.key).toBe('copyChosenByInitiator');
    const timer = createNode('timer', 't');
    expect(nodeSummary(timer, ctx())).toEqual({ key: 'timerAfter', params: { hour: 1 } });
    timer.properties = { title: 't', day: 0, hour: 0, minute: 0, second: 0 };
    expect(nodeSummary(timer, ctx())).toBeNull();
  });

  it('says a sub-flow card: the child flow, whether the parent waits, the launchers', () => {
    const sub = createNode('subFlow', 'f') as SubFlowNode;
    expect(nodeSummary(sub, ctx())).toBeNull();
    sub.properties = { ...sub.properties, flowId: 'fl1', flowName: '巡检', initiator: ['u1'] };
    expect(nodeSummary(sub, ctx())).toEqual({
      key: 'subFlowSyncOf',
      params: { flow: '巡检', who: '王志刚' },
    });
    sub.properties = { ...sub.properties, initiator: [] };
    expect(nodeSummary(sub, ctx())).toBeNull();
    sub.properties = { ...sub.properties, initiateType: AssigneeType.INITIATOR, isAsync: true };
    expect(nodeSummary(sub, ctx())).toEqual({ key: 'subFlowAsyncOf', params: { flow: '巡检', who: '' } });
  });

  it('writes a condition branch as one line, and null without predicates', () => {
    let def = createNode('start', 's') as FlowDefinition;
    let n = 0;
    def = addBranchGroup(def, 's', 'condition', () => `n${n++}`);
    const holder = findNode(def, 'n0');
    const first = holder?.conditionNodes?.[0] as ConditionNode;
    const other = holder?.conditionNodes?.[1] as ConditionNode;
    expect(nodeSummary(first, ctx())).toBeNull();
    expect(nodeSummary(other, ctx())).toEqual({ key: 'conditionOtherwise' });
    first.properties.conditions = [
      { field: 'cost', fieldType: 'number', symbol: '>=', filedValue: 5000, logic: '&&' },
      { field: 'kind', fieldType: 'text', symbol: '==', filedValue: '抢修', logic: '||' },
      { field: 'night', fieldType: 'boolean', symbol: '==', filedValue: true, logic: '&&' },
    ];
    expect(conditionText(first, fields, words)).toBe('金额 >= 5000 且 类型 == 抢修 或 夜间 == 是');
  });
});

describe('helpers', () => {
  it('lists three names, then counts', () => {
    expect(nameList(['a', 'b', 'c'])).toEqual({ key: 'names', params: { names: 'a、b、c' } });
    expect(nameList(['a', 'b', 'c', 'd'])).toEqual({
      key: 'namesMore',
      params: { names: 'a、b、c', count: 4 },
    });
    expect(nameList(['a', 'b'], ', ')).toEqual({ key: 'names', params: { names: 'a, b' } });
  });
  it('keeps the non-zero units of a duration in order', () => {
    expect(durationParts({ day: 1, hour: 0, minute: 30 })).toEqual([
      ['day', 1],
      ['minute', 30],
    ]);
  });
});

describe('chartNames', () => {
  const node = approver({ assigneeType: AssigneeType.MANAGER });
  const start = createNode('start', 's') as FlowDefinition;
  it('names who acts there, else whom a node not reached yet would go to', () => {
    expect(chartNames(node, { handlers: [{ userName: '王志刚' }], planned: [] }, '李明')).toEqual(['王志刚']);
    expect(
      chartNames(node, { handlers: [], planned: [{ userName: '张伟' }, { userName: '赵强' }] }, '李明'),
    ).toEqual(['张伟', '赵强']);
  });
  it('names the initiator on the start node; null when there is nobody to name', () => {
    expect(chartNames(start, { handlers: [] }, '李明')).toEqual(['李明']);
    expect(chartNames(node, { handlers: [], planned: [] }, '李明')).toBeNull();
    expect(chartNames(node, undefined, '李明')).toBeNull();
    expect(chartNames(node, { handlers: [{ userName: '' }] }, '李明')).toBeNull();
  });
});
