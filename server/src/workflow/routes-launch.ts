/**
 * /api/workflow/Engine/FlowLaunch (my launches), FlowMonitor (every task: cancel, assign) and
 * FlowDelegate (entrust).
 */
import type { FastifyInstance } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import { TaskStatus } from '@lighting/shared/flowcore';
import { authOf } from '../context';
import { ApiError, Code, badRequest, notFound, ok, page } from '../http/envelope';
import { requirePermission } from '../auth';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import { MENU } from './access';
import { ENGINE, opinionField, taskParams, userIdField } from './common';
import { pushCounts } from './notify';
import { Directory } from './resolve';
import type { WorkflowService } from './service';
import { idemKeyField, namesOf, newId, priorAnswer, userKey } from '../kernel';
import {
  deleteDelegation,
  insertDelegation,
  overlappingDelegation,
  ownDelegation,
  pageDelegations,
  updateDelegation,
} from './delegate-store';
import { flowExists, flowNames } from './flow-store';
import {
  claimPress,
  deleteDraft,
  ownTask as ownTaskRow,
  pageTasks,
  taskStatuses,
  waitingOperators,
  type TaskFilter,
} from './monitor-store';
import { answers } from '../http/response';
import { WORKFLOW_ANSWERS } from './responses';
import { monitorScope } from './scope';

/** One press per task per this long. */
export const PRESS_INTERVAL_MS = 5 * 60_000;

const taskListProps = {
  ...pagingQuery,
  keyword: keywordQuery,
  flowId: { type: 'string', maxLength: 64 },
  flowCategory: { type: 'string', maxLength: 50 },
  status: { type: 'integer', enum: [0, 1, 2, 3, 4, 5] },
  flowUrgent: { type: 'integer', enum: [1, 2, 3] },
  startTime: { type: 'integer', minimum: 0 },
  endTime: { type: 'integer', minimum: 0 },
} as const;

const delegateBody = {
  type: 'object',
  required: ['toUserId', 'startTime', 'endTime'],
  additionalProperties: false,
  properties: {
    toUserId: userIdField,
    flowId: { type: 'string', maxLength: 64 },
    startTime: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000 },
    endTime: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000 },
    description: { type: 'string', maxLength: 500 },
    idemKey: idemKeyField,
  },
} as const;

