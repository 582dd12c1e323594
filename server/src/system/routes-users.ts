/**
 * /api/system/Permission/Users administration (menu permission.user): Selector, create, edit, get,
 * delete, reset password, state. The list and All live in routes/permission.ts.
 */
import type { FastifyInstance } from 'fastify';
import { LOCKED_PASSWORD_HASH, hashPassword, requirePermission } from '../auth';
import { authOf } from '../context';
import {
  assertRefs,
  EMPTY_QUERY,
  enabledField,
  fullNameField,
  idParams,
  newId,
  optionalId,
  parentIdField,
  sortCodeField,
  buildTree,
} from '../kernel';
import { badRequest, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS } from './responses';
import { OPEN, NO_BODY } from '../http/route-table';
import { userValues, type UserInput } from './rules';
import { avatarUrl } from './users-shared';
import { endSessions } from './sessions';
import {
  accountTaken,
  deleteUser,
  enabledOrgsAndUsers,
  insertUser,
  loadUser as loadUserRow,
  ordinaryRoleIds,
  setUser,
  updateUser,
} from './user-store';

const BASE = '/api/system/Permission/Users';
const MENU = 'permission.user';

interface UserBody extends UserInput {
  account?: string;
  password?: string;
  roleIds?: string[];
  description?: string;
}

const common = {
  realName: fullNameField,
  gender: { type: 'integer', enum: [1, 2, 3] },
  mobile: { type: 'string', maxLength: 11, format: 'mobile' },
  email: { type: 'string', maxLength: 100, format: 'email' },
  organizeId: parentIdField,
  positionId: optionalId,
  managerId: optionalId,
  roleIds: {
    type: 'array',
    maxItems: 100,
    uniqueItems: true,
    items: { type: 'string', minLength: 1, maxLength: 64 },
  },
  enabledMark: enabledField,
  sortCode: sortCodeField,
  quickQuery: { type: 'string', maxLength: 50 },
  description: { type: 'string', maxLength: 500 },
} as const;

const createBody = {
  type: 'object',
  required: ['account', 'password', 'realName', 'organizeId'],
  additionalProperties: false,
  properties: {
    account: { type: 'string', minLength: 2, maxLength: 50, format: 'account' },
    password: { type: 'string', format: 'md5' },
    ...common,
  },
} as const;

const updateBody = {
  type: 'object',
  required: ['realName', 'organizeId'],
  additionalProperties: false,
  // The edit form may echo the (immutable) account back; it is ignored.
  properties: { account: { type: 'string', maxLength: 50 }, ...common },
} as const;

