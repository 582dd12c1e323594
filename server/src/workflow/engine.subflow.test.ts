/**
 * Sub-flow nodes in the engine (JNPF 3.x 子流程), on definitions shaped as 3.x's designer saves
 * them: one child per launcher with the mapped fields, a synchronous node waiting for every child
 * approved, an asynchronous one going on at once. The store's part (inserting the children, the
 * 'subflow' timer a child's approval adds) is in server/test/workflow-subflow.test.ts.
 */
import {
  AssigneeType,
  NodeState,
  SignMode,
  TaskStatus,
  type FlowDefinition,
  type FlowNode,
} from '@lighting/shared/flowcore';
import { dueTimer, type TimerRow } from './engine';
import { Harness, user } from './engine-harness';

function approver(nodeId: string, approvers: string[], childNode?: FlowNode): FlowNode {
  return {
    type: 'approver',
    nodeId,
    prevId: null,
    properties: {
      title: nodeId,
      assigneeType: AssigneeType.NAMED,
      approvers,
      counterSign: SignMode.OR,
      rejectStep: '0',
      formOperates: [],
    },
    ...(childNode ? { childNode } : {}),
  } as FlowNode;
}

/** As 3.x's Vue designer saves a sub-flow node (defaultSubFlowForm and the panel's edits). */
function subFlow(nodeId: string, props: Record<string, unknown>, childNode?: FlowNode): FlowNode {
  return {
    type: 'subFlow',
    nodeId,
    prevId: null,
    content: '张三',
    properties: {
      title: '巡检子流程',
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
      assignList: [{ nodeId: 'A', title: 'A', ruleList: [{ parentField: 'road', childField: 'street' }] }],
      prevNodeList: [],
      interfaceConfig: { interfaceId: '', interfaceName: '', templateJson: [] },
      launchMsgConfig: { on: 3, msgId: '', msgName: '', templateJson: [] },
      isAsync: false,
      autoSubmit: false,
      ...props,
    },
    ...(childNode ? { childNode } : {}),
  } as FlowNode;
}

