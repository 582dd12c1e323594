/**
 * Who a citizen is (no staff token, no login wall): the pages' settings, the phone path (phone number
 * plus a one-time code: the image code, or an SMS code when a provider is configured), and the chat
 * app's openid through its web OAuth (a local double unless configured). A session is a random token
 * the phone keeps (`X-Citizen-Token`), stored hashed.
 */
import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CITIZEN_PHONE, maskPhone } from '@lighting/shared/core';
import { ApiError, Code, badRequest, ok } from '../http/envelope';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { CAPTCHA_FAILED } from '../auth';
import { DOUBLE_CONSENT_PATH, WechatDouble, newFakeOpenid } from './identity';
import { limitBy } from './limits';
import type { CitizenService } from './service';
import { codeOf, deleteCode, putCode, setCodeAttempts } from './code-store';
import { answers, fileAnswer, redirects } from '../http/response';
import { CITIZEN_ANSWERS } from './responses';

const CODE_TTL_MS = 5 * 60_000;
const CODE_ATTEMPTS = 5;
const WX_COOKIE = 'lighting_wx_double';

const timestampField = {
  type: 'string',
  maxLength: 20,
  pattern: '^[0-9]{1,20}$',
  'x-msg': 'digits only (at most 20)',
} as const;
const phoneField = {
  type: 'string',
  maxLength: 11,
  pattern: CITIZEN_PHONE.source,
  'x-msg': '请输入正确的手机号码',
} as const;
/** A path of the citizens' pages to come back to (never another site: no open redirect). */
const returnPath = {
  type: 'string',
  maxLength: 300,
  pattern: '^/bt/gzh(/[A-Za-z0-9/_.-]*)?(\\?[^#\\s]*)?$',
} as const;

const hashCode = (phone: string, code: string): string =>
  createHash('sha256').update(`${phone}:${code}`).digest('hex');

