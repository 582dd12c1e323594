/**
 * /api/oauth: sign-in (with image code and throttling), current user, logout, lock screen.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserSnapshot } from './access';
import { buildMenuTree, buildPermissionList, type Access } from './access-model';
import { LOG_SUMMARIES } from '@lighting/shared/core';
import { ipAddressName, normalizeIp } from './ip';
import { verifyPassword } from './password';
import { isBlocked, needsCaptcha, resolveLoginAccount } from './throttle-rules';
import { authOf } from '../context';
import { ApiError, Code, Msg, badRequest, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { AUTH_ANSWERS } from './responses';
import { OPEN } from '../http/route-table';
import { PreparedJson } from '../http/prepared';
import { logoutMessage } from '../realtime/protocol';
import { LogCategory, avatarUrl } from '../system';
import { recordSignIn, userByAccount } from './login-store';

export const LOGIN_FAILED = '账户或密码错误';
export const CAPTCHA_FAILED = '验证码错误';
export const THROTTLED = '登录失败次数过多，请15分钟后再试';
export const DISABLED = '账户已被禁用，请联系管理员';

/** The client's fixed credentials (spec §9: "a fixed client id and secret"). */
const CLIENT_ID = 'admin';
const CLIENT_SECRET = '123456';

const loginSchema = {
  querystring: {
    type: 'object',
    required: ['client_id', 'client_secret', 'scope', 'grant_type'],
    properties: {
      client_id: { type: 'string', const: CLIENT_ID, 'x-msg': 'invalid client credentials' },
      client_secret: { type: 'string', const: CLIENT_SECRET, 'x-msg': 'invalid client credentials' },
      scope: { type: 'string', enum: ['all'] },
      grant_type: { type: 'string', enum: ['password'] },
    },
  },
  body: {
    type: 'object',
    required: ['account', 'password'],
    additionalProperties: false,
    properties: {
      account: { type: 'string', minLength: 1, maxLength: 100, format: 'loginAccount' },
      password: { type: 'string', format: 'md5' },
      code: { type: 'string', maxLength: 10 },
      timestamp: { type: 'string', maxLength: 20, pattern: '^[0-9]*$' },
    },
  },
} as const;

const md5Body = {
  type: 'object',
  required: ['account', 'password'],
  additionalProperties: false,
  properties: {
    account: { type: 'string', minLength: 1, maxLength: 100, format: 'loginAccount' },
    password: { type: 'string', format: 'md5' },
  },
} as const;

/** The CurrentUser answer, serialized once per snapshot. */
export function currentUserBody(s: UserSnapshot, access: Access): PreparedJson {
  const { user } = s;
  return new PreparedJson(
    ok({
      menuList: buildMenuTree(access.menus),
      permissionList: buildPermissionList(access.menus, access.buttons, access.columns),
      userInfo: {
        userId: user.id,
        userAccount: user.account,
        userName: user.realName,
        headIcon: avatarUrl(user.headIcon),
        portalId: '',
        theme: user.theme,
        language: user.language,
        organizeId: user.organizeId ?? '',
        organizeName: s.organizeName,
        positionId: user.positionId ?? '',
        positionName: s.positionName,
        isAdministrator: user.isAdministrator === 1,
        prevLogin: user.prevLogin,
        prevLoginTime: user.prevLoginTime,
        prevLoginIpAddress: user.prevLoginIpAddress ?? '',
        prevLoginIpAddressName: user.prevLoginIpAddressName ?? '',
      },
    }),
  );
}

export function clientIp(req: FastifyRequest): string {
  return normalizeIp(req.ip);
}

