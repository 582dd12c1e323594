// POST /api/oauth/Apply — an outside company (a maintenance contractor, a district office) asks
// for console access from the sign-in page with its company name, a contact and a mobile number
// (spec §3 login form, §5 login texts). Public, so the image code is always required and each
// address may file a few per hour; administrators review what is stored.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, Code, badRequest, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { AUTH_ANSWERS } from './responses';
import { CAPTCHA_FAILED, clientIp } from './routes-oauth';
import { applicationsFromIpSince, hasPendingApplication, insertApplication } from './application-store';

export const APPLY_OK = '申请已提交，审核通过后将以短信通知联系人';
export const APPLY_PENDING = 'mobile: 该手机号已有待审核的申请';
export const APPLY_THROTTLED = '申请过于频繁，请稍后再试';
export const APPLY_PER_IP_PER_HOUR = 5;

export function registerApplyRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  r.post(
    '/api/oauth/Apply',
    {
      config: { public: true },
      schema: {
        response: answers(AUTH_ANSWERS.nothing),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['companyName', 'contact', 'mobile', 'code', 'timestamp'],
          properties: {
            companyName: { type: 'string', minLength: 2, maxLength: 100, format: 'fullName' },
            contact: { type: 'string', minLength: 2, maxLength: 50, format: 'fullName' },
            mobile: { type: 'string', minLength: 11, maxLength: 11, format: 'mobile' },
            code: { type: 'string', minLength: 1, maxLength: 10 },
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
    async (req) => {
      const ip = clientIp(req);
      const now = ctx.clock();
      if ((await applicationsFromIpSince(ctx.db, ip, now - 3600_000)) >= APPLY_PER_IP_PER_HOUR)
        throw new ApiError(Code.THROTTLED, APPLY_THROTTLED);
      if (!(await ctx.captcha.consume(req.body.timestamp, req.body.code))) throw badRequest(CAPTCHA_FAILED);
      const b = req.body;
      if (await hasPendingApplication(ctx.db, b.mobile)) throw badRequest(APPLY_PENDING);
      await insertApplication(ctx.db, {
        id: randomUUID(),
        companyName: b.companyName.trim(),
        contact: b.contact.trim(),
        mobile: b.mobile,
        ip,
        createdAt: now,
      });
      return ok(null, APPLY_OK);
    },
  );
}
