/** /api/system/Menu (menu system.menu: all seven entry types) and /api/system/Log (menu system.log). */
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../auth';
import { badRequest, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS, asFlag } from './responses';
import { emptyArgsAreAbsent } from '../http/empty-args';
import { NO_BODY } from '../http/route-table';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  assertRefs,
  duplicateCode,
  requireRef,
  assertUniqueCode,
  countWhere,
  enabledField,
  idParams,
  parentIdField,
  sortCodeField,
  storedParent,
  toggleState,
  buildTree,
  subtreeIds,
  withAncestors,
  bodyIdProblem,
  descriptionField,
  jnpfAlias,
  jnpfPath,
  legacyIdField,
} from '../kernel';
import { LogCategory } from './system-log';
import {
  catalogueCodeField,
  catalogueNameField,
  firstDuplicate,
  jnpfMenuFlags,
  menuProblem,
  menuValues,
  propertyJsonText,
  type PropertyJsonInput,
} from './menu-rules';
import { clearLog, deleteLogRows, loadLogRow, pageLog, type LogFilter } from './log-store';
import {
  allMenus,
  catalogueOf,
  deleteMenu,
  insertMenu,
  loadMenu,
  menuExists,
  menuPlaces,
  setCatalogue,
  updateMenu,
} from './menu-store';
import { parseDetail } from './rules';

const MENU_BASE = '/api/system/Menu';
/** The JNPF 3.x client's path of the menus (src/api/system/menu.js). */
const MENU_PATHS = jnpfAlias(MENU_BASE, '/api/system/Base/Menu');

const MENU_MENU = 'system.menu';
const LOG_BASE = '/api/system/Log';
/** The JNPF 3.x client's path of the log (src/api/system/log.js). */
const JNPF_LOG_BASE = '/api/system/Base/Log';
const LOG_MENU = 'system.log';
interface MenuBody {
  id?: string;
  parentId?: string;
  type: number;
  enCode: string;
  fullName: string;
  icon?: string;
  urlAddress?: string;
  propertyJson?: PropertyJsonInput;
  linkTarget?: string;
  sortCode?: number;
  enabledMark?: number;
}
const menuBody = {
  type: 'object',
  required: ['type', 'enCode', 'fullName'],
  additionalProperties: false,
  properties: {
    parentId: parentIdField,
    type: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7] },
    enCode: { type: 'string', minLength: 1, maxLength: 50, format: 'enCode' },
    fullName: { type: 'string', minLength: 1, maxLength: 50 },
    icon: { type: 'string', maxLength: 100 },
    urlAddress: { type: 'string', maxLength: 300 },
    propertyJson: {
      anyOf: [
        { type: 'string', maxLength: 2000 },
        {
          // the JNPF 3.x form (src/views/system/menu/Form.vue) sends it as an object
          type: 'object',
          additionalProperties: false,
          properties: {
            moduleId: { type: 'string', maxLength: 64 },
            iconBackgroundColor: { type: 'string', maxLength: 20 },
            isTree: { type: 'integer', enum: [0, 1] },
          },
        },
      ],
    },
    linkTarget: { type: 'string', maxLength: 20 },
    sortCode: sortCodeField,
    enabledMark: enabledField,
    // What the JNPF 3.x form always sends beside ours, read or ignored by name: its id ('' on create,
    // the edited entry's on save), its category (the web console's menu is the only one we have), the
    // catalogue flags (every page has its buttons and columns here) and a description we do not keep.
    id: legacyIdField,
    category: { type: 'string', enum: ['Web'] },
    isButtonAuthorize: enabledField,
    isColumnAuthorize: enabledField,
    isDataAuthorize: enabledField,
    description: descriptionField,
  },
} as const;

const catalogueBody = {
  type: 'object',
  required: ['list'],
  additionalProperties: false,
  properties: {
    list: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['enCode', 'fullName'],
        additionalProperties: false,
        properties: {
          enCode: catalogueCodeField,
          fullName: catalogueNameField,
        },
      },
    },
  },
} as const;

