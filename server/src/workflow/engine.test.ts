import {
  AssigneeType,
  NodeState,
  NoApprover,
  OperatorState,
  RecordAction as A,
  SignMode,
  TaskStatus,
  type ApproverProperties,
  type ConditionPredicate,
  type FlowDefinition,
  type FlowNode,
  type TimerNode,
} from '@lighting/shared/flowcore';
import { decide, FlowActionError } from './engine';
import { Harness, user } from './engine-harness';

/* definitions are written without prevIds; `flow` links them */
function approver(nodeId: string, props: Partial<ApproverProperties> = {}, childNode?: FlowNode): FlowNode {
  return {
    type: 'approver',
    nodeId,
    prevId: null,
    properties: {
      title: nodeId,
      assigneeType: AssigneeType.NAMED,
      approvers: ['x'],
      counterSign: SignMode.OR,
      rejectStep: '0',
      formOperates: [],
      ...props,
    },
    ...(childNode ? { childNode } : {}),
  } as FlowNode;
}
const gte = (field: string, v: number): ConditionPredicate => ({
  field,
  fieldType: 'number',
  symbol: '>=',
  filedValue: v,
  logic: '&&',
});
function cond(
  nodeId: string,
  conditions: ConditionPredicate[],
  childNode?: FlowNode,
  isDefault = false,
): FlowNode {
  return {
    type: 'condition',
    nodeId,
    prevId: null,
    properties: { title: nodeId, priority: 0, isDefault, conditions },
    ...(childNode ? { childNode } : {}),
  };
}
function group(
  nodeId: string,
  kind: 'condition' | 'interflow',
  heads: FlowNode[],
  childNode?: FlowNode,
): FlowNode {
  return {
    type: 'empty',
    nodeId,
    prevId: null,
    properties: {},
    conditionType: kind,
    conditionNodes: heads,
    ...(childNode ? { childNode } : {}),
  };
}
function copy(nodeId: string, users: string[], childNode?: FlowNode): FlowNode {
  return {
    type: 'copy',
    nodeId,
    prevId: null,
    properties: { title: nodeId, circulateUser: users },
    ...(childNode ? { childNode } : {}),
  };
}
function flow(childNode?: FlowNode, props: Record<string, unknown> = {}): FlowDefinition {
  const root = {
    type: 'start',
    nodeId: 'start',
    prevId: null,
    properties: {
      title: 'start',
      initiator: [],
      initiatePos: [],
      initiateRole: [],
      formOperates: [],
      ...props,
    },
    ...(childNode ? { childNode } : {}),
  } as FlowDefinition;
  const fix = (n: FlowNode, prev: string | null): void => {
    n.prevId = prev;
    n.conditionNodes?.forEach((c) => fix(c, n.nodeId));
    if (n.childNode) fix(n.childNode, n.nodeId);
  };
  fix(root, null);
  return root;
}

const handled = (p: Promise<unknown>) => expect(p).rejects.toThrow(FlowActionError);

describe('decide', () => {
  const rows = (...s: Array<[number, number | null]>) =>
    s.map(([state, handleStatus]) => ({ state, handleStatus }));
  const W = OperatorState.WAITING;
  const D = OperatorState.DONE;
  test('countersign is decided after every vote by the ratio', () => {
    // 60 %: 3 of 5 agree passes
    expect(
      decide(SignMode.COUNTER, 60, rows([D, A.AGREE], [D, A.AGREE], [W, null], [W, null], [W, null]), {
        agree: true,
        addSign: false,
      }),
    ).toBe('wait');
    expect(
      decide(SignMode.COUNTER, 60, rows([D, A.AGREE], [D, A.AGREE], [D, A.AGREE], [W, null], [W, null]), {
        agree: true,
        addSign: false,
      }),
    ).toBe('pass');
    // 2 of 5 reject is exactly 1 − 60 %: not yet; a third fails
    expect(
      decide(SignMode.COUNTER, 60, rows([D, A.REJECT], [D, A.REJECT], [W, null], [W, null], [W, null]), {
        agree: false,
        addSign: false,
      }),
    ).toBe('wait');
    expect(
      decide(SignMode.COUNTER, 60, rows([D, A.REJECT], [D, A.REJECT], [D, A.REJECT], [W, null], [W, null]), {
        agree: false,
        addSign: false,
      }),
    ).toBe('fail');
    // 100 %: one reject fails at once
    expect(
      decide(SignMode.COUNTER, 100, rows([D, A.REJECT], [W, null]), { agree: false, addSign: false }),
    ).toBe('fail');
  });
  test('or-sign: the first vote decides; sequential: the last agree passes', () => {
    expect(decide(SignMode.OR, 100, rows([D, A.AGREE], [W, null]), { agree: true, addSign: false })).toBe(
      'pass',
    );
    expect(decide(SignMode.OR, 100, rows([D, A.REJECT], [W, null]), { agree: false, addSign: false })).toBe(
      'fail',
    );
    expect(
      decide(SignMode.SEQUENTIAL, 100, rows([D, A.AGREE], [OperatorState.QUEUED, null]), {
        agree: true,
        addSign: false,
      }),
    ).toBe('wait');
    expect(
      decide(SignMode.SEQUENTIAL, 100, rows([D, A.AGREE], [D, A.AGREE]), { agree: true, addSign: false }),
    ).toBe('pass');
  });
});