function flow(childNode: FlowNode): FlowDefinition {
  const root = {
    type: 'start',
    nodeId: 'start',
    prevId: null,
    properties: { title: 'start', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
    childNode,
  } as FlowDefinition;
  const fix = (n: FlowNode, prev: string | null): void => {
    n.prevId = prev;
    n.conditionNodes?.forEach((c) => fix(c, n.nodeId));
    if (n.childNode) fix(n.childNode, n.nodeId);
  };
  fix(root, null);
  return root;
}

/** What the store does after the action: the launched children become rows of the task's children. */
function store(h: Harness): void {
  for (const l of h.state.launches.splice(0))
    h.state.children.push({
      id: l.id,
      status: TaskStatus.DRAFT,
      parentNodeId: l.nodeId,
      parentRound: l.round,
    });
}
/** A child's approval: the store adds a 'subflow' timer on the parent, due now. */
function childDone(h: Harness, id: string, status: number = TaskStatus.APPROVED): TimerRow {
  const c = h.state.children.find((x) => x.id === id);
  if (!c) throw new Error(`no child ${id}`);
  c.status = status;
  const t = dueTimer({
    id: `t-${id}-${status}`,
    taskId: h.state.task.id,
    kind: 'subflow',
    nodeId: c.parentNodeId ?? '',
    round: c.parentRound ?? 0,
    dueAt: h.now,
    payload: {},
  });
  h.state.timers.push(t);
  return t;
}

test('synchronous: one child per launcher with the mapped fields; the parent waits for all approved', async () => {
  const h = new Harness(flow(approver('A', ['a'], subFlow('S', {}, approver('B', ['b'])))), {
    approvers: { A: ['a'], B: ['b'], S: ['u1', 'u2'] },
    data: { road: '解放路', amount: 3 },
  });
  await h.submit();
  await h.act((r) => r.audit(h.op('a'), user('a'), {}));
  expect(h.state.launches.map((l) => [l.userId, l.flowId, l.data, l.autoSubmit])).toEqual([
    ['u1', 'childFlow', { street: '解放路' }, false],
    ['u2', 'childFlow', { street: '解放路' }, false],
  ]);
  expect(h.nodeState('S')).toBe(NodeState.ACTIVE);
  expect(h.state.task.status).toBe(TaskStatus.WAITING);
  expect(h.state.task.thisStep).toBe('巡检子流程');
  store(h);
  const [c1, c2] = h.state.children.map((c) => c.id);
  await h.act((r) => r.fire(childDone(h, c1 as string)));
  expect(h.nodeState('S')).toBe(NodeState.ACTIVE);
  expect(h.waiting()).toEqual([]);
  // a rejected child goes back to its launcher: the parent keeps waiting
  await h.act((r) => r.fire(childDone(h, c2 as string, TaskStatus.REJECTED)));
  expect(h.nodeState('S')).toBe(NodeState.ACTIVE);
  await h.act((r) => r.fire(childDone(h, c2 as string)));
  expect(h.nodeState('S')).toBe(NodeState.DONE);
  expect(h.waiting()).toEqual(['B:b']);
  // a repeated notice changes nothing (the node is done)
  await h.act((r) => r.fire({ ...childDone(h, c2 as string), id: 'again' }));
  expect(h.waiting()).toEqual(['B:b']);
});

test('asynchronous: the children are launched and the parent goes on at once', async () => {
  const h = new Harness(flow(subFlow('S', { isAsync: true, autoSubmit: true }, approver('B', ['b']))), {
    approvers: { B: ['b'], S: ['u1'] },
  });
  await h.submit();
  expect(h.state.launches.map((l) => [l.userId, l.autoSubmit])).toEqual([['u1', true]]);
  expect(h.nodeState('S')).toBe(NodeState.DONE);
  expect(h.waiting()).toEqual(['B:b']);
});

test('nobody resolved: errorRule 6 launches by the initiator, 2 by the named users, else the administrators', async () => {
  const launched = async (props: Record<string, unknown>) => {
    const h = new Harness(flow(subFlow('S', props)), { approvers: {}, admins: ['admin'] });
    await h.submit();
    return h.state.launches.map((l) => l.userId);
  };
  expect(await launched({ errorRule: 6 })).toEqual(['init']);
  expect(await launched({ errorRule: 2, errorRuleUser: ['z'] })).toEqual(['z']);
  expect(await launched({ errorRule: 1 })).toEqual(['admin']);
});

test('a parent sent back and run again launches new children; the old round no longer counts', async () => {
  const h = new Harness(flow(subFlow('S', {}, approver('B', ['b']))), { approvers: { B: ['b'], S: ['u1'] } });
  await h.submit();
  store(h);
  const old = h.state.children[0]?.id as string;
  await h.act((r) => r.revoke(user('init')));
  await h.submit();
  expect(h.state.launches).toHaveLength(1);
  store(h);
  // the old child's approval is of a stale round: the node keeps waiting for the new child
  await h.act((r) => r.fire(childDone(h, old)));
  expect(h.nodeState('S')).toBe(NodeState.ACTIVE);
  const fresh = h.state.children[1]?.id as string;
  await h.act((r) => r.fire(childDone(h, fresh)));
  expect(h.waiting()).toEqual(['B:b']);
});

test("a child launched with autoSubmit is submitted by its 'submit' timer, once", async () => {
  const h = new Harness(flow(approver('A', ['a'])), { approvers: { A: ['a'] } });
  const t = dueTimer({
    id: 'sub',
    taskId: h.state.task.id,
    kind: 'submit',
    nodeId: '',
    round: 1,
    dueAt: h.now,
    payload: {},
  });
  h.state.timers.push(t);
  await h.act((r) => r.fire(t));
  expect(h.state.task.status).toBe(TaskStatus.WAITING);
  expect(h.waiting()).toEqual(['A:a']);
  expect(h.records()).toEqual(['start:2:init']);
  await h.act((r) => r.fire({ ...t, id: 'again', state: 0 }));
  expect(h.records()).toEqual(['start:2:init']);
});

/** The store's 'cancel' timer on a child whose parent was revoked or cancelled, due now. */
function parentStopped(h: Harness): TimerRow {
  const t = dueTimer({
    id: `t-cancel-${h.state.timers.length}`,
    taskId: h.state.task.id,
    kind: 'cancel',
    nodeId: '',
    round: 0,
    dueAt: h.now,
    payload: {},
  });
  h.state.timers.push(t);
  return t;
}

test('a child whose parent stopped: a waiting one is cancelled, a draft closed, a finished one left', async () => {
  // waiting at its approver
  const waiting = new Harness(flow(approver('A', ['a'])), { approvers: { A: ['a'] } });
  await waiting.submit();
  expect(waiting.waiting()).toEqual(['A:a']);
  await waiting.act((r) => r.fire(parentStopped(waiting)));
  expect(waiting.state.task.status).toBe(TaskStatus.CANCELLED);
  expect(waiting.waiting()).toEqual([]);
  expect(waiting.state.records.at(-1)?.handleOpinion).toBe('父流程已撤回或终止，子流程随之终止');
  // a draft its launcher never submitted
  const draft = new Harness(flow(approver('A', ['a'])), { approvers: { A: ['a'] } });
  await draft.act((r) => r.fire(parentStopped(draft)));
  expect(draft.state.task.status).toBe(TaskStatus.CANCELLED);
  expect(draft.state.task.completionTime).toBe(draft.now);
  // approved before: stays approved
  const done = new Harness(flow(approver('A', ['a'])), { approvers: { A: ['a'] } });
  await done.submit();
  await done.act((r) => r.audit(done.op('a'), user('a'), {}));
  expect(done.state.task.status).toBe(TaskStatus.APPROVED);
  await done.act((r) => r.fire(parentStopped(done)));
  expect(done.state.task.status).toBe(TaskStatus.APPROVED);
});
