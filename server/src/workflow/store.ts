/**
 * A task's rows in and out of the database. Every action is one transaction: the task row is
 * locked (PostgreSQL: SELECT … FOR UPDATE; SQLite has one writer), its rows loaded, the engine
 * runs, the changed rows are written and the task row updated only if its version is still the one
 * read (optimistic lock, so a lost race is refused, never applied twice). A request key stored in
 * the same transaction makes a retried request answer its first answer.
 */
import { readFlow, type FlowDefinition } from '@lighting/shared/flowcore';
import type { AppContext } from '../context';
import type { Db } from '../database';
import { writeTransaction } from '../db/transaction';
import { badRequest, notFound } from '../http/envelope';
import { newId, priorAnswer, rememberAnswer, type RequestKey } from '../kernel';
import { TaskStatus } from '@lighting/shared/flowcore';
import { TaskRun, dueTimer, type ChildLaunch, type EngineEvent, type TaskState } from './engine';
import { Directory, resolveApprovers } from './resolve';
import type { FlowTaskTable, FlowVersionTable } from './schema';
import { fieldsOf, parseForm } from './forms';
import { stopsChildren } from './rules';
import { contains } from '../db/search';

export const CONFLICT_MSG = '流程已变化，请刷新后重试';

export type VersionRow = FlowVersionTable;

/** Definitions of versions, parsed and read once (a version never changes): what runs, with its form's field types. */
const defCache = new Map<string, FlowDefinition>();

export async function loadVersion(
  db: Db,
  versionId: string,
): Promise<{ row: VersionRow; def: FlowDefinition }> {
  const row = await db.selectFrom('flow_version').selectAll().where('id', '=', versionId).executeTakeFirst();
  if (!row) throw notFound('流程版本不存在');
  let def = defCache.get(versionId);
  if (!def) {
    def = readFlow(JSON.parse(row.flowTemplateJson) as FlowDefinition, fieldsOf(parseForm(row.formData)));
    if (defCache.size > 500) defCache.clear();
    defCache.set(versionId, def);
  }
  return { row, def };
}

async function loadState(trx: Db, task: FlowTaskTable): Promise<TaskState> {
  const [nodes, operators, records, timers, children] = await Promise.all([
    trx.selectFrom('flow_task_node').selectAll().where('taskId', '=', task.id).execute(),
    trx
      .selectFrom('flow_operator')
      .selectAll()
      .where('taskId', '=', task.id)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    trx.selectFrom('flow_record').selectAll().where('taskId', '=', task.id).orderBy('seq').execute(),
    trx.selectFrom('flow_timer').selectAll().where('taskId', '=', task.id).where('state', '=', 0).execute(),
    trx
      .selectFrom('flow_task')
      .select(['id', 'status', 'parentNodeId', 'parentRound'])
      .where('parentTaskId', '=', task.id)
      .execute(),
  ]);
  return {
    task: { ...task },
    nodes,
    operators,
    records,
    circulates: [],
    timers,
    children,
    launches: [],
  };
}

/**
 * The child tasks a sub-flow node asked for: each a task of the child flow's released version,
 * launched by its user with the copied fields, linked to the parent's node and round; a draft its
 * user submits, or (autoSubmit) submitted by a 'submit' timer due now, in the child's own action.
 */
async function insertLaunches(trx: Db, parent: FlowTaskTable, launches: readonly ChildLaunch[], now: number) {
  for (const l of launches) {
    const flow = await trx
      .selectFrom('flow_engine')
      .select(['id', 'fullName', 'version'])
      .where('id', '=', l.flowId)
      .executeTakeFirst();
    const version = flow
      ? await trx
          .selectFrom('flow_version')
          .select(['id', 'version'])
          .where('flowId', '=', flow.id)
          .where('version', '=', Number(flow.version))
          .executeTakeFirst()
      : undefined;
    // release refuses a child flow that does not exist or was never released; a flow is never unreleased
    if (!flow || !version) throw badRequest(`flowTemplateJson: 子流程 '${l.flowId}' 不存在或未发布`);
    await trx
      .insertInto('flow_task')
      .values({
        id: l.id,
        flowId: flow.id,
        versionId: version.id,
        flowVersion: version.version,
        fullName: `${flow.fullName}（${parent.fullName}）`.slice(0, 200),
        status: TaskStatus.DRAFT,
        flowUrgent: parent.flowUrgent,
        data: JSON.stringify(l.data),
        candidates: '{}',
        copyIds: '[]',
        creatorUserId: l.userId,
        createdAt: now,
        startTime: null,
        completionTime: null,
        updatedAt: now,
        version: 1,
        thisStep: '',
        refType: null,
        refId: null,
        pressedAt: null,
        parentTaskId: parent.id,
        parentNodeId: l.nodeId,
        parentRound: l.round,
      })
      .execute();
    if (l.autoSubmit) await insertTimer(trx, l.id, 'submit', '', 1, now, {});
  }
}

