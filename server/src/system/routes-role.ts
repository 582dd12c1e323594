/**
 * Roles (menu permission.role), authorisation by role / user / position (menu permission.authorize)
 * and online users with force offline (menu permission.userOnline).
 * A user's or a position's own grants live on a hidden role (category user | position) with the id
 * `auth-user-{id}` / `auth-position-{id}`; the access service adds them to the user's roles.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../context';
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
  jnpfAlias,
  jnpfPath,
} from '../kernel';
import { ApiError, Code, badRequest, notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { answers, arr, envelope, NOTHING, record, str } from '../http/response';
import { SYSTEM_ANSWERS, asFlag } from './responses';
import { OPEN, NO_BODY } from '../http/route-table';
import { hasPermission, ipAddressName, requirePermission } from '../auth';
import { registerSaveRoutes } from './save-routes';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  GRANT_KINDS,
  authorizeTrees,
  authorizeValues,
  dataScopeEntries,
  grantHolder,
  grantItemOf,
  pickGranted,
  unionGrants,
  withItem,
  type GrantItem,
  type GrantKind,
} from './authorize-model';
import {
  deleteRole,
  enabledRoles,
  grantCatalogue,
  grantIdsOf,
  grantObjectType,
  grantRole,
  itemHolders,
  liveSessions,
  roleIdsAmong,
  loadRole as loadRoleRow,
  pageRoles,
  relationObject,
  roleUserIds,
  roleUsers,
  setGrants,
  setRoleUsers,
  userExists,
  type GrantObjectType,
} from './role-store';
import { endSessions } from './sessions';
import { positionUserIds, setPositionUsers } from './user-store';
import { onlinePeople } from './rules';

const BASE = '/api/system/Permission';
const ROLE_MENU = 'permission.role';
const AUTH_MENU = 'permission.authorize';
const ONLINE_MENU = 'permission.userOnline';
const POS_MENU = 'permission.position';

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

  const loadRole = (id: string) => loadRoleRow(ctx.db, id);

  /* ---------------- roles ---------------- */

  r.get(
    `${BASE}/Role`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU }),
      schema: {
        response: answers(SYSTEM_ANSWERS.roles),
        querystring: { type: 'object', properties: { keyword: keywordQuery, ...pagingQuery } },
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageRoles(ctx.db, req.query);
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

  r.get(
    `${BASE}/Role/Selector`,
    {
      config: { open: OPEN.codes },
      schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.roleOptions) },
    },
    async () => {
      const list = await enabledRoles(ctx.db);
      return ok({ list });
    },
  );

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
    {
      onRequest: requirePermission({ menu: ROLE_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.role) } as const,
    },
    async (req) => {
      const { createdAt, ...r } = await loadRole(req.params.id);
      return ok({ ...r, creatorTime: createdAt, userIds: await roleUserIds(ctx.db, r.id) });
    },
  );

  r.delete(
    `${BASE}/Role/:id`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const r = await loadRole(req.params.id);
      const users = await countWhere(ctx.db, 'user_role', 'roleId', r.id);
      if (users) throw badRequest(`该角色下有 ${users} 个用户，不能删除`);
      await deleteRole(ctx.db, r.id);
      await ctx.invalidateAccess();
      return ok(null, '删除成功');
    },
  );

  r.put(
    `${BASE}/Role/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) => {
      const r = await loadRole(req.params.id);
      const enabledMark = await toggleState(ctx.db, 'role', r.id);
      await ctx.invalidateAccess();
      return ok({ enabledMark: asFlag(enabledMark) }, '更新成功');
    },
  );

  r.get(
    `${BASE}/Role/:id/Users`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.roleUsers) } as const,
    },
    async (req) => {
      const r = await loadRole(req.params.id);
      const list = await roleUsers(ctx.db, r.id);
      return ok({ list });
    },
  );

  r.put(
    `${BASE}/Role/:id/Users`,
    {
      onRequest: requirePermission({ menu: ROLE_MENU, button: 'btn_edit' }),
      schema: {
        response: answers(SYSTEM_ANSWERS.nothing),
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
      await setRoleUsers(ctx.db, r.id, ids);
      await ctx.invalidateAccess();
      return ok(null, '更新成功');
    },
  );

  /*
   * Members of a role or a position as the JNPF 3.x member picker reads and saves them
   * (src/views/permission/userRelation/Selector.vue: GET → data.ids; POST {objectId, objectType,
   * userIds}). A role's members are the same as Role/{id}/Users'; a position's are the users whose
   * position it is. Guarded by the object's own page: roles (permission.role), positions
   * (permission.position), the save by its btn_edit.
   */
  const RELATION = '/api/system/Permission/UserRelation/:objectId';
  const relationMenu = { Role: ROLE_MENU, Position: POS_MENU } as const;
  const relationParams = {
    type: 'object',
    required: ['objectId'],
    properties: { objectId: { type: 'string', minLength: 1, maxLength: 64 } },
  } as const;
  /** 403 unless the caller holds the object's page (and `button`); `type` null: either page will do. */
  const mayRelate = async (req: FastifyRequest, type: 'Role' | 'Position' | null, button?: string) => {
    const user = authOf(req).user;
    const menus = type ? [relationMenu[type]] : [ROLE_MENU, POS_MENU];
    for (const menu of menus) if (await hasPermission(ctx, user, menu, button)) return;
    throw new ApiError(Code.FORBIDDEN, `权限不足: 缺少菜单 ${menus.join(' / ')}`);
  };

  r.get(
    jnpfPath(RELATION),
    {
      config: {
        checksInHandler: `checked in the handler: the object's page, ${ROLE_MENU} for a role, ${POS_MENU} for a position`,
      },
      schema: { params: relationParams, response: { 200: envelope(record({ ids: arr(str) })) } } as const,
    },
    async (req) => {
      await mayRelate(req, null);
      const type = await relationObject(ctx.db, req.params.objectId);
      await mayRelate(req, type);
      const ids =
        type === 'Role'
          ? (await roleUsers(ctx.db, req.params.objectId)).map((u) => u.id)
          : await positionUserIds(ctx.db, req.params.objectId);
      return ok({ ids });
    },
  );

  r.post(
    jnpfPath(RELATION),
    {
      config: {
        checksInHandler: `checked in the handler: the object's page and its btn_edit, ${ROLE_MENU} for a role, ${POS_MENU} for a position`,
      },
      schema: {
        params: relationParams,
        body: {
          type: 'object',
          required: ['objectType', 'userIds'],
          additionalProperties: false,
          properties: {
            objectId: { type: 'string', maxLength: 64 },
            objectType: { type: 'string', enum: ['Role', 'Position'] },
            userIds: idList,
          },
        },
        response: { 200: NOTHING },
      } as const,
    },
    async (req) => {
      const id = req.params.objectId;
      const b = req.body;
      await mayRelate(req, null, 'btn_edit');
      const type = await relationObject(ctx.db, id);
      await mayRelate(req, type, 'btn_edit');
      await assertRefs(ctx.db, [{ field: 'userIds', table: 'user', ids: b.userIds, what: '用户' }]);
      if (b.objectId !== undefined && b.objectId !== id) throw badRequest('objectId: 与地址中的 id 不一致');
      if (b.objectType !== type) throw badRequest(`objectType: 必须是 ${type}`);
      if (type === 'Role') await setRoleUsers(ctx.db, id, b.userIds);
      else await setPositionUsers(ctx.db, id, b.userIds);
      await ctx.invalidateAccess();
      return ok(null, '更新成功');
    },
  );

  /* ---------------- authorisation ---------------- */

  const grantRoleOf = (type: GrantObjectType, id: string, create: boolean) =>
    grantRole(ctx.db, type, id, create, ctx.clock);

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
    {
      onRequest: requirePermission({ menu: AUTH_MENU }),
      schema: { params: objectParams, response: answers(SYSTEM_ANSWERS.grants) } as const,
    },
    async (req) => {
      const { menus, buttons, columns, schemes } = await grantCatalogue(ctx.db);
      const roleId = await grantRoleOf(req.params.objectType, req.params.objectId, false);
      const ids: Grants = roleId
        ? await grantIdsOf(ctx.db, roleId)
        : { module: [], button: [], column: [], resource: [] };
      return ok({ ...authorizeTrees(menus, buttons, columns, schemes), ids });
    },
  );

  r.put(
    `${BASE}/Authority/Data/:objectType/:objectId`,
    {
      onRequest: requirePermission({ menu: AUTH_MENU, button: 'btn_edit' }),
      schema: {
        response: answers(SYSTEM_ANSWERS.nothing),
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
      const { menus, buttons, columns, schemes } = await grantCatalogue(ctx.db);
      const menuIds = new Set(menus.map((m) => m.id));
      const g = req.body;
      const unknownMenu = g.module.find((id) => !menuIds.has(id));
      if (unknownMenu) throw badRequest(`module: 菜单不存在: ${unknownMenu}`);
      const granted = new Set(g.module);
      const bs = pickGranted('button', g.button, buttons, granted);
      const cs = pickGranted('column', g.column, columns, granted);
      const ds = pickGranted('resource', g.resource, dataScopeEntries(menus, schemes), granted);
      const roleId = await grantRoleOf(req.params.objectType, req.params.objectId, true);
      if (!roleId) throw notFound();
      await setGrants(ctx.db, roleId, { menuIds: g.module, buttons: bs, columns: cs, data: ds });
      await ctx.invalidateAccess();
      return ok(null, '授权成功');
    },
  );

  // The JNPF 3.x client's authorisation wizard (src/api/permission/authorize.js): one step's tree
  // and checked keys, and the batch page that adds grants to several roles, positions and users.
  r.post(
    jnpfPath(`${BASE}/Authority/Data/:objectId/Values`),
    {
      // a read, though the wizard asks with POST
      onRequest: requirePermission({ menu: AUTH_MENU }),
      schema: {
        params: {
          type: 'object',
          required: ['objectId'],
          properties: { objectId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        body: {
          type: 'object',
          required: ['type'],
          additionalProperties: false,
          properties: {
            type: { type: 'string', enum: [...GRANT_KINDS] },
            /** the menus chosen in the first step, comma-separated (none: every menu) */
            moduleIds: { type: 'string', maxLength: 200_000 },
          },
        },
        response: answers(SYSTEM_ANSWERS.grantStep),
      } as const,
    },
    async (req) => {
      const { objectId } = req.params;
      // '0' is the batch page's: no object, nothing checked
      const type = objectId === '0' ? null : await grantObjectType(ctx.db, objectId);
      if (objectId !== '0' && !type) throw notFound('授权对象不存在');
      const roleId = type ? await grantRoleOf(type, objectId, false) : null;
      const granted = roleId ? (await grantIdsOf(ctx.db, roleId))[req.body.type] : [];
      const chosen = req.body.moduleIds?.split(',').filter(Boolean);
      const catalogue = await grantCatalogue(ctx.db);
      return ok(authorizeValues(req.body.type, catalogue, chosen ? new Set(chosen) : null, granted));
    },
  );

  const someIds = {
    type: 'array',
    maxItems: 5000,
    items: { type: 'string', minLength: 1, maxLength: 200 },
  } as const;
  r.post(
    jnpfPath(`${BASE}/Authority/Data/Batch`),
    {
      onRequest: requirePermission({ menu: AUTH_MENU, button: 'btn_edit' }),
      schema: {
        response: answers(SYSTEM_ANSWERS.nothing),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            roleIds: someIds,
            positionIds: someIds,
            userIds: someIds,
            module: someIds,
            button: someIds,
            column: someIds,
            resource: someIds,
            /** 3.x's form grants: this console has none (a form follows its menu); not kept */
            form: someIds,
          },
        },
      } as const,
    },
    async (req) => {
      const b = req.body;
      const objects: Array<[GrantObjectType, string]> = [
        ...(b.roleIds ?? []).map((id): [GrantObjectType, string] => ['Role', id]),
        ...(b.positionIds ?? []).map((id): [GrantObjectType, string] => ['Position', id]),
        ...(b.userIds ?? []).map((id): [GrantObjectType, string] => ['User', id]),
      ];
      if (objects.length === 0) throw badRequest('roleIds: 请选择授权对象');
      await assertRefs(ctx.db, [
        { field: 'roleIds', table: 'role', ids: b.roleIds ?? [], what: '角色' },
        { field: 'positionIds', table: 'position', ids: b.positionIds ?? [], what: '岗位' },
        { field: 'userIds', table: 'user', ids: b.userIds ?? [], what: '用户' },
      ]);
      const { menus, buttons, columns, schemes } = await grantCatalogue(ctx.db);
      const menuIds = new Set(menus.map((m) => m.id));
      const unknownMenu = (b.module ?? []).find((id) => !menuIds.has(id));
      if (unknownMenu) throw badRequest(`module: 菜单不存在: ${unknownMenu}`);
      const chosen = new Set(b.module ?? []);
      // checked here for every object before any is changed: a leaf of a menu the batch grants
      pickGranted('button', b.button ?? [], buttons, chosen);
      pickGranted('column', b.column ?? [], columns, chosen);
      const scopes = dataScopeEntries(menus, schemes);
      pickGranted('resource', b.resource ?? [], scopes, chosen);
      // added to what each object holds (3.x's batch inserts; it never takes a grant away)
      for (const [type, id] of objects) {
        const roleId = await grantRoleOf(type, id, true);
        if (!roleId) throw notFound();
        const g = unionGrants(await grantIdsOf(ctx.db, roleId), b);
        const held = new Set(g.module);
        await setGrants(ctx.db, roleId, {
          menuIds: g.module,
          buttons: pickGranted('button', g.button, buttons, held),
          columns: pickGranted('column', g.column, columns, held),
          data: pickGranted('resource', g.resource, scopes, held),
        });
      }
      await ctx.invalidateAccess();
      return ok(null, '授权成功');
    },
  );

  // The JNPF 3.x client's grant of one item to several objects (src/api/permission/authorize.js
  // getModelData / setModelData; AuthorizeService.GetModelList / UpdateModel): who holds an item,
  // and the holders of one object type set at once.
  const MODEL = jnpfPath(`${BASE}/Authority/Model`);
  const catalogueItems = async () => {
    const c = await grantCatalogue(ctx.db);
    return { ...c, resources: dataScopeEntries(c.menus, c.schemes) };
  };
  const holdersOf = async (item: GrantItem, type: GrantObjectType) =>
    (await itemHolders(ctx.db, item)).map(grantHolder).flatMap((h) => (h && h.type === type ? [h.id] : []));
  const modelObjectType = { type: 'string', enum: ['Role', 'Position', 'User'] } as const;

  r.get(
    `${MODEL}/:itemId/:objectType`,
    {
      onRequest: requirePermission({ menu: AUTH_MENU }),
      schema: {
        params: {
          type: 'object',
          required: ['itemId', 'objectType'],
          properties: {
            itemId: { type: 'string', minLength: 1, maxLength: 200 },
            objectType: modelObjectType,
          },
        },
        response: answers(SYSTEM_ANSWERS.holders),
      } as const,
    },
    async (req) => {
      const item = grantItemOf(req.params.itemId, await catalogueItems());
      if (!item) throw notFound('权限项不存在');
      return ok({ ids: await holdersOf(item, req.params.objectType) });
    },
  );

  r.put(
    `${MODEL}/:itemId`,
    {
      onRequest: requirePermission({ menu: AUTH_MENU, button: 'btn_edit' }),
      schema: {
        params: {
          type: 'object',
          required: ['itemId'],
          properties: { itemId: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        body: {
          type: 'object',
          required: ['objectType', 'itemType', 'objectId'],
          additionalProperties: false,
          properties: {
            objectType: modelObjectType,
            /** 3.x's item types; form and portal grants do not exist here (a form follows its menu) */
            itemType: {
              type: 'string',
              enum: [...GRANT_KINDS, 'form', 'portal', 'portalManage', 'system'],
            },
            objectId: someIds,
          },
        },
        response: answers(SYSTEM_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const b = req.body;
      const kind = (GRANT_KINDS as readonly string[]).includes(b.itemType) ? (b.itemType as GrantKind) : null;
      if (!kind) throw badRequest(`itemType: ${b.itemType} 不能在此授权（表单随菜单授权，门户尚未提供）`);
      const catalogue = await catalogueItems();
      const item = grantItemOf(req.params.itemId, catalogue);
      if (!item) throw notFound('权限项不存在');
      if (item.kind !== kind) throw badRequest(`itemType: 此权限项是 ${item.kind}，不是 ${kind}`);
      const type = b.objectType;
      const wanted = [...new Set(b.objectId)];
      // every object checked before anything changes
      if (type === 'Role') {
        const roles = await roleIdsAmong(ctx.db, wanted);
        const missing = wanted.find((id) => !roles.has(id));
        if (missing) throw badRequest(`objectId: 角色不存在: ${missing}`);
      } else
        await assertRefs(ctx.db, [
          {
            field: 'objectId',
            table: type === 'User' ? 'user' : 'position',
            ids: wanted,
            what: type === 'User' ? '用户' : '岗位',
          },
        ]);
      const held = new Set(await holdersOf(item, type));
      const give = wanted.filter((id) => !held.has(id));
      const take = [...held].filter((id) => !wanted.includes(id));
      // each object that changes, with what it holds now (none yet: no grants of its own)
      const changes: Array<{ id: string; on: boolean; grants: Record<GrantKind, string[]> }> = [];
      for (const [id, on] of [
        ...give.map((x) => [x, true] as const),
        ...take.map((x) => [x, false] as const),
      ]) {
        const roleId = await grantRoleOf(type, id, false);
        const grants = roleId
          ? await grantIdsOf(ctx.db, roleId)
          : { module: [], button: [], column: [], resource: [] };
        if (on && kind !== 'module' && !grants.module.includes(item.menuId)) {
          const menu = catalogue.menus.find((m) => m.id === item.menuId);
          throw badRequest(`objectId: ${id} 未授权菜单「${menu?.fullName ?? item.menuId}」`);
        }
        changes.push({ id, on, grants });
      }
      for (const { id, on, grants } of changes) {
        const g = withItem(grants, item, on, catalogue.menus);
        const roleId = await grantRoleOf(type, id, true);
        if (!roleId) throw notFound();
        const menus = new Set(g.module);
        await setGrants(ctx.db, roleId, {
          menuIds: g.module,
          buttons: pickGranted('button', g.button, catalogue.buttons, menus),
          columns: pickGranted('column', g.column, catalogue.columns, menus),
          data: pickGranted('resource', g.resource, catalogue.resources, menus),
        });
      }
      await ctx.invalidateAccess();
      return ok(null, '授权成功');
    },
  );

  /* ---------------- online users ---------------- */

  // the JNPF 3.x client's paths of the same page (src/api/permission/onlineUser.js)
  const [ONLINE, JNPF_ONLINE] = jnpfAlias(`${BASE}/OnlineUser`, '/api/system/Base/OnlineUser');
  /** The signed-in people (keyword: their name, account or company), the connected first. */
  const onlineNow = async (keyword: string | undefined) => {
    const now = ctx.clock();
    const rows = await liveSessions(ctx.db, now, keyword);
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
    return people;
  };
  const onlineQuery = { type: 'object', properties: { keyword: keywordQuery } } as const;
  r.get(
    ONLINE,
    {
      onRequest: requirePermission({ menu: ONLINE_MENU }),
      schema: { querystring: onlineQuery, response: answers(SYSTEM_ANSWERS.online) } as const,
    },
    async (req) => ok({ list: await onlineNow(req.query.keyword) }),
  );
  // the 3.x page reads the people as `data` itself, the address as loginIPAddress
  r.get(
    JNPF_ONLINE,
    {
      onRequest: requirePermission({ menu: ONLINE_MENU }),
      schema: { querystring: onlineQuery, response: answers(SYSTEM_ANSWERS.onlineJnpf) } as const,
    },
    async (req) => ok((await onlineNow(req.query.keyword)).map((p) => ({ ...p, loginIPAddress: p.loginIp }))),
  );

  for (const url of [ONLINE, JNPF_ONLINE])
    r.delete(
      `${url}/:id`,
      {
        onRequest: requirePermission({ menu: ONLINE_MENU, button: 'btn_remove' }),
        schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.forcedOffline) } as const,
      },
      async (req) => {
        if (req.params.id === authOf(req).user.id) throw badRequest('不能强制自己下线');
        if (!(await userExists(ctx.db, req.params.id))) throw notFound('用户不存在');
        const sessions = await endSessions(ctx, req.params.id, 'forcedOffline');
        return ok({ sessions }, '强制下线成功');
      },
    );
}