describe('a linear flow', () => {
  const def = flow(approver('A', {}, approver('B')));
  test('or-sign: the first agree decides, the other row is voided; the end approves', async () => {
    const h = new Harness(def, { approvers: { A: ['u1', 'u2'], B: ['m'] } });
    const ev = await h.submit();
    expect(h.state.task.status).toBe(TaskStatus.WAITING);
    expect(h.waiting()).toEqual(['A:u1', 'A:u2']);
    expect(ev.filter((e) => e.kind === 'todo').map((e) => (e as { userId: string }).userId)).toEqual([
      'u1',
      'u2',
    ]);
    expect(h.state.task.thisStep).toBe('A');
    await h.act((r) => r.audit(h.op('u1'), user('u1'), { opinion: 'ok' }));
    expect(h.waiting()).toEqual(['B:m']);
    expect(h.state.operators.find((o) => o.userId === 'u2')?.state).toBe(OperatorState.VOIDED);
    const end = await h.act((r) => r.audit(h.op('m'), user('m'), {}));
    expect(h.state.task.status).toBe(TaskStatus.APPROVED);
    expect(end).toEqual(
      expect.arrayContaining([{ kind: 'outcome', status: TaskStatus.APPROVED }, { kind: 'approved' }]),
    );
    expect(h.records()).toEqual(['start:2:init', 'A:1:u1', 'B:1:m']);
    expect(h.state.task.version).toBe(4);
  });

  test('a row that acted, or a voided one, cannot act again (a double click, the racing or-sign vote)', async () => {
    const h = new Harness(def, { approvers: { A: ['u1', 'u2'], B: ['m'] } });
    await h.submit();
    const u1 = h.op('u1');
    const u2 = h.op('u2');
    await h.act((r) => r.audit(u1, user('u1'), {}));
    await handled(h.act((r) => r.audit(u1, user('u1'), {})));
    await handled(h.act((r) => r.reject(u2, user('u2'), {})));
    expect(h.records()).toEqual(['start:2:init', 'A:1:u1']);
  });

  test('sequential: one after another; a reject goes to the initiator, who resubmits', async () => {
    const h = new Harness(flow(approver('A', { counterSign: SignMode.SEQUENTIAL })), {
      approvers: { A: ['a', 'b', 'c'] },
    });
    await h.submit();
    expect(h.waiting()).toEqual(['A:a']);
    await h.act((r) => r.audit(h.op('a'), user('a'), {}));
    expect(h.waiting()).toEqual(['A:b']);
    await h.act((r) => r.reject(h.op('b'), user('b'), { opinion: 'no' }));
    expect(h.state.task.status).toBe(TaskStatus.REJECTED);
    expect(h.waiting()).toEqual([]);
    expect(h.nodeState('A')).toBe(NodeState.REJECTED);
    await h.submit();
    expect(h.waiting()).toEqual(['A:a']);
    expect(h.records()).toEqual(['start:2:init', 'A:1:a', 'A:0:b', 'start:2:init']);
  });
});

