import { AssigneeType, SignMode } from './codes';
import { approver, condition, copy, group, gte, linked } from './fixtures';
import { flowProblemText, validateFlow } from './validate';
import type { FlowNode, TimerNode } from './types';

const codes = (input: unknown, fields?: Parameters<typeof validateFlow>[1]) =>
  validateFlow(input, fields).map((p) => [p.nodeId, p.code]);

const good = () =>
  linked(
    approver(
      'A',
      { assigneeType: AssigneeType.MANAGER, managerLevel: 1 },
      group(
        'G',
        'condition',
        [
          condition(
            'big',
            [gte('amount', 1000)],
            approver('B', { counterSign: SignMode.COUNTER, countersignRatio: 60, rejectStep: 'A' }),
          ),
          condition('else', [], undefined, true),
        ],
        group(
          'P',
          'interflow',
          [
            approver('X', { assigneeType: AssigneeType.SAME_AS_NODE, assigneeNode: 'A' }),
            approver('Y', { assigneeType: AssigneeType.INITIATOR }),
          ],
          copy('C', ['u1']),
        ),
      ),
    ),
  );

test('a sound flow has no problems', () => {
  expect(validateFlow(good())).toEqual([]);
  expect(
    validateFlow(good(), { fields: [{ key: 'amount', label: '金额', conditionType: 'number' }] }),
  ).toEqual([]);
});

test('malformed JSON is a problem, never a throw', () => {
  expect(codes(null)).toEqual([['', 'shape']]);
  expect(codes('x')).toEqual([['', 'shape']]);
  expect(codes({ type: 'start', nodeId: 's', properties: {}, childNode: 5 })).toEqual([['', 'shape']]);
  expect(
    codes({
      type: 'start',
      nodeId: 's',
      properties: {},
      childNode: { type: 'bogus', nodeId: 'b', properties: {} },
    }),
  ).toEqual([['b', 'shape']]);
  expect(codes({ type: 'start', nodeId: 's', properties: [] })).toEqual([['s', 'shape']]);
  expect(codes({ type: 'approver', nodeId: 'a', properties: {} })).toEqual([['a', 'notStart']]);
});

test('structure: duplicate ids, orphans, misplaced nodes, small groups', () => {
  const dup = good();
  (dup.childNode as FlowNode).nodeId = 'start';
  expect(codes(dup)[0]).toEqual(['start', 'idDuplicate']);

  const orphan = good();
  (orphan.childNode as FlowNode).prevId = 'elsewhere';
  expect(codes(orphan)).toEqual([['A', 'orphan']]);

  const misplaced = linked(condition('c', [gte('x', 1)]));
  expect(codes(misplaced)).toEqual([['c', 'conditionMisplaced']]);

  const startAgain = linked(approver('A'));
  (startAgain.childNode as FlowNode).childNode = { ...linked(), nodeId: 's2', prevId: 'A' };
  expect(codes(startAgain)).toEqual([['s2', 'startMisplaced']]);

  const lonely = linked(group('G', 'condition', [condition('d', [], undefined, true)]));
  expect(codes(lonely)).toEqual([['G', 'groupTooSmall']]);

  const parHead = linked(group('P', 'interflow', [approver('X'), copy('Y', ['u'])]));
  expect(codes(parHead)).toEqual([['Y', 'interflowHead']]);
});

test('condition groups have at most one default (none runs as JNPF 3.x) and valid conditions', () => {
  const noDefault = linked(
    group('G', 'condition', [condition('a', [gte('x', 1)]), condition('b', [gte('x', 2)])]),
  );
  expect(codes(noDefault)).toEqual([]);
  const two = linked(
    group('G', 'condition', [condition('a', [], undefined, true), condition('b', [], undefined, true)]),
  );
  expect(codes(two)).toEqual([['G', 'manyDefaults']]);
  const empty = linked(group('G', 'condition', [condition('a', []), condition('b', [], undefined, true)]));
  expect(codes(empty)).toEqual([['a', 'conditionMissing']]);
  const bad = linked(
    group('G', 'condition', [
      condition('a', [{ ...gte('x', 1), symbol: '=~' as never }]),
      condition('b', [], undefined, true),
    ]),
  );
  expect(codes(bad)).toEqual([['a', 'conditionInvalid']]);
  expect(codes(good(), { fields: [{ key: 'other', label: 'o', conditionType: 'number' }] })).toEqual([
    ['big', 'conditionInvalid'],
  ]);
});