export function registerLaunchRoutes(app: FastifyInstance, service: WorkflowService): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  /** A page of tasks (mine, or every non-draft one for the monitor). */
  const taskList = async (q: TaskFilter, mineOf: string | null, scope: Expression<SqlBool> | null = null) => {
    const { list, pagination } = await pageTasks(db, q, mineOf, scope);
    const names = await namesOf(
      db,
      'user',
      list.map((x) => x.creatorUserId),
    );
    return page(
      list.map(({ createdAt, updatedAt, ...x }) => ({
        ...x,
        userName: names.get(x.creatorUserId) ?? '',
        startTime: x.startTime === null ? null : Number(x.startTime),
        creatorTime: Number(createdAt),
        completionTime: x.completionTime === null ? null : Number(x.completionTime),
        lastModifyTime: Number(updatedAt),
      })),
      pagination,
    );
  };

  /* ---------------- FlowLaunch ---------------- */
  const LAUNCH = `${ENGINE}/FlowLaunch`;
  r.get(
    LAUNCH,
    {
      onRequest: requirePermission({ menu: MENU.launch }),
      schema: {
        querystring: { type: 'object', properties: taskListProps },
        response: answers(WORKFLOW_ANSWERS.tasks),
      } as const,
    },
    async (req) => taskList(req.query, authOf(req).user.id),
  );

  const ownTask = (id: string, userId: string) => ownTaskRow(db, id, userId);

  r.delete(
    `${LAUNCH}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.launch, button: 'btn_remove' }),
      schema: { params: taskParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const t = await ownTask(req.params.id, authOf(req).user.id);
      if (t.status !== TaskStatus.DRAFT) throw badRequest('id: 只能删除草稿');
      if (!(await deleteDraft(db, t.id))) throw badRequest('id: 只能删除草稿');
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${LAUNCH}/:id/Actions/Withdraw`,
    {
      onRequest: requirePermission({ menu: MENU.launch }),
      schema: {
        params: taskParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { handleOpinion: opinionField, idemKey: idemKeyField },
        },
        response: answers(WORKFLOW_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const t = await ownTask(req.params.id, user.id);
      await service.act(
        user.id,
        t.id,
        { idem: userKey(user.id, req.body?.idemKey, 'flow.revoke') },
        async (tx) => {
          tx.run().revoke({ userId: user.id, delegatorId: null }, req.body?.handleOpinion ?? '');
          return null;
        },
      );
      return ok(null, '撤回成功');
    },
  );

  r.post(
    `${LAUNCH}/Press/:id`,
    {
      onRequest: requirePermission({ menu: MENU.launch }),
      schema: { params: taskParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.pressed) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const t = await ownTask(req.params.id, user.id);
      if (t.status !== TaskStatus.WAITING) throw badRequest('id: 流程不在审批中');
      const now = ctx.clock();
      if (!(await claimPress(db, t.id, now, PRESS_INTERVAL_MS)))
        throw new ApiError(Code.THROTTLED, '催办过于频繁，请稍后再试');
      const waiting = await waitingOperators(db, t.id);
      await service.deliverSafely(
        t,
        waiting.map((o) => ({
          kind: 'press' as const,
          userId: o.userId,
          operatorId: o.id,
          nodeId: o.nodeId,
        })),
        [],
        user.id,
      );
      return ok({ pressed: waiting.length }, '催办成功');
    },
  );

  /* ---------------- FlowMonitor ---------------- */
  const MONITOR = `${ENGINE}/FlowMonitor`;
  r.get(
    MONITOR,
    {
      onRequest: requirePermission({ menu: MENU.monitor }),
      schema: {
        querystring: {
          type: 'object',
          properties: { ...taskListProps, creatorUserId: { type: 'string', maxLength: 64 } },
        },
        response: answers(WORKFLOW_ANSWERS.tasks),
      } as const,
    },
    async (req) => taskList(req.query, null, await monitorScope(req)),
  );

  r.delete(
    MONITOR,
    {
      onRequest: requirePermission({ menu: MENU.monitor, button: 'btn_remove' }),
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: {
            ids: {
              type: 'array',
              minItems: 1,
              maxItems: 100,
              items: { type: 'string', minLength: 1, maxLength: 64 },
            },
            handleOpinion: opinionField,
          },
        },
        response: answers(WORKFLOW_ANSWERS.cancelled),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const ids = [...new Set(req.body.ids)];
      const found = await taskStatuses(db, ids, await monitorScope(req));
      const missing = ids.find((id) => !found.some((t) => t.id === id));
      if (missing) throw badRequest(`ids: 流程不存在 (${missing})`);
      let cancelled = 0;
      for (const t of found.filter((x) => x.status === TaskStatus.WAITING)) {
        try {
          await service.act(user.id, t.id, {}, async (tx) => {
            tx.run().cancel({ userId: user.id, delegatorId: null }, req.body.handleOpinion ?? '');
            return null;
          });
          cancelled++;
        } catch (e) {
          // finished meanwhile: nothing to cancel
          if (!(e instanceof ApiError) || e.code !== Code.BAD_REQUEST) throw e;
        }
      }
      return ok({ cancelled }, '终止成功');
    },
  );

  r.post(
    `${MONITOR}/:id/Actions/Assign`,
    {
      onRequest: requirePermission({ menu: MENU.monitor, button: 'btn_edit' }),
      schema: {
        params: taskParams,
        body: {
          type: 'object',
          required: ['nodeId', 'freeApproverUserId'],
          additionalProperties: false,
          properties: {
            nodeId: { type: 'string', minLength: 1, maxLength: 64 },
            freeApproverUserId: userIdField,
            handleOpinion: opinionField,
            idemKey: idemKeyField,
          },
        },
        response: answers(WORKFLOW_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const scope = await monitorScope(req);
      if (scope && !(await taskStatuses(db, [req.params.id], scope)).length) throw notFound('流程不存在');
      if (!(await new Directory(db).enabled([b.freeApproverUserId])).length)
        throw badRequest('freeApproverUserId: 用户不存在或已禁用');
      await service.act(
        user.id,
        req.params.id,
        { idem: userKey(user.id, b.idemKey, 'flow.assign') },
        async (tx) => {
          if (!tx.state.nodes.some((n) => n.nodeId === b.nodeId)) throw badRequest('nodeId: 节点不在审批中');
          tx.run().assign(
            b.nodeId,
            { userId: user.id, delegatorId: null },
            b.freeApproverUserId,
            b.handleOpinion ?? '',
          );
          return null;
        },
      );
      return ok(null, '指派成功');
    },
  );

  /* ---------------- FlowDelegate ---------------- */
  const DELEGATE = `${ENGINE}/FlowDelegate`;
  /** A delegation changes whose to-dos a delegate sees: their badges follow. */
  const pushAfter = (users: string[]): Promise<void> =>
    pushCounts(ctx, users).catch((err: unknown) => app.log.error({ err }, 'workflow: count push failed'));
  const delegateOut = async (
    rows: Array<{
      id: string;
      userId: string;
      toUserId: string;
      flowId: string;
      startTime: number;
      endTime: number;
      description: string;
      enabledMark: number;
      createdAt: number;
    }>,
    me: string,
  ) => {
    const names = await namesOf(
      db,
      'user',
      rows.flatMap((d) => [d.userId, d.toUserId]),
    );
    const flows = await flowNames(db);
    return rows.map((d) => ({
      id: d.id,
      userId: d.userId,
      userName: names.get(d.userId) ?? '',
      toUserId: d.toUserId,
      toUserName: names.get(d.toUserId) ?? '',
      flowId: d.flowId,
      flowName: d.flowId ? (flows.get(d.flowId) ?? '') : '全部流程',
      startTime: Number(d.startTime),
      endTime: Number(d.endTime),
      description: d.description,
      enabledMark: d.enabledMark,
      creatorTime: Number(d.createdAt),
      direction: d.userId === me ? ('out' as const) : ('in' as const),
    }));
  };

  r.get(
    DELEGATE,
    {
      onRequest: requirePermission({ menu: MENU.entrust }),
      schema: {
        querystring: { type: 'object', properties: { ...pagingQuery, keyword: keywordQuery } },
        response: answers(WORKFLOW_ANSWERS.delegates),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const { list, pagination } = await pageDelegations(db, user.id, req.query);
      return page(await delegateOut(list, user.id), pagination);
    },
  );

  const ownDelegate = (id: string, userId: string) => ownDelegation(db, id, userId);

  r.get(
    `${DELEGATE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.entrust }),
      schema: { params: taskParams, response: answers(WORKFLOW_ANSWERS.delegate) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const [d] = await delegateOut([await ownDelegate(req.params.id, user.id)], user.id);
      // one row in, one row out
      return ok(d as NonNullable<typeof d>);
    },
  );

  type DelegateBody = {
    toUserId: string;
    flowId?: string;
    startTime: number;
    endTime: number;
    description?: string;
  };
  const checkDelegate = async (userId: string, b: DelegateBody, exceptId?: string) => {
    if (b.toUserId === userId) throw badRequest('toUserId: 不能委托给自己');
    if (!(await new Directory(db).enabled([b.toUserId])).length)
      throw badRequest('toUserId: 用户不存在或已禁用');
    const flowId = b.flowId ?? '';
    if (flowId && !(await flowExists(db, flowId))) throw badRequest('flowId: 流程不存在');
    if (b.endTime <= b.startTime) throw badRequest('endTime: 结束时间须晚于开始时间');
    if (
      await overlappingDelegation(
        db,
        userId,
        { flowId, startTime: b.startTime, endTime: b.endTime },
        exceptId,
      )
    )
      throw badRequest('startTime: 与已有委托时间重叠');
  };

  r.post(
    DELEGATE,
    {
      onRequest: requirePermission({ menu: MENU.entrust, button: 'btn_add' }),
      schema: { body: delegateBody, response: answers(WORKFLOW_ANSWERS.withId) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const idem = userKey(user.id, b.idemKey, 'flow.delegate');
      const prior = await priorAnswer<{ id: string }>(db, idem);
      if (prior !== undefined) return ok(prior, '新建成功');
      await checkDelegate(user.id, b);
      const id = newId();
      const now = ctx.clock();
      await insertDelegation(
        db,
        {
          id,
          userId: user.id,
          toUserId: b.toUserId,
          flowId: b.flowId ?? '',
          startTime: b.startTime,
          endTime: b.endTime,
          description: b.description ?? '',
          enabledMark: 1,
          createdAt: now,
          updatedAt: null,
        },
        idem,
        { id },
        now,
      );
      await pushAfter([user.id, b.toUserId]);
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${DELEGATE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.entrust, button: 'btn_edit' }),
      schema: {
        params: taskParams,
        body: delegateBody,
        response: answers(WORKFLOW_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const d = await ownDelegate(req.params.id, user.id);
      if (d.userId !== user.id) throw new ApiError(Code.FORBIDDEN, '权限不足: 只能修改自己的委托');
      const b = req.body;
      await checkDelegate(user.id, b, d.id);
      await updateDelegation(db, d.id, {
        toUserId: b.toUserId,
        flowId: b.flowId ?? '',
        startTime: b.startTime,
        endTime: b.endTime,
        description: b.description ?? '',
        updatedAt: ctx.clock(),
      });
      await pushAfter([user.id, d.toUserId, b.toUserId]);
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${DELEGATE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.entrust, button: 'btn_remove' }),
      schema: { params: taskParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const d = await ownDelegate(req.params.id, user.id);
      if (d.userId !== user.id) throw new ApiError(Code.FORBIDDEN, '权限不足: 只能删除自己的委托');
      await deleteDelegation(db, d.id);
      await pushAfter([user.id, d.toUserId]);
      return ok(null, '删除成功');
    },
  );
}
