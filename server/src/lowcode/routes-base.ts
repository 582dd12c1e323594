/**
 * /api/visualdev/Base (spec §7 Visual development): the models (menu onlineDev.webDesign) — list,
 * create, read, update, delete, copy — and what pickers and the renderer read: Selector (models by
 * category), FormDataFields (a model's value fields) and FieldDataSelect (a model's records with one
 * field's display value, for relationForm).
 */
import type { FastifyInstance } from 'fastify';
import { valueFields } from '@lighting/shared/formcore';
import { authOf } from '../context';
import type { User } from '../system';
import { ApiError, Code, badRequest, ok, page } from '../http/envelope';
import { hasPermission, requirePermission } from '../auth';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  assertUniqueCode,
  bodyIdProblem,
  descriptionField,
  legacyIdField,
  enCodeField,
  fullNameField,
  idParams,
  newId,
  sortCodeField,
  userLabels,
  idemKeyField,
  once,
  rememberAnswer,
  userKey,
  buildTree,
} from '../kernel';
import { DESIGN_MENU, menusOfModel, type ModelAccess } from './access';
import { displayRecords } from './display';
import {
  COLUMN_DATA_MAX,
  FORM_DATA_MAX,
  MODEL_BODY_LIMIT,
  TABLES_MAX,
  copyNames,
  relationPickerFields,
} from './rules';
import {
  checkFormReferences,
  formOf,
  loadModel,
  modelsMentioning,
  parseColumnData,
  parseDesignedForm,
  parseTables,
  relationsTo,
  saveVersion,
  savedForm,
  type ModelRow,
} from './store';
import {
  deleteModel,
  insertDraftModel,
  modelCategories,
  modelCodeTaken,
  modelsBriefly,
  pageModels,
  updateModelFields,
} from './model-store';
import { pageRecordsMatching } from './record-store';
import { recordScope } from './scope';
import {
  assertListUsable,
  assertReleaseParent,
  ensureKeySlots,
  functionMenuOf,
  listOf,
  publishedLists,
  releaseModel,
  releaseParents,
  releaseBodySchema,
} from './publish';
import { answers } from '../http/response';
import { LOWCODE_ANSWERS } from './responses';

const BASE = '/api/visualdev/Base';
/** The design menu's button that publishes a model to the menu (seed.ts adds it to the catalogue). */
export const RELEASE_BUTTON = 'btn_release';
/** The flow designer picks forms too. */
const FLOW_DESIGN_MENU = 'workFlow.flowEngine';

const modelBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'category', 'type'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    category: { type: 'string', minLength: 1, maxLength: 100 },
    type: { type: 'integer', enum: [1, 2] },
    description: descriptionField,
    sortCode: sortCodeField,
    formData: { type: 'string', maxLength: FORM_DATA_MAX },
    columnData: { type: 'string', maxLength: COLUMN_DATA_MAX },
    tables: { type: 'string', maxLength: TABLES_MAX },
    idemKey: idemKeyField,
    // What the JNPF 3.x designer (src/views/onlineDev/webDesign/Form.vue) always sends beside ours,
    // read or ignored by name: its id ('' on create, the model's own on save), its state (a model's
    // state here follows its release) and, on save, the rest of the answer it read (GET …/{id}).
    id: legacyIdField,
    state: { type: 'integer', enum: [0, 1] },
    categoryName: { type: 'string', maxLength: 100 },
    version: { type: 'integer', minimum: 0 },
    creatorTime: { type: ['integer', 'null'] },
    creatorUser: { type: 'string', maxLength: 100 },
    lastModifyTime: { type: ['integer', 'null'] },
    lastModifyUser: { type: 'string', maxLength: 100 },
    releasedVersion: { type: ['integer', 'null'] },
    releasedTime: { type: ['integer', 'null'] },
    releaseMenu: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', maxLength: 64 },
        parentId: { type: 'string', maxLength: 64 },
        enCode: { type: 'string', maxLength: 100 },
        fullName: { type: 'string', maxLength: 100 },
        icon: { type: 'string', maxLength: 100 },
        sortCode: { type: 'integer' },
        urlAddress: { type: 'string', maxLength: 300 },
      },
    },
  },
} as const;

interface ModelBody {
  id?: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  description?: string;
  sortCode?: number;
  formData?: string;
  columnData?: string;
  tables?: string;
  idemKey?: string;
}

