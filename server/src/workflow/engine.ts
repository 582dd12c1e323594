/**
 * The engine: every action on a task, over the task's rows in memory (no I/O but the ports it is
 * given). The store (store.ts) loads the rows inside a transaction, runs one action, writes what
 * changed with a version check, and delivers the events after the commit.
 *
 * Semantics (design/workflow.md): or-sign (the first vote decides), countersign (decided after
 * every vote: pass when agreed/total ≥ ratio, fail when rejected/total > 1 − ratio; the other rows
 * are voided), sequential; conditions evaluated when the token reaches the group; parallel branches
 * joined; copies; timer nodes; reject to the initiator, the previous node or an upstream node
 * (history kept); recall while nothing after has acted; revoke; cancel; transfer; add-sign; the
 * monitor's assign; timeouts and reminders.
 */
import {
  AssigneeType,
  NoApprover,
  NodeState,
  OperatorState,
  RecordAction,
  RejectStep,
  SignMode,
  TaskStatus,
  TimeoutHandler,
  branchKindOf,
  childDataOf,
  downstreamOf,
  initiatorRuleOf,
  subFlowDone,
  subFlowPropsOf,
  SubFlowErrorRule,
  enclosingGroups,
  evaluateConditions,
  indexFlow,
  isHolder,
  orderedBranches,
  previousApprover,
  rejectTargetsOf,
  type ApproverNode,
  type CirculateTargets,
  type CopyNode,
  type FlowDefinition,
  type FlowNode,
  type NodePlace,
  type NoApproverValue,
  type SubFlowNode,
} from '@lighting/shared/flowcore';
import type {
  FlowCirculateTable,
  FlowOperatorTable,
  FlowRecordTable,
  FlowTaskNodeTable,
  FlowTaskTable,
  FlowTimerTable,
} from './schema';

export type TaskRow = FlowTaskTable;
export type NodeRow = FlowTaskNodeTable;
export type OperatorRow = FlowOperatorTable;
export type RecordRow = FlowRecordTable;
export type CirculateRow = FlowCirculateTable;
export type TimerRow = FlowTimerTable;

/** A child task of this one (a sub-flow node launched it): what the parent needs to know. */
export interface ChildRow {
  id: string;
  status: number;
  parentNodeId: string | null;
  parentRound: number | null;
}

/** A child task a sub-flow node asks for: the store creates it in the same transaction. */
export interface ChildLaunch {
  id: string;
  nodeId: string;
  round: number;
  flowId: string;
  userId: string;
  data: Record<string, unknown>;
  autoSubmit: boolean;
}

/** A task's rows: the store loads them all (a task has tens of rows). */
export interface TaskState {
  task: TaskRow;
  nodes: NodeRow[];
  operators: OperatorRow[];
  records: RecordRow[];
  /** only the rows this action adds (copies are never changed by the engine) */
  circulates: CirculateRow[];
  /** the task's timers that are still due, plus the ones this action adds */
  timers: TimerRow[];
  /** the task's child tasks (sub-flows), as loaded */
  children: ChildRow[];
  /** the child tasks this action launches (the store inserts them) */
  launches: ChildLaunch[];
}

/** A new timer row, due at `dueAt` and not yet claimed (the engine's own, or one the store adds on another task). */
export function dueTimer(t: {
  id: string;
  taskId: string;
  kind: string;
  nodeId: string;
  round: number;
  dueAt: number;
  payload: object;
}): TimerRow {
  return {
    ...t,
    state: 0,
    claimedBy: null,
    claimUntil: null,
    firedAt: null,
    payload: JSON.stringify(t.payload),
    attempts: 0,
  };
}

/** Who acts: a user (for themselves, or for `delegatorId`), or the system (timeouts). */
export interface Actor {
  userId: string | null;
  delegatorId: string | null;
}
export const SYSTEM: Actor = { userId: null, delegatorId: null };

export interface EnginePorts {
  now: number;
  newId(): string;
  /** the approvers of an approver node (the store reads the organisation); may be empty */
  approvers(node: ApproverNode, state: TaskState): Promise<string[]>;
  /** the enabled administrators (an approver node that found nobody, handler 2) */
  admins(): Promise<string[]>;
  /** the enabled users a node's copy targets name */
  circulateUsers(targets: CirculateTargets): Promise<string[]>;
}

/** What the store delivers after the commit. */
export type EngineEvent =
  | { kind: 'todo'; userId: string; operatorId: string; nodeId: string }
  | { kind: 'circulate'; userId: string; circulateId: string; nodeId: string }
  | { kind: 'press'; userId: string; operatorId: string; nodeId: string }
  /** the initiator is told the task's new status (approved, rejected, revoked by timeout…) */
  | { kind: 'outcome'; status: number }
  /** the task was approved: system forms' hooks run (durably, through a timer row) */
  | { kind: 'approved' };

export type ActionErrorCode = 'handled' | 'state' | 'notAllowed' | 'target' | 'user';

export class FlowActionError extends Error {
  constructor(
    readonly reason: ActionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FlowActionError';
  }
}

