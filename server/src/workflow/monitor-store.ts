/** Tasks as the launch and monitor pages list and handle them (my launches, every task). */
import { OperatorState, TaskStatus } from '@lighting/shared/flowcore';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';

export interface TaskFilter extends PageQuery {
  keyword?: string;
  flowId?: string;
  flowCategory?: string;
  status?: number;
  flowUrgent?: number;
  startTime?: number;
  endTime?: number;
  creatorUserId?: string;
}

/** A page of tasks with their flow's name and category: a user's own, or (null) every non-draft one. */
export async function pageTasks(
  db: Db,
  q: TaskFilter,
  mineOf: string | null,
  /** the monitor's data permissions (scope.ts), on `t` and `fe` */
  scope: Expression<SqlBool> | null = null,
) {
  let base = db.selectFrom('flow_task as t').innerJoin('flow_engine as fe', 'fe.id', 't.flowId');
  if (scope) base = base.where(scope);
  if (mineOf) base = base.where('t.creatorUserId', '=', mineOf);
  else base = base.where('t.status', '!=', TaskStatus.DRAFT);
  const kw = q.keyword?.trim();
  if (kw) base = base.where(contains('t.fullName', kw));
  if (q.flowId) base = base.where('t.flowId', '=', q.flowId);
  if (q.flowCategory) base = base.where('fe.category', '=', q.flowCategory);
  if (q.status !== undefined) base = base.where('t.status', '=', q.status);
  if (q.flowUrgent) base = base.where('t.flowUrgent', '=', q.flowUrgent);
  if (q.creatorUserId) base = base.where('t.creatorUserId', '=', q.creatorUserId);
  if (q.startTime !== undefined) base = base.where('t.startTime', '>=', q.startTime);
  if (q.endTime !== undefined) base = base.where('t.startTime', '<=', q.endTime);
  return paged(base, q, (b) =>
    b
      .select([
        't.id',
        't.fullName',
        't.flowId',
        't.status',
        't.flowUrgent',
        't.thisStep',
        't.creatorUserId',
        't.startTime',
        't.createdAt',
        't.completionTime',
        't.updatedAt',
        't.version',
        't.parentTaskId',
        'fe.fullName as flowName',
        'fe.category as flowCategory',
      ])
      .orderBy('t.createdAt', 'desc')
      .orderBy('t.id'),
  );
}

/** A task the user launched, or 404. */
export async function ownTask(db: Db, id: string, userId: string) {
  const t = await db
    .selectFrom('flow_task')
    .select(['id', 'status', 'creatorUserId', 'pressedAt', 'flowId', 'fullName'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!t || t.creatorUserId !== userId) throw notFound('流程不存在');
  return t;
}

/** Deletes a task if it is (still) a draft; whether it did. */
export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const done = await db
    .deleteFrom('flow_task')
    .where('id', '=', id)
    .where('status', '=', TaskStatus.DRAFT)
    .executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}

/**
 * Records a press on a waiting task unless it was pressed less than `interval` ago; whether it did
 * (one update, so two presses at once cannot both pass).
 */
export async function claimPress(db: Db, id: string, now: number, interval: number): Promise<boolean> {
  const claimed = await db
    .updateTable('flow_task')
    .set({ pressedAt: now })
    .where('id', '=', id)
    .where('status', '=', TaskStatus.WAITING)
    .where((eb) => eb.or([eb('pressedAt', 'is', null), eb('pressedAt', '<=', now - interval)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A task's operators still to act. */
export async function waitingOperators(db: Db, taskId: string) {
  return db
    .selectFrom('flow_operator')
    .select(['id', 'userId', 'nodeId'])
    .where('taskId', '=', taskId)
    .where('state', '=', OperatorState.WAITING)
    .execute();
}

/** The status of each of these tasks that exists. */
export async function taskStatuses(db: Db, ids: string[], scope: Expression<SqlBool> | null = null) {
  let q = db
    .selectFrom('flow_task as t')
    .innerJoin('flow_engine as fe', 'fe.id', 't.flowId')
    .select(['t.id', 't.status'])
    .where('t.id', 'in', ids);
  // tasks outside the caller's data permissions are not there for them
  if (scope) q = q.where(scope);
  return q.execute();
}
