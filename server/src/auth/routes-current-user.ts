/**
 * /api/system/Permission/Users/Current/*: the signed-in user's own settings and views.
 */
import type { FastifyInstance } from 'fastify';
import { buildMenuTree } from './access-model';
import { hashPassword, verifyPassword } from './password';
import { authOf } from '../context';
import type { UserUpdate } from '../system';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { OPEN, NO_BODY } from '../http/route-table';
import { keywordQuery, pagingQuery } from '../http/validation';
import { logoutMessage } from '../realtime/protocol';
import { storedNameField } from '../files';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { AUTH_ANSWERS } from './responses';
import { avatarUrl, loadUserInfo, pageOwnLog, setUser } from '../system';
import { otherEnabledAdministrators, roleNamesOf, subordinatesOf, userNameAndAccount } from './self-store';

const BASE = '/api/system/Permission/Users/Current';

export const ACCOUNT_CANCELLED = '账号已注销';
export const LAST_ADMIN = '最后一个可用的管理员账号不能注销';

export const THEMES = ['classic', 'functional', 'plain'] as const;
export const LANGUAGES = ['zh', 'zhtw', 'en'] as const;

const baseInfoSchema = {
  type: 'object',
  required: ['realName'],
  additionalProperties: false,
  properties: {
    realName: { type: 'string', minLength: 1, maxLength: 50, format: 'fullName' },
    gender: { type: 'integer', enum: [1, 2, 3] },
    mobile: { type: 'string', maxLength: 11, format: 'mobile' },
    email: { type: 'string', maxLength: 100, format: 'email' },
    telePhone: {
      type: 'string',
      maxLength: 30,
      pattern: '^[0-9+() -]*$',
      'x-msg': 'digits, spaces and + - ( ) only',
    },
    postalAddress: { type: 'string', maxLength: 200 },
    signature: { type: 'string', maxLength: 200 },
    birthday: { type: ['integer', 'null'], minimum: -2208988800000, maximum: 4102444800000 },
  },
} as const;

