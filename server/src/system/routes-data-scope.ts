/**
 * A menu's data permissions, as the JNPF 3.x menu page edits them (src/api/system/dataAuthorize.js
 * of its Vue 2 client): the fields its schemes may test (/api/system/Base/ModuleDataAuthorize) and
 * the schemes (/api/system/Base/ModuleDataAuthorizeScheme), each listed per menu. A field must be
 * one the domain serving the menu offers (AppContext.scopeFields); a scheme's conditions may test
 * only the menu's enabled fields, with the symbols each allows. Granting a scheme is the
 * authorisation page's data tab (role_data, by the scheme's code); the server applies the granted
 * schemes itself (system/data-scope.ts `menuScope`). Guarded like the menu's buttons and columns:
 * menu system.menu, writes its btn_edit.
 */
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../auth';
import { badRequest, notFound, ok } from '../http/envelope';
import { NO_BODY } from '../http/route-table';
import { arr, bool, envelope, flag, int, obj, record, str, NOTHING } from '../http/response';
import { typed } from '../http/typed';
import {
  VIEWER_TOKENS,
  assertRefs,
  bodyIdProblem,
  checkConditionJson,
  descriptionField,
  duplicateCode,
  enabledField,
  fieldsOfConditionJson,
  idParams,
  jnpfPath,
  legacyIdField,
  newId,
  scopeOp,
  sortCodeField,
  type ScopeField,
} from '../kernel';
import { catalogueCodeField, catalogueNameField } from './menu-rules';
import { loadMenu } from './menu-store';
import { effectiveScopes } from './data-scope';
import {
  codeTaken,
  dataFieldsOf,
  deleteDataField,
  deleteScheme,
  insertDataField,
  insertScheme,
  loadDataField,
  loadScheme,
  schemesOf,
  updateDataField,
  updateScheme,
  type DataField,
  type DataScheme,
} from './data-scope-store';

const MENU_MENU = 'system.menu';
const FIELDS = '/api/system/Base/ModuleDataAuthorize';
const SCHEMES = '/api/system/Base/ModuleDataAuthorizeScheme';
/** 3.x's code for the built-in "all data" scheme. */
const ALL_DATA_CODE = 'jnpf_alldata';