export const MSG = {
  handled: '该待办已处理',
  notWaiting: '流程不在审批中',
  notResubmittable: '只有草稿、被驳回或已撤回的流程可以提交',
  recallLate: '下一节点已处理，不能撤回',
  recallNotYours: '只能撤回自己的审批',
  noSuchTarget: '驳回节点不可选',
  sameUser: '不能转给同一人',
  alreadyThere: '该用户已是本节点的审批人',
  notActive: '该节点不在审批中',
  /** a sub-flow's child stopped because its parent was revoked or cancelled (catalogued) */
  parentStopped: '父流程已撤回或终止，子流程随之终止',
} as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
export function durationMs(quantity: number, type: 'day' | 'hour' | 'minute'): number {
  return quantity * (type === 'day' ? DAY : type === 'hour' ? HOUR : MINUTE);
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    const v = JSON.parse(text) as unknown;
    return (v ?? fallback) as T;
  } catch {
    return fallback;
  }
}

/**
 * Whom a copy node sends its copies to: the users its targets name, and those the initiator added
 * where the node lets them (the engine when the token gets there; the task page before).
 */
export async function copyRecipients(
  circulateUsers: EnginePorts['circulateUsers'],
  node: CopyNode,
  task: Pick<TaskRow, 'copyIds'>,
): Promise<string[]> {
  const users = new Set(await circulateUsers(node.properties));
  if (node.properties.userOptional) for (const u of parseJson<string[]>(task.copyIds, [])) users.add(u);
  return [...users];
}

/** The decision of a node after a vote: pure (rows of the node's current round). */
export function decide(
  sign: number,
  ratio: number,
  rows: readonly Pick<OperatorRow, 'state' | 'handleStatus'>[],
  vote: { agree: boolean; addSign: boolean },
): 'pass' | 'fail' | 'wait' {
  const counted = rows.filter(
    (r) =>
      r.state === OperatorState.WAITING || r.state === OperatorState.DONE || r.state === OperatorState.QUEUED,
  );
  const stillToVote = counted.some(
    (r) => r.state === OperatorState.WAITING || r.state === OperatorState.QUEUED,
  );
  if (sign === SignMode.COUNTER) {
    const total = counted.length;
    const agreed = counted.filter(
      (r) => r.state === OperatorState.DONE && r.handleStatus === RecordAction.AGREE,
    ).length;
    const rejected = counted.filter(
      (r) => r.state === OperatorState.DONE && r.handleStatus === RecordAction.REJECT,
    ).length;
    if (total === 0) return 'pass';
    if (agreed * 100 >= ratio * total) return 'pass';
    if (rejected * 100 > (100 - ratio) * total) return 'fail';
    return stillToVote ? 'wait' : 'fail';
  }
  if (!vote.agree) return 'fail';
  if (sign === SignMode.SEQUENTIAL) return stillToVote ? 'wait' : 'pass';
  // or-sign: an agree decides, unless it added an approver who decides instead
  if (vote.addSign && stillToVote) return 'wait';
  return 'pass';
}

/**
 * One action on one task. Construct with the loaded state, the task's definition (normalised) and
 * the ports; call one action; read `events` and the mutated state.
 */
export class TaskRun {
  readonly events: EngineEvent[] = [];
  /** users whose to-do or circulate counts changed */
  readonly touched = new Set<string>();
  private readonly index: Map<string, NodePlace>;
  private readonly data: Record<string, unknown>;
  private round: number;
  private seqNext: number;

  constructor(
    readonly state: TaskState,
    readonly def: FlowDefinition,
    private readonly ports: EnginePorts,
  ) {
    this.index = indexFlow(def);
    this.data = parseJson<Record<string, unknown>>(state.task.data, {});
    this.round = state.task.version + 1;
    this.seqNext = state.records.reduce((m, r) => Math.max(m, r.seq), 0) + 1;
  }

  get task(): TaskRow {
    return this.state.task;
  }

  /* ------------------------------------------------------------------ actions */

  /** Submit a draft, or resubmit a rejected or revoked task: it runs from the start again. */
  async submit(actor: Actor, opinion = ''): Promise<void> {
    const t = this.task;
    if (t.status !== TaskStatus.DRAFT && t.status !== TaskStatus.REJECTED && t.status !== TaskStatus.REVOKED)
      throw new FlowActionError('state', MSG.notResubmittable);
    this.voidWaiting(() => true, OperatorState.VOIDED);
    this.cancelTimers(() => true);
    for (const n of this.state.nodes) this.resetNode(n);
    t.status = TaskStatus.WAITING;
    t.startTime = this.ports.now;
    t.completionTime = null;
    this.record(this.def, RecordAction.SUBMIT, actor, { opinion });
    await this.enter(this.def);
    this.bump();
  }

