/**
 * A menu's buttons and columns one entry at a time, as the JNPF 3.x menu page edits them
 * (/api/system/Base/ModuleButton and /api/system/Base/ModuleColumn: src/api/system/buttonAuthorize.js
 * and columnAuthorize.js of its Vue 2 client). The same catalogue (menu_button, menu_column) and
 * the same rules as our whole-list /api/system/Menu/{id}/Button|Column: codes of the same schema,
 * unique within their menu, new entries granted to the administrator role, the same guard (menu
 * system.menu; writes its btn_edit). A 3.x button has no parent here and its icon, a column's bound
 * table and an entry's description are not kept: the fields the client always sends are read by name.
 */
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../auth';
import { badRequest, ok } from '../http/envelope';
import { NO_BODY } from '../http/route-table';
import { arr, envelope, flag, int, obj, record, str, NOTHING } from '../http/response';
import { typed } from '../http/typed';
import { keywordQuery } from '../http/validation';
import {
  assertRefs,
  bodyIdProblem,
  descriptionField,
  duplicateCode,
  enabledField,
  idParams,
  jnpfPath,
  legacyIdField,
  sortCodeField,
  toggleState,
} from '../kernel';
import { catalogueCodeField, catalogueNameField, firstDuplicate } from './menu-rules';
import {
  catalogueCodeTaken,
  catalogueOf,
  deleteCatalogueEntry,
  insertCatalogueEntries,
  loadCatalogueEntry,
  loadMenu,
  updateCatalogueEntry,
  type CatalogueKind,
} from './menu-store';

const MENU_MENU = 'system.menu';
const BUTTONS = '/api/system/Base/ModuleButton';
const COLUMNS = '/api/system/Base/ModuleColumn';

const moduleParams = {
  type: 'object',
  required: ['moduleId'],
  properties: { moduleId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const listQuery = { querystring: { type: 'object', properties: { keyword: keywordQuery } } } as const;

/** What the 3.x pages send beside the code and the name, read or ignored by name. */
const entryFields = {
  id: legacyIdField,
  moduleId: { type: 'string', minLength: 1, maxLength: 64 },
  fullName: catalogueNameField,
  enCode: catalogueCodeField,
  sortCode: sortCodeField,
  enabledMark: enabledField,
  description: descriptionField,
} as const;
const buttonBody = {
  type: 'object',
  required: ['moduleId', 'fullName', 'enCode'],
  additionalProperties: false,
  properties: {
    ...entryFields,
    // buttons are one level here: the form's 上级 can only be 顶级节点
    parentId: { type: 'string', enum: ['-1', '0', ''] },
    icon: { type: 'string', maxLength: 100 },
  },
} as const;
const columnBody = {
  type: 'object',
  required: ['moduleId', 'fullName', 'enCode'],
  additionalProperties: false,
  properties: {
    ...entryFields,
    bindTable: { type: 'string', maxLength: 100 },
    bindTableName: { type: 'string', maxLength: 100 },
  },
} as const;
const batchBody = {
  type: 'object',
  required: ['moduleId', 'columnJson'],
  additionalProperties: false,
  properties: {
    moduleId: entryFields.moduleId,
    bindTable: columnBody.properties.bindTable,
    bindTableName: columnBody.properties.bindTableName,
    columnJson: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['enCode', 'fullName'],
        additionalProperties: false,
        properties: {
          enCode: catalogueCodeField,
          fullName: catalogueNameField,
          sortCode: sortCodeField,
          enabledMark: enabledField,
          description: descriptionField,
          bindTable: columnBody.properties.bindTable,
          bindTableName: columnBody.properties.bindTableName,
        },
      },
    },
  },
} as const;

/** An entry as the 3.x pages read it (and send back when they save it). */
const COMMON = {
  id: str,
  moduleId: str,
  enCode: str,
  fullName: str,
  sortCode: int,
  enabledMark: flag,
  description: str,
} as const;
const ENTRY = {
  Button: record({ ...COMMON, parentId: str, icon: str }),
  Column: record({ ...COMMON, bindTable: str, bindTableName: str }),
} as const;
const LIST = {
  Button: envelope(obj({ list: arr(ENTRY.Button) }, ['list'])),
  Column: envelope(obj({ list: arr(ENTRY.Column) }, ['list'])),
} as const;

interface EntryBody {
  moduleId: string;
  enCode: string;
  fullName: string;
  sortCode?: number;
  enabledMark?: number;
}

