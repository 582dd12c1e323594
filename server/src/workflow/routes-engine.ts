/**
 * /api/workflow/Engine/FlowEngine (spec §7): the flows — list, read, create, save, delete, copy,
 * release (validate + freeze a version), stop — and what the designer and the launch page read
 * (ListAll, Selector, FormDataFields, FieldDataSelect, Released, Options). And FlowEngineForm: the
 * forms flows use.
 */
import type { FastifyInstance } from 'fastify';
import {
  AssigneeType,
  FormType,
  TaskStatus,
  flowNodes,
  normalizeFlow,
  validateFlow,
  type ApproverNode,
  type FlowDefinition,
} from '@lighting/shared/flowcore';
import { valueFields, walkFields, type FormField } from '@lighting/shared/formcore';
import { authOf } from '../context';
import { paged } from '../db/paging';
import { contains } from '../db/search';
import { ApiError, Code, badRequest, notFound, ok, page } from '../http/envelope';
import { hasPermission, requirePermission } from '../auth';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import { optionLoader } from '../lowcode';
import {
  assertUniqueCode,
  descriptionField,
  enCodeField,
  fullNameField,
  idemKeyField,
  idParams,
  namesOf,
  newId,
  priorAnswer,
  rememberAnswer,
  sortCodeField,
  userKey,
} from '../kernel';
import { MENU } from './access';
import {
  BODY_LIMIT,
  ENGINE,
  TEMPLATE_MAX,
  currentFormOf,
  defaultTemplate,
  loadFlowForm,
  parseTemplate,
} from './common';
import { fieldsOf, parseForm, systemForm, withOptions } from './forms';
import { Directory, candidatesOf } from './resolve';
import type { WorkflowService } from './service';
import { parseData } from './store';

const FLOW = `${ENGINE}/FlowEngine`;
const FORM = `${ENGINE}/FlowEngineForm`;

const flowBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'formId'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    category: { type: 'string', maxLength: 50 },
    type: { type: 'integer', enum: [0, 1] },
    formId: { type: 'string', minLength: 1, maxLength: 64 },
    icon: { type: 'string', maxLength: 100 },
    iconBackground: { type: 'string', maxLength: 20, pattern: '^(#[0-9a-fA-F]{3,8})?$' },
    description: descriptionField,
    sortCode: sortCodeField,
    flowTemplateJson: { type: 'string', maxLength: TEMPLATE_MAX },
    idemKey: idemKeyField,
  },
} as const;

const formBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'modelId'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    modelId: { type: 'string', minLength: 1, maxLength: 64 },
    description: descriptionField,
    sortCode: sortCodeField,
    idemKey: idemKeyField,
  },
} as const;

const EDITABLE = 'checked in the handler: menu workFlow.flowEngine or workFlow.flowLaunch';