  /** An approver agrees (optionally adding `addSignUser`, who then approves at this node too). */
  async audit(
    operatorId: string,
    actor: Actor,
    opts: { opinion?: string; signImg?: string; addSignUser?: string | null },
  ): Promise<void> {
    const { op, node } = this.waitingOperator(operatorId);
    op.state = OperatorState.DONE;
    op.handleStatus = RecordAction.AGREE;
    op.handleTime = this.ports.now;
    this.touched.add(op.userId);
    this.record(node, RecordAction.AGREE, actor, {
      opinion: opts.opinion,
      signImg: opts.signImg,
      operatorId: op.id,
    });
    const add = opts.addSignUser ?? null;
    if (add) {
      if (
        this.roundRows(node).some(
          (r) => r.userId === add && (r.state === OperatorState.WAITING || r.state === OperatorState.QUEUED),
        )
      )
        throw new FlowActionError('user', MSG.alreadyThere);
      this.record(node, RecordAction.ADD_SIGN, actor, { operatorId: op.id, targetUserId: add });
      this.insertOperatorAfter(node, op, add, actor.userId);
    }
    await this.afterVote(node as ApproverNode, { agree: true, addSign: !!add });
    this.bump();
  }

  /** An approver rejects: the node fails (or-sign, sequential) or votes (countersign). */
  async reject(
    operatorId: string,
    actor: Actor,
    opts: { opinion?: string; signImg?: string; rejectStep?: string },
  ): Promise<void> {
    const { op, node } = this.waitingOperator(operatorId);
    const target = this.rejectTarget(node as ApproverNode, opts.rejectStep);
    op.state = OperatorState.DONE;
    op.handleStatus = RecordAction.REJECT;
    op.handleTime = this.ports.now;
    this.touched.add(op.userId);
    this.record(node, RecordAction.REJECT, actor, {
      opinion: opts.opinion,
      signImg: opts.signImg,
      operatorId: op.id,
      targetNodeId: target === RejectStep.INITIATOR ? null : target,
    });
    await this.afterVote(node as ApproverNode, { agree: false, addSign: false }, target);
    this.bump();
  }

  /** The approver who agreed takes the vote back, while nothing after the node has acted. */
  async recall(recordId: string, actor: Actor, opinion = ''): Promise<void> {
    const t = this.task;
    const rec = this.state.records.find((r) => r.id === recordId);
    if (!rec || rec.handleStatus !== RecordAction.AGREE || rec.recalled === 1)
      throw new FlowActionError('notAllowed', MSG.recallNotYours);
    if (actor.userId === null || (rec.handleId !== actor.userId && rec.delegatorId !== actor.userId))
      throw new FlowActionError('notAllowed', MSG.recallNotYours);
    if (t.status !== TaskStatus.WAITING) throw new FlowActionError('state', MSG.recallLate);
    // a vote from before the latest (re)submission belongs to a finished round of the task
    if (this.state.records.some((r) => r.handleStatus === RecordAction.SUBMIT && r.seq > rec.seq))
      throw new FlowActionError('state', MSG.recallLate);
    const node = this.nodeOf(rec.nodeId);
    const after = downstreamOf(this.def, node.nodeId);
    after.delete(node.nodeId);
    const acted = this.state.records.some(
      (r) =>
        r.seq > rec.seq &&
        r.recalled === 0 &&
        after.has(r.nodeId) &&
        r.handleStatus !== RecordAction.AUTO_PASS &&
        r.handleStatus !== RecordAction.SUBMIT,
    );
    if (acted) throw new FlowActionError('state', MSG.recallLate);
    const op = this.state.operators.find((o) => o.id === rec.operatorId);
    const row = this.rowOf(node.nodeId);
    if (!op || !row || op.round !== row.round) throw new FlowActionError('state', MSG.recallLate);
    // the node must still be open or passed: once rejected (or rewound by a rejection further on)
    // the round the vote belonged to is over
    if (row.state !== NodeState.ACTIVE && row.state !== NodeState.DONE)
      throw new FlowActionError('state', MSG.recallLate);
    // undo what followed the node
    this.rewind(after, node.nodeId);
    rec.recalled = 1;
    // the node waits again: the vote taken back, the rows its decision voided restored
    const wasDecided = row.state === NodeState.DONE;
    row.state = NodeState.ACTIVE;
    row.completedAt = null;
    op.state = OperatorState.WAITING;
    op.handleStatus = null;
    op.handleTime = null;
    const props = (node as ApproverNode).properties;
    const rows = this.roundRows(node);
    if (wasDecided)
      for (const r of rows) if (r.state === OperatorState.VOIDED) r.state = OperatorState.WAITING;
    if (props.counterSign === SignMode.SEQUENTIAL)
      for (const r of rows)
        if (r !== op && r.sortOrder > op.sortOrder && r.state === OperatorState.WAITING)
          r.state = OperatorState.QUEUED;
    for (const r of rows) {
      if (r.state === OperatorState.WAITING) {
        this.touched.add(r.userId);
        if (r !== op || wasDecided)
          this.events.push({ kind: 'todo', userId: r.userId, operatorId: r.id, nodeId: node.nodeId });
      }
    }
    this.touched.add(op.userId);
    this.events.push({ kind: 'todo', userId: op.userId, operatorId: op.id, nodeId: node.nodeId });
    if (wasDecided) this.approverTimers(node as ApproverNode);
    this.record(node, RecordAction.RECALL, actor, { opinion, operatorId: op.id });
    this.bump();
  }