export function registerUserAdminRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  async function checkRefs(b: UserBody, selfId?: string) {
    if (b.managerId && b.managerId === selfId) throw badRequest('managerId: 主管不能是自己');
    await assertRefs(ctx.db, [
      { field: 'organizeId', table: 'organize', id: b.organizeId, what: '组织' },
      { field: 'positionId', table: 'position', id: b.positionId, what: '岗位' },
      { field: 'managerId', table: 'user', id: b.managerId, what: '用户' },
      { field: 'roleIds', table: 'role', ids: b.roleIds ?? [], what: '角色', where: { category: 'role' } },
    ]);
    return userValues(b);
  }

  const loadUser = (id: string) => loadUserRow(ctx.db, id);

  r.get(
    `${BASE}/Selector`,
    { config: { open: OPEN.names }, schema: { ...EMPTY_QUERY, response: answers(SYSTEM_ANSWERS.userTree) } },
    async () => {
      const { orgs, users } = await enabledOrgsAndUsers(ctx.db);
      const list = [
        ...orgs.map((o) => ({
          ...o,
          type: o.category,
          icon:
            o.category === 'company'
              ? 'icon-ym icon-ym-tree-organization3'
              : 'icon-ym icon-ym-tree-department1',
        })),
        ...users.map((u) => ({
          id: u.id,
          parentId: u.organizeId,
          fullName: `${u.realName}/${u.account}`,
          enCode: u.account,
          sortCode: u.sortCode,
          headIcon: avatarUrl(u.headIcon),
          type: 'user',
          icon: 'icon-ym icon-ym-tree-user2',
        })),
      ];
      return ok({ list: buildTree(list) });
    },
  );

  r.post(
    BASE,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_add' }),
      schema: { body: createBody, response: answers(SYSTEM_ANSWERS.created) } as const,
    },
    async (req) => {
      const b = req.body;
      const account = (b.account ?? '').trim();
      const dup = await accountTaken(ctx.db, account);
      if (dup) throw badRequest(`account: 账号 "${account}" 已存在`);
      const v = await checkRefs(b);
      const passwordHash = b.password ? await hashPassword(b.password) : LOCKED_PASSWORD_HASH;
      const id = newId();
      await insertUser(ctx.db, { id, account, passwordHash, ...v, createdAt: ctx.clock() }, b.roleIds ?? []);
      return ok({ id }, '新建成功');
    },
  );

  r.put(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: updateBody, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const u = await loadUser(req.params.id);
      const v = await checkRefs(req.body, u.id);
      if (u.id === authOf(req).user.id && v.enabledMark === 0) throw badRequest('enabledMark: 不能禁用自己');
      await updateUser(ctx.db, u.id, v, req.body.roleIds);
      if (v.enabledMark === 0 && u.enabledMark === 1) await endSessions(ctx, u.id, 'disabled');
      await ctx.invalidateAccess(u.id);
      return ok(null, '更新成功');
    },
  );

  r.get(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU }),
      schema: { params: idParams, response: answers(SYSTEM_ANSWERS.user) } as const,
    },
    async (req) => {
      const u = await loadUser(req.params.id);
      const roleIds = await ordinaryRoleIds(ctx.db, u.id);
      return ok({
        id: u.id,
        account: u.account,
        realName: u.realName,
        gender: u.gender,
        mobile: u.mobile,
        email: u.email,
        organizeId: u.organizeId,
        positionId: u.positionId,
        managerId: u.managerId,
        roleIds,
        enabledMark: u.enabledMark,
        sortCode: u.sortCode,
        quickQuery: u.quickQuery,
        headIcon: avatarUrl(u.headIcon),
        isAdministrator: u.isAdministrator,
        creatorTime: u.createdAt,
      });
    },
  );

  r.delete(
    `${BASE}/:id`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_remove' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const u = await loadUser(req.params.id);
      if (u.id === authOf(req).user.id) throw badRequest('不能删除自己');
      if (u.isAdministrator === 1) throw badRequest('不能删除管理员账号');
      await endSessions(ctx, u.id, 'deleted');
      await deleteUser(ctx.db, u.id);
      await ctx.invalidateAccess(u.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    `${BASE}/:id/Actions/ResetPassword`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: {
        response: answers(SYSTEM_ANSWERS.nothing),
        params: idParams,
        body: {
          type: 'object',
          required: ['userPassword'],
          additionalProperties: false,
          properties: {
            userPassword: { type: 'string', format: 'md5' },
            // the form's confirmation field, echoed back by the JNPF client (an MD5 as well)
            validatePassword: { type: 'string', format: 'md5' },
          },
        },
      } as const,
    },
    async (req) => {
      const u = await loadUser(req.params.id);
      const passwordHash = await hashPassword(req.body.userPassword);
      await setUser(ctx.db, u.id, { passwordHash });
      if (u.id !== authOf(req).user.id)
        await endSessions(ctx, u.id, 'passwordReset', '密码已重置，请重新登录');
      await ctx.invalidateAccess(u.id);
      return ok(null, '重置密码成功');
    },
  );

  r.put(
    `${BASE}/:id/Actions/State`,
    {
      onRequest: requirePermission({ menu: MENU, button: 'btn_edit' }),
      schema: { params: idParams, body: NO_BODY, response: answers(SYSTEM_ANSWERS.state) } as const,
    },
    async (req) => {
      const u = await loadUser(req.params.id);
      if (u.id === authOf(req).user.id) throw badRequest('不能禁用自己');
      const enabledMark = u.enabledMark === 1 ? 0 : 1;
      await setUser(ctx.db, u.id, { enabledMark });
      if (enabledMark === 0) await endSessions(ctx, u.id, 'disabled');
      await ctx.invalidateAccess(u.id);
      return ok({ enabledMark }, '更新成功');
    },
  );
}