export function registerSessionRoutes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const ctx = app.ctx;
  const phoneKey = (req: FastifyRequest) =>
    `ph:${String((req.body as { phone?: unknown } | undefined)?.phone ?? '')}`;

  r.get(
    '/api/public/config',
    {
      config: { public: true },
      schema: { querystring: { type: 'object', properties: {} }, response: answers(CITIZEN_ANSWERS.config) },
    },
    async () =>
      ok({
        hotline: ctx.config.citizen.hotline,
        sms: svc.sms.kind !== 'none',
        wechat: svc.wechat.kind,
      }),
  );

  r.get(
    '/api/public/session/image-code/:timestamp',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        params: { type: 'object', required: ['timestamp'], properties: { timestamp: timestampField } },
        response: answers(fileAnswer('image/svg+xml', 'the picture of the code (SVG)')),
      },
    },
    async (req, reply) => {
      const svg = await ctx.captcha.issue(req.params.timestamp);
      return reply.header('Cache-Control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg);
    },
  );

  r.post(
    '/api/public/session/sms',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: 3_600_000 } },
      preHandler: limitBy(app, 'sms-phone', 5, 3_600_000, phoneKey),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['phone', 'code', 'timestamp'],
          properties: {
            phone: phoneField,
            code: { type: 'string', minLength: 1, maxLength: 10 },
            timestamp: timestampField,
          },
        },
        response: answers(CITIZEN_ANSWERS.smsSent),
      },
    },
    async (req) => {
      if (svc.sms.kind === 'none') throw badRequest('phone: 未开通短信验证码，请直接使用图片验证码');
      if (!(await ctx.captcha.consume(req.body.timestamp, req.body.code)))
        throw badRequest(`code: ${CAPTCHA_FAILED}`);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const phone = req.body.phone;
      const values = { codeHash: hashCode(phone, code), expiresAt: ctx.clock() + CODE_TTL_MS, attempts: 0 };
      await putCode(ctx.db, phone, values);
      try {
        await svc.sms.send(phone, `【城市照明】您的验证码是 ${code}，5 分钟内有效。`);
      } catch (err) {
        req.log.error({ err }, 'citizen SMS failed');
        throw new ApiError(Code.ERROR, '短信发送失败，请稍后再试');
      }
      return ok({ sent: true }, '验证码已发送');
    },
  );

  r.post(
    '/api/public/session/phone',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: 15 * 60_000 } },
      preHandler: limitBy(app, 'verify-phone', 10, 15 * 60_000, phoneKey),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['phone', 'code'],
          properties: {
            phone: phoneField,
            code: { type: 'string', minLength: 1, maxLength: 10 },
            timestamp: timestampField,
          },
        },
        response: answers(CITIZEN_ANSWERS.opened),
      },
    },
    async (req) => {
      const { phone, code, timestamp } = req.body;
      if (svc.sms.kind === 'none') {
        // no SMS here: the image code proves a person is typing (design: the -nowx default)
        if (!(await ctx.captcha.consume(timestamp, code))) throw badRequest(`code: ${CAPTCHA_FAILED}`);
      } else {
        const row = await codeOf(ctx.db, phone);
        if (!row || row.expiresAt < ctx.clock() || row.attempts >= CODE_ATTEMPTS)
          throw badRequest('code: 验证码已失效，请重新获取');
        if (row.codeHash !== hashCode(phone, code.trim())) {
          await setCodeAttempts(ctx.db, phone, row.attempts + 1);
          throw badRequest('code: 验证码错误');
        }
        await deleteCode(ctx.db, phone);
      }
      const s = await svc.openSession('phone', phone);
      return ok({ token: s.token, kind: 'phone', display: maskPhone(phone) });
    },
  );

  r.get(
    '/api/public/wx/authorize',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        querystring: {
          type: 'object',
          required: ['returnTo', 'state'],
          properties: {
            returnTo: returnPath,
            state: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' },
          },
        },
        response: redirects("to the chat app's sign-in page, which comes back to returnTo"),
      },
    },
    async (req, reply) => {
      const origin = ctx.config.citizen.publicUrl || `${req.protocol}://${req.host}`;
      return reply
        .header('Cache-Control', 'no-store')
        .redirect(svc.wechat.authorizeUrl(`${origin}${req.query.returnTo}`, req.query.state));
    },
  );

  // The local double's "consent page": the chat-app user is whoever holds this browser's cookie.
  r.get(
    DOUBLE_CONSENT_PATH,
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        querystring: {
          type: 'object',
          required: ['redirect_uri', 'state'],
          properties: {
            redirect_uri: { type: 'string', maxLength: 400 },
            state: { type: 'string', maxLength: 64 },
          },
        },
        response: redirects('back to the citizen page with a sign-in code (the local double)'),
      },
    },
    async (req, reply) => {
      const double = svc.wechat;
      if (!(double instanceof WechatDouble)) return reply.callNotFound();
      let target: URL;
      try {
        target = new URL(req.query.redirect_uri);
      } catch {
        throw badRequest('redirect_uri: invalid');
      }
      if (!target.pathname.startsWith('/bt/gzh')) throw badRequest('redirect_uri: must be a citizen page');
      const cookie = /(?:^|;\s*)lighting_wx_double=([A-Za-z0-9_-]{8,40})/.exec(req.headers.cookie ?? '')?.[1];
      const openid = cookie ?? newFakeOpenid();
      target.searchParams.set('code', double.issue(openid));
      target.searchParams.set('state', req.query.state);
      return reply
        .header(
          'Set-Cookie',
          `${WX_COOKIE}=${openid}; Path=/api/public/wx; HttpOnly; SameSite=Lax; Max-Age=31536000`,
        )
        .header('Cache-Control', 'no-store')
        .redirect(target.pathname + target.search);
    },
  );

  r.post(
    '/api/public/session/wx',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' } },
        },
        response: answers(CITIZEN_ANSWERS.opened),
      },
    },
    async (req) => {
      const openid = await svc.wechat.openidFor(req.body.code);
      if (!openid) throw badRequest('code: 微信授权已失效，请重新进入');
      const s = await svc.openSession('openid', openid);
      return ok({ token: s.token, kind: 'openid', display: '' });
    },
  );

  r.get(
    '/api/public/session',
    {
      config: { public: true },
      schema: { querystring: { type: 'object', properties: {} }, response: answers(CITIZEN_ANSWERS.session) },
    },
    async (req) => {
      const s = await svc.session(req);
      return ok(s ? { kind: s.kind, display: s.kind === 'phone' ? maskPhone(s.subject) : '' } : null);
    },
  );

  r.delete(
    '/api/public/session',
    { config: { public: true }, schema: { body: NO_BODY, response: answers(CITIZEN_ANSWERS.nothing) } },
    async (req) => {
      await svc.closeSession(req);
      return ok(null);
    },
  );
}