export function registerOauthRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;

  r.post(
    '/api/oauth/Login',
    { schema: { ...loginSchema, response: answers(AUTH_ANSWERS.login) }, config: { public: true } },
    async (req, reply) => {
      const started = ctx.clock();
      const ip = clientIp(req);
      const account = resolveLoginAccount(req.body.account);
      const counts = await ctx.attempts.failures(account, ip);
      if (isBlocked(counts)) throw new ApiError(Code.THROTTLED, THROTTLED);

      const fail = async (msg: string): Promise<never> => {
        await ctx.attempts.record(account, ip, false);
        // This failure counts from the next attempt on (the 11th attempt after 10 failures is refused).
        const after = { account: counts.account + 1, ip: counts.ip + 1 };
        throw badRequest(msg, { needCode: needsCaptcha(after, ctx.config.loginCaptcha) });
      };

      if (needsCaptcha(counts, ctx.config.loginCaptcha)) {
        const good = await ctx.captcha.consume(req.body.timestamp, req.body.code);
        if (!good) await fail(CAPTCHA_FAILED);
      }

      const user = await userByAccount(ctx.db, account);
      const matches = await verifyPassword(user?.passwordHash ?? null, req.body.password);
      if (!user || !matches) return fail(LOGIN_FAILED);
      if (user.enabledMark !== 1) throw badRequest(DISABLED, { needCode: false });

      await ctx.attempts.record(account, ip, true);
      const now = ctx.clock();
      const token = await ctx.tokens.create(user.id, ip);
      const placeName = ipAddressName(ip);
      await recordSignIn(ctx.db, user, { now, ip, placeName });
      await ctx.invalidateAccess(user.id);
      await ctx.systemLog.write({
        userId: user.id,
        userName: `${user.realName}/${user.account}`,
        category: LogCategory.LOGIN,
        ipAddress: ip,
        ipAddressName: placeName,
        requestUrl: '/api/oauth/Login',
        requestMethod: 'POST',
        duration: ctx.clock() - started,
        abstracts: LOG_SUMMARIES.signedIn.zh,
        json: JSON.stringify({ userAgent: req.headers['user-agent'] ?? '' }),
      });
      reply.header('Cache-Control', 'no-store');
      return ok({ token: token.token, theme: user.theme }, '登录成功');
    },
  );

  r.get(
    '/api/oauth/ImageCode/:timestamp',
    {
      config: { public: true },
      schema: {
        response: answers(AUTH_ANSWERS.imageCode),
        params: {
          type: 'object',
          required: ['timestamp'],
          properties: {
            timestamp: {
              type: 'string',
              maxLength: 20,
              pattern: '^[0-9]{1,20}$',
              'x-msg': 'digits only (at most 20)',
            },
          },
        },
      } as const,
    },
    async (req, reply) => {
      const svg = await ctx.captcha.issue(req.params.timestamp);
      return reply.header('Cache-Control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg);
    },
  );

  r.get(
    '/api/oauth/LoginConfig',
    {
      config: { public: true },
      schema: {
        response: answers(AUTH_ANSWERS.loginConfig),
        querystring: { type: 'object', properties: { account: { type: 'string', maxLength: 100 } } },
      } as const,
    },
    async (req) => {
      const account = resolveLoginAccount(req.query.account ?? '');
      const counts = await ctx.attempts.failures(account, clientIp(req));
      return ok({ needCode: needsCaptcha(counts, ctx.config.loginCaptcha) });
    },
  );

  // Built once per user snapshot (see AccessService) and sent as the same serialized bytes until the
  // user, their roles or the catalogue change.
  r.get(
    '/api/oauth/CurrentUser',
    {
      config: { open: OPEN.self },
      // sent as prepared bytes (http/prepared.ts), which the answer check does not see: the
      // current-user test checks them against this schema
      schema: { querystring: { type: 'object' }, response: answers(AUTH_ANSWERS.currentUser) } as const,
    },
    async (req, reply) => {
      const { user } = authOf(req);
      const body = await ctx.access.view(user.id, 'CurrentUser', currentUserBody);
      if (!body) throw new ApiError(Code.REVOKED, Msg.REVOKED);
      return body.send(req, reply);
    },
  );

  r.get(
    '/api/oauth/Logout',
    {
      config: { open: OPEN.self },
      schema: {
        response: answers(AUTH_ANSWERS.nothing),
        querystring: {
          type: 'object',
          properties: { socketId: { type: 'string', maxLength: 64, pattern: '^[0-9a-f-]{1,64}$' } },
        },
      } as const,
    },
    async (req) => {
      const { token } = authOf(req);
      await ctx.tokens.revoke(token, 'logout');
      await ctx.realtime.disconnectToken(token, req.query.socketId, logoutMessage());
      return ok(null, '退出成功');
    },
  );

  r.post(
    '/api/oauth/LockScreen',
    {
      config: { open: OPEN.self },
      schema: { body: md5Body, response: answers(AUTH_ANSWERS.nothing) } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const ip = clientIp(req);
      const account = resolveLoginAccount(req.body.account);
      const counts = await ctx.attempts.failures(user.account, ip);
      if (isBlocked(counts)) throw new ApiError(Code.THROTTLED, THROTTLED);
      const good = account === user.account && (await verifyPassword(user.passwordHash, req.body.password));
      if (!good) {
        await ctx.attempts.record(user.account, ip, false);
        throw badRequest(LOGIN_FAILED);
      }
      return ok(null, '解锁成功');
    },
  );
}
