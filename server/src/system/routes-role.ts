/**
 * Roles (menu permission.role), authorisation by role / user / position (menu permission.authorize)
 * and online users with force offline (menu permission.userOnline).
 * A user's or a position's own grants live on a hidden role (category user | position) with the id
 * `auth-user-{id}` / `auth-position-{id}`; the access service adds them to the user's roles.
 */
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import { paged } from '../db/paging';
import {
  assertRefs,
  EMPTY_QUERY,
  assertUniqueCode,
  countWhere,
  descriptionField,
  enabledField,
  enCodeField,
  fullNameField,
  idParams,
  sortCodeField,
  toggleState,
} from '../kernel';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN, NO_BODY } from '../http/route-table';
import { ipAddressName, requirePermission } from '../auth';
import { registerSaveRoutes } from './save-routes';
import { keywordQuery, pagingQuery } from '../http/validation';
import { contains } from '../db/search';
import { authorizeTrees, dataScopeEntries } from './authorize-model';
import { endSessions } from './sessions';
import { onlinePeople } from './rules';

const BASE = '/api/system/Permission';
const ROLE_MENU = 'permission.role';
const AUTH_MENU = 'permission.authorize';
const ONLINE_MENU = 'permission.userOnline';

interface RoleBody {
  fullName: string;
  enCode: string;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
}
const roleBody = {
  type: 'object',
  required: ['fullName', 'enCode'],
  additionalProperties: false,
  properties: {
    fullName: fullNameField,
    enCode: enCodeField,
    description: descriptionField,
    sortCode: sortCodeField,
    enabledMark: enabledField,
  },
} as const;

type ObjectType = 'Role' | 'User' | 'Position';
interface Grants {
  module: string[];
  button: string[];
  column: string[];
  resource: string[];
}
const idList = {
  type: 'array',
  maxItems: 5000,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 200 },
} as const;

