/** /api/system/Menu (menu system.menu: all seven entry types) and /api/system/Log (menu system.log). */
import type { FastifyInstance } from 'fastify';
import { MENU_COLUMNS, requirePermission } from '../auth';
import { paged } from '../db/paging';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { NO_BODY } from '../http/route-table';
import { keywordQuery, pagingQuery } from '../http/validation';
import { contains } from '../db/search';
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
} from '../kernel';
import { LogCategory } from './system-log';
import { menuProblem } from './menu-rules';

const MENU_BASE = '/api/system/Menu';

/** An error row's stored details (source, app, stacks, browser), or {} when unreadable. Pure. */
export function parseDetail(json: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}
const MENU_MENU = 'system.menu';
const LOG_BASE = '/api/system/Log';
const LOG_MENU = 'system.log';
const ADMIN_ROLE = 'role-admin';
const DEFAULT_BUTTONS = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
] as const;

interface MenuBody {
  parentId?: string;
  type: number;
  enCode: string;
  fullName: string;
  icon?: string;
  urlAddress?: string;
  propertyJson?: string;
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
    propertyJson: { type: 'string', maxLength: 2000 },
    linkTarget: { type: 'string', maxLength: 20 },
    sortCode: sortCodeField,
    enabledMark: enabledField,
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
          enCode: {
            type: 'string',
            minLength: 1,
            maxLength: 50,
            pattern: '^[A-Za-z0-9_.]+$',
            'x-msg': '只能包含字母、数字、_ 和 .',
          },
          fullName: { type: 'string', minLength: 1, maxLength: 50 },
        },
      },
    },
  },
} as const;

const MENU_COLS = [...MENU_COLUMNS, 'enabledMark'] as const;

