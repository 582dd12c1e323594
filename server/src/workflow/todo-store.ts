/**
 * What a handler's pages read: the to-do, done and circulate lists, an operator row with its task,
 * a record to recall, a copy. The lists filter the task (`t`) and its flow (`fe`) alike.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { OperatorState, RecordAction, TaskStatus } from '@lighting/shared/flowcore';
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';

export interface TaskListFilter extends PageQuery {
  keyword?: string;
  flowId?: string;
  flowCategory?: string;
  flowUrgent?: number;
  startTime?: number;
  endTime?: number;
}

/** The lists' filters over the task (`t`) and its flow (`fe`), as one condition (null: none). */
function filterOf(f: TaskListFilter): Expression<SqlBool> | null {
  const parts: Array<Expression<SqlBool>> = [];
  const kw = f.keyword?.trim();
  if (kw) parts.push(contains('t.fullName', kw));
  if (f.flowId) parts.push(sql<SqlBool>`${sql.ref('t.flowId')} = ${f.flowId}`);
  if (f.flowCategory) parts.push(sql<SqlBool>`${sql.ref('fe.category')} = ${f.flowCategory}`);
  if (f.flowUrgent) parts.push(sql<SqlBool>`${sql.ref('t.flowUrgent')} = ${f.flowUrgent}`);
  if (f.startTime !== undefined) parts.push(sql<SqlBool>`${sql.ref('t.startTime')} >= ${f.startTime}`);
  if (f.endTime !== undefined) parts.push(sql<SqlBool>`${sql.ref('t.startTime')} <= ${f.endTime}`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : null;
}

/** The task's and its flow's columns every list shows. */
const TASK_COLUMNS = [
  't.fullName',
  't.flowId',
  't.flowUrgent',
  't.status',
  't.creatorUserId',
  't.startTime',
  /** a sub-flow's child: its parent task (null otherwise) */
  't.parentTaskId',
  'fe.fullName as flowName',
  'fe.category as flowCategory',
] as const;

/**
 * A page of the waiting operator rows of waiting tasks that a user handles: their own, and those of
 * the people who delegated to them (for one flow or for all).
 */
export async function pageTodo(
  db: Db,
  userId: string,
  delegations: ReadonlyArray<{ userId: string; flowId: string }>,
  q: TaskListFilter,
) {
  let base = db
    .selectFrom('flow_operator as o')
    .innerJoin('flow_task as t', 't.id', 'o.taskId')
    .innerJoin('flow_engine as fe', 'fe.id', 't.flowId')
    .leftJoin('flow_task_node as n', (j) =>
      j.onRef('n.taskId', '=', 'o.taskId').onRef('n.nodeId', '=', 'o.nodeId'),
    )
    .where('o.state', '=', OperatorState.WAITING)
    .where('t.status', '=', TaskStatus.WAITING)
    .where((eb) =>
      eb.or([
        eb('o.userId', '=', userId),
        ...delegations.map((d) =>
          d.flowId
            ? eb.and([eb('o.userId', '=', d.userId), eb('t.flowId', '=', d.flowId)])
            : eb('o.userId', '=', d.userId),
        ),
      ]),
    );
  const f = filterOf(q);
  if (f) base = base.where(f);
  return paged(base, q, (b) =>
    b
      .select([
        'o.id',
        'o.taskId',
        'o.nodeId',
        'o.userId',
        'o.createdAt as receiveTime',
        ...TASK_COLUMNS,
        'n.title as thisStep',
      ])
      .orderBy('o.createdAt', 'desc')
      .orderBy('o.id'),
  );
}

/** What a handler did that puts a task on their done list. */
const HANDLED = [RecordAction.REJECT, RecordAction.AGREE, RecordAction.ADD_SIGN, RecordAction.TRANSFER];

/** A page of a user's latest handling record of each task they handled. */
export async function pageDone(db: Db, userId: string, q: TaskListFilter) {
  let base = db
    .selectFrom('flow_record as r')
    .innerJoin('flow_task as t', 't.id', 'r.taskId')
    .innerJoin('flow_engine as fe', 'fe.id', 't.flowId')
    .where('r.handleId', '=', userId)
    .where('r.handleStatus', 'in', HANDLED)
    .where(
      'r.seq',
      '=',
      sql<number>`(select max(${sql.ref('r2.seq')}) from ${sql.table('flow_record')} as ${sql.id('r2')} where ${sql.ref('r2.taskId')} = ${sql.ref('r.taskId')} and ${sql.ref('r2.handleId')} = ${userId} and ${sql.ref('r2.handleStatus')} in (${sql.join(HANDLED)}))`,
    );
  const f = filterOf(q);
  if (f) base = base.where(f);
  return paged(base, q, (b) =>
    b
      .select([
        'r.id',
        'r.taskId',
        'r.nodeId',
        'r.nodeName as thisStep',
        'r.handleStatus',
        'r.handleTime',
        'r.recalled',
        ...TASK_COLUMNS,
      ])
      .orderBy('r.handleTime', 'desc')
      .orderBy('r.id'),
  );
}

/** A page of the copies sent to a user. */
export async function pageCirculated(db: Db, userId: string, q: TaskListFilter) {
  let base = db
    .selectFrom('flow_circulate as c')
    .innerJoin('flow_task as t', 't.id', 'c.taskId')
    .innerJoin('flow_engine as fe', 'fe.id', 't.flowId')
    .where('c.userId', '=', userId);
  const f = filterOf(q);
  if (f) base = base.where(f);
  return paged(base, q, (b) =>
    b
      .select([
        'c.id',
        'c.taskId',
        'c.nodeId',
        'c.nodeName as thisStep',
        'c.createdAt as creatorTime',
        'c.isRead',
        ...TASK_COLUMNS,
      ])
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id'),
  );
}

/** An operator row (404 when there is none), its task's flow and the acting user's row. */
export async function operatorWithTask(db: Db, operatorId: string, userId: string) {
  const op = await db.selectFrom('flow_operator').selectAll().where('id', '=', operatorId).executeTakeFirst();
  if (!op) throw notFound('待办不存在');
  const task = await db
    .selectFrom('flow_task')
    .select(['id', 'flowId'])
    .where('id', '=', op.taskId)
    .executeTakeFirstOrThrow();
  const user = await db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return { op, task, user };
}

/** A task row that must exist. */
export async function taskRow(db: Db, id: string) {
  return db.selectFrom('flow_task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A handling record by id, or 404. */
export async function loadRecord(db: Db, id: string) {
  const rec = await db
    .selectFrom('flow_record')
    .select(['id', 'taskId', 'nodeId', 'handleId', 'delegatorId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!rec) throw notFound('审批记录不存在');
  return rec;
}

/** Deletes a copy sent to the user (404 when it is not theirs). */
export async function deleteOwnCirculate(db: Db, id: string, userId: string): Promise<void> {
  const row = await db
    .selectFrom('flow_circulate')
    .select(['id', 'userId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.userId !== userId) throw notFound('抄送不存在');
  await db.deleteFrom('flow_circulate').where('id', '=', row.id).execute();
}
