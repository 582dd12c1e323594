/**
 * Launching (spec §7 FlowTask; JNPF's workFlowForm.js): POST/PUT FlowTask with the form's data as
 * JSON text, and the system forms' own paths /api/workflow/Form/{Key} with the form's fields at the
 * top of the body. Both go through WorkflowService.launch (draft or submit, one transaction).
 * Reading a task: GET FlowTask/{id}, FlowTask/{flowId}/{taskId}, Form/{Key}/{id}.
 */
import type { FastifyInstance } from 'fastify';
import { valueFields } from '@lighting/shared/formcore';
import { authOf } from '../context';
import { badRequest, notFound, ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { MENU, assertMayView, assertWorkflowUser } from './access';
import { BODY_LIMIT, DATA_MAX, ENGINE, dataOf, taskParams, userIdField, userIdsField } from './common';
import { SYSTEM_FORMS, systemForm, type Data } from './forms';
import { Directory } from './resolve';
import type { WorkflowService } from './service';
import { flowExists, systemKeyOfFlow } from './flow-store';
import { loadTaskRow, loadVersion, parseData, taskOwnerAndFlow } from './store';
import { taskView } from './view';
import { idemKeyField } from '../kernel';
import { answers } from '../http/response';
import { WORKFLOW_ANSWERS } from './responses';

const TASK = `${ENGINE}/FlowTask`;
const FORM = '/api/workflow/Form';

const candidatesField = {
  type: 'object',
  maxProperties: 50,
  additionalProperties: { type: 'array', maxItems: 100, items: userIdField },
} as const;

const control = {
  flowId: { type: 'string', minLength: 1, maxLength: 64 },
  id: { type: 'string', minLength: 1, maxLength: 64 },
  status: { type: 'integer', enum: [0, 1] },
  flowUrgent: { type: 'integer', enum: [1, 2, 3] },
  fullName: { type: 'string', maxLength: 200 },
  candidates: candidatesField,
  copyIds: userIdsField,
  version: { type: 'integer', minimum: 0 },
  idemKey: idemKeyField,
} as const;
const CONTROL_KEYS = new Set(Object.keys(control));

const taskBody = {
  type: 'object',
  required: ['flowId', 'status'],
  additionalProperties: false,
  properties: { ...control, data: { type: 'string', maxLength: DATA_MAX } },
} as const;
const taskUpdateBody = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { ...control, data: { type: 'string', maxLength: DATA_MAX } },
} as const;

/** A system form's value: text, a number, a switch, a list (choices, files, sub-table rows) or an object. */
const leaf = { type: ['string', 'number', 'boolean', 'null'], maxLength: 10_000 } as const;
const obj = {
  type: 'object',
  maxProperties: 100,
  additionalProperties: { anyOf: [leaf, { type: 'array', maxItems: 100, items: leaf }] },
} as const;
const fieldValue = {
  anyOf: [leaf, obj, { type: 'array', maxItems: 500, items: { anyOf: [leaf, obj] } }],
} as const;
const formBody = {
  type: 'object',
  required: ['flowId', 'status'],
  maxProperties: 200,
  additionalProperties: fieldValue,
  properties: control,
} as const;
const formUpdateBody = { ...formBody, required: ['status'] } as const;

