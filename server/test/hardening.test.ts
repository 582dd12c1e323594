/**
 * Hostile input handled cleanly (issue 11): every answer under /api is the envelope with a message
 * naming the field, bodies are strict (no coercion, unknown properties refused), strings are bounded
 * and free of control / bidi-override characters, references are checked, and a refused call
 * changes nothing.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { md5Hex } from '../src/auth/md5';
import { TARGETS, body, createEnv, demoTokens, getAs, rowCount, sendAs, type TestEnv } from './helpers';

/** A raw HTTP request (inject cannot send what Node's parser refuses). */
function raw(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let data = '';
      res.on('data', (c: Buffer) => (data += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(TARGETS)('hardening (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let orgId: string;

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin } = await demoTokens(app));
    orgId = (await app.ctx.db.selectFrom('organize').select('id').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(() => env.cleanup());

  const newUser = (extra: Record<string, unknown>) => ({
    account: `u${Math.random().toString(36).slice(2, 10)}`,
    password: md5Hex('abc12345'),
    realName: '测试',
    organizeId: orgId,
    ...extra,
  });

  describe('references', () => {
    it('an empty positionId means none; a missing one is refused naming the field', async () => {
      const users = await rowCount(app.ctx.db, 'user');
      const empty = body(
        await sendAs(app, admin, 'POST', '/api/system/Permission/Users', newUser({ positionId: '' })),
      );
      expect(empty.code).toBe(200);
      const stored = await app.ctx.db
        .selectFrom('user')
        .select('positionId')
        .where('id', '=', empty.data.id)
        .executeTakeFirstOrThrow();
      expect(stored.positionId).toBeNull();
      const missing = body(
        await sendAs(app, admin, 'POST', '/api/system/Permission/Users', newUser({ positionId: 'nope' })),
      );
      expect(missing).toMatchObject({ code: 400, msg: 'positionId: 岗位不存在' });
      const edit = body(
        await sendAs(app, admin, 'PUT', `/api/system/Permission/Users/${empty.data.id}`, {
          realName: '测试',
          organizeId: orgId,
          positionId: '',
          managerId: 'ghost',
        }),
      );
      expect(edit).toMatchObject({ code: 400, msg: 'managerId: 用户不存在' });
      expect(await rowCount(app.ctx.db, 'user')).toBe(users + 1);
    });
  });

  describe('strict bodies', () => {
    it.each([
      ['a boolean for a string', { realName: true }, 'realName: must be string'],
      ['a number for a string', { realName: 12 }, 'realName: must be string'],
      ['null for an integer', { enabledMark: null }, 'enabledMark: must be integer'],
      ['a string for an integer', { enabledMark: '1' }, 'enabledMark: must be integer'],
      ['an unknown property', { isAdministrator: 1 }, 'isAdministrator: not allowed'],
      [
        'a lone surrogate',
        { realName: 'ab\uD800' },
        'realName: must be valid text (contains a broken character)',
      ],
      ['a NUL', { description: 'a\u0000b' }, 'description: must not contain control characters'],
      [
        'a bidi override',
        { quickQuery: 'abc\u202Edef' },
        'quickQuery: must not contain bidirectional-override characters',
      ],
      [
        'an over-long string',
        { description: 'x'.repeat(501) },
        'description: must be at most 500 characters',
      ],
    ])('refuses %s, naming the field, changing nothing', async (_what, extra, msg) => {
      const users = await rowCount(app.ctx.db, 'user');
      const res = body(await sendAs(app, admin, 'POST', '/api/system/Permission/Users', newUser(extra)));
      expect(res).toMatchObject({ code: 400, msg });
      expect(await rowCount(app.ctx.db, 'user')).toBe(users);
    });

    it('keeps line breaks in free text but refuses them in a one-line field', async () => {
      const ok = body(
        await sendAs(
          app,
          admin,
          'POST',
          '/api/system/Permission/Users',
          newUser({ description: '第一行\n第二行' }),
        ),
      );
      expect(ok.code).toBe(200);
      const res = body(
        await sendAs(app, admin, 'POST', '/api/system/Base/BillRule', {
          fullName: '坏',
          enCode: 'Line',
          digit: 3,
          prefix: 'A\nB',
        }),
      );
      expect(res).toMatchObject({ code: 400, msg: 'prefix: must be a single line' });
    });

    it('ResetPassword takes an MD5, not a megabyte', async () => {
      const target = body(await sendAs(app, admin, 'POST', '/api/system/Permission/Users', newUser({}))).data
        .id;
      const res = body(
        await sendAs(app, admin, 'POST', `/api/system/Permission/Users/${target}/Actions/ResetPassword`, {
          userPassword: md5Hex('abc12345'),
          validatePassword: 'x'.repeat(1024 * 1024 - 100),
        }),
      );
      expect(res.code).toBe(400);
      expect(res.msg).toMatch(/^(validatePassword|body): /);
    });

    it('a write that takes no body refuses one', async () => {
      const res = body(
        await sendAs(app, admin, 'POST', '/api/system/Message/Actions/ReadAll', { all: true }),
      );
      expect(res).toMatchObject({ code: 400, msg: 'all: not allowed' });
      expect(body(await sendAs(app, admin, 'POST', '/api/system/Message/Actions/ReadAll')).code).toBe(200);
    });
  });

  describe('stored links', () => {
    it.each([
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>1</script>',
      '//evil.example',
    ])('a data interface path %j is refused naming the field, changing nothing', async (path) => {
      const n = await rowCount(app.ctx.db, 'data_interface');
      const res = body(
        await sendAs(app, admin, 'POST', '/api/system/Base/DataInterface', {
          fullName: '坏地址',
          enCode: 'badLink',
          dataType: 2,
          path,
        }),
      );
      expect(res).toMatchObject({ code: 400, msg: expect.stringMatching(/^path: links must start with/) });
      expect(await rowCount(app.ctx.db, 'data_interface')).toBe(n);
    });
  });

  describe('rate limits', () => {
    it('count only requests that pass validation: a refused input names its field, never a 429', async () => {
      // POST /api/public/session/sms: 10 an hour per address (and 5 per phone number)
      const sms = (payload: object) =>
        app.inject({ method: 'POST', url: '/api/public/session/sms', payload, remoteAddress: '203.0.113.7' });
      for (let i = 0; i < 25; i++) {
        const res = await sms({ phone: 'not-a-phone', code: '1', timestamp: '1' });
        expect(body(res)).toMatchObject({ code: 400, msg: expect.stringMatching(/^phone: /) });
      }
      // the quota is still whole: ten valid requests reach the route, the eleventh is limited
      for (let i = 0; i < 10; i++) {
        const res = await sms({ phone: `1380000${String(i).padStart(4, '0')}`, code: '1', timestamp: '1' });
        expect(res.statusCode).not.toBe(429);
      }
      const limited = await sms({ phone: '13800009999', code: '1', timestamp: '1' });
      expect(limited.statusCode).toBe(429);
      expect(body(limited).code).toBe(429);
    });
  });

  describe('framework errors in the envelope', () => {
    it('an undecodable path', async () => {
      const res = await getAs(app, admin, '/api/system/Base/Area/%FF');
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, msg: expect.stringMatching(/^url: /), data: null });
    });

    it('a path parameter over the router limit', async () => {
      const res = await getAs(app, admin, `/api/system/Base/Area/${'a'.repeat(10_000)}`);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, msg: expect.stringMatching(/^url: /), data: null });
    });

    it('a path parameter within the router limit but over its schema', async () => {
      const res = body(await getAs(app, admin, `/api/system/Base/Area/${'a'.repeat(200)}/Info`));
      expect(res).toMatchObject({ code: 400, msg: 'id: must be at most 64 characters' });
    });

    it('a 1 MB query string and oversized headers, from a real socket', async () => {
      const server = await env.makeApp();
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as AddressInfo;
      const long = await raw(port, `/api/health?x=${'a'.repeat(1024 * 1024)}`);
      expect(long.status).toBe(431);
      expect(JSON.parse(long.body)).toEqual({ code: 431, msg: expect.stringMatching(/^url: /), data: null });
      const headers = await raw(port, '/api/health', { 'x-big': 'b'.repeat(20_000) });
      expect(headers.status).toBe(431);
      expect(JSON.parse(headers.body).code).toBe(431);
    });
  });

  describe('messages in the caller language', () => {
    const withLang = (
      lang: string | undefined,
      url: string,
      token?: string,
      method = 'GET',
      payload?: unknown,
    ) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { ...(token ? { Authorization: token } : {}), ...(lang ? { 'accept-language': lang } : {}) },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });

    it('answers success, refusals, bad input and unknown paths in the language asked for', async () => {
      const area = { parentId: '-1', fullName: `区${Date.now()}`, enCode: `a${Date.now()}`, type: 3 };
      expect(body(await withLang('en-US,en;q=0.9', '/api/system/Base/Area', admin, 'POST', area)).msg).toBe(
        'Created',
      );
      expect(
        body(
          await withLang('zh-TW', '/api/system/Base/Area', admin, 'POST', {
            ...area,
            enCode: `b${Date.now()}`,
          }),
        ).msg,
      ).toBe('新建成功');
      const bad = body(await withLang('en', '/api/system/Permission/Users?pageSize=1000', admin));
      expect(bad.msg).toBe('pageSize: must be ≤ 100');
      expect(body(await withLang('zh-CN', '/api/system/Permission/Users?pageSize=1000', admin)).msg).toBe(
        'pageSize: 不能大于 100',
      );
      expect(body(await withLang('en', '/api/oauth/CurrentUser')).msg).toBe(
        'Verification failed, please sign in again',
      );
      expect(body(await withLang('zh-TW', '/api/oauth/CurrentUser')).msg).toBe('驗證失敗，請重新登錄');
      expect(body(await withLang('en', '/api/no/such/thing', admin)).msg).toBe(
        'No such API: GET /api/no/such/thing',
      );
      expect(
        body(await withLang('en', '/api/system/Permission/OnlineUser/u-admin', admin, 'DELETE')).msg,
      ).toBe('You cannot sign yourself out by force');
    });

    it("without Accept-Language: the user's chosen language, else as written", async () => {
      const { operator } = await demoTokens(app);
      expect(body(await withLang(undefined, '/api/system/Permission/Users', operator)).msg).toMatch(
        /^权限不足: 缺少菜单/,
      );
      await sendAs(app, operator, 'PUT', '/api/system/Permission/Users/Current/SystemLanguage', {
        language: 'en',
      });
      expect(body(await withLang(undefined, '/api/system/Permission/Users', operator)).msg).toMatch(
        /^Permission denied: missing menu /,
      );
      await sendAs(app, operator, 'PUT', '/api/system/Permission/Users/Current/SystemLanguage', {
        language: 'zh',
      });
    });
  });
});
