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
  flowNodes,
  readFlow,
  subFlowNodesOf,
  subFlowProblemsOf,
  validateFlow,
  type ApproverNode,
  type FlowDefinition,
  type FlowProblem,
  type SubFlowProblem,
} from '@lighting/shared/flowcore';
import { valueFields, walkFields, type FormField } from '@lighting/shared/formcore';
import { authOf } from '../context';
import { ApiError, Code, badRequest, ok, page } from '../http/envelope';
import { hasPermission, requirePermission } from '../auth';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import type { Insertable } from 'kysely';
import { checkFormReferences, optionLoader, parseDesignedForm } from '../lowcode';
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
  sortCodeField,
  userKey,
} from '../kernel';
import { MENU } from './access';
import {
  BODY_LIMIT,
  ENGINE,
  TEMPLATE_MAX,
  assertNamedIdsExist,
  currentFormOf,
  defaultTemplate,
  loadFlowForm,
  parseTemplate,
  type FlowFormRef,
} from './common';
import { fieldsOf, parseForm, systemForm, withOptions } from './forms';
import { Directory, candidatesOf } from './resolve';
import type { FlowFormTable } from './schema';
import type { WorkflowService } from './service';
import {
  allForms,
  assertModelExists,
  releasedFlags,
  deleteFlow,
  deleteForm,
  enabledLaunchFlows,
  flowCounts,
  flowHasTasks,
  flowNamesAndCodes,
  formInUse,
  formNames,
  hasUnreleasedChanges,
  insertFlow,
  insertForm,
  loadFlow,
  loadForm,
  pageApprovedData,
  pageFlows,
  pageForms,
  releaseFlow,
  releasedVersionOf,
  runningCounts,
  selectorFlows,
  systemFormIdByKey,
  systemKeyOfForm,
  updateFlow,
  updateForm,
  usersToChoose,
  type FlowFormRow,
  type FlowRow,
} from './flow-store';
import { copyNames, groupByCategory } from './rules';
import { parseData } from './store';
import { answers } from '../http/response';
import { WORKFLOW_ANSWERS } from './responses';

const FLOW = `${ENGINE}/FlowEngine`;
const FORM = `${ENGINE}/FlowEngineForm`;

/**
 * A flow as our designer and the JNPF 3.x client (views/workFlow/flowEngine/Form.vue) send it. The
 * 3.x client sends its whole form: `id` ('' when new), `formType` with `formData` (the form it
 * designed or the system form's fields, as a JSON string), `tables` (the database tables it bound),
 * `enabledMark`; and on edit everything GET answered (`formName`, `version`, `fields`…). Those are
 * read or ignored by name (docs/api/workflow.md); any other field is refused.
 */