  /** The initiator withdraws a waiting task (status 4). */
  revoke(actor: Actor, opinion = ''): void {
    this.stop(TaskStatus.REVOKED, RecordAction.REVOKE, actor, opinion);
    this.bump();
  }

  /** An administrator or the monitor stops a waiting task (status 5). */
  cancel(actor: Actor, opinion = ''): void {
    this.stop(TaskStatus.CANCELLED, RecordAction.CANCEL, actor, opinion);
    this.events.push({ kind: 'outcome', status: TaskStatus.CANCELLED });
    this.bump();
  }

  /**
   * A sub-flow's child whose parent was revoked or cancelled stops with it (as a called process
   * ends with the process that called it): a waiting child is cancelled, a draft never submitted
   * is closed as cancelled; a finished one stays as it is.
   */
  stopWithParent(): void {
    if (this.task.status === TaskStatus.WAITING) {
      this.cancel(SYSTEM, MSG.parentStopped);
      return;
    }
    if (this.task.status !== TaskStatus.DRAFT) return;
    this.task.status = TaskStatus.CANCELLED;
    this.task.completionTime = this.ports.now;
    this.record(this.def, RecordAction.CANCEL, SYSTEM, { opinion: MSG.parentStopped });
    this.bump();
  }

  /** A waiting row goes to another user. */
  transfer(operatorId: string, actor: Actor, toUserId: string, opinion = ''): void {
    const { op, node } = this.waitingOperator(operatorId);
    if (toUserId === op.userId) throw new FlowActionError('user', MSG.sameUser);
    if (
      this.roundRows(node).some(
        (r) =>
          r.userId === toUserId && (r.state === OperatorState.WAITING || r.state === OperatorState.QUEUED),
      )
    )
      throw new FlowActionError('user', MSG.alreadyThere);
    op.state = OperatorState.TRANSFERRED;
    op.handleTime = this.ports.now;
    this.touched.add(op.userId);
    const row = this.newOperator(node, toUserId, OperatorState.WAITING, op.sortOrder, actor.userId, op.round);
    this.record(node, RecordAction.TRANSFER, actor, { opinion, operatorId: op.id, targetUserId: toUserId });
    this.events.push({ kind: 'todo', userId: toUserId, operatorId: row.id, nodeId: node.nodeId });
    this.bump();
  }

  /** The monitor hands an active node to one user (its waiting rows go). */
  assign(nodeId: string, actor: Actor, toUserId: string, opinion = ''): void {
    if (this.task.status !== TaskStatus.WAITING) throw new FlowActionError('state', MSG.notWaiting);
    const node = this.nodeOf(nodeId);
    const row = this.rowOf(nodeId);
    if (node.type !== 'approver' || !row || row.state !== NodeState.ACTIVE)
      throw new FlowActionError('state', MSG.notActive);
    for (const r of this.roundRows(node))
      if (r.state === OperatorState.WAITING || r.state === OperatorState.QUEUED) {
        r.state = OperatorState.TRANSFERRED;
        this.touched.add(r.userId);
      }
    const op = this.newOperator(node, toUserId, OperatorState.WAITING, 0, actor.userId, row.round);
    this.record(node, RecordAction.ASSIGN, actor, { opinion, targetUserId: toUserId, operatorId: op.id });
    this.events.push({ kind: 'todo', userId: toUserId, operatorId: op.id, nodeId });
    this.bump();
  }

  /** A due timer of this task (the scheduler claimed it). Stale rounds do nothing. */
  async fire(timer: TimerRow): Promise<void> {
    timer.state = 1;
    timer.firedAt = this.ports.now;
    if (timer.kind === 'hook') return;
    if (timer.kind === 'submit') {
      // a sub-flow's child launched with autoSubmit: its initiator submits it (once: a draft only)
      if (this.task.status === TaskStatus.DRAFT)
        await this.submit({ userId: this.task.creatorUserId, delegatorId: null });
      return;
    }
    if (timer.kind === 'cancel') {
      this.stopWithParent();
      return;
    }
    const row = this.rowOf(timer.nodeId);
    if (
      this.task.status !== TaskStatus.WAITING ||
      !row ||
      row.state !== NodeState.ACTIVE ||
      row.round !== timer.round
    )
      return;
    const node = this.nodeOf(timer.nodeId);
    if (timer.kind === 'timer' && node.type === 'timer') {
      this.completeNode(node);
      await this.proceed(node);
    } else if (timer.kind === 'subflow' && node.type === 'subFlow') {
      // a child finished: a synchronous node goes on once every child of its round is approved
      if (subFlowDone(this.childrenOf(node.nodeId, row.round))) {
        this.completeNode(node);
        await this.proceed(node);
      }
    } else if (timer.kind === 'remind' && node.type === 'approver') {
      for (const r of this.roundRows(node))
        if (r.state === OperatorState.WAITING)
          this.events.push({ kind: 'press', userId: r.userId, operatorId: r.id, nodeId: node.nodeId });
      const left = Number(parseJson<{ left?: number }>(timer.payload, {}).left ?? 0) - 1;
      const cfg = node.properties.remindConfig;
      if (cfg?.on && left > 0)
        this.addTimer('remind', node.nodeId, row.round, this.ports.now + durationMs(cfg.quantity, cfg.type), {
          left,
        });
    } else if (timer.kind === 'timeout' && node.type === 'approver') {
      const handler = node.properties.timeoutConfig?.handler ?? TimeoutHandler.AGREE;
      const agree = handler === TimeoutHandler.AGREE;
      // every row still to vote is decided by the timeout, each with its record
      for (const r of this.roundRows(node))
        if (r.state === OperatorState.WAITING || r.state === OperatorState.QUEUED) {
          r.state = OperatorState.DONE;
          r.handleStatus = agree ? RecordAction.AGREE : RecordAction.REJECT;
          r.handleTime = this.ports.now;
          this.touched.add(r.userId);
          this.record(node, r.handleStatus, SYSTEM, { opinion: '超时自动处理', operatorId: r.id });
        }
      this.cancelTimers((t) => t.nodeId === node.nodeId);
      if (agree) {
        this.completeNode(node);
        await this.proceed(node);
      } else {
        row.state = NodeState.REJECTED;
        row.completedAt = this.ports.now;
        await this.rejectTo(node, this.rejectTarget(node, undefined));
      }
    }
    this.bump();
  }