export function registerModuleRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const db = app.ctx.db;
  const ctx = app.ctx;

  type Row = { id: string; enCode: string; fullName: string; sortCode: number; enabledMark: number };
  const common = (menuId: string, e: Row) => ({
    id: e.id,
    moduleId: menuId,
    enCode: e.enCode,
    fullName: e.fullName,
    sortCode: e.sortCode,
    enabledMark: e.enabledMark === 0 ? (0 as const) : (1 as const),
    description: '',
  });
  const asButton = (menuId: string, e: Row) => ({ ...common(menuId, e), parentId: '-1', icon: '' });
  const asColumn = (menuId: string, e: Row) => ({ ...common(menuId, e), bindTable: '', bindTableName: '' });
  const shape = (kind: CatalogueKind, menuId: string, e: Row) =>
    kind === 'Button' ? asButton(menuId, e) : asColumn(menuId, e);
  const values = (b: EntryBody) => ({
    enCode: b.enCode,
    fullName: b.fullName.trim(),
    sortCode: b.sortCode ?? 0,
    enabledMark: b.enabledMark ?? 1,
  });
  const list = async <T>(
    kind: CatalogueKind,
    moduleId: string,
    keyword: string | undefined,
    as: (menuId: string, e: Row) => T,
  ) => {
    const m = await loadMenu(db, moduleId);
    const kw = keyword?.toLowerCase();
    const rows = await catalogueOf(db, kind, m.id);
    return ok({
      list: rows
        .filter((e) => !kw || e.enCode.toLowerCase().includes(kw) || e.fullName.toLowerCase().includes(kw))
        .map((e) => as(m.id, e)),
    });
  };
  const create = async (kind: CatalogueKind, b: EntryBody & { id?: string }) => {
    const idProblem = bodyIdProblem(b.id, null);
    if (idProblem) throw badRequest(idProblem);
    await assertRefs(db, [{ field: 'moduleId', table: 'menu', id: b.moduleId, what: '菜单' }]);
    const m = await loadMenu(db, b.moduleId);
    if (await catalogueCodeTaken(db, kind, m.id, b.enCode)) throw duplicateCode(b.enCode);
    await insertCatalogueEntries(db, kind, m.id, [values(b)]);
    await ctx.invalidateAccess();
    return ok(null, '新建成功');
  };

  for (const [kind, base] of [
    ['Button', BUTTONS],
    ['Column', COLUMNS],
  ] as const) {
    const body = kind === 'Button' ? buttonBody : columnBody;

    r.post(
      jnpfPath(base),
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: { body, response: { 200: NOTHING } } as const,
      },
      async (req) => create(kind, req.body),
    );

    r.get(
      jnpfPath(`${base}/:id`),
      {
        onRequest: requirePermission({ menu: MENU_MENU }),
        schema: { params: idParams, response: { 200: envelope(ENTRY[kind]) } } as const,
      },
      async (req) => {
        const e = await loadCatalogueEntry(db, kind, req.params.id);
        return ok(shape(kind, e.menuId, e));
      },
    );

    r.put(
      jnpfPath(`${base}/:id`),
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: { params: idParams, body, response: { 200: NOTHING } } as const,
      },
      async (req) => {
        const e = await loadCatalogueEntry(db, kind, req.params.id);
        const b = req.body;
        const idProblem = bodyIdProblem(b.id, e.id);
        if (idProblem) throw badRequest(idProblem);
        if (b.moduleId !== e.menuId) throw badRequest('moduleId: 与地址中的 id 不一致');
        if (await catalogueCodeTaken(db, kind, e.menuId, b.enCode, e.id)) throw duplicateCode(b.enCode);
        await updateCatalogueEntry(db, kind, e, values(b));
        await ctx.invalidateAccess();
        return ok(null, '更新成功');
      },
    );

    r.delete(
      jnpfPath(`${base}/:id`),
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: { params: idParams, body: NO_BODY, response: { 200: NOTHING } } as const,
      },
      async (req) => {
        const e = await loadCatalogueEntry(db, kind, req.params.id);
        await deleteCatalogueEntry(db, kind, e);
        await ctx.invalidateAccess();
        return ok(null, '删除成功');
      },
    );

    r.put(
      jnpfPath(`${base}/:id/Actions/State`),
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: {
          params: idParams,
          body: NO_BODY,
          response: { 200: envelope(record({ enabledMark: flag })) },
        } as const,
      },
      async (req) => {
        const e = await loadCatalogueEntry(db, kind, req.params.id);
        const enabledMark = await toggleState(db, kind === 'Button' ? 'menu_button' : 'menu_column', e.id);
        await ctx.invalidateAccess();
        return ok({ enabledMark: enabledMark === 0 ? (0 as const) : (1 as const) }, '更新成功');
      },
    );
  }

  // the lists: buttons (buttonAuthorize/index.vue) and columns (columnAuthorize/index.vue: …/Fields)
  r.get(
    jnpfPath(`${BUTTONS}/:moduleId/List`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: { params: moduleParams, ...listQuery, response: { 200: LIST.Button } } as const,
    },
    async (req) => list('Button', req.params.moduleId, req.query.keyword, asButton),
  );
  r.get(
    jnpfPath(`${COLUMNS}/:moduleId/Fields`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: { params: moduleParams, ...listQuery, response: { 200: LIST.Column } } as const,
    },
    async (req) => list('Column', req.params.moduleId, req.query.keyword, asColumn),
  );

  // the button form's 上级 choices under its 顶级节点: buttons have no parent here, so none
  r.get(
    jnpfPath(`${BUTTONS}/:moduleId/Selector`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: { params: moduleParams, response: { 200: LIST.Button } } as const,
    },
    async (req) => {
      await loadMenu(db, req.params.moduleId);
      return ok({ list: [] });
    },
  );

  // columnAuthorize/BatchForm.vue: the columns typed as JSON, added together or not at all
  r.post(
    jnpfPath(`${COLUMNS}/Actions/Batch`),
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { body: batchBody, response: { 200: NOTHING } } as const,
    },
    async (req) => {
      await assertRefs(db, [{ field: 'moduleId', table: 'menu', id: req.body.moduleId, what: '菜单' }]);
      const m = await loadMenu(db, req.body.moduleId);
      const items = req.body.columnJson;
      const dup = firstDuplicate(items.map((x) => x.enCode));
      if (dup) throw badRequest(`columnJson: 编码 "${dup}" 重复`);
      for (const x of items)
        if (await catalogueCodeTaken(db, 'Column', m.id, x.enCode))
          throw duplicateCode(x.enCode, { field: 'columnJson' });
      await insertCatalogueEntries(
        db,
        'Column',
        m.id,
        items.map((x) => values({ ...x, moduleId: m.id })),
      );
      await ctx.invalidateAccess();
      return ok(null, '新建成功');
    },
  );
}