describe('countersign', () => {
  test('passes at the ratio and voids the rest; fails once rejections pass 1 − ratio', async () => {
    const def = flow(approver('S', { counterSign: SignMode.COUNTER, countersignRatio: 60 }, approver('E')));
    const h = new Harness(def, { approvers: { S: ['a', 'b', 'c', 'd', 'e'], E: ['m'] } });
    await h.submit();
    for (const u of ['a', 'b']) await h.act((r) => r.audit(h.op(u), user(u), {}));
    expect(h.nodeState('S')).toBe(NodeState.ACTIVE);
    await h.act((r) => r.reject(h.op('c'), user('c'), {}));
    await h.act((r) => r.audit(h.op('d'), user('d'), {}));
    expect(h.waiting()).toEqual(['E:m']);
    expect(h.state.operators.find((o) => o.userId === 'e')?.state).toBe(OperatorState.VOIDED);

    const f = new Harness(def, { approvers: { S: ['a', 'b', 'c', 'd', 'e'], E: ['m'] } });
    await f.submit();
    await f.act((r) => r.reject(f.op('a'), user('a'), {}));
    await f.act((r) => r.reject(f.op('b'), user('b'), {}));
    expect(f.state.task.status).toBe(TaskStatus.WAITING);
    await f.act((r) => r.reject(f.op('c'), user('c'), {}));
    expect(f.state.task.status).toBe(TaskStatus.REJECTED);
    expect(f.waiting()).toEqual([]);
  });
});

describe('branches', () => {
  const def = flow(
    approver(
      'A',
      {},
      group(
        'G',
        'condition',
        [cond('big', [gte('amount', 1000)], approver('B')), cond('else', [], undefined, true)],
        approver('C'),
      ),
    ),
  );
  test('a condition is evaluated when the token reaches the group', async () => {
    const big = new Harness(def, { approvers: { A: ['a'], B: ['b'], C: ['c'] }, data: { amount: 5000 } });
    await big.submit();
    await big.act((r) => r.audit(big.op('a'), user('a'), {}));
    expect(big.waiting()).toEqual(['B:b']);
    expect(big.nodeState('else')).toBe(NodeState.SKIPPED);
    await big.act((r) => r.audit(big.op('b'), user('b'), {}));
    expect(big.waiting()).toEqual(['C:c']);

    const small = new Harness(def, { approvers: { A: ['a'], B: ['b'], C: ['c'] }, data: { amount: '999' } });
    await small.submit();
    await small.act((r) => r.audit(small.op('a'), user('a'), {}));
    expect(small.waiting()).toEqual(['C:c']);
    expect(small.nodeState('big')).toBe(NodeState.SKIPPED);
  });

  test('parallel branches are joined before what follows', async () => {
    const par = flow(
      group('P', 'interflow', [approver('X', {}, copy('K', ['cc'])), approver('Y')], approver('E')),
    );
    const h = new Harness(par, { approvers: { X: ['x'], Y: ['y'], E: ['e'] } });
    await h.submit();
    expect(h.waiting()).toEqual(['X:x', 'Y:y']);
    await h.act((r) => r.audit(h.op('x'), user('x'), {}));
    expect(h.waiting()).toEqual(['Y:y']);
    expect(h.state.circulates.map((c) => c.userId)).toEqual(['cc']);
    await h.act((r) => r.audit(h.op('y'), user('y'), {}));
    expect(h.waiting()).toEqual(['E:e']);
    expect(h.nodeState('P')).toBe(NodeState.DONE);
  });

  test('a reject inside a parallel branch to its own node leaves the other branch waiting', async () => {
    const par = flow(
      group(
        'P',
        'interflow',
        [approver('X', {}, approver('X2', { rejectStep: 'X' })), approver('Y')],
        approver('E'),
      ),
    );
    const h = new Harness(par, { approvers: { X: ['x'], X2: ['x2'], Y: ['y'], E: ['e'] } });
    await h.submit();
    await h.act((r) => r.audit(h.op('x'), user('x'), {}));
    await h.act((r) => r.reject(h.op('x2'), user('x2'), {}));
    expect(h.waiting()).toEqual(['X:x', 'Y:y']);
    await h.act((r) => r.audit(h.op('y'), user('y'), {}));
    await h.act((r) => r.audit(h.op('x'), user('x'), {}));
    await h.act((r) => r.audit(h.op('x2'), user('x2'), {}));
    expect(h.waiting()).toEqual(['E:e']);
  });
});