const moduleParams = {
  type: 'object',
  required: ['moduleId'],
  properties: { moduleId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** The condition contents a field offers: any text, or one of the viewer's attributes. */
const CONDITION_TEXTS = ['text', ...VIEWER_TOKENS] as const;

const fieldBody = {
  type: 'object',
  required: ['moduleId', 'enCode', 'fullName'],
  additionalProperties: false,
  properties: {
    id: legacyIdField,
    moduleId: { type: 'string', minLength: 1, maxLength: 64 },
    enCode: catalogueCodeField,
    fullName: catalogueNameField,
    type: { type: 'string', maxLength: 20 },
    /** the symbols a scheme may use on it, comma-separated (3.x: "Equal,NotEqual" or "==,<>") */
    conditionSymbol: { type: 'string', maxLength: 300 },
    conditionText: { type: 'string', enum: CONDITION_TEXTS },
    description: descriptionField,
    sortCode: sortCodeField,
    enabledMark: enabledField,
    // 3.4 clients: the rule's table (main 0 / sub 1), its table, its sub-table key: read by name, not kept
    fieldRule: { type: 'integer', enum: [0, 1, 2] },
    bindTable: { type: 'string', maxLength: 100 },
    childTableKey: { type: 'string', maxLength: 100 },
  },
} as const;

const schemeBody = {
  type: 'object',
  required: ['moduleId', 'enCode', 'fullName'],
  additionalProperties: false,
  properties: {
    id: legacyIdField,
    moduleId: { type: 'string', minLength: 1, maxLength: 64 },
    enCode: catalogueCodeField,
    fullName: catalogueNameField,
    /** the condition groups as the 3.x scheme form saves them (a JSON text) */
    conditionJson: { type: 'string', maxLength: 20_000 },
    /** the conditions in words, as the client wrote them */
    conditionText: { type: 'string', maxLength: 2000 },
    matchLogic: { type: 'string', enum: ['and', 'or'] },
    /** the built-in "all data": lifts every restriction of the menu for whoever holds it */
    allData: enabledField,
    description: descriptionField,
    sortCode: sortCodeField,
    enabledMark: enabledField,
    // 3.4 clients send the sub-table key of the rule: read by name, not kept
    childTableKey: { type: 'string', maxLength: 100 },
  },
} as const;

const FIELD = record({
  id: str,
  moduleId: str,
  enCode: str,
  fullName: str,
  type: str,
  conditionSymbol: str,
  conditionText: str,
  description: str,
  sortCode: int,
  enabledMark: flag,
  creatorTime: int,
});
const SCHEME = record({
  id: str,
  moduleId: str,
  enCode: str,
  fullName: str,
  conditionJson: str,
  conditionText: str,
  matchLogic: { type: 'string', enum: ['and', 'or'] },
  allData: flag,
  description: str,
  sortCode: int,
  enabledMark: flag,
  creatorTime: int,
});
/** The fields the domain offers that no field entry names yet (our menu page's choices). */
const OFFERED = record({ enCode: str, type: { type: 'string', enum: ['text', 'number'] } });

interface FieldBody {
  id?: string;
  moduleId: string;
  enCode: string;
  fullName: string;
  type?: string;
  conditionSymbol?: string;
  conditionText?: string;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
}
interface SchemeBody {
  id?: string;
  moduleId: string;
  enCode: string;
  fullName: string;
  conditionJson?: string;
  conditionText?: string;
  matchLogic?: 'and' | 'or';
  allData?: number;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
}

const flagOf = (v: number) => (v === 0 ? (0 as const) : (1 as const));
const fieldOut = (f: DataField) => ({
  id: f.id,
  moduleId: f.menuId,
  enCode: f.enCode,
  fullName: f.fullName,
  type: f.type,
  conditionSymbol: f.conditionSymbol,
  conditionText: f.conditionText,
  description: f.description,
  sortCode: f.sortCode,
  enabledMark: flagOf(f.enabledMark),
  creatorTime: Number(f.createdAt),
});
const schemeOut = (s: DataScheme) => ({
  id: s.id,
  moduleId: s.menuId,
  enCode: s.enCode,
  fullName: s.fullName,
  conditionJson: s.conditionJson,
  conditionText: s.conditionText,
  matchLogic: s.matchLogic === 'or' ? ('or' as const) : ('and' as const),
  allData: flagOf(s.allData),
  description: s.description,
  sortCode: s.sortCode,
  enabledMark: flagOf(s.enabledMark),
  creatorTime: Number(s.createdAt),
});

const EFFECTIVE = record({
  administrator: bool,
  menus: arr(
    record({
      menuId: str,
      enCode: str,
      fullName: str,
      /** false: every row (no scheme granted, or all data) */
      restricted: bool,
      schemes: arr(
        record({
          enCode: str,
          fullName: str,
          conditionText: str,
          allData: flag,
          from: arr(record({ kind: { type: 'string', enum: ['role', 'user', 'position'] }, name: str })),
        }),
      ),
    }),
  ),
});

export function registerDataScopeRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  /* ---------------- a user's effective scopes (the authorisation page) ---------------- */

  r.get(
    '/api/system/Permission/Authority/DataScope/:userId',
    {
      onRequest: requirePermission({ menu: 'permission.authorize' }),
      schema: {
        params: {
          type: 'object',
          required: ['userId'],
          properties: { userId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: { 200: envelope(EFFECTIVE) },
      } as const,
    },
    async (req) => {
      const snap = await ctx.access.user(req.params.userId);
      if (!snap) throw notFound('用户不存在');
      return ok(await effectiveScopes(ctx, snap.user));
    },
  );

  /** The menu and the fields its domain offers; a 400 naming moduleId for a menu nobody scopes. */
  const scopedMenu = async (moduleId: string) => {
    await assertRefs(db, [{ field: 'moduleId', table: 'menu', id: moduleId, what: '菜单' }]);
    const menu = await loadMenu(db, moduleId);
    const offered = await ctx.scopeFields(menu);
    if (!offered) throw badRequest('moduleId: 此菜单的数据不分数据权限');
    return { menu, offered };
  };

  const fieldValues = (b: FieldBody, offered: readonly ScopeField[]) => {
    const f = offered.find((o) => o.enCode === b.enCode);
    if (!f)
      throw badRequest(`enCode: 不是此菜单数据的字段 (可用: ${offered.map((o) => o.enCode).join(', ')})`);
    const symbols = (b.conditionSymbol ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const unknown = symbols.find((x) => !scopeOp(x));
    if (unknown) throw badRequest(`conditionSymbol: 不支持的条件符号: ${unknown}`);
    return {
      enCode: b.enCode,
      fullName: b.fullName.trim(),
      type: b.type ?? (f.type === 'number' ? 'Int32' : 'String'),
      conditionSymbol: symbols.join(','),
      conditionText: b.conditionText ?? 'text',
      description: b.description ?? '',
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
    };
  };

  /**
   * The scheme's values, its conditions checked against the menu's enabled fields (those the domain
   * still offers), each condition's symbol among those its field allows.
   */
  const schemeValues = async (b: SchemeBody, menuId: string, offered: readonly ScopeField[]) => {
    const entries = (await dataFieldsOf(db, menuId)).filter((f) => f.enabledMark === 1);
    const usable = offered.filter((o) => entries.some((e) => e.enCode === o.enCode));
    const conditionJson = b.conditionJson ?? '[]';
    const allData = b.allData === 1 || b.enCode === ALL_DATA_CODE;
    if (!allData) {
      const checked = checkConditionJson(conditionJson, usable);
      if (!checked.ok) throw badRequest(`${checked.path}: ${checked.message}`);
      for (const [gi, g] of checked.groups.entries())
        for (const [ii, it] of g.items.entries()) {
          const entry = entries.find((e) => e.enCode === it.field);
          const allowed = (entry?.conditionSymbol ?? '')
            .split(',')
            .filter(Boolean)
            .map((x) => scopeOp(x));
          if (allowed.length && !allowed.includes(it.op))
            throw badRequest(`conditionJson[${gi}].groups[${ii}].op: 字段 ${it.field} 不允许此条件符号`);
        }
    }
    return {
      enCode: b.enCode,
      fullName: b.fullName.trim(),
      conditionJson: allData ? '[]' : conditionJson,
      conditionText: b.conditionText ?? '',
      matchLogic: b.matchLogic ?? 'and',
      allData: allData ? 1 : 0,
      description: b.description ?? '',
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
    };
  };

  /* ---------------- fields ---------------- */

  r.get(
    jnpfPath(`${FIELDS}/:moduleId/List`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: {
        params: moduleParams,
        response: { 200: envelope(obj({ list: arr(FIELD), offered: arr(OFFERED) }, ['list'])) },
      } as const,
    },
    async (req) => {
      const menu = await loadMenu(db, req.params.moduleId);
      const offered = (await ctx.scopeFields(menu)) ?? [];
      const list = await dataFieldsOf(db, menu.id);
      const named = new Set(list.map((f) => f.enCode));
      return ok({
        list: list.map(fieldOut),
        offered: offered.filter((o) => !named.has(o.enCode)).map((o) => ({ enCode: o.enCode, type: o.type })),
      });
    },
  );

  r.post(
    jnpfPath(FIELDS),
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { body: fieldBody, response: { 200: NOTHING } } as const,
    },
    async (req) => {
      const b = req.body;
      const idProblem = bodyIdProblem(b.id, null);
      if (idProblem) throw badRequest(idProblem);
      const { menu, offered } = await scopedMenu(b.moduleId);
      const values = fieldValues(b, offered);
      if (await codeTaken(db, 'menu_data_field', menu.id, b.enCode)) throw duplicateCode(b.enCode);
      await insertDataField(db, { id: newId('mdf'), menuId: menu.id, createdAt: ctx.clock(), ...values });
      return ok(null, '新建成功');
    },
  );

  r.get(
    jnpfPath(`${FIELDS}/:id`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: { params: idParams, response: { 200: envelope(FIELD) } } as const,
    },
    async (req) => ok(fieldOut(await loadDataField(db, req.params.id))),
  );

  r.put(
    jnpfPath(`${FIELDS}/:id`),
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: fieldBody, response: { 200: NOTHING } } as const,
    },
    async (req) => {
      const f = await loadDataField(db, req.params.id);
      const b = req.body;
      const idProblem = bodyIdProblem(b.id, f.id);
      if (idProblem) throw badRequest(idProblem);
      if (b.moduleId !== f.menuId) throw badRequest('moduleId: 与地址中的字段不一致');
      const { offered } = await scopedMenu(b.moduleId);
      const values = fieldValues(b, offered);
      if (await codeTaken(db, 'menu_data_field', f.menuId, b.enCode, f.id)) throw duplicateCode(b.enCode);
      await updateDataField(db, f.id, values);
      return ok(null, '更新成功');
    },
  );

  r.delete(
    jnpfPath(`${FIELDS}/:id`),
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: { 200: NOTHING } } as const,
    },
    async (req) => {
      const f = await loadDataField(db, req.params.id);
      // a scheme testing the field would match no row once it is gone: say which
      const users = (await schemesOf(db, f.menuId)).filter((s) =>
        fieldsOfConditionJson(s.conditionJson).includes(f.enCode),
      );
      if (users.length) throw badRequest(`id: 方案 ${users.map((s) => s.fullName).join('、')} 仍使用此字段`);
      await deleteDataField(db, f.id);
      return ok(null, '删除成功');
    },
  );

  /* ---------------- schemes ---------------- */

  r.get(
    jnpfPath(`${SCHEMES}/:moduleId/List`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: { params: moduleParams, response: { 200: envelope(record({ list: arr(SCHEME) })) } } as const,
    },
    async (req) => {
      const menu = await loadMenu(db, req.params.moduleId);
      return ok({ list: (await schemesOf(db, menu.id)).map(schemeOut) });
    },
  );

  r.post(
    jnpfPath(SCHEMES),
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { body: schemeBody, response: { 200: NOTHING } } as const,
    },
    async (req) => {
      const b = req.body;
      const idProblem = bodyIdProblem(b.id, null);
      if (idProblem) throw badRequest(idProblem);
      const { menu, offered } = await scopedMenu(b.moduleId);
      const values = await schemeValues(b, menu.id, offered);
      if (await codeTaken(db, 'menu_data_scheme', menu.id, b.enCode)) throw duplicateCode(b.enCode);
      await insertScheme(db, { id: newId('mds'), menuId: menu.id, createdAt: ctx.clock(), ...values });
      await ctx.invalidateAccess();
      return ok(null, '新建成功');
    },
  );

  r.get(
    jnpfPath(`${SCHEMES}/:id`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: { params: idParams, response: { 200: envelope(SCHEME) } } as const,
    },
    async (req) => ok(schemeOut(await loadScheme(db, req.params.id))),
  );

  r.put(
    jnpfPath(`${SCHEMES}/:id`),
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: schemeBody, response: { 200: NOTHING } } as const,
    },
    async (req) => {
      const s = await loadScheme(db, req.params.id);
      const b = req.body;
      const idProblem = bodyIdProblem(b.id, s.id);
      if (idProblem) throw badRequest(idProblem);
      if (b.moduleId !== s.menuId) throw badRequest('moduleId: 与地址中的方案不一致');
      const { offered } = await scopedMenu(b.moduleId);
      const values = await schemeValues(b, s.menuId, offered);
      if (await codeTaken(db, 'menu_data_scheme', s.menuId, b.enCode, s.id)) throw duplicateCode(b.enCode);
      await updateScheme(db, s, values);
      await ctx.invalidateAccess();
      return ok(null, '更新成功');
    },
  );

  r.delete(
    jnpfPath(`${SCHEMES}/:id`),
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: { 200: NOTHING } } as const,
    },
    async (req) => {
      await deleteScheme(db, await loadScheme(db, req.params.id));
      await ctx.invalidateAccess();
      return ok(null, '删除成功');
    },
  );
}