export function registerModelRoutes(app: FastifyInstance, access: ModelAccess): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  /** Category ids → names (the visualDevCategory dictionary). */
  const categories = () => modelCategories(db);
  const assertCategory = async (id: string): Promise<void> => {
    if (!(await categories()).some((c) => c.id === id)) throw badRequest('category: 分类不存在');
  };
  const shape = (m: ModelRow, names: Map<string, string>, cats: Map<string, string>) => ({
    id: m.id,
    fullName: m.fullName,
    enCode: m.enCode,
    type: m.type,
    category: m.category,
    categoryName: cats.get(m.category) ?? '',
    state: m.state,
    description: m.description,
    sortCode: m.sortCode,
    version: m.version,
    formData: savedForm(m),
    columnData: m.columnData,
    tables: m.tables,
    creatorTime: m.createdAt,
    creatorUser: m.createdBy ? (names.get(m.createdBy) ?? '') : '',
    lastModifyTime: m.updatedAt,
    lastModifyUser: m.updatedBy ? (names.get(m.updatedBy) ?? '') : '',
    releasedVersion: m.releasedVersion,
    releasedTime: m.releasedAt,
  });

  /** Designers of forms and of flows (the flow designer picks a form and its fields). */
  const assertDesigner = async (user: Readonly<User>): Promise<void> => {
    if ((await hasPermission(ctx, user, DESIGN_MENU)) || (await hasPermission(ctx, user, FLOW_DESIGN_MENU)))
      return;
    throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${DESIGN_MENU}`);
  };

  r.get(
    BASE,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            keyword: keywordQuery,
            category: { type: 'string', maxLength: 100 },
            type: { type: 'integer', enum: [1, 2] },
            ...pagingQuery,
          },
        },
        response: answers(LOWCODE_ANSWERS.models),
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageModels(db, req.query);
      const cats = new Map((await categories()).map((c) => [c.id, c.fullName]));
      return page(
        list.map(({ createdAt, updatedAt, creatorName, ...m }) => ({
          ...m,
          categoryName: cats.get(m.category) ?? '',
          creatorTime: createdAt,
          creatorUser: creatorName ?? '',
          lastModifyTime: updatedAt,
        })),
        pagination,
      );
    },
  );

  r.get(
    `${BASE}/Selector`,
    {
      config: {
        open: 'checked in the handler: designers of forms (onlineDev.webDesign) and of flows (workFlow.flowEngine)',
      },
      schema: {
        querystring: { type: 'object', properties: { type: { type: 'integer', enum: [1, 2] } } },
        response: answers(LOWCODE_ANSWERS.selector),
      } as const,
    },
    async (req) => {
      await assertDesigner(authOf(req).user);
      const models = await modelsBriefly(db, req.query.type);
      const groups = (await categories()).map((c) => ({
        id: c.id,
        fullName: c.fullName,
        children: models.filter((m) => m.category === c.id),
      }));
      const known = new Set(groups.map((g) => g.id));
      const other = models.filter((m) => !known.has(m.category));
      if (other.length) groups.push({ id: '', fullName: '未分类', children: other });
      return ok({
        list: groups
          .filter((g) => g.children.length)
          .map((g) => ({
            ...g,
            hasChildren: true,
            children: g.children.map((m) => ({ ...m, hasChildren: false })),
          })),
      });
    },
  );

  r.get(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU }),
      schema: { params: idParams, response: answers(LOWCODE_ANSWERS.model) } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.id);
      const cats = new Map((await categories()).map((c) => [c.id, c.fullName]));
      const menu = await functionMenuOf(db, m.id);
      return ok({
        ...shape(m, await userLabels(db, [m.createdBy, m.updatedBy]), cats),
        // the function menu publishing the model (what a release updates), or null
        releaseMenu: menu
          ? {
              id: menu.id,
              parentId: menu.parentId ?? '-1',
              enCode: menu.enCode,
              fullName: menu.fullName,
              icon: menu.icon,
              sortCode: menu.sortCode,
              urlAddress: menu.urlAddress,
            }
          : null,
      });
    },
  );

  /** Checks a body and returns the columns it writes (the form normalised, the JSON checked). */
  const checked = async (b: ModelBody, self: ModelRow | null) => {
    const idProblem = bodyIdProblem(b.id, self?.id ?? null);
    if (idProblem) throw badRequest(idProblem);
    await assertUniqueCode(db, 'visualdev_base', b.enCode, { exceptId: self?.id });
    await assertCategory(b.category);
    const form = b.formData !== undefined ? parseDesignedForm(b.formData) : null;
    if (form) await checkFormReferences(db, form.form, self?.id ?? null);
    const formData = form?.text ?? self?.formData ?? JSON.stringify(formOf(''));
    // the form as its client wrote it, when not our normalised text: what that client reads back
    const formSource = form
      ? b.formData === form.text
        ? null
        : (b.formData ?? null)
      : (self?.formSource ?? null);
    const columnData = b.columnData !== undefined ? parseColumnData(b.columnData) : (self?.columnData ?? '');
    const cd = listOf(columnData);
    if (cd && b.type === 2) assertListUsable(cd, form?.form ?? formOf(formData), false);
    return {
      base: {
        fullName: b.fullName,
        enCode: b.enCode,
        category: b.category,
        type: b.type,
        description: b.description ?? '',
        sortCode: b.sortCode ?? 0,
      },
      forms: { formData, formSource, columnData },
      tables: b.tables !== undefined ? parseTables(b.tables) : (self?.tables ?? '[]'),
    };
  };

  r.post(
    BASE,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: 'btn_add' }),
      bodyLimit: MODEL_BODY_LIMIT,
      schema: { body: modelBody, response: answers(LOWCODE_ANSWERS.withId) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const result = await once(db, userKey(user.id, b.idemKey, 'lowcode.model'), async () => {
        const v = await checked(b, null);
        const id = newId();
        const now = ctx.clock();
        await db.transaction().execute(async (trx) => {
          // the form becomes version 1 just below
          await insertDraftModel(trx, {
            id,
            ...v.base,
            tables: v.tables,
            createdAt: now,
            createdBy: user.id,
          });
          await saveVersion(trx, id, v.forms, user.id, now);
          await ensureKeySlots(trx, id, [{ cd: listOf(v.forms.columnData), form: formOf(v.forms.formData) }]);
          await rememberAnswer(trx, userKey(user.id, b.idemKey, 'lowcode.model'), id, now);
        });
        return id;
      });
      return ok({ id: result.answer }, '新建成功');
    },
  );

  r.put(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: 'btn_edit' }),
      bodyLimit: MODEL_BODY_LIMIT,
      schema: { params: idParams, body: modelBody, response: answers(LOWCODE_ANSWERS.saved) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const self = await loadModel(db, req.params.id);
      const v = await checked(req.body, self);
      const now = ctx.clock();
      const version = await db.transaction().execute(async (trx) => {
        const version = await saveVersion(trx, self.id, v.forms, user.id, now);
        // the lists of the saved and the released version keep their keys
        await ensureKeySlots(
          trx,
          self.id,
          await publishedLists(
            trx,
            { ...self, version },
            { form: formOf(v.forms.formData), columnData: v.forms.columnData },
          ),
        );
        await updateModelFields(trx, self.id, {
          ...v.base,
          tables: v.tables,
          updatedAt: now,
          updatedBy: user.id,
        });
        return version;
      });
      return ok({ version }, '更新成功');
    },
  );

  r.delete(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(LOWCODE_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.id);
      const menu = (await menusOfModel(ctx, m.id, { any: true }))[0];
      if (menu) throw badRequest(`id: 功能已发布到菜单「${menu.fullName}」，不能删除`);
      for (const other of await modelsMentioning(db, m.id))
        if (other.id !== m.id && relationsTo(formOf(other.formData), m.id).length)
          throw badRequest(`id: 功能被「${other.fullName}」的关联表单引用，不能删除`);
      await deleteModel(db, m.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    `${BASE}/:id/Actions/Copy`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: 'btn_add' }),
      schema: {
        params: idParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { idemKey: idemKeyField },
        },
        response: answers(LOWCODE_ANSWERS.copied),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const key = req.body?.idemKey;
      const src = await loadModel(db, req.params.id);
      const result = await once(db, userKey(user.id, key, 'lowcode.copy'), async () => {
        let names = copyNames(src.fullName, src.enCode, 1);
        for (let n = 2; await modelCodeTaken(db, names.enCode); n++)
          names = copyNames(src.fullName, src.enCode, n);
        const id = newId();
        const now = ctx.clock();
        await db.transaction().execute(async (trx) => {
          // the source's form becomes the copy's version 1 just below
          await insertDraftModel(trx, {
            id,
            ...names,
            type: src.type,
            category: src.category,
            description: src.description,
            sortCode: src.sortCode,
            tables: src.tables,
            createdAt: now,
            createdBy: user.id,
          });
          await saveVersion(trx, id, src, user.id, now);
          await ensureKeySlots(trx, id, [{ cd: listOf(src.columnData), form: formOf(src.formData) }]);
          await rememberAnswer(trx, userKey(user.id, key, 'lowcode.copy'), id, now);
        });
        return id;
      });
      const copy = await loadModel(db, result.answer);
      return ok({ id: copy.id, fullName: copy.fullName, enCode: copy.enCode }, '复制成功');
    },
  );

  r.get(
    `${BASE}/:id/FormDataFields`,
    {
      config: {
        open: 'checked in the handler: designers of forms (onlineDev.webDesign) and of flows (workFlow.flowEngine)',
      },
      schema: {
        params: idParams,
        querystring: { type: 'object' },
        response: answers(LOWCODE_ANSWERS.formDataFields),
      } as const,
    },
    async (req) => {
      await assertDesigner(authOf(req).user);
      const m = await loadModel(db, req.params.id);
      const list = valueFields(formOf(m.formData))
        .filter((v) => v.field.__config__.jnpfKey !== 'table')
        .map((v) => ({
          vModel: v.key,
          label: v.field.__config__.label,
          jnpfKey: v.field.__config__.jnpfKey,
        }));
      return ok({ list });
    },
  );

  r.get(
    `${BASE}/:id/FieldDataSelect`,
    {
      config: {
        open: 'checked in the handler: who may use the model, or fill a form relating to it (only the fields that form shows)',
      },
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          required: ['field'],
          properties: {
            field: { type: 'string', minLength: 1, maxLength: 100, 'x-text': 'line' },
            // the relation's picker columns (relationForm columnOptions), comma-separated
            columns: { type: 'string', maxLength: 2000, 'x-text': 'line' },
            keyword: keywordQuery,
            ...pagingQuery,
          },
        },
        response: answers(LOWCODE_ANSWERS.fieldData),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const m = await loadModel(db, req.params.id);
      const readable = await access.readableFields(user, m);
      const q = req.query;
      const wanted = relationPickerFields(q.field, q.columns);
      if (!wanted.ok) throw badRequest(wanted.message);
      const main = valueFields(formOf(m.formData)).filter((v) => v.field.__config__.jnpfKey !== 'table');
      for (const key of wanted.keys) {
        if (readable && !readable.has(key))
          throw new ApiError(Code.FORBIDDEN, `权限不足: 关联表单未显示字段 "${key}"`);
        if (!main.some((v) => v.key === key))
          throw badRequest(`${key === q.field ? 'field' : 'columns'}: 字段 "${key}" 不存在`);
      }
      // the related model's records as the caller's data permissions on it let them see
      const scope = (await recordScope(ctx, user, m.id))?.keys ?? null;
      const { list, pagination } = await pageRecordsMatching(db, ctx.dialect, m.id, wanted.keys, q, scope);
      const shown = await displayRecords(ctx, list);
      return page(
        shown.map((rec) => ({
          id: rec.id,
          ...Object.fromEntries(wanted.keys.map((k) => [k, rec.display[k] ?? ''])),
        })),
        pagination,
      );
    },
  );

  r.get(
    `${BASE}/MenuSelector`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: RELEASE_BUTTON }),
      schema: { querystring: { type: 'object' }, response: answers(LOWCODE_ANSWERS.menuSelector) } as const,
    },
    async () => ok({ list: buildTree(await releaseParents(ctx)) }),
  );

  r.post(
    `${BASE}/:id/Actions/Release`,
    {
      onRequest: requirePermission({ menu: DESIGN_MENU, button: RELEASE_BUTTON }),
      schema: {
        params: idParams,
        body: releaseBodySchema,
        response: answers(LOWCODE_ANSWERS.modelReleased),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const m = await loadModel(db, req.params.id);
      if (m.version < 1) throw badRequest('id: 该功能尚未设计表单');
      const b = req.body;
      await assertReleaseParent(db, b.parentId);
      if (m.type === 2) {
        const cur = listOf((await loadModel(db, m.id)).columnData);
        if (!cur) throw badRequest('columnData: 该功能尚未设计列表');
        assertListUsable(cur, formOf(m.formData), true);
      }
      const now = ctx.clock();
      const result = await db.transaction().execute((trx) => releaseModel(trx, m, b, user.id, now));
      await ctx.invalidateAccess();
      return ok({ menuId: result.menuId, version: m.version }, '发布成功');
    },
  );
}