describe('reject and recall', () => {
  const def = flow(approver('A', {}, approver('B', {}, approver('C', { rejectStep: '1' }))));
  const opts = { approvers: { A: ['a'], B: ['b'], C: ['c'] } };
  test('reject to the previous node: it waits again, later nodes reset, history kept', async () => {
    const h = new Harness(def, opts);
    await h.submit();
    await h.act((r) => r.audit(h.op('a'), user('a'), {}));
    await h.act((r) => r.audit(h.op('b'), user('b'), {}));
    await h.act((r) => r.reject(h.op('c'), user('c'), { opinion: 'redo' }));
    expect(h.waiting()).toEqual(['B:b']);
    expect(h.nodeState('C')).toBe(NodeState.PENDING);
    expect(h.state.task.status).toBe(TaskStatus.WAITING);
    await h.act((r) => r.audit(h.op('b'), user('b'), {}));
    expect(h.waiting()).toEqual(['C:c']);
    expect(h.records()).toEqual(['start:2:init', 'A:1:a', 'B:1:b', 'C:0:c', 'B:1:b']);
    expect(h.state.records.find((r) => r.handleStatus === A.REJECT)?.targetNodeId).toBe('B');
  });

  test('reject to a chosen upstream node; a target not upstream is refused', async () => {
    const h = new Harness(def, opts);
    await h.submit();
    await h.act((r) => r.audit(h.op('a'), user('a'), {}));
    await h.act((r) => r.audit(h.op('b'), user('b'), {}));
    await handled(h.act((r) => r.reject(h.op('c'), user('c'), { rejectStep: 'C' })));
    await handled(h.act((r) => r.reject(h.op('c'), user('c'), { rejectStep: 'nope' })));
    await h.act((r) => r.reject(h.op('c'), user('c'), { rejectStep: 'A' }));
    expect(h.waiting()).toEqual(['A:a']);
    expect(h.nodeState('B')).toBe(NodeState.PENDING);
  });

  test('recall while the next node has not acted; refused after', async () => {
    const h = new Harness(def, opts);
    await h.submit();
    await h.act((r) => r.audit(h.op('a'), user('a'), {}));
    const rec = h.state.records.find((r) => r.handleId === 'a')?.id ?? '';
    await h.act((r) => r.recall(rec, user('a')));
    expect(h.waiting()).toEqual(['A:a']);
    expect(h.nodeState('B')).toBe(NodeState.PENDING);
    expect(h.records()).toEqual(['start:2:init', 'A:1:a:recalled', 'A:3:a']);
    await h.act((r) => r.audit(h.op('a'), user('a'), {}));
    await h.act((r) => r.audit(h.op('b'), user('b'), {}));
    const rec2 =
      h.state.records.filter((r) => r.handleId === 'a' && r.handleStatus === A.AGREE && !r.recalled)[0]?.id ??
      '';
    await handled(h.act((r) => r.recall(rec2, user('a'))));
    const recB = h.state.records.find((r) => r.handleId === 'b')?.id ?? '';
    await handled(h.act((r) => r.recall(recB, user('someone-else'))));
  });
});

describe('initiator, monitor and handlers', () => {
  const def = flow(approver('A', {}, approver('B')));
  const opts = { approvers: { A: ['a', 'a2'], B: ['b'] } };
  test('revoke, resubmit, cancel', async () => {
    const h = new Harness(def, opts);
    await h.submit();
    await h.act((r) => r.revoke(user('init')));
    expect(h.state.task.status).toBe(TaskStatus.REVOKED);
    expect(h.waiting()).toEqual([]);
    await handled(h.act((r) => r.revoke(user('init'))));
    await h.submit();
    expect(h.waiting()).toEqual(['A:a', 'A:a2']);
    await h.act((r) => r.cancel(user('admin'), 'stop'));
    expect(h.state.task.status).toBe(TaskStatus.CANCELLED);
    await handled(h.submit());
    expect(h.records().map((r) => r.split(':')[1])).toEqual(['2', '5', '2', '4']);
  });

  test('transfer hands a row on; add-sign waits for the added approver', async () => {
    const h = new Harness(def, opts);
    await h.submit();
    await h.act((r) => r.transfer(h.op('a'), user('a'), 't', 'yours'));
    expect(h.waiting()).toEqual(['A:a2', 'A:t']);
    await handled(h.act((r) => r.transfer(h.op('t'), user('t'), 'a2')));
    await h.act((r) => r.audit(h.op('t'), user('t'), { addSignUser: 'extra' }));
    expect(h.waiting()).toEqual(['A:a2', 'A:extra']);
    await h.act((r) => r.audit(h.op('extra'), user('extra'), {}));
    expect(h.waiting()).toEqual(['B:b']);
    expect(h.records()).toEqual(['start:2:init', 'A:7:a', 'A:1:t', 'A:6:t', 'A:1:extra']);
  });

  test('the monitor assigns an active node to one user', async () => {
    const h = new Harness(def, opts);
    await h.submit();
    await h.act((r) => r.assign('A', user('admin'), 'z'));
    expect(h.waiting()).toEqual(['A:z']);
    await handled(h.act((r) => r.assign('B', user('admin'), 'z')));
  });

  test('an entrusted delegate acts for the approver: the record says for whom', async () => {
    const h = new Harness(def, opts);
    await h.submit();
    await h.act((r) => r.audit(h.op('a'), user('d', 'a'), {}));
    const rec = h.state.records.find((r) => r.handleStatus === A.AGREE);
    expect([rec?.handleId, rec?.delegatorId]).toEqual(['d', 'a']);
  });
});