const flowBody = {
  type: 'object',
  required: ['fullName', 'enCode'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    category: { type: 'string', maxLength: 50 },
    type: { type: 'integer', enum: [0, 1] },
    /** the flow_form; '' or absent: kept on edit, chosen by formType when new (3.x) */
    formId: { type: 'string', maxLength: 64 },
    icon: { type: 'string', maxLength: 100 },
    iconBackground: { type: 'string', maxLength: 20, pattern: '^(#[0-9a-fA-F]{3,8})?$' },
    description: descriptionField,
    sortCode: sortCodeField,
    flowTemplateJson: { type: 'string', maxLength: TEMPLATE_MAX },
    idemKey: idemKeyField,
    // JNPF 3.x: read
    formType: { type: 'integer', enum: [FormType.SYSTEM, FormType.DESIGNER] },
    // JNPF 3.x: '' when new, the path's flow on edit (anything else is refused)
    id: { type: 'string', maxLength: 64 },
    // JNPF 3.x: ignored by name (release enables a flow; records are the engine's)
    enabledMark: { type: 'integer', enum: [0, 1] },
    formData: { type: 'string', maxLength: TEMPLATE_MAX },
    tables: { type: 'string', maxLength: 100_000 },
    // what GET answers, sent back by a client that edits what it read: ignored by name
    formName: { type: 'string', maxLength: 100 },
    version: { type: 'integer', minimum: 0 },
    hasChanges: { type: 'boolean' },
    runningCount: { type: 'integer', minimum: 0 },
    creatorTime: { type: 'integer', minimum: 0 },
    creatorUser: { type: 'string', maxLength: 100 },
    lastModifyTime: { type: ['integer', 'null'], minimum: 0 },
    fields: {
      type: 'array',
      maxItems: 2000,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          key: { type: 'string', maxLength: 201 },
          label: { type: 'string', maxLength: 200 },
          conditionType: { type: ['string', 'null'], enum: ['number', 'text', 'boolean', null] },
          table: { type: ['string', 'null'], maxLength: 100 },
        },
      },
    },
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

  const shape = (
    f: FlowRow,
    names: Map<string, string>,
    forms: Map<string, string>,
    running: Map<string, number>,
    hasChanges: boolean,
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
    hasChanges,
    runningCount: running.get(f.id) ?? 0,
    creatorTime: Number(f.createdAt),
    creatorUser: names.get(f.createdBy ?? '') ?? '',
    lastModifyTime: f.updatedAt === null ? null : Number(f.updatedAt),
  });
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
        response: answers(WORKFLOW_ANSWERS.flows),
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageFlows(db, req.query);
      const names = await namesOf(
        db,
        'user',
        list.map((f) => f.createdBy),
      );
      const forms = await formNames(db);
      const running = await runningCounts(
        db,
        list.map((f) => f.id),
      );
      return page(
        await Promise.all(
          list.map(async (f) => shape(f, names, forms, running, await hasUnreleasedChanges(db, f))),
        ),
        pagination,
      );
    },
  );

  r.get(
    `${FLOW}/ListAll`,
    {
      onRequest: requirePermission({ menu: MENU.launch }),
      schema: { querystring: { type: 'object' }, response: answers(WORKFLOW_ANSWERS.launchable) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const rows = await enabledLaunchFlows(db);
      const list = [];
      for (const { flowTemplateJson, ...f } of rows)
        if (await service.mayLaunch(user, readFlow(JSON.parse(flowTemplateJson) as FlowDefinition)))
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
        response: answers(WORKFLOW_ANSWERS.selector),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      if (!(await hasPermission(ctx, user, MENU.engine)) && !(await hasPermission(ctx, user, MENU.launch)))
        throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${MENU.engine}`);
      const groups = groupByCategory(await selectorFlows(db, req.query.type));
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
    {
      onRequest: requirePermission({ menu: MENU.engine }),
      schema: { params: idParams, response: answers(WORKFLOW_ANSWERS.flow) } as const,
    },
    async (req) => {
      const f = await loadFlow(db, req.params.id);
      const { form } = await formOfFlow(f);
      const names = await namesOf(db, 'user', [f.createdBy]);
      return ok({
        ...shape(
          f,
          names,
          await formNames(db),
          await runningCounts(db, [f.id]),
          await hasUnreleasedChanges(db, f),
        ),
        flowTemplateJson: f.flowTemplateJson || JSON.stringify(defaultTemplate()),
        formData: JSON.stringify(await withOptions(db, form, (await systemKeyOfFlow(f)) ?? null)),
        fields: fieldsOf(form),
      });
    },
  );
  const systemKeyOfFlow = async (f: FlowRow): Promise<string | null> =>
    f.formType !== FormType.SYSTEM || !f.formId ? null : systemKeyOfForm(db, f.formId);

  type FlowBody = {
    fullName: string;
    enCode: string;
    category?: string;
    type?: 0 | 1;
    formId?: string;
    formType?: 1 | 2;
    formData?: string;
    icon?: string;
    iconBackground?: string;
    description?: string;
    sortCode?: number;
    flowTemplateJson?: string;
  };
  /** The flow_form row of a flow's own form (listed among the flow forms, named after the flow). */
  const ownFormRow = (
    own: { id: string; fullName: string; formJson: string },
    flowId: string,
    userId: string,
    now: number,
  ): Insertable<FlowFormTable> => ({
    id: own.id,
    fullName: own.fullName,
    enCode: `flow-${flowId}`,
    formType: FormType.DESIGNER,
    systemKey: null,
    modelId: null,
    formJson: own.formJson,
    description: '',
    sortCode: 0,
    createdAt: now,
    createdBy: userId,
    updatedAt: null,
  });
  /** A flow's own designed form as a body sent it (JNPF 3.x formData), checked as the designer's forms are. */
  const ownFormText = async (text: string): Promise<string> => {
    const checked = parseDesignedForm(text);
    await checkFormReferences(db, checked.form, null);
    return text;
  };
  /**
   * The form a body gives the flow: its formId; else (a JNPF 3.x client, which binds no separate
   * form) for formType 2 the form it designed (`formData`: a new flow form of the flow's own), for
   * formType 1 the system form its enCode names (3.x found system forms by it); else on edit the
   * flow's form, whose JSON `formData` replaces when it is the flow's own.
   */
  const formOf = async (
    b: FlowBody,
    current: FlowRow | null,
  ): Promise<{ ref: FlowFormRef; own?: { insert: boolean; formJson: string } }> => {
    const id = b.formId || current?.formId || '';
    if (id) {
      const ref = await loadFlowForm(db, id);
      if (ref.formJson === null || b.formData === undefined) return { ref };
      return { ref, own: { insert: false, formJson: await ownFormText(b.formData) } };
    }
    if (b.formType === FormType.DESIGNER && b.formData !== undefined) {
      const formJson = await ownFormText(b.formData);
      const ref = {
        id: newId(),
        formType: FormType.DESIGNER,
        systemKey: null,
        modelId: null,
        formJson,
        fullName: b.fullName.trim(),
      };
      return { ref, own: { insert: true, formJson } };
    }
    const key = b.formType === FormType.SYSTEM ? systemForm(b.enCode)?.key : undefined;
    const sys = key ? await systemFormIdByKey(db, key) : null;
    if (sys) return { ref: await loadFlowForm(db, sys) };
    throw badRequest('formId: 请选择流程表单');
  };
  const valuesOf = async (b: FlowBody & { id?: string }, current: FlowRow | null) => {
    // the 3.x client's `id`: '' when new, the flow's own on edit; another names no flow being saved
    if (b.id && b.id !== current?.id) throw badRequest('id: 与所保存的流程不符');
    const { ref: form, own } = await formOf(b, current);
    const tpl = b.flowTemplateJson ? parseTemplate(b.flowTemplateJson).text : undefined;
    return {
      own: own ? { ...own, id: form.id, fullName: form.fullName } : null,
      values: {
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
      },
      tpl,
    };
  };

  r.post(
    FLOW,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_add' }),
      bodyLimit: BODY_LIMIT,
      schema: { body: flowBody, response: answers(WORKFLOW_ANSWERS.withId) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const idem = userKey(user.id, req.body.idemKey, 'flow.flow');
      const prior = await priorAnswer<{ id: string }>(db, idem);
      if (prior !== undefined) return ok(prior, '新建成功');
      const { values, own, tpl } = await valuesOf(req.body, null);
      await assertUniqueCode(db, 'flow_engine', values.enCode);
      const id = newId();
      const now = ctx.clock();
      await insertFlow(
        db,
        {
          id,
          ...values,
          enabledMark: 0,
          createdAt: now,
          createdBy: user.id,
          updatedAt: null,
          updatedBy: null,
          version: 0,
          flowTemplateJson: tpl ?? JSON.stringify(defaultTemplate()),
          visibleType: 0,
        },
        idem,
        { id },
        now,
        own?.insert ? ownFormRow(own, id, user.id, now) : undefined,
      );
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${FLOW}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      bodyLimit: BODY_LIMIT,
      schema: { params: idParams, body: flowBody, response: answers(WORKFLOW_ANSWERS.withId) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const f = await loadFlow(db, req.params.id);
      const { values, own, tpl } = await valuesOf(req.body, f);
      await assertUniqueCode(db, 'flow_engine', values.enCode, { exceptId: f.id });
      const now = ctx.clock();
      await updateFlow(
        db,
        f.id,
        { ...values, ...(tpl ? { flowTemplateJson: tpl } : {}), updatedAt: now, updatedBy: user.id },
        own
          ? own.insert
            ? { insert: ownFormRow(own, f.id, user.id, now) }
            : { id: own.id, formJson: own.formJson, now }
          : undefined,
      );
      return ok({ id: f.id }, '更新成功');
    },
  );

  r.delete(
    `${FLOW}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const f = await loadFlow(db, req.params.id);
      if (await flowHasTasks(db, f.id)) throw badRequest('id: 流程已有实例，不能删除，可停用');
      await deleteFlow(db, f.id);
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
        response: answers(WORKFLOW_ANSWERS.copied),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const idem = userKey(user.id, req.body?.idemKey, 'flow.flowCopy');
      const prior = await priorAnswer<{ id: string; fullName: string; enCode: string }>(db, idem);
      if (prior !== undefined) return ok(prior, '复制成功');
      const f = await loadFlow(db, req.params.id);
      const { names, codes } = await flowNamesAndCodes(db);
      const { fullName, enCode } = copyNames(f, names, codes);
      const id = newId();
      const now = ctx.clock();
      const { id: _old, ...rest } = f;
      const answer = { id, fullName, enCode };
      // a flow's own form (JNPF 3.x formData) is copied with it: the copy's edits are its own
      const form = f.formId ? await loadFlowForm(db, f.formId) : null;
      const own = form && form.formJson !== null ? { id: newId(), fullName, formJson: form.formJson } : null;
      await insertFlow(
        db,
        {
          ...rest,
          ...(own ? { formId: own.id } : {}),
          id,
          fullName,
          enCode,
          enabledMark: 0,
          version: 0,
          createdAt: now,
          createdBy: user.id,
          updatedAt: null,
          updatedBy: null,
        },
        idem,
        answer,
        now,
        own ? ownFormRow(own, id, user.id, now) : undefined,
      );
      return ok(answer, '复制成功');
    },
  );

  r.post(
    `${FLOW}/Release/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.released) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const f = await loadFlow(db, req.params.id);
      if (!f.formId) throw badRequest('formId: 请选择流程表单');
      const ref = await loadFlowForm(db, f.formId);
      const { form, formVersion } = await currentFormOf(db, ref);
      const tpl = f.flowTemplateJson || JSON.stringify(defaultTemplate());
      const fields = fieldsOf(form);
      const saved = JSON.parse(tpl) as FlowDefinition;
      const found: Array<FlowProblem | SubFlowProblem> = validateFlow(saved, { fields });
      // sub-flow nodes, once the tree is sound: the child flows must exist and be released
      const run = found.length ? null : readFlow(saved, fields);
      const problems = run
        ? subFlowProblemsOf(run, {
            flowId: f.id,
            flows: await releasedFlags(
              db,
              subFlowNodesOf(run).map((n) => String(n.properties.flowId ?? '')),
            ),
            fields,
          })
        : found;
      const first = problems[0];
      if (first) throw badRequest(`flowTemplateJson: ${first.message}`, { problems });
      await assertNamedIdsExist(db, readFlow(saved, fields));
      const now = ctx.clock();
      const version = await releaseFlow(
        db,
        f.id,
        {
          flowTemplateJson: tpl,
          formType: ref.formType,
          formId: ref.id,
          formData: JSON.stringify(form),
          formVersion,
          createdAt: now,
          createdBy: user.id,
        },
        now,
      );
      return ok({ version }, '发布成功');
    },
  );

  r.post(
    `${FLOW}/Stop/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const f = await loadFlow(db, req.params.id);
      await updateFlow(db, f.id, { enabledMark: 0, updatedAt: ctx.clock(), updatedBy: authOf(req).user.id });
      return ok(null, '停用成功');
    },
  );

  r.get(
    `${FLOW}/:id/FormDataFields`,
    {
      onRequest: requirePermission({ menu: MENU.engine }),
      schema: { params: idParams, response: answers(WORKFLOW_ANSWERS.formDataFields) } as const,
    },
    async (req) => {
      const f = await loadFlow(db, req.params.id);
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
        response: answers(WORKFLOW_ANSWERS.fieldData),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      if (!(await hasPermission(ctx, user, MENU.engine)) && !(await hasPermission(ctx, user, MENU.launch)))
        throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${MENU.engine}`);
      const f = await loadFlow(db, req.params.id);
      const { form } = await formOfFlow(f);
      if (!valueFields(form).some((v) => v.key === req.query.field))
        throw badRequest(`field: 字段 "${req.query.field}" 不存在`);
      const { list, pagination } = await pageApprovedData(db, f.id, req.query);
      return page(
        list.map((t) => ({ id: t.id, [req.query.field]: parseData(t.data)[req.query.field] ?? null })),
        pagination,
      );
    },
  );

  /** The released version a launch uses (or 400 when there is none) and whether the caller may launch it. */
  const releasedFor = async (flowId: string) => {
    const { f, v } = await releasedVersionOf(db, flowId);
    return {
      f,
      v,
      def: readFlow(JSON.parse(v.flowTemplateJson) as FlowDefinition, fieldsOf(parseForm(v.formData))),
    };
  };

  r.get(
    `${FLOW}/:id/Released`,
    {
      onRequest: requirePermission({ menu: MENU.launch }),
      schema: { params: idParams, response: answers(WORKFLOW_ANSWERS.releasedFlow) } as const,
    },
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
        const rows = ids ? await usersToChoose(db, ids) : null;
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
        response: answers(WORKFLOW_ANSWERS.options),
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
      return ok({ list: [...list] });
    },
  );

  /* ---------------- FlowEngineForm ---------------- */

  const formShape = (f: FlowFormRow, counts: Map<string, number>) => ({
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
        response: answers(WORKFLOW_ANSWERS.forms),
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageForms(db, req.query);
      const counts = await flowCounts(db);
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
      schema: { querystring: { type: 'object' }, response: answers(WORKFLOW_ANSWERS.formList) } as const,
    },
    async () => {
      return ok({ list: await allForms(db) });
    },
  );

  r.get(
    `${FORM}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine }),
      schema: { params: idParams, response: answers(WORKFLOW_ANSWERS.form) } as const,
    },
    async (req) => {
      const f = await loadForm(db, req.params.id);
      const { form } = await currentFormOf(db, f);
      return ok({
        ...formShape(f, await flowCounts(db)),
        formData: JSON.stringify(await withOptions(db, form, f.systemKey)),
        fields: fieldsOf(form),
      });
    },
  );

  r.post(
    FORM,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_add' }),
      schema: { body: formBody, response: answers(WORKFLOW_ANSWERS.withId) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const idem = userKey(user.id, b.idemKey, 'flow.flowForm');
      const prior = await priorAnswer<{ id: string }>(db, idem);
      if (prior !== undefined) return ok(prior, '新建成功');
      await assertModelExists(db, b.modelId);
      await assertUniqueCode(db, 'flow_form', b.enCode);
      const id = newId();
      const now = ctx.clock();
      await insertForm(
        db,
        {
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
        },
        idem,
        { id },
        now,
      );
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${FORM}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_edit' }),
      schema: { params: idParams, body: formBody, response: answers(WORKFLOW_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const b = req.body;
      const f = await loadForm(db, req.params.id);
      await assertModelExists(db, b.modelId);
      if (f.formType === FormType.SYSTEM) throw badRequest('id: 系统表单不能修改');
      await assertUniqueCode(db, 'flow_form', b.enCode, { exceptId: f.id });
      await updateForm(db, f.id, {
        fullName: b.fullName.trim(),
        enCode: b.enCode,
        modelId: b.modelId,
        // a flow's own form (JNPF 3.x formData) pointed at a model becomes that model's form
        formJson: null,
        description: b.description ?? '',
        sortCode: b.sortCode ?? 0,
        updatedAt: ctx.clock(),
      });
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${FORM}/:id`,
    {
      onRequest: requirePermission({ menu: MENU.engine, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(WORKFLOW_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const f = await loadForm(db, req.params.id);
      if (f.formType === FormType.SYSTEM) throw badRequest('id: 系统表单不能删除');
      if (await formInUse(db, f.id)) throw badRequest('id: 表单已被流程使用');
      await deleteForm(db, f.id);
      return ok(null, '删除成功');
    },
  );

  void systemForm;
}
