/**
 * /api/workflow/Engine/FlowBefore: the to-do, done and circulate lists, the task page, the
 * approvers' actions (audit, reject, recall, transfer), the monitor's cancel, the badge's counts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import {
  RecordAction,
  TaskStatus,
  actionRefusal,
  findNode,
  nodeActions,
  type ApproverNode,
} from '@lighting/shared/flowcore';
import { authOf } from '../context';
import { ApiError, Code, badRequest, ok, page } from '../http/envelope';
import { hasPermission, requirePermission } from '../auth';
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
import {
  deleteOwnCirculate,
  loadRecord,
  operatorWithTask,
  pageCirculated,
  pageDone,
  pageTodo,
  taskRow,
} from './todo-store';
import { answers } from '../http/response';
import { WORKFLOW_ANSWERS } from './responses';

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

type ListQuery = FromSchema<typeof listQuery>;

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

  const todoList = async (req: FastifyRequest, query: ListQuery) => {
    const { user } = authOf(req);
    const ds = await activeDelegations(db, user.id, ctx.clock());
    const { list, pagination } = await pageTodo(db, user.id, ds, query);
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
  };

  const doneList = async (req: FastifyRequest, query: ListQuery) => {
    const { user } = authOf(req);
    const { list, pagination } = await pageDone(db, user.id, query);
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
  };

  const circulateList = async (req: FastifyRequest, query: ListQuery) => {
    const { user } = authOf(req);
    const { list, pagination } = await pageCirculated(db, user.id, query);
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
  };

  /** The three lists by category (1 to do, 2 done, 3 copies), each behind its own menu. */
  const LISTS = {
    1: { menu: MENU.todo, list: todoList },
    2: { menu: MENU.done, list: doneList },
    3: { menu: MENU.circulate, list: circulateList },
  } as const;

  r.get(
    `${BEFORE}/List/:category`,
    {
      config: {
        checksInHandler: `checked in the handler: the category's menu (1 ${MENU.todo}, 2 ${MENU.done}, 3 ${MENU.circulate})`,
      },
      schema: {
        params: {
          type: 'object',
          required: ['category'],
          properties: { category: { type: 'integer', enum: [1, 2, 3] } },
        },
        querystring: listQuery,
        response: answers(WORKFLOW_ANSWERS.beforeList),
      } as const,
    },
    async (req) => {
      const { menu, list } = LISTS[req.params.category];
      if (!(await hasPermission(ctx, authOf(req).user, menu)))
        throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${menu}`);
      return list(req, req.query);
    },
  );

  r.get(
    `${BEFORE}/Count`,
    {
      config: { open: OPEN.self },
      schema: { querystring: { type: 'object' }, response: answers(WORKFLOW_ANSWERS.counts) } as const,
    },
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
        response: answers(WORKFLOW_ANSWERS.taskPage),
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
    const { op, task, user } = await operatorWithTask(db, operatorId, userId);
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
      schema: { params: taskParams, body: actionBody, response: answers(WORKFLOW_ANSWERS.acted) } as const,
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
        const task = await taskRow(db, op.taskId);
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
      schema: { params: taskParams, body: rejectBody, response: answers(WORKFLOW_ANSWERS.acted) } as const,
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
        response: answers(WORKFLOW_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const rec = await loadRecord(db, req.params.id);
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
        response: answers(WORKFLOW_ANSWERS.nothing),
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
        response: answers(WORKFLOW_ANSWERS.nothing),
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
      schema: { params: taskParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      await deleteOwnCirculate(db, req.params.id, user.id);
      await pushCounts(ctx, [user.id]).catch((err: unknown) =>
        app.log.error({ err }, 'workflow: count push failed'),
      );
      return ok(null, '删除成功');
    },
  );
}