export function registerCurrentUserRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const r = typed(app);

  r.put(
    `${BASE}/Avatar/:name`,
    {
      config: { open: OPEN.self },
      schema: {
        response: answers(AUTH_ANSWERS.avatar),
        params: {
          type: 'object',
          required: ['name'],
          properties: {
            name: storedNameField('not an uploaded file name'),
          },
        },
        body: NO_BODY,
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const file = await ctx.files.find('userAvatar', req.params.name);
      if (!file || file.ownerId !== user.id) throw notFound('文件不存在');
      await setUser(ctx.db, user.id, { headIcon: file.name });
      await ctx.invalidateAccess(user.id);
      return ok({ headIcon: avatarUrl(file.name) }, '修改成功');
    },
  );

  r.get(
    `${BASE}/BaseInfo`,
    {
      config: { open: OPEN.self },
      schema: { querystring: { type: 'object' }, response: answers(AUTH_ANSWERS.baseInfo) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const info = await loadUserInfo(ctx.db, user.id);
      const manager = user.managerId ? await userNameAndAccount(ctx.db, user.managerId) : undefined;
      const roles = await roleNamesOf(ctx.db, user.id);
      return ok({
        id: user.id,
        account: user.account,
        realName: user.realName,
        gender: user.gender,
        mobile: user.mobile,
        email: user.email,
        telePhone: user.telePhone,
        postalAddress: user.postalAddress,
        signature: user.signature,
        birthday: user.birthday,
        headIcon: avatarUrl(user.headIcon),
        organize: info?.organize ?? '',
        position: info?.position ?? '',
        manager: manager ? `${manager.realName}/${manager.account}` : '',
        roleName: roles.join(','),
        theme: user.theme,
        language: user.language,
        creatorTime: user.createdAt,
        prevLoginTime: user.prevLoginTime,
        prevLoginIpAddress: user.prevLoginIpAddress ?? '',
        prevLoginIpAddressName: user.prevLoginIpAddressName ?? '',
      });
    },
  );

  r.put(
    `${BASE}/BaseInfo`,
    {
      config: { open: OPEN.self },
      schema: { body: baseInfoSchema, response: answers(AUTH_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const set: UserUpdate = { realName: b.realName };
      if (b.gender !== undefined) set.gender = b.gender;
      if (b.mobile !== undefined) set.mobile = b.mobile;
      if (b.email !== undefined) set.email = b.email;
      if (b.telePhone !== undefined) set.telePhone = b.telePhone;
      if (b.postalAddress !== undefined) set.postalAddress = b.postalAddress;
      if (b.signature !== undefined) set.signature = b.signature;
      if (b.birthday !== undefined) set.birthday = b.birthday;
      await setUser(ctx.db, user.id, set);
      await ctx.invalidateAccess(user.id);
      return ok(null, '修改成功');
    },
  );

  r.post(
    `${BASE}/Actions/ModifyPassword`,
    {
      config: { open: OPEN.self },
      schema: {
        response: answers(AUTH_ANSWERS.nothing),
        body: {
          type: 'object',
          required: ['oldPassword', 'password'],
          additionalProperties: false,
          properties: {
            oldPassword: { type: 'string', format: 'md5' },
            password: { type: 'string', format: 'md5' },
          },
        },
      } as const,
    },
    async (req) => {
      const { user, token } = authOf(req);
      if (!(await verifyPassword(user.passwordHash, req.body.oldPassword)))
        throw badRequest('oldPassword: 原密码错误');
      if (req.body.password === req.body.oldPassword) throw badRequest('password: 新密码不能与原密码相同');
      const passwordHash = await hashPassword(req.body.password);
      await setUser(ctx.db, user.id, { passwordHash });
      await ctx.invalidateAccess(user.id);
      const revoked = await ctx.tokens.revokeUserTokens(user.id, 'passwordChanged', token);
      await Promise.all(revoked.map((t) => ctx.realtime.disconnectToken(t, undefined, logoutMessage())));
      return ok(null, '修改成功');
    },
  );

  // Self-service cancellation (spec §5 'Do you want to cancel the account?'): the password again,
  // then the account is disabled and every session of it ends (the caller's socket, named by
  // socketId, gets no logout push: the caller signs out itself on the answer; it is closed with the
  // rest). An administrator restores it with the
  // user list's state switch. The last enabled administrator cannot cancel (nobody could restore).
  r.post(
    `${BASE}/Actions/CancelAccount`,
    {
      config: { open: OPEN.self },
      schema: {
        response: answers(AUTH_ANSWERS.nothing),
        querystring: {
          type: 'object',
          properties: { socketId: { type: 'string', maxLength: 64, pattern: '^[0-9a-f-]{1,64}$' } },
        },
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: { type: 'string', format: 'md5' } },
        },
      } as const,
    },
    async (req) => {
      const { user, token } = authOf(req);
      if (!(await verifyPassword(user.passwordHash, req.body.password)))
        throw badRequest('password: 密码错误');
      if (user.isAdministrator === 1 && (await otherEnabledAdministrators(ctx.db, user.id)) === 0)
        throw badRequest(LAST_ADMIN);
      await setUser(ctx.db, user.id, { enabledMark: 0 });
      await ctx.invalidateAccess(user.id);
      const revoked = await ctx.tokens.revokeUserTokens(user.id, 'cancelled', null);
      await Promise.all(
        revoked.map((t) =>
          ctx.realtime.disconnectToken(
            t,
            t === token ? req.query.socketId : undefined,
            logoutMessage(ACCOUNT_CANCELLED),
          ),
        ),
      );
      return ok(null, ACCOUNT_CANCELLED);
    },
  );

  r.put(
    `${BASE}/SystemTheme`,
    {
      config: { open: OPEN.self },
      schema: {
        response: answers(AUTH_ANSWERS.nothing),
        body: {
          type: 'object',
          required: ['theme'],
          additionalProperties: false,
          properties: { theme: { type: 'string', enum: THEMES } },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      await setUser(ctx.db, user.id, { theme: req.body.theme });
      await ctx.invalidateAccess(user.id);
      return ok(null, '修改成功');
    },
  );

  r.put(
    `${BASE}/SystemLanguage`,
    {
      config: { open: OPEN.self },
      schema: {
        response: answers(AUTH_ANSWERS.nothing),
        body: {
          type: 'object',
          required: ['language'],
          additionalProperties: false,
          properties: { language: { type: 'string', enum: LANGUAGES } },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      await setUser(ctx.db, user.id, { language: req.body.language });
      await ctx.invalidateAccess(user.id);
      return ok(null, '修改成功');
    },
  );

  r.get(
    `${BASE}/Subordinate`,
    {
      config: { open: OPEN.self },
      schema: { querystring: { type: 'object' }, response: answers(AUTH_ANSWERS.subordinates) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const rows = await subordinatesOf(ctx.db, user.id);
      return ok({
        list: rows.map((r) => ({
          ...r,
          headIcon: avatarUrl(r.headIcon),
          organize: r.organize ?? '',
          position: r.position ?? '',
        })),
      });
    },
  );

  r.get(
    `${BASE}/Authorize`,
    {
      config: { open: OPEN.self },
      schema: { querystring: { type: 'object' }, response: answers(AUTH_ANSWERS.authorize) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const access = await ctx.access.forUser(user);
      const codeOf = new Map(access.menus.map((m) => [m.id, m.enCode]));
      return ok({
        module: buildMenuTree(access.menus),
        button: access.buttons.map((b) => ({
          menuId: b.menuId,
          menuCode: codeOf.get(b.menuId) ?? '',
          enCode: b.enCode,
          fullName: b.fullName,
        })),
        column: access.columns.map((c) => ({
          menuId: c.menuId,
          menuCode: codeOf.get(c.menuId) ?? '',
          enCode: c.enCode,
          fullName: c.fullName,
        })),
      });
    },
  );

  r.get(
    `${BASE}/SystemLog`,
    {
      config: { open: OPEN.self },
      schema: {
        response: answers(AUTH_ANSWERS.systemLog),
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            category: { type: 'integer', enum: [1, 4, 5] },
            keyword: keywordQuery,
            startTime: { type: 'integer', minimum: 0 },
            endTime: { type: 'integer', minimum: 0 },
          },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const { list, pagination } = await pageOwnLog(ctx.db, user.id, req.query);
      return page(
        list.map(({ createdAt, ...r }) => ({ ...r, creatorTime: createdAt })),
        pagination,
      );
    },
  );
}