export function registerMenuAndLogRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  const load = (id: string) => loadMenu(ctx.db, id);

  /** The menus of a category: the JNPF 3.x client asks for 'Web' or 'App'; ours are all the web console's. */
  const menusOf = async (category: string | undefined) =>
    category === 'App' ? [] : (await allMenus(ctx.db)).map((m) => ({ ...m, ...jnpfMenuFlags(m.type) }));
  const categoryQuery = { type: 'string', enum: ['Web', 'App'] } as const;

  for (const base of MENU_PATHS)
    r.get(
      base,
      {
        onRequest: requirePermission({ menu: MENU_MENU }),
        schema: {
          response: answers(SYSTEM_ANSWERS.menus),
          querystring: { type: 'object', properties: { keyword: keywordQuery, category: categoryQuery } },
        } as const,
      },
      async (req) => {
        const kw = req.query.keyword?.toLowerCase();
        const rows = await menusOf(req.query.category);
        const kept = kw
          ? withAncestors(
              rows,
              (m) => m.fullName.toLowerCase().includes(kw) || m.enCode.toLowerCase().includes(kw),
            )
          : rows;
        return ok({ list: buildTree(kept) });
      },
    );

  /** The directories a menu entry may be moved under: all but `id`'s subtree ('0' or none: all). */
  const parentChoices = async (id: string | undefined, category: string | undefined) => {
    const rows = await menusOf(category);
    const skip = id && id !== '0' ? subtreeIds(rows, id) : new Set<string>();
    return ok({ list: buildTree(rows.filter((m) => m.type === 1 && !skip.has(m.id))) });
  };

  for (const base of MENU_PATHS)
    r.get(
      `${base}/Selector`,
      {
        onRequest: requirePermission({ menu: MENU_MENU }),
        schema: {
          response: answers(SYSTEM_ANSWERS.menus),
          querystring: {
            type: 'object',
            properties: { id: { type: 'string', maxLength: 64 }, category: categoryQuery },
          },
        } as const,
      },
      async (req) => parentChoices(req.query.id, req.query.category),
    );

  // the JNPF 3.x server's form of the same question: the entry in the address ('0': a new one)
  r.get(
    jnpfPath(`${MENU_PATHS[1]}/Selector/:id`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: {
        response: answers(SYSTEM_ANSWERS.menus),
        params: idParams,
        querystring: { type: 'object', properties: { category: categoryQuery } },
      } as const,
    },
    async (req) => parentChoices(req.params.id, req.query.category),
  );

  // every entry as a tree (src/api/system/menu.js getSelectorAll: pickers of a menu entry)
  r.get(
    jnpfPath(`${MENU_PATHS[1]}/Selector/All`),
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: {
        querystring: { type: 'object', properties: { category: categoryQuery } },
        response: answers(SYSTEM_ANSWERS.menus),
      } as const,
    },
    async (req) => ok({ list: buildTree(await menusOf(req.query.category)) }),
  );

  const check = async (body: MenuBody, selfId?: string) => {
    const idProblem = bodyIdProblem(body.id, selfId ?? null);
    if (idProblem) throw badRequest(idProblem);
    const b = { ...body, propertyJson: propertyJsonText(body.propertyJson) };
    const problem = menuProblem(b);
    if (problem) throw badRequest(problem);
    const parentId = storedParent(b.parentId);
    await assertRefs(ctx.db, [{ field: 'parentId', table: 'menu', id: parentId, what: '上级菜单' }]);
    if (parentId) {
      const rows = await menuPlaces(ctx.db);
      const parent = requireRef(
        rows.find((r) => r.id === parentId),
        'parentId',
        '上级菜单',
      );
      if (parent.type !== 1) throw badRequest('parentId: 上级必须是目录');
      if (selfId && subtreeIds(rows, selfId).has(parentId))
        throw badRequest('parentId: 上级不能是自己或下级');
    }
    await assertUniqueCode(ctx.db, 'menu', b.enCode, { exceptId: selfId });
    return menuValues(b, parentId);
  };

  for (const base of MENU_PATHS)
    r.post(
      base,
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_add' }),
        schema: { body: menuBody, response: answers(SYSTEM_ANSWERS.created) } as const,
      },
      async (req) => {
        const v = await check(req.body);
        if (!v.fullName) throw badRequest('fullName: must not be empty');
        const id = `menu-${v.enCode}`;
        if (await menuExists(ctx.db, id)) throw duplicateCode(v.enCode);
        await insertMenu(ctx.db, { id, ...v });
        await ctx.invalidateAccess();
        return ok({ id }, '新建成功');
      },
    );

  for (const base of MENU_PATHS)
    r.put(
      `${base}/:id`,
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: { params: idParams, body: menuBody, response: answers(SYSTEM_ANSWERS.nothing) } as const,
      },
      async (req) => {
        const m = await load(req.params.id);
        const v = await check(req.body, m.id);
        if (!v.fullName) throw badRequest('fullName: must not be empty');
        await updateMenu(ctx.db, m.id, v);
        await ctx.invalidateAccess();
        return ok(null, '更新成功');
      },
    );

  for (const base of MENU_PATHS)
    r.get(
      `${base}/:id`,
      {
        onRequest: requirePermission({ menu: MENU_MENU }),
        schema: { params: idParams, response: answers(SYSTEM_ANSWERS.menu) } as const,
      },
      async (req) => {
        const m = await load(req.params.id);
        return ok({ ...m, parentId: m.parentId ?? '-1', ...jnpfMenuFlags(m.type) });
      },
    );

  for (const base of MENU_PATHS)
    r.delete(
      `${base}/:id`,
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_remove' }),
        schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
      },
      async (req) => {
        const m = await load(req.params.id);
        const n = await countWhere(ctx.db, 'menu', 'parentId', m.id);
        if (n) throw badRequest(`该菜单下有 ${n} 个下级菜单，不能删除`);
        if (m.enCode === MENU_MENU || m.enCode === 'system') throw badRequest('不能删除菜单管理本身');
        await deleteMenu(ctx.db, m.id);
        await ctx.invalidateAccess();
        return ok(null, '删除成功');
      },
    );

  for (const base of MENU_PATHS)
    r.put(
      `${base}/:id/Actions/State`,
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
      },
      async (req) => {
        const enabledMark = await toggleState(ctx.db, 'menu', req.params.id);
        await ctx.invalidateAccess();
        return ok({ enabledMark: asFlag(enabledMark) }, '更新成功');
      },
    );

  for (const kind of ['Button', 'Column'] as const) {
    r.get(
      `${MENU_BASE}/:id/${kind}`,
      {
        onRequest: requirePermission({ menu: MENU_MENU }),
        schema: { params: idParams, response: answers(SYSTEM_ANSWERS.catalogue) } as const,
      },
      async (req) => {
        const m = await load(req.params.id);
        const list = await catalogueOf(ctx.db, kind, m.id);
        return ok({ list });
      },
    );
    r.put(
      `${MENU_BASE}/:id/${kind}`,
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: { params: idParams, body: catalogueBody, response: answers(SYSTEM_ANSWERS.nothing) } as const,
      },
      async (req) => {
        const m = await load(req.params.id);
        const list = req.body.list;
        const dup = firstDuplicate(list.map((x) => x.enCode));
        if (dup) throw badRequest(`list: 编码 "${dup}" 重复`);
        await setCatalogue(ctx.db, kind, m.id, list);
        await ctx.invalidateAccess();
        return ok(null, '更新成功');
      },
    );
  }

  /* ---------------- system log ---------------- */

  const logFilter = {
    startTime: { type: 'integer', minimum: 0 },
    endTime: { type: 'integer', minimum: 0 },
    keyword: keywordQuery,
    ...pagingQuery,
  } as const;
  const logCategory = { type: 'integer', enum: [1, 4, 5] } as const;

  /** One page of a category's log: ours at LOG_BASE?category=, the JNPF 3.x client's at Base/Log/{category}. */
  const logPage = async (q: LogFilter) => {
    if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime)
      throw badRequest('startTime: 开始时间不能晚于结束时间');
    // errors (category 4) are one row per distinct error: listed and filtered by when last seen
    const errors = q.category === LogCategory.ERROR;
    const { list, pagination } = await pageLog(ctx.db, q);
    return page(
      list.map(({ createdAt, json, lastSeen, ...r }) => ({
        ...r,
        userName: r.userName ?? '',
        creatorTime: createdAt,
        // an error: when last seen, and what was caught (source, app, stacks, browser)
        ...(errors ? { lastSeen: lastSeen ?? createdAt, detail: parseDetail(json) } : {}),
      })),
      pagination,
    );
  };

  r.get(
    LOG_BASE,
    {
      onRequest: requirePermission({ menu: LOG_MENU }),
      schema: {
        response: answers(SYSTEM_ANSWERS.log),
        querystring: {
          type: 'object',
          required: ['category'],
          properties: { category: logCategory, ...logFilter },
        },
      } as const,
    },
    async (req) => logPage(req.query),
  );

  r.get(
    jnpfPath(`${JNPF_LOG_BASE}/:category`),
    {
      onRequest: requirePermission({ menu: LOG_MENU }),
      preValidation: emptyArgsAreAbsent,
      schema: {
        response: answers(SYSTEM_ANSWERS.logJnpf),
        params: { type: 'object', required: ['category'], properties: { category: logCategory } },
        querystring: { type: 'object', properties: logFilter },
      } as const,
    },
    async (req) => {
      const { list, pagination } = (await logPage({ ...req.query, category: req.params.category })).data;
      // the names the JNPF 3.x log page's columns read (src/views/system/log/index.vue)
      return page(
        list.map((r) => ({
          ...r,
          ipaddress: r.ipAddress,
          requestURL: r.requestUrl,
          requestDuration: r.duration,
          platForm: r.abstracts,
        })),
        pagination,
      );
    },
  );

  r.get(
    `${LOG_BASE}/:id`,
    {
      onRequest: requirePermission({ menu: LOG_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.logLine) } as const,
    },
    async (req) => {
      const r = await loadLogRow(ctx.db, req.params.id);
      const { createdAt, ...rest } = r;
      return ok({ ...rest, creatorTime: createdAt });
    },
  );

  // a category (written before `before` when given), or the rows the JNPF 3.x page selected (ids)
  for (const url of jnpfAlias(LOG_BASE, JNPF_LOG_BASE))
    r.delete(
      url,
      {
        onRequest: requirePermission({ menu: LOG_MENU, button: 'btn_remove' }),
        schema: {
          response: answers(SYSTEM_ANSWERS.logDeleted),
          body: {
            type: 'object',
            additionalProperties: false,
            properties: {
              category: logCategory,
              before: { type: 'integer', minimum: 0 },
              ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', maxLength: 64 } },
            },
          },
        } as const,
      },
      async (req) => {
        const b = req.body;
        if (b.ids && (b.category !== undefined || b.before !== undefined))
          throw badRequest('ids: 不能与 category 同时给出');
        if (b.ids) return ok({ deleted: await deleteLogRows(ctx.db, b.ids) }, '删除成功');
        if (b.category === undefined) throw badRequest('category: required');
        return ok({ deleted: await clearLog(ctx.db, b.category, b.before) }, '删除成功');
      },
    );
}
