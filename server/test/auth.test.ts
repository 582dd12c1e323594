import type { FastifyInstance } from 'fastify';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  login,
  loginRaw,
  md5Hex,
  LOGIN_QUERY,
  type TestEnv,
} from './helpers';

describe.each(TARGETS)('auth and tokens (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const ip = (n: number): { remoteAddress: string } => ({ remoteAddress: `10.1.0.${n}` });

  describe('login', () => {
    it('signs in with the md5 of the password and returns token and theme', async () => {
      const res = await loginRaw(app, 'admin', 'admin123', {}, ip(1));
      expect(res.statusCode).toBe(200);
      const b = body(res);
      expect(b.code).toBe(200);
      expect(b.data.token).toMatch(/^[0-9a-f]{64}$/);
      expect(b.data.theme).toBe('classic');
    });

    it('never stores the md5: the hash is argon2id', async () => {
      const u = await app.ctx.db
        .selectFrom('user')
        .select('passwordHash')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(u.passwordHash).toMatch(/^\$argon2id\$/);
      expect(u.passwordHash).not.toContain(md5Hex('admin123'));
    });

    it('accepts a trimmed account and the mobile@account sub-account form', async () => {
      expect(body(await loginRaw(app, '  operator ', 'operator123', {}, ip(2))).code).toBe(200);
      expect(body(await loginRaw(app, '13800000002@operator', 'operator123', {}, ip(2))).code).toBe(200);
    });

    it('accepts a form-encoded body too', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/oauth/Login?${LOGIN_QUERY}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `account=manager&password=${md5Hex('manager123')}`,
        ...ip(3),
      });
      expect(body(res).code).toBe(200);
    });

    it('rejects a wrong password and an unknown account with the same message', async () => {
      const wrong = await loginRaw(app, 'manager', 'nope12345', {}, ip(4));
      expect(wrong.statusCode).toBe(400);
      expect(body(wrong)).toEqual({ code: 400, msg: '账户或密码错误', data: { needCode: false } });
      const unknown = await loginRaw(app, 'nobody', 'nope12345', {}, ip(4));
      expect(body(unknown)).toEqual({ code: 400, msg: '账户或密码错误', data: { needCode: false } });
    });

    it('names the field for bad client credentials, scope, grant type, account and md5', async () => {
      const post = (q: string, payload: unknown) =>
        app.inject({
          method: 'POST',
          url: `/api/oauth/Login?${q}`,
          payload: payload as Record<string, unknown>,
          ...ip(5),
        });
      const good = { account: 'admin', password: md5Hex('admin123') };
      expect(body(await post(LOGIN_QUERY.replace('client_id=admin', 'client_id=evil'), good)).msg).toBe(
        'client_id: invalid client credentials',
      );
      expect(body(await post(LOGIN_QUERY.replace('client_secret=123456', 'client_secret=x'), good)).msg).toBe(
        'client_secret: invalid client credentials',
      );
      expect(body(await post(LOGIN_QUERY.replace('scope=all', 'scope=some'), good)).msg).toBe(
        'scope: must be one of all',
      );
      expect(body(await post(LOGIN_QUERY.replace('grant_type=password', 'grant_type=code'), good)).msg).toBe(
        'grant_type: must be one of password',
      );
      expect(body(await post('client_secret=123456&scope=all&grant_type=password', good)).msg).toBe(
        'client_id: required',
      );
      const badAccount = await post(LOGIN_QUERY, { ...good, account: 'ad min!' });
      expect(badAccount.statusCode).toBe(400);
      expect(body(badAccount).msg).toBe('account: digits and English only');
      expect(body(await post(LOGIN_QUERY, { ...good, password: 'admin123' })).msg).toBe(
        'password: must be the 32-character lowercase hex MD5 of the password',
      );
      expect(body(await post(LOGIN_QUERY, { account: 'admin' })).msg).toBe('password: required');
    });

    it('bad input changes nothing (no attempt recorded, no token issued)', async () => {
      const count = async (t: 'login_attempt' | 'token') =>
        Number(
          (
            await app.ctx.db
              .selectFrom(t)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = [await count('login_attempt'), await count('token')];
      await app.inject({
        method: 'POST',
        url: `/api/oauth/Login?${LOGIN_QUERY}`,
        payload: { account: 'admin', password: 'short' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        payload: { account: 'admin', password: md5Hex('admin123') },
      });
      expect([await count('login_attempt'), await count('token')]).toEqual(before);
    });

    it('refuses a disabled user after a correct password', async () => {
      await app.ctx.db.updateTable('user').set({ enabledMark: 0 }).where('account', '=', 'wangwei').execute();
      await app.ctx.db
        .updateTable('user')
        .set({ passwordHash: (await import('../src/auth/password')).LOCKED_PASSWORD_HASH })
        .where('account', '=', 'wangwei')
        .execute();
      // Locked password: never signs in.
      expect(body(await loginRaw(app, 'wangwei', 'whatever1', {}, ip(6))).msg).toBe('账户或密码错误');
      const { hashPassword } = await import('../src/auth/password');
      await app.ctx.db
        .updateTable('user')
        .set({ passwordHash: await hashPassword(md5Hex('wangwei123')) })
        .where('account', '=', 'wangwei')
        .execute();
      const res = await loginRaw(app, 'wangwei', 'wangwei123', {}, ip(6));
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('账户已被禁用，请联系管理员');
      await app.ctx.db.updateTable('user').set({ enabledMark: 1 }).where('account', '=', 'wangwei').execute();
      expect(body(await loginRaw(app, 'wangwei', 'wangwei123', {}, ip(6))).code).toBe(200);
    });

    it('records the login in system_log and rotates prev/last login fields', async () => {
      await login(app, 'operator', 'operator123', ip(7));
      const before = await app.ctx.db
        .selectFrom('user')
        .selectAll()
        .where('account', '=', 'operator')
        .executeTakeFirstOrThrow();
      const token = await login(app, 'operator', 'operator123', { remoteAddress: '127.0.0.1' });
      const res = await app.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }));
      const info = body(res).data.userInfo;
      expect(info.prevLogin).toBe(1);
      expect(info.prevLoginTime).toBe(before.lastLoginTime);
      expect(info.prevLoginIpAddress).toBe('10.1.0.7');
      expect(info.prevLoginIpAddressName).toBe('本地局域网');
      const logs = await app.ctx.db
        .selectFrom('system_log')
        .selectAll()
        .where('userId', '=', 'u-operator')
        .where('category', '=', 1)
        .execute();
      expect(logs.length).toBeGreaterThanOrEqual(2);
      expect(logs.some((l) => l.ipAddress === '127.0.0.1' && l.abstracts === '登录成功')).toBe(true);
    });
  });

  describe('image code and throttling', () => {
    const failN = async (account: string, n: number, from: number) => {
      for (let i = 0; i < n; i++) await loginRaw(app, account, 'wrong1234', {}, ip(from));
    };

    it('serves an SVG image code', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/oauth/ImageCode/1700000000001' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toContain('<svg');
      const bad = await app.inject({ method: 'GET', url: '/api/oauth/ImageCode/abc' });
      expect(body(bad)).toMatchObject({ code: 400, msg: 'timestamp: digits only (at most 20)' });
    });

    it('requires the image code after 3 failures of an account', async () => {
      const cfg = async () =>
        body(await app.inject({ method: 'GET', url: '/api/oauth/LoginConfig?account=manager', ...ip(20) }))
          .data;
      expect(await cfg()).toEqual({ needCode: false });
      await failN('manager', 2, 20);
      const third = await loginRaw(app, 'manager', 'wrong1234', {}, ip(20));
      expect(body(third).data).toEqual({ needCode: true });
      expect(await cfg()).toEqual({ needCode: true });

      // Right password but no code: refused.
      const noCode = await loginRaw(app, 'manager', 'manager123', {}, ip(20));
      expect(body(noCode)).toEqual({ code: 400, msg: '验证码错误', data: { needCode: true } });

      // Wrong code: refused, and the code is used up.
      await app.inject({ method: 'GET', url: '/api/oauth/ImageCode/555' });
      const wrongCode = await loginRaw(
        app,
        'manager',
        'manager123',
        { code: 'zzzz', timestamp: '555' },
        ip(20),
      );
      expect(body(wrongCode).msg).toBe('验证码错误');

      // Right code (read from the store, as a human reads the image): accepted once.
      await app.inject({ method: 'GET', url: '/api/oauth/ImageCode/556' });
      const row = await app.ctx.db
        .selectFrom('captcha')
        .selectAll()
        .where('timestamp', '=', '556')
        .executeTakeFirstOrThrow();
      const ok = await loginRaw(
        app,
        'manager',
        'manager123',
        { code: row.code.toUpperCase(), timestamp: '556' },
        ip(20),
      );
      expect(body(ok).code).toBe(200);
      // A success clears the account's failures.
      expect(await cfg()).toEqual({ needCode: false });
      // The code cannot be replayed.
      expect(
        await app.ctx.db.selectFrom('captcha').selectAll().where('timestamp', '=', '556').executeTakeFirst(),
      ).toBeUndefined();
    });

    it('throttles an account after 10 failures (429) even with the right password', async () => {
      await failN('lixiuying', 10, 30);
      const res = await loginRaw(app, 'lixiuying', 'whatever1', {}, ip(31));
      expect(res.statusCode).toBe(429);
      expect(body(res)).toMatchObject({ code: 429, msg: '登录失败次数过多，请15分钟后再试' });
    });

    it('throttles an address after 50 failures', async () => {
      for (let i = 0; i < 50; i++) await loginRaw(app, `ghost${i}`, 'wrong1234', {}, ip(40));
      const res = await loginRaw(app, 'admin', 'admin123', {}, ip(40));
      expect(res.statusCode).toBe(429);
      // Another address is unaffected.
      expect(body(await loginRaw(app, 'admin', 'admin123', {}, ip(41))).code).toBe(200);
    });
  });

  describe('tokens', () => {
    it('602 for a missing or unknown token, in all accepted forms', async () => {
      const none = await app.inject({ method: 'GET', url: '/api/oauth/CurrentUser' });
      expect(none.statusCode).toBe(401);
      expect(body(none)).toEqual({ code: 602, msg: '验证失败，请重新登录', data: null });
      const unknown = await app.inject({
        method: 'GET',
        url: '/api/oauth/CurrentUser',
        headers: { authorization: 'f'.repeat(64) },
      });
      expect(body(unknown).code).toBe(602);
      const token = await login(app, 'admin', 'admin123', ip(50));
      expect(
        body(
          await app.inject({
            method: 'GET',
            url: '/api/oauth/CurrentUser',
            headers: { authorization: `Bearer ${token}` },
          }),
        ).code,
      ).toBe(200);
      expect(
        body(await app.inject({ method: 'GET', url: `/api/oauth/CurrentUser?token=${token}` })).code,
      ).toBe(200);
    });

    it('601 after logout; other tokens of the user keep working', async () => {
      const a = await login(app, 'operator', 'operator123', ip(51));
      const b = await login(app, 'operator', 'operator123', ip(51));
      const out = await app.inject(authed(a, { method: 'GET', url: '/api/oauth/Logout' }));
      expect(body(out).code).toBe(200);
      const after = await app.inject(authed(a, { method: 'GET', url: '/api/oauth/CurrentUser' }));
      expect(after.statusCode).toBe(401);
      expect(body(after)).toEqual({ code: 601, msg: '您的账号在其他地方登录或已被强制下线', data: null });
      expect(body(await app.inject(authed(b, { method: 'GET', url: '/api/oauth/CurrentUser' }))).code).toBe(
        200,
      );
      const row = await app.ctx.db
        .selectFrom('token')
        .selectAll()
        .where('token', '=', a)
        .executeTakeFirstOrThrow();
      expect(row.revokeReason).toBe('logout');
    });

    it('600 once the sign-in expired (short TTL)', async () => {
      const short = await env.makeApp({ TOKEN_TTL_SECONDS: '1' });
      const token = await login(short, 'admin', 'admin123', ip(52));
      expect(
        body(await short.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }))).code,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      const res = await short.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }));
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ code: 600, msg: '登录过期,请重新登录', data: null });
    });

    it('slides the expiry on use, writing at most once a minute', async () => {
      let now = Date.now();
      const timed = await env.makeApp({ TOKEN_TTL_SECONDS: '600' }, { clock: () => now });
      const token = await login(timed, 'admin', 'admin123', ip(53));
      const expiresAt = async () =>
        (
          await timed.ctx.db
            .selectFrom('token')
            .select('expiresAt')
            .where('token', '=', token)
            .executeTakeFirstOrThrow()
        ).expiresAt;
      const first = await expiresAt();
      now += 30_000;
      await timed.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }));
      expect(await expiresAt()).toBe(first);
      now += 40_000;
      await timed.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }));
      expect(await expiresAt()).toBe(now + 600_000);
      // Without use for longer than the TTL it expires.
      now += 601_000;
      expect(
        body(await timed.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }))).code,
      ).toBe(600);
    });
  });

  describe('current user and lock screen', () => {
    const codes = (tree: Array<{ enCode: string; children: unknown[] }>): string[] =>
      tree.flatMap((n) => [n.enCode, ...codes(n.children as Array<{ enCode: string; children: unknown[] }>)]);

    it('gives the administrator every menu of all seven types, with buttons and columns', async () => {
      const token = await login(app, 'admin', 'admin123', ip(60));
      const d = body(await app.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }))).data;
      const all = codes(d.menuList);
      expect(all).toEqual(
        expect.arrayContaining([
          'lighting',
          'permission',
          'system',
          'systemData',
          'chat',
          'extend.manualTab',
        ]),
      );
      const flat: Array<{
        type: number;
        enCode: string;
        urlAddress: string;
        propertyJson: string;
        linkTarget: string;
      }> = [];
      const walk = (ns: Array<{ children: unknown[] }>): void =>
        ns.forEach((n) => {
          flat.push(n as unknown as (typeof flat)[number]);
          walk(n.children as Array<{ children: unknown[] }>);
        });
      walk(d.menuList);
      expect(new Set(flat.map((m) => m.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
      expect(flat.find((m) => m.enCode === 'dynamicModel.repairReport')).toMatchObject({
        type: 3,
        urlAddress: 'dynamicModel/repairReport',
        propertyJson: '{"moduleId":"vd-repair","isTree":0}',
      });
      expect(flat.find((m) => m.enCode === 'extend.manual')).toMatchObject({
        type: 7,
        urlAddress: '/help/index.html',
        linkTarget: '_self',
      });
      const user = d.permissionList.find((p: { moduleName: string }) => p.moduleName === '用户管理');
      expect(user.modelId).toBe('menu-permission.user');
      expect(user.button.map((b: { enCode: string }) => b.enCode)).toEqual([
        'btn_add',
        'btn_edit',
        'btn_remove',
        'btn_export',
      ]);
      expect(user.column.map((c: { enCode: string }) => c.enCode)).toEqual([
        'account',
        'realName',
        'gender',
        'mobile',
        'organize',
        'position',
        'enabledMark',
      ]);
      expect(d.userInfo).toMatchObject({
        userAccount: 'admin',
        userName: '系统管理员',
        isAdministrator: true,
        organizeName: '信息中心',
        positionName: '信息管理员',
      });
    });

    it('gives the operator no permission/system/systemData menus', async () => {
      const token = await login(app, 'operator', 'operator123', ip(61));
      const d = body(await app.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }))).data;
      const top = d.menuList.map((m: { enCode: string }) => m.enCode);
      expect(top).toEqual(['lighting', 'citizen', 'onlineDev', 'workFlow', 'chat']);
      expect(codes(d.menuList).some((c) => /^(permission|system)/.test(c))).toBe(false);
    });

    it('gives the manager permission.user read-only', async () => {
      const token = await login(app, 'manager', 'manager123', ip(62));
      const d = body(await app.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }))).data;
      expect(d.menuList.map((m: { enCode: string }) => m.enCode)).toEqual([
        'lighting',
        'workFlow',
        'permission',
        'chat',
      ]);
      const user = d.permissionList.find((p: { modelId: string }) => p.modelId === 'menu-permission.user');
      expect(user.button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_export']);
      expect(user.column).toHaveLength(7);
    });

    it('unlocks the screen only with the token user and the right password', async () => {
      const token = await login(app, 'operator', 'operator123', ip(63));
      const lock = (account: string, password: string) =>
        app.inject(
          authed(token, {
            method: 'POST',
            url: '/api/oauth/LockScreen',
            payload: { account, password: md5Hex(password) },
            ...ip(63),
          }),
        );
      expect(body(await lock('operator', 'operator123')).code).toBe(200);
      expect(body(await lock('operator', 'wrong123'))).toMatchObject({ code: 400, msg: '账户或密码错误' });
      expect(body(await lock('admin', 'admin123'))).toMatchObject({ code: 400, msg: '账户或密码错误' });
      const bad = await app.inject(
        authed(token, {
          method: 'POST',
          url: '/api/oauth/LockScreen',
          payload: { account: 'operator', password: 'x' },
        }),
      );
      expect(body(bad).msg).toMatch(/^password: /);
    });
  });

  it('LOGIN_CAPTCHA=always asks for the image code from the first attempt', async () => {
    const strict = await env.makeApp({ LOGIN_CAPTCHA: 'always' });
    expect(body(await strict.inject({ method: 'GET', url: '/api/oauth/LoginConfig' })).data).toEqual({
      needCode: true,
    });
    expect(body(await loginRaw(strict, 'admin', 'admin123', {}, ip(70))).msg).toBe('验证码错误');
  });
});
