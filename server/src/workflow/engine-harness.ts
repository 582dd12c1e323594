/**
 * An in-memory task for the engine's tests (unit and property): the rows a store would load, fake
 * ports (approvers by node id, copies by the node's circulateUser), and a clock the test moves.
 * Not used by the server.
 */
import { normalizeFlow, OperatorState, type FlowDefinition } from '@lighting/shared/flowcore';
import { TaskRun, type Actor, type EngineEvent, type TaskState } from './engine';

export interface HarnessOptions {
  /** approvers per approver node id (missing: none) */
  approvers?: Record<string, string[]>;
  admins?: string[];
  data?: Record<string, unknown>;
  candidates?: Record<string, string[]>;
}

export class Harness {
  readonly state: TaskState;
  readonly def: FlowDefinition;
  now = 1_000_000;
  private seq = 0;
  readonly events: EngineEvent[] = [];

  constructor(
    def: FlowDefinition,
    private readonly opts: HarnessOptions = {},
  ) {
    this.def = normalizeFlow(def);
    this.state = {
      task: {
        id: 'task1',
        flowId: 'flow1',
        versionId: 'v1',
        flowVersion: 1,
        fullName: 't',
        status: 0,
        flowUrgent: 1,
        data: JSON.stringify(opts.data ?? {}),
        candidates: JSON.stringify(opts.candidates ?? {}),
        copyIds: '[]',
        creatorUserId: 'init',
        createdAt: this.now,
        startTime: null,
        completionTime: null,
        updatedAt: this.now,
        version: 1,
        thisStep: '',
        refType: null,
        refId: null,
        pressedAt: null,
        parentTaskId: null,
        parentNodeId: null,
        parentRound: null,
      },
      nodes: [],
      operators: [],
      records: [],
      circulates: [],
      timers: [],
      children: [],
      launches: [],
    };
  }

  /** Runs one action on a fresh TaskRun (as the store does per request). */
  async act(fn: (run: TaskRun) => unknown): Promise<EngineEvent[]> {
    this.now += 1000;
    const now = this.now;
    const run = new TaskRun(this.state, this.def, {
      now,
      newId: () => `r${++this.seq}`,
      approvers: async (node) => this.opts.approvers?.[node.nodeId] ?? [],
      admins: async () => this.opts.admins ?? ['admin'],
      circulateUsers: async (t) => [...(t.circulateUser ?? [])],
    });
    // a refused action changes nothing (the store's transaction rolls back)
    const before = structuredClone(this.state);
    try {
      await fn(run);
    } catch (e) {
      Object.assign(this.state, before);
      throw e;
    }
    this.events.push(...run.events);
    return run.events;
  }

  submit(): Promise<EngineEvent[]> {
    return this.act((r) => r.submit(user('init')));
  }

  /** The waiting row of `userId` (at `nodeId` when given). */
  op(userId: string, nodeId?: string): string {
    const o = this.state.operators.find(
      (x) => x.userId === userId && x.state === OperatorState.WAITING && (!nodeId || x.nodeId === nodeId),
    );
    if (!o) throw new Error(`no waiting row for ${userId}${nodeId ? ` at ${nodeId}` : ''}`);
    return o.id;
  }

  waiting(): string[] {
    return this.state.operators
      .filter((o) => o.state === OperatorState.WAITING)
      .map((o) => `${o.nodeId}:${o.userId}`)
      .sort();
  }

  nodeState(nodeId: string): number | undefined {
    return this.state.nodes.find((n) => n.nodeId === nodeId)?.state;
  }

  records(): string[] {
    return [...this.state.records]
      .sort((a, b) => a.seq - b.seq)
      .map((r) => `${r.nodeId}:${r.handleStatus}:${r.handleId ?? '-'}${r.recalled ? ':recalled' : ''}`);
  }
}

export const user = (userId: string, delegatorId: string | null = null): Actor => ({ userId, delegatorId });