  /* ------------------------------------------------------------------ reading */

  /** The nodes a waiting row's node may reject to: '0', '1' and its upstream approvers. */
  rejectChoices(nodeId: string): Array<{ nodeId: string; title: string }> {
    return rejectTargetsOf(this.def, nodeId).map((n) => ({ nodeId: n.nodeId, title: n.properties.title }));
  }

  /* ------------------------------------------------------------------ the token */

  private async enter(node: FlowNode): Promise<void> {
    if (this.task.status !== TaskStatus.WAITING) return;
    const row = this.ensureRow(node);
    row.round = this.round;
    row.enteredAt = this.ports.now;
    row.completedAt = null;
    row.joined = '[]';
    switch (node.type) {
      case 'approver':
        return this.activateApprover(node, row);
      case 'copy': {
        this.circulate(node, await copyRecipients((t) => this.ports.circulateUsers(t), node, this.task));
        this.completeNode(node);
        return this.proceed(node);
      }
      case 'timer': {
        row.state = NodeState.ACTIVE;
        const p = node.properties;
        const ms =
          ((Number(p.day) || 0) * 24 * 3600 +
            (Number(p.hour) || 0) * 3600 +
            (Number(p.minute) || 0) * 60 +
            (Number(p.second) || 0)) *
          1000;
        this.addTimer('timer', node.nodeId, row.round, this.ports.now + ms, {});
        return;
      }
      case 'subFlow':
        return this.enterSubFlow(node, row);
      case 'empty':
        if (isHolder(node)) return this.enterGroup(node, row);
        this.completeNode(node);
        return this.proceed(node);
      default:
        // start, condition heads
        this.completeNode(node);
        return this.proceed(node);
    }
  }

  /**
   * A sub-flow node: one child task per launcher (3.x: 多人时，发起多个子流程) with the parent's
   * fields copied as the node's rules say; asynchronous, the token moves on at once; synchronous,
   * it waits until every child is approved (a 'subflow' timer fires when one finishes).
   */
  private async enterSubFlow(node: SubFlowNode, row: NodeRow): Promise<void> {
    row.state = NodeState.ACTIVE;
    const p = subFlowPropsOf(node);
    let users = [...new Set(await this.ports.approvers(initiatorRuleOf(node), this.state))];
    if (users.length === 0) {
      // 3.x's errorRule: nobody resolved launches by the named users, the initiator, else the administrators
      if (p.errorRule === SubFlowErrorRule.NAMED && Array.isArray(p.errorRuleUser))
        users = [...new Set(p.errorRuleUser.filter((u): u is string => typeof u === 'string' && u !== ''))];
      else if (p.errorRule === SubFlowErrorRule.INITIATOR) users = [this.task.creatorUserId];
      if (users.length === 0) users = [...new Set(await this.ports.admins())];
    }
    const data = childDataOf(p, this.data);
    for (const userId of users)
      this.state.launches.push({
        id: this.ports.newId(),
        nodeId: node.nodeId,
        round: row.round,
        flowId: p.flowId,
        userId,
        data: structuredClone(data),
        autoSubmit: p.autoSubmit === true,
      });
    if (p.isAsync === true || users.length === 0) {
      this.completeNode(node);
      return this.proceed(node);
    }
  }

  /** The child tasks a sub-flow node launched in round `round` (with those this action launches). */
  childrenOf(nodeId: string, round: number): Array<{ id: string; status: number }> {
    return [
      ...this.state.children.filter((c) => c.parentNodeId === nodeId && c.parentRound === round),
      ...this.state.launches
        .filter((l) => l.nodeId === nodeId && l.round === round)
        .map((l) => ({ id: l.id, status: TaskStatus.DRAFT })),
    ];
  }