export function registerEngineRoutes(app: FastifyInstance, service: WorkflowService): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  const loadFlow = async (id: string) => {
    const f = await db.selectFrom('flow_engine').selectAll().where('id', '=', id).executeTakeFirst();
    if (!f) throw notFound('流程不存在');
    return f;
  };
  type FlowRow = Awaited<ReturnType<typeof loadFlow>>;
  const releasedText = async (flowId: string, version: number): Promise<string | null> => {
    if (!version) return null;
    const v = await db
      .selectFrom('flow_version')
      .select('flowTemplateJson')
      .where('flowId', '=', flowId)
      .where('version', '=', version)
      .executeTakeFirst();
    return v?.flowTemplateJson ?? null;
  };
  const shape = async (
    f: FlowRow,
    names: Map<string, string>,
    forms: Map<string, string>,
    running: Map<string, number>,
  ) => ({
    id: f.id,
    fullName: f.fullName,
    enCode: f.enCode,
    category: f.category,
    type: f.type,
    formType: f.formType,
    formId: f.formId,
    formName: forms.get(f.formId) ?? '',
    icon: f.icon,
    iconBackground: f.iconBackground,
    description: f.description,
    sortCode: f.sortCode,
    enabledMark: f.enabledMark,
    version: Number(f.version),
    hasChanges:
      Number(f.version) === 0 || (await releasedText(f.id, Number(f.version))) !== f.flowTemplateJson,
    runningCount: running.get(f.id) ?? 0,
    creatorTime: Number(f.createdAt),
    creatorUser: names.get(f.createdBy ?? '') ?? '',
    lastModifyTime: f.updatedAt === null ? null : Number(f.updatedAt),
  });
  const formNames = async (): Promise<Map<string, string>> =>
    new Map(
      (await db.selectFrom('flow_form').select(['id', 'fullName']).execute()).map((x) => [x.id, x.fullName]),
    );
  const runningCounts = async (ids: string[]): Promise<Map<string, number>> => {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('flow_task')
      .select(['flowId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('flowId', 'in', ids)
      .where('status', '=', TaskStatus.WAITING)
      .groupBy('flowId')
      .execute();
    return new Map(rows.map((x) => [x.flowId, Number(x.n)]));
  };
  /** The form JSON and fields of a flow's current form (the designer reads them). */
  const formOfFlow = async (f: FlowRow) => {
    if (!f.formId) return { form: { fields: [] as FormField[] }, formVersion: 0 };
    return currentFormOf(db, await loadFlowForm(db, f.formId));
  };

  r.get(
    FLOW,
    {
      onRequest: requirePermission({ menu: MENU.engine }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            keyword: keywordQuery,
            category: { type: 'string', maxLength: 50 },
            type: { type: 'integer', enum: [0, 1] },
            enabledMark: { type: 'integer', enum: [0, 1] },
          },
        },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = db.selectFrom('flow_engine');
      const kw = q.keyword?.trim();
      if (kw) base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
      if (q.category) base = base.where('category', '=', q.category);
      if (q.type !== undefined) base = base.where('type', '=', q.type);
      if (q.enabledMark !== undefined) base = base.where('enabledMark', '=', q.enabledMark);
      const { list, pagination } = await paged(base, q, (b) =>
        b.selectAll().orderBy('sortCode').orderBy('id'),
      );
      const names = await namesOf(
        db,
        'user',
        list.map((f) => f.createdBy),
      );
      const forms = await formNames();
      const running = await runningCounts(list.map((f) => f.id));
      return page(await Promise.all(list.map((f) => shape(f, names, forms, running))), pagination);
    },
  );

  r.get(
    `${FLOW}/ListAll`,
    {
      onRequest: requirePermission({ menu: MENU.launch }),
      schema: { querystring: { type: 'object' } } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const rows = await db
        .selectFrom('flow_engine as f')
        .innerJoin('flow_version as v', (j) =>
          j.onRef('v.flowId', '=', 'f.id').onRef('v.version', '=', 'f.version'),
        )
        .select([
          'f.id',
          'f.fullName',
          'f.enCode',
          'f.category',
          'f.type',
          'f.formType',
          'f.icon',
          'f.iconBackground',
          'f.description',
          'v.flowTemplateJson',
        ])
        .where('f.enabledMark', '=', 1)
        .where('f.type', '=', 0)
        .orderBy('f.sortCode')
        .orderBy('f.id')
        .execute();
      const list = [];
      for (const { flowTemplateJson, ...f } of rows)
        if (await service.mayLaunch(user, normalizeFlow(JSON.parse(flowTemplateJson) as FlowDefinition)))
          list.push(f);
      return ok({ list });
    },
  );

  r.get(
    `${FLOW}/Selector`,
    {
      config: { checksInHandler: EDITABLE },
      schema: {
        querystring: { type: 'object', properties: { type: { type: 'integer', enum: [0, 1] } } },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      if (!(await hasPermission(ctx, user, MENU.engine)) && !(await hasPermission(ctx, user, MENU.launch)))
        throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${MENU.engine}`);
      let q = db
        .selectFrom('flow_engine')
        .select(['id', 'fullName', 'enCode', 'type', 'formType', 'enabledMark', 'category']);
      if (req.query.type !== undefined) q = q.where('type', '=', req.query.type);
      const rows = await q.orderBy('sortCode').orderBy('id').execute();
      const groups = new Map<string, typeof rows>();
      for (const f of rows)
        groups.set(f.category || '未分类', [...(groups.get(f.category || '未分类') ?? []), f]);
      return ok({
        list: [...groups].map(([cat, children]) => ({
          id: cat,
          fullName: cat,
          hasChildren: true,
          children: children.map(({ category: _c, ...c }) => ({ ...c, hasChildren: false })),
        })),
      });
    },
  );

  r.get(
    `${FLOW}/:id`,
    { onRequest: requirePermission({ menu: MENU.engine }), schema: { params: idParams } as const },
    async (req) => {
      const f = await loadFlow(req.params.id);
      const { form } = await formOfFlow(f);
      const names = await namesOf(db, 'user', [f.createdBy]);
      return ok({
        ...(await shape(f, names, await formNames(), await runningCounts([f.id]))),
        flowTemplateJson: f.flowTemplateJson || JSON.stringify(defaultTemplate()),
        formData: JSON.stringify(await withOptions(db, form, (await systemKeyOfFlow(f)) ?? null)),
        fields: fieldsOf(form),
      });
    },
  );
  const systemKeyOfFlow = async (f: FlowRow): Promise<string | null> => {
    if (f.formType !== FormType.SYSTEM || !f.formId) return null;
    return (
      (await db.selectFrom('flow_form').select('systemKey').where('id', '=', f.formId).executeTakeFirst())
        ?.systemKey ?? null
    );
  };

  type FlowBody = {
    fullName: string;
    enCode: string;
    category?: string;
    type?: 0 | 1;
    formId: string;
    icon?: string;
    iconBackground?: string;
    description?: string;
    sortCode?: number;
    flowTemplateJson?: string;
  };
  const valuesOf = async (b: FlowBody) => {
    const form = await loadFlowForm(db, b.formId);
    const tpl = b.flowTemplateJson ? parseTemplate(b.flowTemplateJson).text : undefined;
    return {
      fullName: b.fullName.trim(),
      enCode: b.enCode,
      category: (b.category ?? '').trim(),
      type: b.type ?? 0,
      formType: form.formType,
      formId: form.id,
      icon: b.icon ?? 'icon-ym icon-ym-flowDesign',
      iconBackground: b.iconBackground ?? '#1890ff',
      description: b.description ?? '',
      sortCode: b.sortCode ?? 0,
      tpl,
    };
  };

  r.post(
    FLOW,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_add' }),
      bodyLimit: BODY_LIMIT,
      schema: { body: flowBody } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const idem = userKey(user.id, req.body.idemKey, 'flow.flow');
      const prior = await priorAnswer(db, idem);
      if (prior !== undefined) return ok(prior, '新建成功');
      const v = await valuesOf(req.body);
      await assertUniqueCode(db, 'flow_engine', v.enCode);
      const id = newId();
      const now = ctx.clock();
      const { tpl, ...rest } = v;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('flow_engine')
          .values({
            id,
            ...rest,
            enabledMark: 0,
            createdAt: now,
            createdBy: user.id,
            updatedAt: null,
            updatedBy: null,
            version: 0,
            flowTemplateJson: tpl ?? JSON.stringify(defaultTemplate()),
            visibleType: 0,
          })
          .execute();
        await rememberAnswer(trx, idem, { id }, now);
      });
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${FLOW}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      bodyLimit: BODY_LIMIT,
      schema: { params: idParams, body: flowBody } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const f = await loadFlow(req.params.id);
      const v = await valuesOf(req.body);
      await assertUniqueCode(db, 'flow_engine', v.enCode, { exceptId: f.id });
      const { tpl, ...rest } = v;
      await db
        .updateTable('flow_engine')
        .set({
          ...rest,
          ...(tpl ? { flowTemplateJson: tpl } : {}),
          updatedAt: ctx.clock(),
          updatedBy: user.id,
        })
        .where('id', '=', f.id)
        .execute();
      return ok({ id: f.id }, '更新成功');
    },
  );

  r.delete(
    `${FLOW}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const f = await loadFlow(req.params.id);
      const used = await db
        .selectFrom('flow_task')
        .select('id')
        .where('flowId', '=', f.id)
        .executeTakeFirst();
      if (used) throw badRequest('id: 流程已有实例，不能删除，可停用');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('flow_delegate').where('flowId', '=', f.id).execute();
        await trx.deleteFrom('flow_version').where('flowId', '=', f.id).execute();
        await trx.deleteFrom('flow_engine').where('id', '=', f.id).execute();
      });
      return ok(null, '删除成功');
    },
  );

  r.post(
    `${FLOW}/:id/Actions/Copy`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_add' }),
      schema: {
        params: idParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { idemKey: idemKeyField },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const idem = userKey(user.id, req.body?.idemKey, 'flow.flowCopy');
      const prior = await priorAnswer(db, idem);
      if (prior !== undefined) return ok(prior, '复制成功');
      const f = await loadFlow(req.params.id);
      const names = new Set(
        (await db.selectFrom('flow_engine').select('fullName').execute()).map((x) => x.fullName),
      );
      const codes = new Set(
        (await db.selectFrom('flow_engine').select('enCode').execute()).map((x) => x.enCode),
      );
      let fullName = `${f.fullName}副本`.slice(0, 50);
      for (let i = 2; names.has(fullName); i++) fullName = `${f.fullName}副本${i}`.slice(0, 50);
      let enCode = `${f.enCode}.copy1`.slice(0, 50);
      for (let i = 2; codes.has(enCode); i++) enCode = `${f.enCode}.copy${i}`.slice(0, 50);
      const id = newId();
      const now = ctx.clock();
      const { id: _old, ...rest } = f;
      const answer = { id, fullName, enCode };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('flow_engine')
          .values({
            ...rest,
            id,
            fullName,
            enCode,
            enabledMark: 0,
            version: 0,
            createdAt: now,
            createdBy: user.id,
            updatedAt: null,
            updatedBy: null,
          })
          .execute();
        await rememberAnswer(trx, idem, answer, now);
      });
      return ok(answer, '复制成功');
    },
  );

  r.post(
    `${FLOW}/Release/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const f = await loadFlow(req.params.id);
      if (!f.formId) throw badRequest('formId: 请选择流程表单');
      const ref = await loadFlowForm(db, f.formId);
      const { form, formVersion } = await currentFormOf(db, ref);
      const tpl = f.flowTemplateJson || JSON.stringify(defaultTemplate());
      const problems = validateFlow(JSON.parse(tpl) as unknown, { fields: fieldsOf(form) });
      const first = problems[0];
      if (first) throw badRequest(`flowTemplateJson: ${first.message}`, { problems });
      const now = ctx.clock();
      const version = await db.transaction().execute(async (trx) => {
        const cur = await trx
          .selectFrom('flow_engine')
          .select('version')
          .where('id', '=', f.id)
          .executeTakeFirstOrThrow();
        const next = Number(cur.version) + 1;
        await trx
          .insertInto('flow_version')
          .values({
            id: newId(),
            flowId: f.id,
            version: next,
            flowTemplateJson: tpl,
            formType: ref.formType,
            formId: ref.id,
            formData: JSON.stringify(form),
            formVersion,
            createdAt: now,
            createdBy: user.id,
          })
          .execute();
        await trx
          .updateTable('flow_engine')
          .set({
            version: next,
            enabledMark: 1,
            flowTemplateJson: tpl,
            formType: ref.formType,
            updatedAt: now,
            updatedBy: user.id,
          })
          .where('id', '=', f.id)
          .execute();
        return next;
      });
      return ok({ version }, '发布成功');
    },
  );

  r.post(
    `${FLOW}/Stop/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const f = await loadFlow(req.params.id);
      await db
        .updateTable('flow_engine')
        .set({ enabledMark: 0, updatedAt: ctx.clock(), updatedBy: authOf(req).user.id })
        .where('id', '=', f.id)
        .execute();
      return ok(null, '停用成功');
    },
  );

  r.get(
    `${FLOW}/:id/FormDataFields`,
    { onRequest: requirePermission({ menu: MENU.engine }), schema: { params: idParams } as const },
    async (req) => {
      const f = await loadFlow(req.params.id);
      const { form } = await formOfFlow(f);
      const types = new Map(fieldsOf(form).map((x) => [x.key, x.conditionType]));
      return ok({
        list: valueFields(form).map((v) => ({
          vModel: v.key,
          label: String(v.field.__config__.label ?? v.key),
          jnpfKey: v.field.__config__.jnpfKey,
          conditionType: types.get(v.key) ?? null,
        })),
      });
    },
  );

  r.get(
    `${FLOW}/:id/FieldDataSelect`,
    {
      config: { checksInHandler: EDITABLE },
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          required: ['field'],
          properties: {
            ...pagingQuery,
            field: { type: 'string', minLength: 1, maxLength: 100, 'x-text': 'line' },
            keyword: keywordQuery,
          },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      if (!(await hasPermission(ctx, user, MENU.engine)) && !(await hasPermission(ctx, user, MENU.launch)))
        throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${MENU.engine}`);
      const f = await loadFlow(req.params.id);
      const { form } = await formOfFlow(f);
      if (!valueFields(form).some((v) => v.key === req.query.field))
        throw badRequest(`field: 字段 "${req.query.field}" 不存在`);
      let base = db
        .selectFrom('flow_task')
        .where('flowId', '=', f.id)
        .where('status', '=', TaskStatus.APPROVED);
      const kw = req.query.keyword?.trim();
      if (kw) base = base.where(contains('data', kw));
      const { list, pagination } = await paged(base, req.query, (b) =>
        b.select(['id', 'data']).orderBy('completionTime', 'desc').orderBy('id'),
      );
      return page(
        list.map((t) => ({ id: t.id, [req.query.field]: parseData(t.data)[req.query.field] ?? null })),
        pagination,
      );
    },
  );

  /** The released version a launch uses (or 400 when there is none) and whether the caller may launch it. */
  const releasedFor = async (flowId: string) => {
    const f = await loadFlow(flowId);
    if (!Number(f.version)) throw badRequest('id: 流程未发布');
    const v = await db
      .selectFrom('flow_version')
      .selectAll()
      .where('flowId', '=', f.id)
      .where('version', '=', Number(f.version))
      .executeTakeFirstOrThrow();
    return { f, v, def: normalizeFlow(JSON.parse(v.flowTemplateJson) as FlowDefinition) };
  };

  r.get(
    `${FLOW}/:id/Released`,
    { onRequest: requirePermission({ menu: MENU.launch }), schema: { params: idParams } as const },
    async (req) => {
      const { user } = authOf(req);
      const { f, v, def } = await releasedFor(req.params.id);
      if (!(await service.mayLaunch(user, def)))
        throw new ApiError(Code.FORBIDDEN, '权限不足: 无权发起该流程');
      const key = await service.systemKeyOf(db, v);
      const form = await withOptions(db, parseForm(v.formData), key);
      const dir = new Directory(db);
      const chosen = flowNodes(def).filter(
        (n): n is ApproverNode =>
          n.type === 'approver' && n.properties.assigneeType === AssigneeType.CHOSEN_AT_LAUNCH,
      );
      const candidates = [];
      for (const n of chosen) {
        const ids = await candidatesOf(dir, n);
        const rows = ids
          ? await db
              .selectFrom('user')
              .select(['id', 'realName as fullName', 'account'])
              .where('id', 'in', ids.length ? ids : [''])
              .execute()
          : null;
        candidates.push({ nodeId: n.nodeId, title: n.properties.title, users: rows });
      }
      return ok({
        id: f.id,
        fullName: f.fullName,
        enabledMark: f.enabledMark,
        version: v.version,
        formType: v.formType,
        formId: v.formId,
        formKey: key,
        formData: JSON.stringify(form),
        flowTemplateJson: v.flowTemplateJson,
        fields: fieldsOf(form),
        candidates,
      });
    },
  );

  r.get(
    `${FLOW}/:id/Options`,
    {
      config: {
        checksInHandler:
          'checked in the handler: menu workFlow.flowLaunch, workFlow.flowTodo or workFlow.flowMonitor',
      },
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          required: ['field'],
          properties: { field: { type: 'string', minLength: 1, maxLength: 201, 'x-text': 'line' } },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      let allowed = false;
      for (const m of [MENU.launch, MENU.todo, MENU.monitor])
        if (await hasPermission(ctx, user, m)) allowed = true;
      if (!allowed) throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${MENU.launch}`);
      const { v } = await releasedFor(req.params.id);
      const key = await service.systemKeyOf(db, v);
      const form = await withOptions(db, parseForm(v.formData), key);
      let field: FormField | undefined;
      walkFields(form, ({ field: x }) => {
        if (x.__vModel__ === req.query.field) field = x;
      });
      if (!field) throw badRequest(`field: 字段 "${req.query.field}" 不存在`);
      const loader = optionLoader(ctx);
      await loader.load([field]);
      const list = loader.get(field);
      if (!list) throw badRequest(`field: "${req.query.field}" 不是选择控件`);
      return ok({ list });
    },
  );

  /* ---------------- FlowEngineForm ---------------- */

  const loadForm = async (id: string) => {
    const f = await db.selectFrom('flow_form').selectAll().where('id', '=', id).executeTakeFirst();
    if (!f) throw notFound('表单不存在');
    return f;
  };
  const flowCounts = async (): Promise<Map<string, number>> => {
    const rows = await db
      .selectFrom('flow_engine')
      .select(['formId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('formId')
      .execute();
    return new Map(rows.map((x) => [x.formId, Number(x.n)]));
  };
  const formShape = (f: Awaited<ReturnType<typeof loadForm>>, counts: Map<string, number>) => ({
    id: f.id,
    fullName: f.fullName,
    enCode: f.enCode,
    formType: f.formType,
    systemKey: f.systemKey,
    modelId: f.modelId,
    description: f.description,
    sortCode: f.sortCode,
    flowCount: counts.get(f.id) ?? 0,
    creatorTime: Number(f.createdAt),
  });

  r.get(
    FORM,
    {
      onRequest: requirePermission({ menu: MENU.engine }),
      schema: {
        querystring: {
          type: 'object',
          properties: { ...pagingQuery, keyword: keywordQuery, formType: { type: 'integer', enum: [1, 2] } },
        },
      } as const,
    },
    async (req) => {
      let base = db.selectFrom('flow_form');
      const kw = req.query.keyword?.trim();
      if (kw) base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
      if (req.query.formType) base = base.where('formType', '=', req.query.formType);
      const { list, pagination } = await paged(base, req.query, (b) =>
        b.selectAll().orderBy('sortCode').orderBy('id'),
      );
      const counts = await flowCounts();
      return page(
        list.map((f) => formShape(f, counts)),
        pagination,
      );
    },
  );

  r.get(
    `${FORM}/ListAll`,
    {
      onRequest: requirePermission({ menu: MENU.engine }),
      schema: { querystring: { type: 'object' } } as const,
    },
    async () => {
      const rows = await db
        .selectFrom('flow_form')
        .select(['id', 'fullName', 'enCode', 'formType'])
        .orderBy('sortCode')
        .orderBy('id')
        .execute();
      return ok({ list: rows });
    },
  );

  r.get(
    `${FORM}/:id`,
    { onRequest: requirePermission({ menu: MENU.engine }), schema: { params: idParams } as const },
    async (req) => {
      const f = await loadForm(req.params.id);
      const { form } = await currentFormOf(db, f);
      return ok({
        ...formShape(f, await flowCounts()),
        formData: JSON.stringify(await withOptions(db, form, f.systemKey)),
        fields: fieldsOf(form),
      });
    },
  );

  const checkModel = async (modelId: string) => {
    const m = await db.selectFrom('visualdev_base').select('id').where('id', '=', modelId).executeTakeFirst();
    if (!m) throw badRequest('modelId: 功能不存在');
  };

  r.post(
    FORM,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_add' }),
      schema: { body: formBody } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const idem = userKey(user.id, b.idemKey, 'flow.flowForm');
      const prior = await priorAnswer(db, idem);
      if (prior !== undefined) return ok(prior, '新建成功');
      await checkModel(b.modelId);
      await assertUniqueCode(db, 'flow_form', b.enCode);
      const id = newId();
      const now = ctx.clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('flow_form')
          .values({
            id,
            fullName: b.fullName.trim(),
            enCode: b.enCode,
            formType: FormType.DESIGNER,
            systemKey: null,
            modelId: b.modelId,
            description: b.description ?? '',
            sortCode: b.sortCode ?? 0,
            createdAt: now,
            createdBy: user.id,
            updatedAt: null,
          })
          .execute();
        await rememberAnswer(trx, idem, { id }, now);
      });
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${FORM}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      schema: { params: idParams, body: formBody } as const,
    },
    async (req) => {
      const b = req.body;
      const f = await loadForm(req.params.id);
      await checkModel(b.modelId);
      if (f.formType === FormType.SYSTEM) throw badRequest('id: 系统表单不能修改');
      await assertUniqueCode(db, 'flow_form', b.enCode, { exceptId: f.id });
      await db
        .updateTable('flow_form')
        .set({
          fullName: b.fullName.trim(),
          enCode: b.enCode,
          modelId: b.modelId,
          description: b.description ?? '',
          sortCode: b.sortCode ?? 0,
          updatedAt: ctx.clock(),
        })
        .where('id', '=', f.id)
        .execute();
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${FORM}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const f = await loadForm(req.params.id);
      if (f.formType === FormType.SYSTEM) throw badRequest('id: 系统表单不能删除');
      const used = await db
        .selectFrom('flow_engine')
        .select('id')
        .where('formId', '=', f.id)
        .executeTakeFirst();
      const frozen = await db
        .selectFrom('flow_version')
        .select('id')
        .where('formId', '=', f.id)
        .executeTakeFirst();
      if (used || frozen) throw badRequest('id: 表单已被流程使用');
      await db.deleteFrom('flow_form').where('id', '=', f.id).execute();
      return ok(null, '删除成功');
    },
  );

  void systemForm;
}