const keyParams = {
  type: 'object',
  required: ['key'],
  // JNPF's client sends the key with its first letter upper case
  properties: {
    key: {
      type: 'string',
      enum: SYSTEM_FORMS.flatMap((f) => [f.key[0]?.toUpperCase() + f.key.slice(1), f.key]),
    },
  },
} as const;
const keyIdParams = {
  type: 'object',
  required: ['key', 'id'],
  properties: { ...keyParams.properties, id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export function registerTaskRoutes(app: FastifyInstance, service: WorkflowService): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;
  const guard = requirePermission({ menu: MENU.launch });

  type Control = {
    flowId?: string;
    id?: string;
    status: 0 | 1;
    flowUrgent?: 1 | 2 | 3;
    fullName?: string;
    candidates?: Record<string, string[]>;
    copyIds?: string[];
    version?: number;
    idemKey?: string;
  };
  /**
   * The body's references first (each named when it names nothing), before the path's task and the
   * form: a task of the caller's (`id`), users (`copyIds`, `candidates`), the flow (`flowId`).
   */
  const checkRefs = async (userId: string, b: Control): Promise<void> => {
    if (b.id) {
      const t = await taskOwnerAndFlow(db, b.id);
      if (!t || t.creatorUserId !== userId) throw badRequest('id: 流程不存在');
    }
    const dir = new Directory(db);
    for (const [field, ids] of [
      ['copyIds', b.copyIds ?? []],
      ...Object.entries(b.candidates ?? {}).map(([k, v]) => [`candidates.${k}`, v] as const),
    ] as const) {
      const ok2 = await dir.enabled(ids);
      const bad = ids.find((u) => !ok2.includes(u));
      if (bad) throw badRequest(`${field}: 用户不存在或已禁用 (${bad})`);
    }
    if (b.flowId && !(await flowExists(db, b.flowId))) throw badRequest('flowId: 流程不存在');
  };

  const launch = async (userReq: { auth: unknown }, b: Control, data: Data, taskId?: string) => {
    const { user } = authOf(userReq as never);
    let flowId = b.flowId;
    if (taskId) {
      const t = await taskOwnerAndFlow(db, taskId);
      if (!t || t.creatorUserId !== user.id) throw notFound('流程不存在');
      flowId ??= t.flowId;
    }
    if (!flowId) throw badRequest('flowId: 不能为空');
    const result = await service.launch(user, {
      flowId,
      ...(taskId ? { id: taskId } : b.id ? { id: b.id } : {}),
      data,
      status: b.status,
      ...(b.flowUrgent ? { flowUrgent: b.flowUrgent } : {}),
      ...(b.fullName ? { fullName: b.fullName } : {}),
      ...(b.candidates ? { candidates: b.candidates } : {}),
      ...(b.copyIds ? { copyIds: b.copyIds } : {}),
      ...(b.version !== undefined ? { version: b.version } : {}),
      ...(b.idemKey ? { idemKey: b.idemKey } : {}),
    });
    return ok(result, b.status === 0 ? '提交成功' : '保存成功');
  };

  r.post(
    TASK,
    {
      onRequest: guard,
      bodyLimit: BODY_LIMIT,
      schema: { body: taskBody, response: answers(WORKFLOW_ANSWERS.launched) } as const,
    },
    async (req) => {
      await checkRefs(authOf(req).user.id, req.body);
      return launch(req, req.body, dataOf(req.body.data));
    },
  );
  r.put(
    `${TASK}/:id`,
    {
      onRequest: guard,
      bodyLimit: BODY_LIMIT,
      schema: {
        params: taskParams,
        body: taskUpdateBody,
        response: answers(WORKFLOW_ANSWERS.launched),
      } as const,
    },
    async (req) => {
      await checkRefs(authOf(req).user.id, req.body);
      return launch(req, req.body, dataOf(req.body.data), req.params.id);
    },
  );

  r.get(
    `${TASK}/:id`,
    {
      config: { checksInHandler: 'checked in the handler: whoever may see the task' },
      schema: { params: taskParams, response: answers(WORKFLOW_ANSWERS.task) } as const,
    },
    async (req) => {
      const v = await taskView(ctx, service, authOf(req).user, req.params.id);
      const t = v.flowTaskInfo;
      return ok({
        ...t,
        data: v.data,
        formType: v.formType,
        formKey: v.formKey,
        formData: v.formData,
        flowTemplateJson: v.flowTemplateJson,
        formOperates: v.formOperates,
        rejection: v.rejection,
      });
    },
  );

  r.get(
    `${TASK}/:flowId/:taskId`,
    {
      config: { checksInHandler: 'checked in the handler: whoever may see the task' },
      schema: {
        params: {
          type: 'object',
          required: ['flowId', 'taskId'],
          properties: {
            flowId: { type: 'string', minLength: 1, maxLength: 64 },
            taskId: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
        response: answers(WORKFLOW_ANSWERS.taskData),
      } as const,
    },
    async (req) => {
      const v = await taskView(ctx, service, authOf(req).user, req.params.taskId);
      if (v.flowTaskInfo.flowId !== req.params.flowId) throw notFound('流程不存在');
      return ok({ id: v.flowTaskInfo.id, data: v.data });
    },
  );

  /* ---------------- system forms: /api/workflow/Form/{Key} ---------------- */

  const formFields = async (
    key: string,
    flowId: string | undefined,
    taskId: string | undefined,
    body: Record<string, unknown>,
  ) => {
    const sf = systemForm(key);
    if (!sf) throw notFound('表单不存在');
    let fid = flowId;
    if (!fid && taskId) fid = (await taskOwnerAndFlow(db, taskId))?.flowId;
    if (fid) {
      const f = await systemKeyOfFlow(db, fid);
      if (!f) throw badRequest('flowId: 流程不存在');
      if (f.systemKey !== sf.key) throw badRequest(`flowId: 该流程不使用表单 ${sf.key}`);
    }
    const keys = new Set(valueFields(sf.form).map((v) => v.key));
    const data: Data = {};
    for (const [k, v] of Object.entries(body)) {
      if (CONTROL_KEYS.has(k)) continue;
      if (!keys.has(k)) throw badRequest(`${k}: 表单 ${sf.key} 没有这个字段`);
      data[k] = v;
    }
    return data;
  };

  r.post(
    `${FORM}/:key`,
    {
      onRequest: guard,
      bodyLimit: BODY_LIMIT,
      schema: { params: keyParams, body: formBody, response: answers(WORKFLOW_ANSWERS.launched) } as const,
    },
    async (req) => {
      const b = req.body as Control & Record<string, unknown>;
      await checkRefs(authOf(req).user.id, b);
      return launch(req, b, await formFields(req.params.key, b.flowId, b.id, b));
    },
  );
  r.put(
    `${FORM}/:key/:id`,
    {
      onRequest: guard,
      bodyLimit: BODY_LIMIT,
      schema: {
        params: keyIdParams,
        body: formUpdateBody,
        response: answers(WORKFLOW_ANSWERS.launched),
      } as const,
    },
    async (req) => {
      const b = req.body as Control & Record<string, unknown>;
      await checkRefs(authOf(req).user.id, b);
      const own = await taskOwnerAndFlow(db, req.params.id);
      if (!own || own.creatorUserId !== authOf(req).user.id) throw notFound('流程不存在');
      return launch(req, b, await formFields(req.params.key, b.flowId, req.params.id, b), req.params.id);
    },
  );
  r.get(
    `${FORM}/:key/:id`,
    {
      config: { checksInHandler: 'checked in the handler: whoever may see the task' },
      schema: { params: keyIdParams, response: answers(WORKFLOW_ANSWERS.formValues) } as const,
    },
    async (req) => {
      const sf = systemForm(req.params.key);
      if (!sf) throw notFound('表单不存在');
      await assertWorkflowUser(ctx, authOf(req).user);
      const task = await loadTaskRow(db, req.params.id);
      await assertMayView(ctx, authOf(req).user, task);
      const { row } = await loadVersion(db, task.versionId);
      if ((await service.systemKeyOf(db, row)) !== sf.key) throw notFound('流程不存在');
      return ok({ ...parseData(task.data), id: task.id, flowId: task.flowId, status: task.status });
    },
  );
}