  private async enterGroup(holder: FlowNode, row: NodeRow): Promise<void> {
    row.state = NodeState.ACTIVE;
    const heads = orderedBranches(holder);
    if (branchKindOf(holder) === 'interflow') {
      for (const h of heads) await this.enter(h);
      return;
    }
    const chosen =
      heads.find(
        (h) =>
          h.type === 'condition' &&
          !h.properties.isDefault &&
          Array.isArray(h.properties.conditions) &&
          evaluateConditions(h.properties.conditions, this.data),
      ) ?? heads.find((h) => h.type === 'condition' && h.properties.isDefault);
    for (const h of heads) {
      if (h === chosen) continue;
      const r = this.ensureRow(h);
      r.state = NodeState.SKIPPED;
      r.round = this.round;
      r.completedAt = this.ports.now;
    }
    if (chosen) return this.enter(chosen);
    // no branch applies and no default (a definition release refuses): go past the group
    this.completeNode(holder);
    return this.proceed(holder);
  }

  /** What follows a node that is done: its childNode, or its branch's end (a join), or the end. */
  private async proceed(node: FlowNode): Promise<void> {
    if (this.task.status !== TaskStatus.WAITING) return;
    if (node.childNode) return this.enter(node.childNode);
    const place = this.index.get(node.nodeId);
    const holder = place?.holder ?? null;
    if (!holder || !place) return this.finish();
    const hrow = this.ensureRow(holder);
    if (branchKindOf(holder) === 'interflow') {
      const joined = new Set(parseJson<number[]>(hrow.joined, []));
      joined.add(place.branchIndex);
      hrow.joined = JSON.stringify([...joined].sort((a, b) => a - b));
      if (joined.size < (holder.conditionNodes?.length ?? 0)) return;
    }
    this.completeNode(holder);
    return this.proceed(holder);
  }

  private finish(): void {
    const t = this.task;
    t.status = TaskStatus.APPROVED;
    t.completionTime = this.ports.now;
    this.cancelTimers(() => true);
    this.events.push({ kind: 'outcome', status: TaskStatus.APPROVED });
    this.events.push({ kind: 'approved' });
  }

  private async activateApprover(node: ApproverNode, row: NodeRow): Promise<void> {
    row.state = NodeState.ACTIVE;
    let users = [...new Set(await this.ports.approvers(node, this.state))];
    if (users.length === 0) {
      const handler: NoApproverValue =
        node.properties.noApproverHandler ?? this.def.properties.noApproverHandler ?? NoApprover.ADMIN;
      if (handler === NoApprover.ADMIN) users = [...new Set(await this.ports.admins())];
      if (users.length === 0) {
        this.record(node, RecordAction.AUTO_PASS, SYSTEM, { opinion: '未找到审批人，自动通过' });
        this.completeNode(node);
        return this.proceed(node);
      }
    }
    const sequential = node.properties.counterSign === SignMode.SEQUENTIAL;
    users.forEach((u, i) => {
      const state = sequential && i > 0 ? OperatorState.QUEUED : OperatorState.WAITING;
      const op = this.newOperator(node, u, state, i, null, row.round);
      if (state === OperatorState.WAITING)
        this.events.push({ kind: 'todo', userId: u, operatorId: op.id, nodeId: node.nodeId });
    });
    this.approverTimers(node);
  }

  private approverTimers(node: ApproverNode): void {
    const row = this.rowOf(node.nodeId);
    if (!row) return;
    this.cancelTimers((t) => t.nodeId === node.nodeId);
    const t = node.properties.timeoutConfig;
    if (t?.on && t.quantity > 0)
      this.addTimer('timeout', node.nodeId, row.round, this.ports.now + durationMs(t.quantity, t.type), {});
    const r = node.properties.remindConfig;
    if (r?.on && r.quantity > 0 && r.times > 0)
      this.addTimer('remind', node.nodeId, row.round, this.ports.now + durationMs(r.quantity, r.type), {
        left: r.times,
      });
  }

  private async afterVote(
    node: ApproverNode,
    vote: { agree: boolean; addSign: boolean },
    rejectTarget?: string,
  ): Promise<void> {
    const props = node.properties;
    const rows = this.roundRows(node);
    const outcome = decide(props.counterSign, Number(props.countersignRatio ?? 100), rows, vote);
    if (outcome === 'wait') {
      if (props.counterSign === SignMode.SEQUENTIAL && !rows.some((r) => r.state === OperatorState.WAITING)) {
        const next = rows
          .filter((r) => r.state === OperatorState.QUEUED)
          .sort((a, b) => a.sortOrder - b.sortOrder)[0];
        if (next) {
          next.state = OperatorState.WAITING;
          this.touched.add(next.userId);
          this.events.push({ kind: 'todo', userId: next.userId, operatorId: next.id, nodeId: node.nodeId });
        }
      }
      return;
    }
    for (const r of rows)
      if (r.state === OperatorState.WAITING || r.state === OperatorState.QUEUED) {
        r.state = OperatorState.VOIDED;
        this.touched.add(r.userId);
      }
    this.cancelTimers((t) => t.nodeId === node.nodeId);
    if (outcome === 'pass') {
      this.completeNode(node);
      // the node's own copies (per-node CC) go once it passes
      const cc = await this.ports.circulateUsers(props);
      if (cc.length) this.circulate(node, cc);
      return this.proceed(node);
    }
    const row = this.rowOf(node.nodeId);
    if (row) {
      row.state = NodeState.REJECTED;
      row.completedAt = this.ports.now;
    }
    return this.rejectTo(node, rejectTarget ?? this.rejectTarget(node, undefined));
  }

