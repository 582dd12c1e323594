/**
 * /api/workflow/Engine/FlowBefore: the to-do, done and circulate lists, the task page, the
 * approvers' actions (audit, reject, recall, transfer), the monitor's cancel, the badge's counts.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  OperatorState,
  RecordAction,
  TaskStatus,
  actionRefusal,
  findNode,
  nodeActions,
  type ApproverNode,
} from '@lighting/shared/flowcore';
import { authOf } from '../context';
import { paged } from '../db/paging';
import { contains } from '../db/search';
import { ApiError, Code, badRequest, notFound, ok, page } from '../http/envelope';
import { requirePermission } from '../auth';
import { NO_BODY, OPEN } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import { MENU, activeDelegations, actorFor, countsOf } from './access';
import {
  BODY_LIMIT,
  DATA_MAX,
  ENGINE,
  dataOf,
  opinionField,
  signImgField,
  taskParams,
  userIdField,
  userIdsField,
} from './common';
import { parseForm, prepareFlowData } from './forms';
import { Directory } from './resolve';
import type { WorkflowService } from './service';
import { pushCounts } from './notify';
import { CONFLICT_MSG, loadVersion, parseData } from './store';
import { taskView } from './view';
import { idemKeyField, namesOf, userKey } from '../kernel';

const BEFORE = `${ENGINE}/FlowBefore`;

const listQuery = {
  type: 'object',
  properties: {
    ...pagingQuery,
    keyword: keywordQuery,
    flowId: { type: 'string', maxLength: 64 },
    flowCategory: { type: 'string', maxLength: 50 },
    flowUrgent: { type: 'integer', enum: [1, 2, 3] },
    startTime: { type: 'integer', minimum: 0 },
    endTime: { type: 'integer', minimum: 0 },
  },
} as const;

const actionBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    handleOpinion: opinionField,
    signImg: signImgField,
    formData: { type: 'string', maxLength: DATA_MAX },
    copyIds: userIdsField,
    freeApproverUserId: userIdField,
    version: { type: 'integer', minimum: 0 },
    idemKey: idemKeyField,
  },
} as const;

const rejectBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    handleOpinion: opinionField,
    signImg: signImgField,
    rejectStep: { type: 'string', minLength: 1, maxLength: 64 },
    version: { type: 'integer', minimum: 0 },
    idemKey: idemKeyField,
  },
} as const;

export function registerBeforeRoutes(app: FastifyInstance, service: WorkflowService): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  /** The lists' filters over the task (`t`) and its flow (`fe`), as one condition (null: none). */
  const filterOf = (f: {
    keyword?: string;
    flowId?: string;
    flowCategory?: string;
    flowUrgent?: number;
    startTime?: number;
    endTime?: number;
  }): Expression<SqlBool> | null => {
    const parts: Array<Expression<SqlBool>> = [];
    const kw = f.keyword?.trim();
    if (kw) parts.push(contains('t.fullName', kw));
    if (f.flowId) parts.push(sql<SqlBool>`${sql.ref('t.flowId')} = ${f.flowId}`);
    if (f.flowCategory) parts.push(sql<SqlBool>`${sql.ref('fe.category')} = ${f.flowCategory}`);
    if (f.flowUrgent) parts.push(sql<SqlBool>`${sql.ref('t.flowUrgent')} = ${f.flowUrgent}`);
    if (f.startTime !== undefined) parts.push(sql<SqlBool>`${sql.ref('t.startTime')} >= ${f.startTime}`);
    if (f.endTime !== undefined) parts.push(sql<SqlBool>`${sql.ref('t.startTime')} <= ${f.endTime}`);
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : null;
  };

  r.get(
    `${BEFORE}/List/1`,
    { onRequest: requirePermission({ menu: MENU.todo }), schema: { querystring: listQuery } as const },
    async (req) => {
      const { user } = authOf(req);
      const ds = await activeDelegations(db, user.id, ctx.clock());
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
            eb('o.userId', '=', user.id),
            ...ds.map((d) =>
              d.flowId
                ? eb.and([eb('o.userId', '=', d.userId), eb('t.flowId', '=', d.flowId)])
                : eb('o.userId', '=', d.userId),
            ),
          ]),
        );
      const f1 = filterOf(req.query);
      if (f1) base = base.where(f1);
      const { list, pagination } = await paged(base, req.query, (b) =>
        b
          .select([
            'o.id',
            'o.taskId',
            'o.nodeId',
            'o.userId',
            'o.createdAt as receiveTime',
            't.fullName',
            't.flowId',
            't.flowUrgent',
            't.status',
            't.creatorUserId',
            't.startTime',
            'fe.fullName as flowName',
            'fe.category as flowCategory',
            'n.title as thisStep',
          ])
          .orderBy('o.createdAt', 'desc')
          .orderBy('o.id'),
      );
      const names = await namesOf(
        db,
        'user',
        list.flatMap((x) => [x.creatorUserId, x.userId]),
      );
      return page(
        list.map(({ userId, ...x }) => ({
          ...x,
          receiveTime: Number(x.receiveTime),
          startTime: x.startTime === null ? null : Number(x.startTime),
          userName: names.get(x.creatorUserId) ?? '',
          thisStep: x.thisStep ?? '',
          delegatorId: userId === user.id ? null : userId,
          delegatorName: userId === user.id ? '' : (names.get(userId) ?? ''),
        })),
        pagination,
      );
    },
  );

  const HANDLED = [RecordAction.REJECT, RecordAction.AGREE, RecordAction.ADD_SIGN, RecordAction.TRANSFER];
  r.get(
    `${BEFORE}/List/2`,
    { onRequest: requirePermission({ menu: MENU.done }), schema: { querystring: listQuery } as const },
    async (req) => {
      const { user } = authOf(req);
      let base = db
        .selectFrom('flow_record as r')
        .innerJoin('flow_task as t', 't.id', 'r.taskId')
        .innerJoin('flow_engine as fe', 'fe.id', 't.flowId')
        .where('r.handleId', '=', user.id)
        .where('r.handleStatus', 'in', HANDLED)
        .where(
          'r.seq',
          '=',
          sql<number>`(select max(${sql.ref('r2.seq')}) from ${sql.table('flow_record')} as ${sql.id('r2')} where ${sql.ref('r2.taskId')} = ${sql.ref('r.taskId')} and ${sql.ref('r2.handleId')} = ${user.id} and ${sql.ref('r2.handleStatus')} in (${sql.join(HANDLED)}))`,
        );
      const f2 = filterOf(req.query);
      if (f2) base = base.where(f2);
      const { list, pagination } = await paged(base, req.query, (b) =>
        b
          .select([
            'r.id',
            'r.taskId',
            'r.nodeId',
            'r.nodeName as thisStep',
            'r.handleStatus',
            'r.handleTime',
            'r.recalled',
            't.fullName',
            't.flowId',
            't.flowUrgent',
            't.status',
            't.creatorUserId',
            't.startTime',
            'fe.fullName as flowName',
            'fe.category as flowCategory',
          ])
          .orderBy('r.handleTime', 'desc')
          .orderBy('r.id'),
      );
      const names = await namesOf(
        db,
        'user',
        list.map((x) => x.creatorUserId),
      );
      return page(
        list.map((x) => ({
          ...x,
          handleTime: Number(x.handleTime),
          startTime: x.startTime === null ? null : Number(x.startTime),
          userName: names.get(x.creatorUserId) ?? '',
          canRecall:
            x.status === TaskStatus.WAITING && x.handleStatus === RecordAction.AGREE && x.recalled === 0,
        })),
        pagination,
      );
    },
  );

  r.get(
    `${BEFORE}/List/3`,
    { onRequest: requirePermission({ menu: MENU.circulate }), schema: { querystring: listQuery } as const },
    async (req) => {
      const { user } = authOf(req);
      let base = db
        .selectFrom('flow_circulate as c')
        .innerJoin('flow_task as t', 't.id', 'c.taskId')
        .innerJoin('flow_engine as fe', 'fe.id', 't.flowId')
        .where('c.userId', '=', user.id);
      const f3 = filterOf(req.query);
      if (f3) base = base.where(f3);
      const { list, pagination } = await paged(base, req.query, (b) =>
        b
          .select([
            'c.id',
            'c.taskId',
            'c.nodeId',
            'c.nodeName as thisStep',
            'c.createdAt as creatorTime',
            'c.isRead',
            't.fullName',
            't.flowId',
            't.flowUrgent',
            't.status',
            't.creatorUserId',
            't.startTime',
            'fe.fullName as flowName',
            'fe.category as flowCategory',
          ])
          .orderBy('c.createdAt', 'desc')
          .orderBy('c.id'),
      );
      const names = await namesOf(
        db,
        'user',
        list.map((x) => x.creatorUserId),
      );
      return page(
        list.map((x) => ({
          ...x,
          creatorTime: Number(x.creatorTime),
          startTime: x.startTime === null ? null : Number(x.startTime),
          userName: names.get(x.creatorUserId) ?? '',
        })),
        pagination,
      );
    },
  );

  r.get(
    `${BEFORE}/Count`,
    { config: { open: OPEN.self }, schema: { querystring: { type: 'object' } } as const },
    async (req) => ok(await countsOf(db, authOf(req).user.id, ctx.clock())),
  );

  r.get(
    `${BEFORE}/:id`,
    {
      config: {
        checksInHandler:
          'checked in the handler: the initiator, a handler (or their delegate), a copy recipient, or menu workFlow.flowMonitor',
      },
      schema: {
        params: taskParams,
        querystring: {
          type: 'object',
          properties: {
            operatorId: { type: 'string', maxLength: 64 },
            circulateId: { type: 'string', maxLength: 64 },
          },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const view = await taskView(ctx, service, user, req.params.id, req.query);
      // opening a copy marks it read: the badge's unread copies follow
      if (req.query.circulateId)
        await pushCounts(ctx, [user.id]).catch((err: unknown) =>
          app.log.error({ err }, 'workflow: count push failed'),
        );
      return ok(view);
    },
  );

  /** The operator row in the path, the caller allowed on it (own or delegated), and its task. */
  const operatorFor = async (operatorId: string, userId: string) => {
    const op = await db
      .selectFrom('flow_operator')
      .selectAll()
      .where('id', '=', operatorId)
      .executeTakeFirst();
    if (!op) throw notFound('待办不存在');
    const task = await db
      .selectFrom('flow_task')
      .select(['id', 'flowId'])
      .where('id', '=', op.taskId)
      .executeTakeFirstOrThrow();
    const user = await db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const delegatorId = await actorFor(db, user, op, task.flowId, ctx.clock());
    return { op, task, delegatorId };
  };
  const assertUser = async (id: string | undefined, field: string) => {
    if (!id) return;
    const ok2 = await new Directory(db).enabled([id]);
    if (!ok2.length) throw badRequest(`${field}: 用户不存在或已禁用`);
  };
  const assertUsers = async (ids: readonly string[] | undefined, field: string) => {
    if (!ids?.length) return;
    const enabled = await new Directory(db).enabled(ids);
    const bad = ids.find((u) => !enabled.includes(u));
    if (bad) throw badRequest(`${field}: 用户不存在或已禁用 (${bad})`);
  };

  r.post(
    `${BEFORE}/Audit/:id`,
    {
      onRequest: requirePermission({ menu: MENU.todo }),
      bodyLimit: BODY_LIMIT,
      schema: { params: taskParams, body: actionBody } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body ?? {};
      await assertUser(b.freeApproverUserId, 'freeApproverUserId');
      await assertUsers(b.copyIds, 'copyIds');
      const { op, delegatorId } = await operatorFor(req.params.id, user.id);
      const submitted = b.formData !== undefined ? dataOf(b.formData, 'formData') : null;
      // the node's changes to the form are checked before the action's transaction (the checks read
      // options and references); the action then requires the task to be the one they were checked on
      let prepared: { data: string; version: number } | null = null;
      if (submitted) {
        const task = await db
          .selectFrom('flow_task')
          .selectAll()
          .where('id', '=', op.taskId)
          .executeTakeFirstOrThrow();
        const { row: version, def } = await loadVersion(db, task.versionId);
        const node = findNode(def, op.nodeId) as ApproverNode | null;
        const data = await prepareFlowData(ctx, {
          form: parseForm(version.formData),
          systemKey: await service.systemKeyOf(db, version),
          submitted,
          previous: parseData(task.data),
          operates: node?.properties.formOperates ?? [],
          isStart: false,
          user,
          now: ctx.clock(),
          taskId: task.id,
        });
        prepared = { data: JSON.stringify(data), version: task.version };
        if (b.version !== undefined && b.version !== task.version) throw badRequest(CONFLICT_MSG);
      }
      const answer = await service.act(
        user.id,
        op.taskId,
        {
          expectVersion: prepared?.version ?? b.version,
          idem: userKey(user.id, b.idemKey, 'flow.audit'),
        },
        async (tx) => {
          const node = findNode(tx.def, op.nodeId) as ApproverNode | null;
          const refusal = actionRefusal(nodeActions(node?.properties), 'audit', b);
          if (refusal) throw badRequest(refusal);
          if (prepared) tx.state.task.data = prepared.data;
          const run = tx.run();
          await run.audit(
            op.id,
            { userId: user.id, delegatorId },
            { opinion: b.handleOpinion, signImg: b.signImg, addSignUser: b.freeApproverUserId ?? null },
          );
          if (b.copyIds?.length) run.circulateFrom(op.nodeId, b.copyIds);
          return { taskId: tx.state.task.id, status: tx.state.task.status };
        },
      );
      return ok(answer, '审批成功');
    },
  );

  r.post(
    `${BEFORE}/Reject/:id`,
    {
      onRequest: requirePermission({ menu: MENU.todo }),
      bodyLimit: BODY_LIMIT,
      schema: { params: taskParams, body: rejectBody } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body ?? {};
      const { op, delegatorId } = await operatorFor(req.params.id, user.id);
      const answer = await service.act(
        user.id,
        op.taskId,
        { expectVersion: b.version, idem: userKey(user.id, b.idemKey, 'flow.reject') },
        async (tx) => {
          const node = findNode(tx.def, op.nodeId) as ApproverNode | null;
          const refusal = actionRefusal(nodeActions(node?.properties), 'reject', b);
          if (refusal) throw badRequest(refusal);
          await tx
            .run()
            .reject(
              op.id,
              { userId: user.id, delegatorId },
              { opinion: b.handleOpinion, signImg: b.signImg, rejectStep: b.rejectStep },
            );
          return { taskId: tx.state.task.id, status: tx.state.task.status };
        },
      );
      return ok(answer, '驳回成功');
    },
  );

  r.post(
    `${BEFORE}/Recall/:id`,
    {
      onRequest: requirePermission({ menu: MENU.todo }),
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
      const rec = await db
        .selectFrom('flow_record')
        .select(['id', 'taskId', 'nodeId', 'handleId', 'delegatorId'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!rec) throw notFound('审批记录不存在');
      if (rec.handleId !== user.id) throw new ApiError(Code.FORBIDDEN, '权限不足: 只能撤回自己的审批');
      await service.act(
        user.id,
        rec.taskId,
        { idem: userKey(user.id, req.body?.idemKey, 'flow.recall') },
        async (tx) => {
          const node = findNode(tx.def, rec.nodeId) as ApproverNode | null;
          const refusal = actionRefusal(nodeActions(node?.properties), 'revoke');
          if (refusal) throw badRequest(refusal);
          await tx
            .run()
            .recall(rec.id, { userId: user.id, delegatorId: rec.delegatorId }, req.body?.handleOpinion ?? '');
          return null;
        },
      );
      return ok(null, '撤回成功');
    },
  );

  r.post(
    `${BEFORE}/Transfer/:id`,
    {
      onRequest: requirePermission({ menu: MENU.todo }),
      schema: {
        params: taskParams,
        body: {
          type: 'object',
          required: ['freeApproverUserId'],
          additionalProperties: false,
          properties: { freeApproverUserId: userIdField, handleOpinion: opinionField, idemKey: idemKeyField },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      await assertUser(b.freeApproverUserId, 'freeApproverUserId');
      const { op, delegatorId } = await operatorFor(req.params.id, user.id);
      await service.act(
        user.id,
        op.taskId,
        { idem: userKey(user.id, b.idemKey, 'flow.transfer') },
        async (tx) => {
          const node = findNode(tx.def, op.nodeId) as ApproverNode | null;
          const refusal = actionRefusal(nodeActions(node?.properties), 'transfer');
          if (refusal) throw badRequest(refusal);
          tx.run().transfer(
            op.id,
            { userId: user.id, delegatorId },
            b.freeApproverUserId,
            b.handleOpinion ?? '',
          );
          return null;
        },
      );
      return ok(null, '转办成功');
    },
  );

  r.post(
    `${BEFORE}/Cancel/:id`,
    {
      onRequest: requirePermission({ menu: MENU.monitor, button: 'btn_remove' }),
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
      await service.act(
        user.id,
        req.params.id,
        { idem: userKey(user.id, req.body?.idemKey, 'flow.cancel') },
        async (tx) => {
          tx.run().cancel({ userId: user.id, delegatorId: null }, req.body?.handleOpinion ?? '');
          return null;
        },
      );
      return ok(null, '终止成功');
    },
  );

  r.delete(
    `${BEFORE}/Circulate/:id`,
    {
      onRequest: requirePermission({ menu: MENU.circulate, button: 'btn_remove' }),
      schema: { params: taskParams, body: NO_BODY } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const row = await db
        .selectFrom('flow_circulate')
        .select(['id', 'userId'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!row || row.userId !== user.id) throw notFound('抄送不存在');
      await db.deleteFrom('flow_circulate').where('id', '=', row.id).execute();
      await pushCounts(ctx, [user.id]).catch((err: unknown) =>
        app.log.error({ err }, 'workflow: count push failed'),
      );
      return ok(null, '删除成功');
    },
  );
}