async function insertTimer(
  trx: Db,
  taskId: string,
  kind: string,
  nodeId: string,
  round: number,
  dueAt: number,
  payload: object,
): Promise<void> {
  await trx
    .insertInto('flow_timer')
    .values(dueTimer({ id: newId(), taskId, kind, nodeId, round, dueAt, payload }))
    .execute();
}

type Row = { id: string };
const snap = (rows: readonly Row[]): Map<string, string> =>
  new Map(rows.map((r) => [r.id, JSON.stringify(r)]));

/** Writes what the action changed: new rows inserted, changed rows updated by id. */
async function writeRows<T extends Row>(
  trx: Db,
  table: 'flow_task_node' | 'flow_operator' | 'flow_record' | 'flow_circulate' | 'flow_timer',
  before: Map<string, string>,
  rows: readonly T[],
): Promise<void> {
  const inserts: T[] = [];
  for (const r of rows) {
    const old = before.get(r.id);
    if (old === undefined) inserts.push(r);
    else if (old !== JSON.stringify(r)) {
      const { id, ...rest } = r;
      // kysely cannot type a table chosen at run time; the row came from this table
      await trx
        .updateTable(table as 'flow_operator')
        .set(rest as never)
        .where('id', '=', id)
        .execute();
    }
  }
  for (let i = 0; i < inserts.length; i += 200)
    await trx
      .insertInto(table as 'flow_operator')
      .values(inserts.slice(i, i + 200) as never)
      .execute();
}

export interface TaskTx {
  trx: Db;
  state: TaskState;
  def: FlowDefinition;
  version: VersionRow;
  /** a TaskRun over the state (created once the data is final) */
  run(): TaskRun;
}

export interface TaskTxOptions {
  /** refuse when the task's version is not this one (the page read an older task) */
  expectVersion?: number;
  /** a request key: a repeat answers the stored answer */
  idem?: RequestKey;
  /** a new task row to insert first, in the same transaction (a launch) */
  create?: FlowTaskTable;
}

export interface TaskTxResult<T> {
  answer: T;
  events: EngineEvent[];
  touched: string[];
  task: FlowTaskTable;
  repeated: boolean;
}

export type Hooks = {
  /** rows to add when a task is approved (system forms with a completion hook) */
  onApproved?: (tx: TaskTx) => Promise<void>;
};

export interface EnginePortsFactory {
  ctx: Pick<AppContext, 'db' | 'dialect' | 'clock'>;
}

/**
 * Runs `fn` on task `taskId` in one transaction and writes what it changed. `fn` returns the answer
 * (stored with the request key). Refusals thrown by `fn` roll everything back.
 */