  /** '0' (the initiator) or the node id the rejection goes back to. */
  private rejectTarget(node: ApproverNode, asked: string | undefined): string {
    const step = asked ?? String(node.properties.rejectStep ?? RejectStep.INITIATOR);
    if (step === RejectStep.INITIATOR) return RejectStep.INITIATOR;
    if (step === RejectStep.PREVIOUS)
      return previousApprover(this.def, node.nodeId)?.nodeId ?? RejectStep.INITIATOR;
    if (!rejectTargetsOf(this.def, node.nodeId).some((n) => n.nodeId === step))
      throw new FlowActionError('target', MSG.noSuchTarget);
    return step;
  }

  private async rejectTo(from: FlowNode, target: string): Promise<void> {
    if (target === RejectStep.INITIATOR) {
      this.voidWaiting(() => true, OperatorState.VOIDED);
      this.cancelTimers(() => true);
      for (const n of this.state.nodes) if (n.state === NodeState.ACTIVE) n.state = NodeState.PENDING;
      this.task.status = TaskStatus.REJECTED;
      this.task.completionTime = null;
      this.events.push({ kind: 'outcome', status: TaskStatus.REJECTED });
      return;
    }
    const back = this.nodeOf(target);
    void from;
    this.rewind(downstreamOf(this.def, back.nodeId));
    await this.enter(back);
  }

  /**
   * Sends the token back: the nodes in `ids` run again (rows reset, waiting rows and timers
   * dropped), and a parallel group whose branch holds one of them, or `alsoUnjoin`, no longer
   * counts that branch as joined.
   */
  private rewind(ids: Set<string>, alsoUnjoin?: string): void {
    this.voidWaiting((o) => ids.has(o.nodeId), OperatorState.VOIDED);
    this.cancelTimers((t) => ids.has(t.nodeId));
    for (const n of this.state.nodes) if (ids.has(n.nodeId)) this.resetNode(n);
    const unjoin = alsoUnjoin ? [...ids, alsoUnjoin] : [...ids];
    for (const id of unjoin) {
      for (const g of enclosingGroups(this.def, id)) {
        if (ids.has(g.holder.nodeId)) continue;
        const hrow = this.rowOf(g.holder.nodeId);
        if (!hrow) continue;
        const joined = parseJson<number[]>(hrow.joined, []).filter((b) => b !== g.branchIndex);
        hrow.joined = JSON.stringify(joined);
        if (hrow.state === NodeState.DONE) hrow.state = NodeState.ACTIVE;
      }
    }
  }

  private stop(status: number, action: number, actor: Actor, opinion: string): void {
    if (this.task.status !== TaskStatus.WAITING) throw new FlowActionError('state', MSG.notWaiting);
    this.voidWaiting(() => true, OperatorState.VOIDED);
    this.cancelTimers(() => true);
    for (const n of this.state.nodes) if (n.state === NodeState.ACTIVE) n.state = NodeState.PENDING;
    this.task.status = status;
    this.task.completionTime = this.ports.now;
    this.record(this.def, action, actor, { opinion });
  }

  /* ------------------------------------------------------------------ rows */

  private nodeOf(nodeId: string): FlowNode {
    const p = this.index.get(nodeId);
    if (!p) throw new FlowActionError('state', `节点 ${nodeId} 不在流程中`);
    return p.node;
  }

  private rowOf(nodeId: string): NodeRow | undefined {
    return this.state.nodes.find((n) => n.nodeId === nodeId);
  }

  private ensureRow(node: FlowNode): NodeRow {
    let row = this.rowOf(node.nodeId);
    if (!row) {
      row = {
        id: this.ports.newId(),
        taskId: this.task.id,
        nodeId: node.nodeId,
        nodeType: node.type,
        title: String((node.properties as { title?: unknown }).title ?? '').slice(0, 100),
        state: NodeState.PENDING,
        round: 0,
        enteredAt: null,
        completedAt: null,
        joined: '[]',
      };
      this.state.nodes.push(row);
    }
    return row;
  }

  private resetNode(n: NodeRow): void {
    n.state = NodeState.PENDING;
    n.completedAt = null;
    n.joined = '[]';
  }

  private completeNode(node: FlowNode): void {
    const row = this.ensureRow(node);
    row.state = NodeState.DONE;
    row.completedAt = this.ports.now;
  }

  /** The rows of the node's current round. */
  private roundRows(node: FlowNode): OperatorRow[] {
    const row = this.rowOf(node.nodeId);
    if (!row) return [];
    return this.state.operators.filter((o) => o.nodeId === node.nodeId && o.round === row.round);
  }