test('every approver has an assignee rule', () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ assigneeType: 99 }, 'noAssignee'],
    [{ assigneeType: AssigneeType.MANAGER, managerLevel: 0 }, 'noAssignee'],
    [{ assigneeType: AssigneeType.FORM_FIELD }, 'noAssignee'],
    [{ assigneeType: AssigneeType.SAME_AS_NODE }, 'noAssignee'],
    [{ assigneeType: AssigneeType.SAME_AS_NODE, assigneeNode: 'Z' }, 'assigneeNode'],
    [{ assigneeType: AssigneeType.NAMED, approvers: [], approverPos: [], approverRole: [] }, 'noAssignee'],
    [{ counterSign: SignMode.COUNTER, countersignRatio: 0 }, 'ratio'],
    [{ counterSign: 7 }, 'shape'],
    [{ rejectStep: 'Z' }, 'rejectTarget'],
    [{ timeoutConfig: { on: true, quantity: 0, type: 'hour', handler: 1 } }, 'timeout'],
    [{ remindConfig: { on: true, quantity: 1, type: 'week', times: 1 } }, 'remind'],
    [{ noApproverHandler: 3 }, 'noApproverHandler'],
  ];
  for (const [props, code] of cases) {
    const def = linked(approver('A', {}, approver('Z', props as never)));
    expect([props, codes(def)]).toEqual([props, [['Z', code]]]);
  }
  expect(codes(linked(approver('A', { approvers: 'u1' as never })))).toEqual([
    ['A', 'noAssignee'],
    ['A', 'shape'],
  ]);
  expect(
    codes(linked(approver('A', { assigneeType: AssigneeType.FORM_FIELD, formField: 'who' })), { fields: [] }),
  ).toEqual([['A', 'formField']]);
  // a reject target in a sibling branch is not upstream
  const sibling = linked(group('P', 'interflow', [approver('X'), approver('Y', { rejectStep: 'X' })]));
  expect(codes(sibling)).toEqual([['Y', 'rejectTarget']]);
});

test('timers need a duration, copies a recipient; sub-flow nodes are checked apart (subflow.ts)', () => {
  const timer: TimerNode = {
    type: 'timer',
    nodeId: 'T',
    prevId: null,
    properties: { title: 'T', day: 0, hour: 0, minute: 0, second: 0 },
  };
  expect(codes(linked(timer))).toEqual([['T', 'timer']]);
  expect(codes(linked(copy('C', [])))).toEqual([['C', 'copyNoRecipient']]);
  expect(
    codes(linked({ type: 'subFlow', nodeId: 'S', prevId: null, properties: { title: 'S' } } as FlowNode)),
  ).toEqual([]);
});

test('operates must name form fields when the fields are known', () => {
  const def = linked(
    approver('A', { formOperates: [{ id: 'ghost', read: true, write: false, required: false }] }),
  );
  expect(codes(def, { fields: [{ key: 'cost', label: 'c', conditionType: 'number' }] })).toEqual([
    ['A', 'formField'],
  ]);
});

test('problems name the node in three languages', () => {
  const [p] = validateFlow(linked(approver('A', { title: '经理审批', approvers: [] })));
  expect(p?.message).toBe('经理审批 (A): no assignee rule: approvers');
  expect(p && flowProblemText(p, 'zh')).toBe('请设置审批人：approvers');
  expect(p?.text.zhtw).toBe('請設置審批人：approvers');
});

test('limits: too many nodes', () => {
  let chain: FlowNode | undefined;
  for (let i = 0; i < 320; i++) chain = copy(`c${i}`, ['u'], chain);
  expect(codes(linked(chain)).at(-1)).toEqual(['', 'tooMany']);
});