export function registerRoleRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  const loadRole = async (id: string) => {
    const r = await ctx.db
      .selectFrom('role')
      .selectAll()
      .where('id', '=', id)
      .where('category', '=', 'role')
      .executeTakeFirst();
    if (!r) throw notFound('角色不存在');
    return r;
  };

  /* ---------------- roles ---------------- */

  r.get(
    `${BASE}/Role`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU }),
      schema: {
        querystring: { type: 'object', properties: { keyword: keywordQuery, ...pagingQuery } },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = ctx.db.selectFrom('role').where('category', '=', 'role');
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
      }
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select((eb) => [
            'role.id',
            'role.fullName',
            'role.enCode',
            'role.description',
            'role.sortCode',
            'role.enabledMark',
            'role.createdAt',
            eb
              .selectFrom('user_role')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('user_role.roleId', '=', 'role.id')
              .as('userCount'),
          ])
          .orderBy('role.sortCode')
          .orderBy('role.id'),
      );
      return page(
        list.map(({ createdAt, ...r }) => ({
          ...r,
          userCount: Number(r.userCount ?? 0),
          creatorTime: createdAt,
        })),
        pagination,
      );
    },
  );

  r.get(`${BASE}/Role/Selector`, { config: { open: OPEN.codes }, schema: EMPTY_QUERY }, async () => {
    const list = await ctx.db
      .selectFrom('role')
      .select(['id', 'fullName', 'enCode'])
      .where('category', '=', 'role')
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
    return ok({ list });
  });

  const roleValues = (b: RoleBody) => ({
    fullName: b.fullName,
    enCode: b.enCode,
    description: b.description ?? '',
    sortCode: b.sortCode ?? 0,
    enabledMark: b.enabledMark ?? 1,
  });

  registerSaveRoutes(app, {
    path: `${BASE}/Role`,
    menu: ROLE_MENU,
    table: 'role',
    body: roleBody,
    check: async (b: RoleBody, exceptId?: string) => {
      await assertUniqueCode(ctx.db, 'role', b.enCode, { exceptId: exceptId });
      return roleValues(b);
    },
    load: loadRole,
    created: () => ({ category: 'role', createdAt: ctx.clock() }),
    after: () => ctx.invalidateAccess(),
  });

  r.get(
    `${BASE}/Role/:id`,
    { onRequest: requirePermission({ menu: ROLE_MENU }), schema: { params: idParams } as const },
    async (req) => {
      const { createdAt, ...r } = await loadRole(req.params.id);
      const users = await ctx.db
        .selectFrom('user_role')
        .select('userId')
        .where('roleId', '=', r.id)
        .execute();
      return ok({ ...r, creatorTime: createdAt, userIds: users.map((u) => u.userId) });
    },
  );

  r.delete(
    `${BASE}/Role/:id`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const r = await loadRole(req.params.id);
      const users = await countWhere(ctx.db, 'user_role', 'roleId', r.id);
      if (users) throw badRequest(`该角色下有 ${users} 个用户，不能删除`);
      await ctx.db.deleteFrom('role').where('id', '=', r.id).execute();
      await ctx.invalidateAccess();
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/Role/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      const r = await loadRole(req.params.id);
      const enabledMark = await toggleState(ctx.db, 'role', r.id);
      await ctx.invalidateAccess();
      return ok({ enabledMark }, '更新成功');
    },
  );

  r.get(
    `${BASE}/Role/:id/Users`,
    { onRequest: requirePermission({ menu: ROLE_MENU }), schema: { params: idParams } as const },
    async (req) => {
      const r = await loadRole(req.params.id);
      const list = await ctx.db
        .selectFrom('user_role')
        .innerJoin('user', 'user.id', 'user_role.userId')
        .select(['user.id', 'user.account', 'user.realName'])
        .where('user_role.roleId', '=', r.id)
        .orderBy('user.sortCode')
        .orderBy('user.id')
        .execute();
      return ok({ list });
    },
  );

  r.put(
    `${BASE}/Role/:id/Users`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU, button: 'btn_edit' }),
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['userIds'],
          additionalProperties: false,
          properties: { userIds: idList },
        },
      } as const,
    },
    async (req) => {
      const r = await loadRole(req.params.id);
      const ids = req.body.userIds;
      await assertRefs(ctx.db, [{ field: 'userIds', table: 'user', ids, what: '用户' }]);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_role').where('roleId', '=', r.id).execute();
        for (const userId of ids)
          await trx.insertInto('user_role').values({ userId, roleId: r.id }).execute();
      });
      await ctx.invalidateAccess();
      return ok(null, '更新成功');
    },
  );

  /* ---------------- authorisation ---------------- */

  /** The role holding the object's grants (created on save for users and positions). */
  async function grantRole(type: ObjectType, id: string, create: boolean): Promise<string | null> {
    if (type === 'Role') return (await loadRole(id)).id;
    const table = type === 'User' ? 'user' : 'position';
    const obj = await ctx.db
      .selectFrom(table as 'position')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!obj) throw notFound(type === 'User' ? '用户不存在' : '岗位不存在');
    const roleId = type === 'User' ? `auth-user-${id}` : `auth-position-${id}`;
    const exists = await ctx.db.selectFrom('role').select('id').where('id', '=', roleId).executeTakeFirst();
    if (exists) return roleId;
    if (!create) return null;
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('role')
        .values({
          id: roleId,
          fullName: `${type === 'User' ? '用户' : '岗位'}授权`,
          enCode: roleId,
          description: '',
          sortCode: 0,
          enabledMark: 1,
          category: type === 'User' ? 'user' : 'position',
          createdAt: ctx.clock(),
        })
        .execute();
      if (type === 'User') await trx.insertInto('user_role').values({ userId: id, roleId }).execute();
    });
    return roleId;
  }

  const catalogue = async () => {
    const menus = await ctx.db
      .selectFrom('menu')
      .select(['id', 'parentId', 'type', 'enCode', 'fullName', 'icon', 'sortCode'])
      .where('enabledMark', '=', 1)
      .execute();
    const buttons = await ctx.db.selectFrom('menu_button').selectAll().execute();
    const columns = await ctx.db.selectFrom('menu_column').selectAll().execute();
    return { menus, buttons, columns };
  };

  const objectParams = {
    type: 'object',
    required: ['objectType', 'objectId'],
    properties: {
      objectType: { type: 'string', enum: ['Role', 'User', 'Position'] },
      objectId: { type: 'string', minLength: 1, maxLength: 64 },
    },
  } as const;

  r.get(
    `${BASE}/Authority/Data/:objectType/:objectId`,
    { onRequest: requirePermission({ menu: AUTH_MENU }), schema: { params: objectParams } as const },
    async (req) => {
      const { menus, buttons, columns } = await catalogue();
      const roleId = await grantRole(req.params.objectType, req.params.objectId, false);
      const ids: Grants = { module: [], button: [], column: [], resource: [] };
      if (roleId) {
        ids.module = (
          await ctx.db.selectFrom('role_menu').select('menuId').where('roleId', '=', roleId).execute()
        ).map((r) => r.menuId);
        const b = await ctx.db
          .selectFrom('role_button')
          .select(['menuId', 'enCode'])
          .where('roleId', '=', roleId)
          .execute();
        ids.button = b.map((r) => `${r.menuId}:b:${r.enCode}`);
        const c = await ctx.db
          .selectFrom('role_column')
          .select(['menuId', 'enCode'])
          .where('roleId', '=', roleId)
          .execute();
        ids.column = c.map((r) => `${r.menuId}:c:${r.enCode}`);
        const d = await ctx.db
          .selectFrom('role_data')
          .select(['menuId', 'enCode'])
          .where('roleId', '=', roleId)
          .execute();
        ids.resource = d.map((r) => `${r.menuId}:d:${r.enCode}`);
      }
      return ok({ ...authorizeTrees(menus, buttons, columns), ids });
    },
  );

  r.put(
    `${BASE}/Authority/Data/:objectType/:objectId`,
    {
      onRequest: requirePermission({ menu: AUTH_MENU, button: 'btn_edit' }),
      schema: {
        params: objectParams,
        body: {
          type: 'object',
          required: ['module', 'button', 'column', 'resource'],
          additionalProperties: false,
          properties: { module: idList, button: idList, column: idList, resource: idList },
        },
      } as const,
    },
    async (req) => {
      const { menus, buttons, columns } = await catalogue();
      const menuIds = new Set(menus.map((m) => m.id));
      const g = req.body;
      const unknownMenu = g.module.find((id) => !menuIds.has(id));
      if (unknownMenu) throw badRequest(`module: 菜单不存在: ${unknownMenu}`);
      const granted = new Set(g.module);
      const pick = <T extends { id: string; menuId: string }>(
        field: keyof Grants,
        all: readonly T[],
      ): T[] => {
        const byId = new Map(all.map((e) => [e.id, e]));
        return req.body[field].map((id) => {
          const e = byId.get(id);
          if (!e) throw badRequest(`${field}: 不存在: ${id}`);
          if (!granted.has(e.menuId)) throw badRequest(`${field}: 菜单未授权: ${id}`);
          return e;
        });
      };
      const bs = pick('button', buttons);
      const cs = pick('column', columns);
      const ds = pick('resource', dataScopeEntries(menus));
      const roleId = await grantRole(req.params.objectType, req.params.objectId, true);
      if (!roleId) throw notFound();
      await ctx.db.transaction().execute(async (trx) => {
        for (const t of ['role_menu', 'role_button', 'role_column', 'role_data'] as const)
          await trx.deleteFrom(t).where('roleId', '=', roleId).execute();
        for (const menuId of g.module) await trx.insertInto('role_menu').values({ roleId, menuId }).execute();
        for (const b of bs)
          await trx
            .insertInto('role_button')
            .values({ roleId, menuId: b.menuId, enCode: b.enCode, fullName: b.fullName })
            .execute();
        for (const c of cs)
          await trx
            .insertInto('role_column')
            .values({ roleId, menuId: c.menuId, enCode: c.enCode, fullName: c.fullName })
            .execute();
        for (const d of ds)
          await trx
            .insertInto('role_data')
            .values({ roleId, menuId: d.menuId, enCode: d.enCode, fullName: d.fullName })
            .execute();
      });
      await ctx.invalidateAccess();
      return ok(null, '授权成功');
    },
  );

  /* ---------------- online users ---------------- */

  r.get(
    `${BASE}/OnlineUser`,
    {
      onRequest: requirePermission({ menu: ONLINE_MENU }),
      schema: { querystring: { type: 'object', properties: { keyword: keywordQuery } } } as const,
    },
    async (req) => {
      const now = ctx.clock();
      let q = ctx.db
        .selectFrom('token as t')
        .innerJoin('user as u', 'u.id', 't.userId')
        .leftJoin('organize as o', 'o.id', 'u.organizeId')
        .select([
          't.token',
          't.userId',
          't.createdAt',
          't.expiresAt',
          't.ip',
          'u.account',
          'u.realName',
          'o.fullName as organize',
        ])
        .where('t.revokedAt', 'is', null)
        .where('t.expiresAt', '>', now);
      if (req.query.keyword) {
        const kw = req.query.keyword;
        q = q.where((eb) => eb.or([contains('u.account', kw), contains('u.realName', kw)]));
      }
      const rows = await q.orderBy('t.createdAt', 'desc').limit(5000).execute();
      const connected = new Set(await ctx.realtime.onlineUsers().catch(() => [] as string[]));
      const people = onlinePeople(
        rows.map((r) => ({
          userId: r.userId,
          userName: r.realName,
          account: r.account,
          organize: r.organize ?? '',
          loginTime: r.createdAt,
          loginIp: r.ip,
          // each session's own address, not the user's last sign-in's
          loginAddress: ipAddressName(r.ip),
          expiresAt: r.expiresAt,
          sessionId: `${r.token.slice(0, 8)}…`,
        })),
        connected,
      );
      return ok({ list: people });
    },
  );

  r.delete(
    `${BASE}/OnlineUser/:id`,
    {
      onRequest: requirePermission({ menu: ONLINE_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY } as const,
    },
    async (req) => {
      if (req.params.id === authOf(req).user.id) throw badRequest('不能强制自己下线');
      const u = await ctx.db
        .selectFrom('user')
        .select('id')
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!u) throw notFound('用户不存在');
      const sessions = await endSessions(ctx, u.id, 'forcedOffline');
      return ok({ sessions }, '强制下线成功');
    },
  );
}