  private waitingOperator(operatorId: string): { op: OperatorRow; node: FlowNode } {
    const op = this.state.operators.find((o) => o.id === operatorId);
    if (!op || op.state !== OperatorState.WAITING || this.task.status !== TaskStatus.WAITING)
      throw new FlowActionError('handled', MSG.handled);
    const row = this.rowOf(op.nodeId);
    if (!row || row.state !== NodeState.ACTIVE || row.round !== op.round)
      throw new FlowActionError('handled', MSG.handled);
    const node = this.nodeOf(op.nodeId);
    if (node.type !== 'approver') throw new FlowActionError('handled', MSG.handled);
    return { op, node };
  }

  private newOperator(
    node: FlowNode,
    userId: string,
    state: number,
    sortOrder: number,
    addedBy: string | null,
    round: number,
  ): OperatorRow {
    const op: OperatorRow = {
      id: this.ports.newId(),
      taskId: this.task.id,
      nodeId: node.nodeId,
      round,
      userId,
      state,
      sortOrder,
      handleStatus: null,
      handleTime: null,
      addedBy,
      createdAt: this.ports.now,
    };
    this.state.operators.push(op);
    this.touched.add(userId);
    return op;
  }

  /** Add-sign: the added approver comes right after `after` (sequential order shifts). */
  private insertOperatorAfter(
    node: FlowNode,
    after: OperatorRow,
    userId: string,
    addedBy: string | null,
  ): void {
    for (const r of this.roundRows(node)) if (r.sortOrder > after.sortOrder) r.sortOrder += 1;
    const op = this.newOperator(
      node,
      userId,
      OperatorState.WAITING,
      after.sortOrder + 1,
      addedBy,
      after.round,
    );
    this.events.push({ kind: 'todo', userId, operatorId: op.id, nodeId: node.nodeId });
  }

  private voidWaiting(which: (o: OperatorRow) => boolean, to: number): void {
    for (const o of this.state.operators)
      if ((o.state === OperatorState.WAITING || o.state === OperatorState.QUEUED) && which(o)) {
        o.state = to;
        this.touched.add(o.userId);
      }
  }

  private circulate(node: FlowNode, users: string[]): void {
    const title = String((node.properties as { title?: unknown }).title ?? '');
    for (const u of users) {
      const row: CirculateRow = {
        id: this.ports.newId(),
        taskId: this.task.id,
        nodeId: node.nodeId,
        nodeName: title.slice(0, 100),
        userId: u,
        createdAt: this.ports.now,
        isRead: 0,
        readAt: null,
      };
      this.state.circulates.push(row);
      this.touched.add(u);
      this.events.push({ kind: 'circulate', userId: u, circulateId: row.id, nodeId: node.nodeId });
    }
  }

  /** Copies chosen by an approver (copyIds on Audit). */
  circulateFrom(nodeId: string, users: string[]): void {
    this.circulate(this.nodeOf(nodeId), users);
  }

  private addTimer(kind: string, nodeId: string, round: number, dueAt: number, payload: object): void {
    this.state.timers.push(
      dueTimer({ id: this.ports.newId(), taskId: this.task.id, kind, nodeId, round, dueAt, payload }),
    );
  }

  /** A domain hook after approval (the store adds it when the form has one). */
  addHook(dueAt: number, payload: object): void {
    this.addTimer('hook', this.def.nodeId, this.round, dueAt, payload);
  }

  private cancelTimers(which: (t: TimerRow) => boolean): void {
    for (const t of this.state.timers) if (t.state === 0 && t.kind !== 'hook' && which(t)) t.state = 2;
  }

  private record(
    node: FlowNode,
    action: number,
    actor: Actor,
    o: {
      opinion?: string;
      signImg?: string;
      operatorId?: string;
      targetUserId?: string | null;
      targetNodeId?: string | null;
    },
  ): void {
    this.state.records.push({
      id: this.ports.newId(),
      taskId: this.task.id,
      seq: this.seqNext++,
      nodeId: node.nodeId,
      nodeName: String((node.properties as { title?: unknown }).title ?? '').slice(0, 100),
      operatorId: o.operatorId ?? null,
      handleStatus: action,
      handleId: actor.userId,
      delegatorId: actor.delegatorId,
      handleTime: this.ports.now,
      handleOpinion: (o.opinion ?? '').slice(0, 500),
      signImg: o.signImg ?? '',
      targetUserId: o.targetUserId ?? null,
      targetNodeId: o.targetNodeId ?? null,
      recalled: 0,
    });
  }

  /** The end of every action: the version moves on, the waiting steps are named. */
  private bump(): void {
    const t = this.task;
    t.version = this.round;
    t.updatedAt = this.ports.now;
    t.thisStep =
      t.status === TaskStatus.WAITING
        ? this.state.nodes
            .filter(
              (n) =>
                n.state === NodeState.ACTIVE &&
                (n.nodeType === 'approver' || n.nodeType === 'timer' || n.nodeType === 'subFlow'),
            )
            .map((n) => n.title)
            .join('、')
            .slice(0, 500)
        : '';
  }
}

/** The assignee types whose approvers the initiator picks at launch. */
export const chosenAtLaunch = (n: FlowNode): n is ApproverNode =>
  n.type === 'approver' && n.properties.assigneeType === AssigneeType.CHOSEN_AT_LAUNCH;