export async function withTask<T>(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'clock'>,
  taskId: string,
  opts: TaskTxOptions,
  fn: (tx: TaskTx) => Promise<T>,
  hooks: Hooks = {},
): Promise<TaskTxResult<T>> {
  const prior = opts.idem ? await priorAnswer(ctx.db, opts.idem) : undefined;
  if (prior !== undefined) return repeatOf(ctx.db, prior as T, taskId);
  try {
    return await writeTransaction(ctx, async (trx) => {
      if (opts.create) await trx.insertInto('flow_task').values(opts.create).execute();
      let q = trx.selectFrom('flow_task').selectAll().where('id', '=', taskId);
      if (ctx.dialect === 'postgres') q = q.forUpdate();
      const task = await q.executeTakeFirst();
      if (!task) throw notFound('流程不存在');
      if (opts.expectVersion !== undefined && opts.expectVersion !== task.version)
        throw badRequest(CONFLICT_MSG);
      const state = await loadState(trx, task);
      const { row: version, def } = await loadVersion(trx, task.versionId);
      const before = {
        nodes: snap(state.nodes),
        operators: snap(state.operators),
        records: snap(state.records),
        timers: snap(state.timers),
      };
      const startVersion = task.version;
      const now = ctx.clock();
      const dir = new Directory(trx);
      let run: TaskRun | null = null;
      const tx: TaskTx = {
        trx,
        state,
        def,
        version,
        run() {
          run ??= new TaskRun(state, tx.def, {
            now,
            newId,
            approvers: (node, st) => resolveApprovers(dir, node, st),
            admins: () => dir.admins(),
            circulateUsers: (t) => dir.circulateUsers(t),
          });
          return run;
        },
      };
      const answer = await fn(tx);
      const events = run ? [...(run as TaskRun).events] : [];
      if (events.some((e) => e.kind === 'approved')) await hooks.onApproved?.(tx);
      await writeRows(trx, 'flow_task_node', before.nodes, state.nodes);
      await writeRows(trx, 'flow_operator', before.operators, state.operators);
      await writeRows(trx, 'flow_record', before.records, state.records);
      await writeRows(trx, 'flow_circulate', new Map(), state.circulates);
      await writeRows(trx, 'flow_timer', before.timers, state.timers);
      await insertLaunches(trx, state.task, state.launches, now);
      const t = state.task;
      // a child approved: its parent's sub-flow node looks again, in the parent's own action
      if (events.some((e) => e.kind === 'approved') && t.parentTaskId && t.parentNodeId)
        await insertTimer(trx, t.parentTaskId, 'subflow', t.parentNodeId, t.parentRound ?? 0, now, {
          childId: t.id,
        });
      // a parent revoked or cancelled: each child still open stops with it, in the child's own action
      if (stopsChildren(task.status, t.status))
        for (const c of state.children)
          if (c.status === TaskStatus.WAITING || c.status === TaskStatus.DRAFT)
            await insertTimer(trx, c.id, 'cancel', '', 0, now, { parentId: t.id });
      if (JSON.stringify(t) !== JSON.stringify(task)) {
        const { id, ...rest } = t;
        const r = await trx
          .updateTable('flow_task')
          .set(rest)
          .where('id', '=', id)
          .where('version', '=', startVersion)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw badRequest(CONFLICT_MSG);
      }
      if (opts.idem) await rememberAnswer(trx, opts.idem, answer, now);
      return {
        answer,
        events,
        touched: run ? [...(run as TaskRun).touched] : [],
        task: t,
        repeated: false,
      };
    });
  } catch (e) {
    // a concurrent retry with the same key won (this one then found the row handled): answer as it did
    if (opts.idem?.key) {
      const won = opts.idem ? await priorAnswer(ctx.db, opts.idem).catch(() => undefined) : undefined;
      if (won !== undefined) return repeatOf(ctx.db, won as T, taskId);
    }
    throw e;
  }
}

async function repeatOf<T>(db: Db, answer: T, taskId: string): Promise<TaskTxResult<T>> {
  const id = (answer as { id?: unknown } | null)?.id;
  const task = await loadTaskRow(db, typeof id === 'string' && id ? id : taskId);
  return { answer, events: [], touched: [], task, repeated: true };
}

export async function loadTaskRow(db: Db, id: string): Promise<FlowTaskTable> {
  const t = await db.selectFrom('flow_task').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound('流程不存在');
  return t;
}

/** A task's flow and who launched it, or undefined for no such task. */
export async function taskOwnerAndFlow(
  db: Db,
  id: string,
): Promise<{ flowId: string; creatorUserId: string } | undefined> {
  return db
    .selectFrom('flow_task')
    .select(['flowId', 'creatorUserId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The tasks (at most 50) whose form data names a file: who may read the file is who may see one. */
export async function tasksHoldingFile(db: Db, fileName: string) {
  return db
    .selectFrom('flow_task')
    .select(['id', 'flowId', 'creatorUserId'])
    .where(contains('data', fileName))
    .limit(50)
    .execute();
}

export const parseData = (text: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
