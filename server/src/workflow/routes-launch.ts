/**
 * /api/workflow/Engine/FlowLaunch (my launches), FlowMonitor (every task: cancel, assign) and
 * FlowDelegate (entrust).
 */
import type { FastifyInstance } from 'fastify';
import { OperatorState, TaskStatus } from '@lighting/shared/flowcore';
import { authOf } from '../context';
import { paged } from '../db/paging';
import { contains } from '../db/search';
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
import { idemKeyField, namesOf, newId, priorAnswer, rememberAnswer, userKey } from '../kernel';

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
  const taskList = async (
    q: {
      currentPage: number;
      pageSize: number;
      keyword?: string;
      flowId?: string;
      flowCategory?: string;
      status?: number;
      flowUrgent?: number;
      startTime?: number;
      endTime?: number;
      creatorUserId?: string;
    },
    mineOf: string | null,
  ) => {
    let base = db.selectFrom('flow_task as t').innerJoin('flow_engine as fe', 'fe.id', 't.flowId');
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
    const { list, pagination } = await paged(base, q, (b) =>
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
          'fe.fullName as flowName',
          'fe.category as flowCategory',
        ])
        .orderBy('t.createdAt', 'desc')
        .orderBy('t.id'),
    );
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
      schema: { querystring: { type: 'object', properties: taskListProps } } as const,
    },
    async (req) => taskList(req.query, authOf(req).user.id),
  );

  const ownTask = async (id: string, userId: string) => {
    const t = await db
      .selectFrom('flow_task')
      .select(['id', 'status', 'creatorUserId', 'pressedAt', 'flowId', 'fullName'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!t || t.creatorUserId !== userId) throw notFound('流程不存在');
    return t;
  };

  r.delete(
    `${LAUNCH}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.launch, button: 'btn_remove' }),
      schema: { params: taskParams, body: NO_BODY } as const,
    },
    async (req) => {
      const t = await ownTask(req.params.id, authOf(req).user.id);
      if (t.status !== TaskStatus.DRAFT) throw badRequest('id: 只能删除草稿');
      const done = await db
        .deleteFrom('flow_task')
        .where('id', '=', t.id)
        .where('status', '=', TaskStatus.DRAFT)
        .executeTakeFirst();
      if (Number(done.numDeletedRows) !== 1) throw badRequest('id: 只能删除草稿');
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
      schema: { params: taskParams, body: NO_BODY } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const t = await ownTask(req.params.id, user.id);
      if (t.status !== TaskStatus.WAITING) throw badRequest('id: 流程不在审批中');
      const now = ctx.clock();
      const claimed = await db
        .updateTable('flow_task')
        .set({ pressedAt: now })
        .where('id', '=', t.id)
        .where('status', '=', TaskStatus.WAITING)
        .where((eb) => eb.or([eb('pressedAt', 'is', null), eb('pressedAt', '<=', now - PRESS_INTERVAL_MS)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1)
        throw new ApiError(Code.THROTTLED, '催办过于频繁，请稍后再试');
      const waiting = await db
        .selectFrom('flow_operator')
        .select(['id', 'userId', 'nodeId'])
        .where('taskId', '=', t.id)
        .where('state', '=', OperatorState.WAITING)
        .execute();
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
      } as const,
    },
    async (req) => taskList(req.query, null),
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
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const ids = [...new Set(req.body.ids)];
      const found = await db
        .selectFrom('flow_task')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .execute();
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
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
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
    const flows = new Map(
      (await db.selectFrom('flow_engine').select(['id', 'fullName']).execute()).map((f) => [
        f.id,
        f.fullName,
      ]),
    );
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
      direction: d.userId === me ? 'out' : 'in',
    }));
  };

  r.get(
    DELEGATE,
    {
      onRequest: requirePermission({ menu: MENU.entrust }),
      schema: {
        querystring: { type: 'object', properties: { ...pagingQuery, keyword: keywordQuery } },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      let base = db
        .selectFrom('flow_delegate as d')
        .innerJoin('user as u', 'u.id', 'd.toUserId')
        .where((eb) => eb.or([eb('d.userId', '=', user.id), eb('d.toUserId', '=', user.id)]));
      const kw = req.query.keyword?.trim();
      if (kw) base = base.where((eb) => eb.or([contains('u.realName', kw), contains('d.description', kw)]));
      const { list, pagination } = await paged(base, req.query, (b) =>
        b
          .select([
            'd.id',
            'd.userId',
            'd.toUserId',
            'd.flowId',
            'd.startTime',
            'd.endTime',
            'd.description',
            'd.enabledMark',
            'd.createdAt',
          ])
          .orderBy('d.startTime', 'desc')
          .orderBy('d.id'),
      );
      return page(await delegateOut(list, user.id), pagination);
    },
  );

  const ownDelegate = async (id: string, userId: string) => {
    const d = await db.selectFrom('flow_delegate').selectAll().where('id', '=', id).executeTakeFirst();
    if (!d || (d.userId !== userId && d.toUserId !== userId)) throw notFound('委托不存在');
    return d;
  };

  r.get(
    `${DELEGATE}/:id`,
    { onRequest: requirePermission({ menu: MENU.entrust }), schema: { params: taskParams } as const },
    async (req) => {
      const { user } = authOf(req);
      const [d] = await delegateOut([await ownDelegate(req.params.id, user.id)], user.id);
      return ok(d);
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
    if (
      flowId &&
      !(await db.selectFrom('flow_engine').select('id').where('id', '=', flowId).executeTakeFirst())
    )
      throw badRequest('flowId: 流程不存在');
    if (b.endTime <= b.startTime) throw badRequest('endTime: 结束时间须晚于开始时间');
    let q = db
      .selectFrom('flow_delegate')
      .select('id')
      .where('userId', '=', userId)
      .where('enabledMark', '=', 1)
      .where('startTime', '<', b.endTime)
      .where('endTime', '>', b.startTime);
    // a delegation for every flow overlaps any other; one for a flow overlaps that flow's and every flow's
    if (flowId) q = q.where((eb) => eb.or([eb('flowId', '=', ''), eb('flowId', '=', flowId)]));
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw badRequest('startTime: 与已有委托时间重叠');
  };

  r.post(
    DELEGATE,
    {
      onRequest: requirePermission({ menu: MENU.entrust, button: 'btn_add' }),
      schema: { body: delegateBody } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const idem = userKey(user.id, b.idemKey, 'flow.delegate');
      const prior = await priorAnswer(db, idem);
      if (prior !== undefined) return ok(prior, '新建成功');
      await checkDelegate(user.id, b);
      const id = newId();
      const now = ctx.clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('flow_delegate')
          .values({
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
          })
          .execute();
        await rememberAnswer(trx, idem, { id }, now);
      });
      await pushAfter([user.id, b.toUserId]);
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${DELEGATE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.entrust, button: 'btn_edit' }),
      schema: { params: taskParams, body: delegateBody } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const d = await ownDelegate(req.params.id, user.id);
      if (d.userId !== user.id) throw new ApiError(Code.FORBIDDEN, '权限不足: 只能修改自己的委托');
      const b = req.body;
      await checkDelegate(user.id, b, d.id);
      await db
        .updateTable('flow_delegate')
        .set({
          toUserId: b.toUserId,
          flowId: b.flowId ?? '',
          startTime: b.startTime,
          endTime: b.endTime,
          description: b.description ?? '',
          updatedAt: ctx.clock(),
        })
        .where('id', '=', d.id)
        .execute();
      await pushAfter([user.id, d.toUserId, b.toUserId]);
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${DELEGATE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.entrust, button: 'btn_remove' }),
      schema: { params: taskParams, body: NO_BODY } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const d = await ownDelegate(req.params.id, user.id);
      if (d.userId !== user.id) throw new ApiError(Code.FORBIDDEN, '权限不足: 只能删除自己的委托');
      await db.deleteFrom('flow_delegate').where('id', '=', d.id).execute();
      await pushAfter([user.id, d.toUserId]);
      return ok(null, '删除成功');
    },
  );
}
