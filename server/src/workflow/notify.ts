/**
 * After an action commits: in-app messages through the message service (types 2 to-do, 3
 * circulate, 4 launch outcomes; the body says which page opens on which task) and the socket push
 * `flowTodoChange` with each affected user's new counts, so the badge and lists change live.
 * Delivery failures are logged; the action itself has committed and stays.
 */
import type { AppContext } from '../context';
import { MessageType, sendMessage } from '../messages';
import type { ServerMessage } from '../realtime/protocol';
import { countsOf, delegatesOf } from './access';
import type { EngineEvent } from './engine';
import type { FlowTaskTable } from './schema';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'clock'>;

export const flowTodoChangeMessage = (counts: { todo: number; circulate: number }): ServerMessage => ({
  method: 'flowTodoChange',
  ...counts,
});

/** Pushes each user's new counts. */
export async function pushCounts(ctx: Ctx, userIds: Iterable<string>): Promise<void> {
  const now = ctx.clock();
  for (const u of new Set(userIds)) {
    const counts = await countsOf(ctx.db, u, now);
    await ctx.realtime.pushToUser(u, flowTodoChangeMessage(counts));
  }
}

/** Delivers an action's events (call after the commit). */
export async function deliver(
  ctx: Ctx,
  task: Pick<FlowTaskTable, 'id' | 'flowId' | 'fullName' | 'creatorUserId'>,
  events: readonly EngineEvent[],
  touched: readonly string[],
  actorId: string | null,
): Promise<void> {
  if (!events.length && !touched.length) return;
  const now = ctx.clock();
  const flow = await ctx.db
    .selectFrom('flow_engine')
    .select('fullName')
    .where('id', '=', task.flowId)
    .executeTakeFirst();
  const initiator = await ctx.db
    .selectFrom('user')
    .select('realName')
    .where('id', '=', task.creatorUserId)
    .executeTakeFirst();
  const flowName = flow?.fullName ?? '';
  const who = initiator?.realName ?? '';
  const toUsers = [...new Set(events.flatMap((e) => ('userId' in e ? [e.userId] : [])))];
  const delegates = await delegatesOf(ctx.db, [...new Set([...toUsers, ...touched])], task.flowId, now);
  const affected = new Set<string>(touched);
  const body = (o: Record<string, unknown>): string =>
    JSON.stringify({ flowId: task.flowId, taskId: task.id, ...o });
  for (const e of events) {
    if (e.kind === 'todo' || e.kind === 'press') {
      const to = [e.userId, ...(delegates.get(e.userId) ?? [])];
      to.forEach((u) => affected.add(u));
      await sendMessage(ctx, {
        type: MessageType.TODO,
        title:
          e.kind === 'press'
            ? { key: 'flowPress', params: { task: task.fullName } }
            : { key: 'flowTodo', params: { who, flow: flowName, task: task.fullName } },
        bodyText: body({ type: 2, operatorId: e.operatorId }),
        toUserIds: to,
        creatorUserId: actorId,
      });
    } else if (e.kind === 'circulate') {
      affected.add(e.userId);
      await sendMessage(ctx, {
        type: MessageType.CIRCULATE,
        title: { key: 'flowCirculate', params: { flow: flowName, task: task.fullName } },
        bodyText: body({ type: 3, circulateId: e.circulateId }),
        toUserIds: [e.userId],
        creatorUserId: actorId,
      });
    } else if (e.kind === 'outcome' && task.creatorUserId !== actorId) {
      await sendMessage(ctx, {
        type: MessageType.LAUNCH,
        title: { key: 'flowOutcome', params: { task: task.fullName, status: e.status } },
        bodyText: body({ type: 4, status: e.status }),
        toUserIds: [task.creatorUserId],
        creatorUserId: actorId,
      });
    }
  }
  for (const list of delegates.values()) list.forEach((u) => affected.add(u));
  await pushCounts(ctx, affected);
}