describe('approvers that cannot be found', () => {
  test('go to the administrators by default, or pass by themselves when the flow says so', async () => {
    const def = flow(approver('A', {}, approver('B')));
    const h = new Harness(def, { approvers: { B: ['b'] }, admins: ['root'] });
    await h.submit();
    expect(h.waiting()).toEqual(['A:root']);
    const auto = new Harness(
      flow(approver('A', {}, approver('B')), { noApproverHandler: NoApprover.AUTO_PASS }),
      { approvers: { B: ['b'] } },
    );
    await auto.submit();
    expect(auto.waiting()).toEqual(['B:b']);
    expect(auto.records()).toEqual(['start:2:init', 'A:9:-']);
  });
});

describe('timers', () => {
  const timer: TimerNode = {
    type: 'timer',
    nodeId: 'T',
    prevId: null,
    properties: { title: 'T', day: 0, hour: 1, minute: 0, second: 0 },
  };
  test('a timer node waits for its timer; a stale timer does nothing', async () => {
    const h = new Harness(flow({ ...timer, childNode: approver('B') } as FlowNode), {
      approvers: { B: ['b'] },
    });
    await h.submit();
    const t = h.state.timers[0];
    expect(t && t.dueAt - h.now).toBe(3_600_000);
    expect(h.state.task.thisStep).toBe('T');
    await h.act((r) => r.fire({ ...(t as NonNullable<typeof t>), round: 99 }));
    expect(h.waiting()).toEqual([]);
    await h.act((r) => r.fire(t as NonNullable<typeof t>));
    expect(h.waiting()).toEqual(['B:b']);
    expect(t?.state).toBe(1);
  });

  test('a timeout agrees or rejects for the waiting approvers; reminders repeat', async () => {
    const def = flow(
      approver(
        'A',
        {
          timeoutConfig: { on: true, quantity: 2, type: 'hour', handler: 1 },
          remindConfig: { on: true, quantity: 30, type: 'minute', times: 2 },
        },
        approver('B', { timeoutConfig: { on: true, quantity: 1, type: 'day', handler: 2 } }),
      ),
    );
    const h = new Harness(def, { approvers: { A: ['a'], B: ['b'] } });
    await h.submit();
    const remind = h.state.timers.find((t) => t.kind === 'remind');
    const ev = await h.act((r) => r.fire(remind as NonNullable<typeof remind>));
    expect(ev).toEqual([{ kind: 'press', userId: 'a', operatorId: h.op('a'), nodeId: 'A' }]);
    expect(h.state.timers.filter((t) => t.kind === 'remind' && t.state === 0)).toHaveLength(1);
    const timeout = h.state.timers.find((t) => t.kind === 'timeout' && t.nodeId === 'A');
    await h.act((r) => r.fire(timeout as NonNullable<typeof timeout>));
    expect(h.waiting()).toEqual(['B:b']);
    expect(h.state.timers.filter((t) => t.nodeId === 'A' && t.state === 0)).toEqual([]);
    const timeoutB = h.state.timers.find((t) => t.kind === 'timeout' && t.nodeId === 'B');
    await h.act((r) => r.fire(timeoutB as NonNullable<typeof timeoutB>));
    expect(h.state.task.status).toBe(TaskStatus.REJECTED);
    expect(h.records()).toEqual(['start:2:init', 'A:1:-', 'B:0:-']);
  });
});