export function registerMenuAndLogRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  const allMenus = () => ctx.db.selectFrom('menu').select(MENU_COLS).execute();
  const load = async (id: string) => {
    const m = await ctx.db.selectFrom('menu').select(MENU_COLS).where('id', '=', id).executeTakeFirst();
    if (!m) throw notFound('菜单不存在');
    return m;
  };

  r.get(
    MENU_BASE,
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: { querystring: { type: 'object', properties: { keyword: keywordQuery } } } as const,
    },
    async (req) => {
      const kw = req.query.keyword?.toLowerCase();
      const rows = await allMenus();
      const kept = kw
        ? withAncestors(
            rows,
            (m) => m.fullName.toLowerCase().includes(kw) || m.enCode.toLowerCase().includes(kw),
          )
        : rows;
      return ok({ list: buildTree(kept) });
    },
  );

  r.get(
    `${MENU_BASE}/Selector`,
    {
      onRequest: requirePermission({ menu: MENU_MENU }),
      schema: {
        querystring: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } },
      } as const,
    },
    async (req) => {
      const rows = await allMenus();
      const skip = req.query.id ? subtreeIds(rows, req.query.id) : new Set<string>();
      return ok({ list: buildTree(rows.filter((m) => m.type === 1 && !skip.has(m.id))) });
    },
  );

  const check = async (b: MenuBody, selfId?: string) => {
    const problem = menuProblem(b);
    if (problem) throw badRequest(problem);
    const parentId = storedParent(b.parentId);
    await assertRefs(ctx.db, [{ field: 'parentId', table: 'menu', id: parentId, what: '上级菜单' }]);
    if (parentId) {
      const rows = await ctx.db.selectFrom('menu').select(['id', 'parentId', 'type']).execute();
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
    const typed = [3, 4, 5, 6].includes(b.type);
    return {
      parentId,
      type: b.type,
      enCode: b.enCode,
      fullName: b.fullName.trim(),
      icon: b.icon ?? '',
      urlAddress: b.type === 1 || b.type === 6 ? (b.urlAddress ?? '') : (b.urlAddress ?? '').trim(),
      propertyJson: typed ? JSON.stringify(JSON.parse(b.propertyJson ?? '{}')) : '{}',
      linkTarget: b.type === 7 ? (b.linkTarget ?? '_blank') : b.type === 6 ? (b.linkTarget ?? '_blank') : '',
      sortCode: b.sortCode ?? 0,
      enabledMark: b.enabledMark ?? 1,
    };
  };

  r.post(
    MENU_BASE,
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_add' }),
      schema: { body: menuBody } as const,
    },
    async (req) => {
      const v = await check(req.body);
      if (!v.fullName) throw badRequest('fullName: must not be empty');
      const id = `menu-${v.enCode}`;
      if (await ctx.db.selectFrom('menu').select('id').where('id', '=', id).executeTakeFirst())
        throw duplicateCode(v.enCode);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('menu')
          .values({ id, ...v })
          .execute();
        await trx.insertInto('role_menu').values({ roleId: ADMIN_ROLE, menuId: id }).execute();
        if (v.type >= 2 && v.type <= 5)
          for (const [i, [enCode, fullName]] of DEFAULT_BUTTONS.entries()) {
            await trx
              .insertInto('menu_button')
              .values({ id: `${id}:b:${enCode}`, menuId: id, enCode, fullName, sortCode: i })
              .execute();
            await trx
              .insertInto('role_button')
              .values({ roleId: ADMIN_ROLE, menuId: id, enCode, fullName })
              .execute();
          }
      });
      await ctx.invalidateAccess();
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${MENU_BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: menuBody } as const,
    },
    async (req) => {
      const m = await load(req.params.id);
      const v = await check(req.body, m.id);
      if (!v.fullName) throw badRequest('fullName: must not be empty');
      await ctx.db.updateTable('menu').set(v).where('id', '=', m.id).execute();
      await ctx.invalidateAccess();
      return ok(null, '更新成功');
    },
  );

  r.get(
    `${MENU_BASE}/:id`,
    { onRequest: requirePermission({ menu: MENU_MENU }), schema: { params: idParams } as const },
    async (req) => {
      const m = await load(req.params.id);
      return ok({ ...m, parentId: m.parentId ?? '-1' });
    },
  );

  r.delete(
    `${MENU_BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const m = await load(req.params.id);
      const n = await countWhere(ctx.db, 'menu', 'parentId', m.id);
      if (n) throw badRequest(`该菜单下有 ${n} 个下级菜单，不能删除`);
      if (m.enCode === MENU_MENU || m.enCode === 'system') throw badRequest('不能删除菜单管理本身');
      await ctx.db.deleteFrom('menu').where('id', '=', m.id).execute();
      await ctx.invalidateAccess();
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${MENU_BASE}/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const enabledMark = await toggleState(ctx.db, 'menu', req.params.id);
      await ctx.invalidateAccess();
      return ok({ enabledMark }, '更新成功');
    },
  );

  for (const kind of ['Button', 'Column'] as const) {
    const table = kind === 'Button' ? 'menu_button' : 'menu_column';
    const grant = kind === 'Button' ? 'role_button' : 'role_column';
    const tag = kind === 'Button' ? 'b' : 'c';
    r.get(
      `${MENU_BASE}/:id/${kind}`,
      { onRequest: requirePermission({ menu: MENU_MENU }), schema: { params: idParams } as const },
      async (req) => {
        const m = await load(req.params.id);
        const list = await ctx.db
          .selectFrom(table)
          .select(['id', 'enCode', 'fullName', 'sortCode'])
          .where('menuId', '=', m.id)
          .orderBy('sortCode')
          .execute();
        return ok({ list });
      },
    );
    r.put(
      `${MENU_BASE}/:id/${kind}`,
      {
        onRequest: requirePermission({ menu: MENU_MENU, button: 'btn_edit' }),
        schema: { params: idParams, body: catalogueBody } as const,
      },
      async (req) => {
        const m = await load(req.params.id);
        const list = req.body.list;
        const codes = list.map((x) => x.enCode);
        const dup = codes.find((c, i) => codes.indexOf(c) !== i);
        if (dup) throw badRequest(`list: 编码 "${dup}" 重复`);
        const before = new Set(
          (await ctx.db.selectFrom(table).select('enCode').where('menuId', '=', m.id).execute()).map(
            (r) => r.enCode,
          ),
        );
        await ctx.db.transaction().execute(async (trx) => {
          await trx.deleteFrom(table).where('menuId', '=', m.id).execute();
          // Grants of entries that no longer exist go too; new entries are granted to the admin role.
          if (codes.length)
            await trx.deleteFrom(grant).where('menuId', '=', m.id).where('enCode', 'not in', codes).execute();
          else await trx.deleteFrom(grant).where('menuId', '=', m.id).execute();
          for (const [i, x] of list.entries()) {
            await trx
              .insertInto(table)
              .values({
                id: `${m.id}:${tag}:${x.enCode}`,
                menuId: m.id,
                enCode: x.enCode,
                fullName: x.fullName,
                sortCode: i,
              })
              .execute();
            if (!before.has(x.enCode))
              await trx
                .insertInto(grant)
                .values({ roleId: ADMIN_ROLE, menuId: m.id, enCode: x.enCode, fullName: x.fullName })
                .execute();
          }
        });
        await ctx.invalidateAccess();
        return ok(null, '更新成功');
      },
    );
  }

  /* ---------------- system log ---------------- */

  r.get(
    LOG_BASE,
    {
      onRequest: requirePermission({ menu: LOG_MENU }),
      schema: {
        querystring: {
          type: 'object',
          required: ['category'],
          properties: {
            category: { type: 'integer', enum: [1, 4, 5] },
            startTime: { type: 'integer', minimum: 0 },
            endTime: { type: 'integer', minimum: 0 },
            keyword: keywordQuery,
            ...pagingQuery,
          },
        },
      } as const,
    },
    async (req) => {
      const q = req.query;
      if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime)
        throw badRequest('startTime: 开始时间不能晚于结束时间');
      // errors (category 4) are one row per distinct error: listed and filtered by when last seen
      const errors = q.category === LogCategory.ERROR;
      const time = errors ? 'lastSeen' : 'createdAt';
      let base = ctx.db.selectFrom('system_log').where('category', '=', q.category);
      if (q.startTime !== undefined) base = base.where(time, '>=', q.startTime);
      if (q.endTime !== undefined) base = base.where(time, '<=', q.endTime);
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) =>
          eb.or([
            contains('userName', kw),
            contains('ipAddress', kw),
            contains('requestUrl', kw),
            contains('abstracts', kw),
          ]),
        );
      }
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select([
            'id',
            'category',
            'userId',
            'userName',
            'ipAddress',
            'ipAddressName',
            'requestUrl',
            'requestMethod',
            'duration',
            'abstracts',
            'createdAt',
            'count',
            'lastSeen',
            'json',
          ])
          .orderBy(time, 'desc')
          .orderBy('id', 'desc'),
      );
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
    },
  );

  r.get(
    `${LOG_BASE}/:id`,
    { onRequest: requirePermission({ menu: LOG_MENU }), schema: { params: idParams } as const },
    async (req) => {
      const r = await ctx.db
        .selectFrom('system_log')
        .selectAll()
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!r) throw notFound('日志不存在');
      const { createdAt, ...rest } = r;
      return ok({ ...rest, creatorTime: createdAt });
    },
  );

  r.delete(
    LOG_BASE,
    {
      onRequest: requirePermission({ menu: LOG_MENU, button: 'btn_remove' }),
      schema: {
        body: {
          type: 'object',
          required: ['category'],
          additionalProperties: false,
          properties: {
            category: { type: 'integer', enum: [1, 4, 5] },
            before: { type: 'integer', minimum: 0 },
          },
        },
      } as const,
    },
    async (req) => {
      let q = ctx.db.deleteFrom('system_log').where('category', '=', req.body.category);
      if (req.body.before !== undefined) q = q.where('createdAt', '<', req.body.before);
      const r = await q.executeTakeFirst();
      return ok({ deleted: Number(r.numDeletedRows) }, '删除成功');
    },
  );
}
