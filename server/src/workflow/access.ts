/**
 * Who may see and act on what: a user acts only on operator rows that are theirs or delegated to
 * them (an active entrust for the task's flow); sees a task they launched, handled, were given or
 * copied, or watches as the monitor. Counts for the badge.
 */
import { OperatorState } from '@lighting/shared/flowcore';
import type { AppContext } from '../context';
import type { Db } from '../database';
import type { User } from '../system';
import { ApiError, Code } from '../http/envelope';
import { hasPermission } from '../auth';

export const MENU = {
  engine: 'workFlow.flowEngine',
  launch: 'workFlow.flowLaunch',
  todo: 'workFlow.flowTodo',
  done: 'workFlow.flowDone',
  circulate: 'workFlow.flowCirculate',
  entrust: 'workFlow.entrust',
  monitor: 'workFlow.flowMonitor',
} as const;

export const NOT_YOURS = '权限不足: 不是您的待办';
export const NO_VIEW = '权限不足: 无权查看该流程';

/** The delegations active now for `toUserId` (who they act for, for which flow; '' = every flow). */
export async function activeDelegations(
  db: Db,
  toUserId: string,
  now: number,
): Promise<Array<{ userId: string; flowId: string }>> {
  return db
    .selectFrom('flow_delegate')
    .select(['userId', 'flowId'])
    .where('toUserId', '=', toUserId)
    .where('enabledMark', '=', 1)
    .where('startTime', '<=', now)
    .where('endTime', '>', now)
    .execute();
}

/** The delegates acting now for each of `userIds` on `flowId`. */
export async function delegatesOf(
  db: Db,
  userIds: readonly string[],
  flowId: string,
  now: number,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('flow_delegate as d')
    .innerJoin('user as u', 'u.id', 'd.toUserId')
    .select(['d.userId', 'd.toUserId'])
    .where('d.userId', 'in', [...new Set(userIds)])
    .where('d.enabledMark', '=', 1)
    .where('u.enabledMark', '=', 1)
    .where('d.startTime', '<=', now)
    .where('d.endTime', '>', now)
    .where((eb) => eb.or([eb('d.flowId', '=', ''), eb('d.flowId', '=', flowId)]))
    .execute();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.toUserId]);
  return out;
}

/**
 * The caller may act on `op` (a waiting row of a task of `flowId`): its own (delegatorId null) or
 * through an active delegation (delegatorId = the row's user). Otherwise 403.
 */
export async function actorFor(
  db: Db,
  user: Readonly<User>,
  op: { userId: string },
  flowId: string,
  now: number,
): Promise<string | null> {
  if (op.userId === user.id) return null;
  const ds = await activeDelegations(db, user.id, now);
  if (ds.some((d) => d.userId === op.userId && (d.flowId === '' || d.flowId === flowId))) return op.userId;
  throw new ApiError(Code.FORBIDDEN, NOT_YOURS);
}

/**
 * Seeing a task needs a workflow menu first (launch, to-do, done, circulate or monitor): a user with
 * none is refused before any row is looked up.
 */
export async function assertWorkflowUser(
  ctx: Pick<AppContext, 'access'>,
  user: Readonly<User>,
): Promise<void> {
  for (const m of [MENU.launch, MENU.todo, MENU.done, MENU.circulate, MENU.monitor])
    if (await hasPermission(ctx, user, m)) return;
  throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${MENU.todo}`);
}

export const isMonitor = (ctx: Pick<AppContext, 'access'>, user: Readonly<User>): Promise<boolean> =>
  hasPermission(ctx, user, MENU.monitor);

/** Whether the caller may see the task (throws 403 when not). */
export async function assertMayView(
  ctx: Pick<AppContext, 'db' | 'access' | 'clock'>,
  user: Readonly<User>,
  task: { id: string; flowId: string; creatorUserId: string },
): Promise<void> {
  await assertWorkflowUser(ctx, user);
  if (task.creatorUserId === user.id) return;
  const db = ctx.db;
  const own = await db
    .selectFrom('flow_operator')
    .select('id')
    .where('taskId', '=', task.id)
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (own) return;
  const copied = await db
    .selectFrom('flow_circulate')
    .select('id')
    .where('taskId', '=', task.id)
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (copied) return;
  const acted = await db
    .selectFrom('flow_record')
    .select('id')
    .where('taskId', '=', task.id)
    .where('handleId', '=', user.id)
    .executeTakeFirst();
  if (acted) return;
  const ds = (await activeDelegations(db, user.id, ctx.clock())).filter(
    (d) => d.flowId === '' || d.flowId === task.flowId,
  );
  if (ds.length) {
    const theirs = await db
      .selectFrom('flow_operator')
      .select('id')
      .where('taskId', '=', task.id)
      .where(
        'userId',
        'in',
        ds.map((d) => d.userId),
      )
      .executeTakeFirst();
    if (theirs) return;
  }
  if (await isMonitor(ctx, user)) return;
  throw new ApiError(Code.FORBIDDEN, NO_VIEW);
}

/** The badge: waiting rows of the user and of those who entrusted theirs; unread copies. */
export async function countsOf(
  db: Db,
  userId: string,
  now: number,
): Promise<{ todo: number; circulate: number }> {
  const ds = await activeDelegations(db, userId, now);
  const mine = await db
    .selectFrom('flow_operator as o')
    .innerJoin('flow_task as t', 't.id', 'o.taskId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.state', '=', OperatorState.WAITING)
    .where('t.status', '=', 1)
    .where((eb) =>
      eb.or([
        eb('o.userId', '=', userId),
        ...ds.map((d) =>
          d.flowId
            ? eb.and([eb('o.userId', '=', d.userId), eb('t.flowId', '=', d.flowId)])
            : eb('o.userId', '=', d.userId),
        ),
      ]),
    )
    .executeTakeFirst();
  const copies = await db
    .selectFrom('flow_circulate')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .executeTakeFirst();
  return { todo: Number(mine?.n ?? 0), circulate: Number(copies?.n ?? 0) };
}
