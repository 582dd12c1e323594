import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  login,
  loginRaw,
  md5Hex,
  multipart,
  png,
  type TestEnv,
} from './helpers';

const BASE = '/api/system/Permission/Users/Current';

describe.each(TARGETS)('Users/Current (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let token: string;
  const call = (o: InjectOptions, t: string = token) => app.inject(authed(t, o));

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    token = await login(app, 'operator', 'operator123');
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const readUser = () =>
    app.ctx.db.selectFrom('user').selectAll().where('account', '=', 'operator').executeTakeFirstOrThrow();

  it('every Current call needs a token', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/BaseInfo`],
      ['PUT', `${BASE}/SystemTheme`],
      ['GET', `${BASE}/Subordinate`],
      ['GET', `${BASE}/Authorize`],
      ['GET', `${BASE}/SystemLog`],
      ['POST', `${BASE}/Actions/ModifyPassword`],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect([url, body(res).code]).toEqual([url, 602]);
    }
  });

  describe('avatar upload and set', () => {
    it('uploads an avatar image, serves it without a token, and sets it', async () => {
      const up = await call({
        method: 'POST',
        url: '/api/file/Uploader/userAvatar',
        ...multipart('me.png', 'image/png', png()),
      });
      const b = body(up);
      expect(b.code).toBe(200);
      expect(b.data.name).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(b.data.url).toBe(`/api/file/Image/userAvatar/${b.data.name}`);

      const img = await app.inject({ method: 'GET', url: b.data.url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['x-content-type-options']).toBe('nosniff');
      // re-encoded (files/image.ts): the same picture, written again without metadata
      expect(img.rawPayload.subarray(0, 8).equals(png().subarray(0, 8))).toBe(true);

      const set = await call({ method: 'PUT', url: `${BASE}/Avatar/${b.data.name}` });
      expect(body(set).code).toBe(200);
      const me = body(await call({ method: 'GET', url: '/api/oauth/CurrentUser' })).data.userInfo;
      expect(me.headIcon).toBe(b.data.url);
    });

    it("refuses another user's file, unknown and malformed names, changing nothing", async () => {
      const adminToken = await login(app, 'admin', 'admin123');
      const up = body(
        await call(
          { method: 'POST', url: '/api/file/Uploader/userAvatar', ...multipart('a.png', 'image/png', png()) },
          adminToken,
        ),
      );
      const before = (await readUser()).headIcon;
      expect(body(await call({ method: 'PUT', url: `${BASE}/Avatar/${up.data.name}` }))).toMatchObject({
        code: 404,
        msg: '文件不存在',
      });
      expect(body(await call({ method: 'PUT', url: `${BASE}/Avatar/${'a'.repeat(32)}.png` })).code).toBe(404);
      expect(body(await call({ method: 'PUT', url: `${BASE}/Avatar/..%2F..%2Fetc%2Fpasswd` }))).toMatchObject(
        {
          code: 400,
          msg: 'name: not an uploaded file name',
        },
      );
      expect((await readUser()).headIcon).toBe(before);
    });

    it('checks image uploads by mime AND magic bytes', async () => {
      const fake = await call({
        method: 'POST',
        url: '/api/file/Uploader/userAvatar',
        ...multipart('x.png', 'image/png', Buffer.from('<svg onload=alert(1)>')),
      });
      expect(body(fake)).toMatchObject({ code: 400 });
      expect(body(fake).msg).toMatch(/^file: /);
      const mislabelled = await call({
        method: 'POST',
        url: '/api/file/Uploader/quill',
        ...multipart('x.txt', 'text/plain', png()),
      });
      expect(body(mislabelled).code).toBe(400);
      const badType = await call({
        method: 'POST',
        url: '/api/file/Uploader/evil',
        ...multipart('x.png', 'image/png', png()),
      });
      expect(body(badType).msg).toBe('type: must be one of userAvatar, annex, annexpic, workFlow, quill, IM');
    });

    it('limits size to 2 MB for editor images (5 MB for IM)', async () => {
      const big = await call({
        method: 'POST',
        url: '/api/file/Uploader/quill',
        ...multipart('big.png', 'image/png', png(2 * 1024 * 1024 + 10)),
      });
      expect(body(big)).toEqual({ code: 400, msg: '文件大小超过2MB', data: null });
      const im = await call({
        method: 'POST',
        url: '/api/file/Uploader/IM',
        ...multipart('chat.png', 'image/png', png(3 * 1024 * 1024)),
      });
      expect(body(im).code).toBe(200);
      const imBig = await call({
        method: 'POST',
        url: '/api/file/Uploader/IM',
        ...multipart('chat.png', 'image/png', png(5 * 1024 * 1024 + 1)),
      });
      expect(body(imBig).msg).toBe('图片大小不能超过5M');
    });

    it('stores annexes as downloads (token required), never as inline images; markup is refused', async () => {
      const html = body(
        await call({
          method: 'POST',
          url: '/api/file/Uploader/annex',
          ...multipart('巡检报告.html', 'text/html', Buffer.from('<script>x</script>')),
        }),
      );
      expect(html).toMatchObject({ code: 400, msg: 'file: 不支持的文件类型' });
      const up = body(
        await call({
          method: 'POST',
          url: '/api/file/Uploader/annex',
          ...multipart('巡检报告.html', 'text/html', Buffer.from('x<script>x</script>')),
        }),
      );
      expect(up.code).toBe(200);
      expect(up.data.name).toMatch(/\.txt$/);
      expect(up.data.url).toBe(`/api/file/Download/annex/${up.data.name}`);
      expect((await call({ method: 'GET', url: `/api/file/Image/annex/${up.data.name}` })).statusCode).toBe(
        404,
      );
      expect(
        body(await app.inject({ method: 'GET', url: `/api/file/Download/annex/${up.data.name}` })).code,
      ).toBe(602);
      const dl = await call({ method: 'GET', url: `/api/file/Download/annex/${up.data.name}` });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('application/octet-stream');
      expect(String(dl.headers['content-disposition'])).toContain("filename*=UTF-8''%E5%B7%A1");
      expect(dl.body).toBe('x<script>x</script>');
    });
  });

  describe('BaseInfo', () => {
    it('reads and updates my base info', async () => {
      const got = body(await call({ method: 'GET', url: `${BASE}/BaseInfo` })).data;
      expect(got).toMatchObject({
        account: 'operator',
        realName: '李明',
        organize: '运维班组',
        position: '运维员',
        manager: '王志刚/manager',
        roleName: '运维操作员',
      });
      const payload = {
        realName: '李明明',
        gender: 2,
        mobile: '13912345678',
        email: 'li@example.com',
        signature: '路灯亮，城市暖',
        birthday: 631152000000,
      };
      // an unknown property is refused by name, and nothing is written
      const refused = await call({
        method: 'PUT',
        url: `${BASE}/BaseInfo`,
        payload: { ...payload, account: 'hacker' },
      });
      expect(body(refused)).toMatchObject({ code: 400, msg: 'account: not allowed' });
      expect((await readUser())?.realName).toBe('李明');
      const res = await call({ method: 'PUT', url: `${BASE}/BaseInfo`, payload });
      expect(body(res).code).toBe(200);
      const u = await readUser();
      expect(u).toMatchObject({
        realName: '李明明',
        gender: 2,
        mobile: '13912345678',
        email: 'li@example.com',
        signature: '路灯亮，城市暖',
        birthday: 631152000000,
      });
      expect(u.account).toBe('operator');
    });

    it.each([
      [
        'a bad mobile',
        { realName: '李明', mobile: '12345' },
        'mobile: please enter your mobile number correctly',
      ],
      [
        'a bad e-mail',
        { realName: '李明', email: 'no-at-sign' },
        'email: enter your e-mail address correctly',
      ],
      ['a name with symbols', { realName: '李<b>' }, 'realName: names may not contain special symbols'],
      ['an empty name', { realName: '' }, 'realName: must not be empty'],
      ['a missing name', { mobile: '13912345678' }, 'realName: required'],
      ['an unknown gender', { realName: '李明', gender: 9 }, 'gender: must be one of 1, 2, 3'],
      [
        'a long signature',
        { realName: '李明', signature: 'x'.repeat(201) },
        'signature: must be at most 200 characters',
      ],
    ])('rejects %s with a field message and changes nothing', async (_label, payload, msg) => {
      const before = await readUser();
      const res = await call({ method: 'PUT', url: `${BASE}/BaseInfo`, payload });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, msg, data: null });
      expect(await readUser()).toEqual(before);
    });
  });

  describe('theme and language', () => {
    it('sets a valid theme and language', async () => {
      expect(
        body(await call({ method: 'PUT', url: `${BASE}/SystemTheme`, payload: { theme: 'functional' } }))
          .code,
      ).toBe(200);
      expect(
        body(await call({ method: 'PUT', url: `${BASE}/SystemLanguage`, payload: { language: 'en' } })).code,
      ).toBe(200);
      const info = body(await call({ method: 'GET', url: '/api/oauth/CurrentUser' })).data.userInfo;
      expect(info).toMatchObject({ theme: 'functional', language: 'en' });
      // The next sign-in returns the theme.
      expect(body(await loginRaw(app, 'operator', 'operator123')).data.theme).toBe('functional');
    });

    it('rejects unknown values and changes nothing', async () => {
      const before = await readUser();
      expect(
        body(await call({ method: 'PUT', url: `${BASE}/SystemTheme`, payload: { theme: 'dark' } })).msg,
      ).toBe('theme: must be one of classic, functional, plain');
      expect(
        body(await call({ method: 'PUT', url: `${BASE}/SystemLanguage`, payload: { language: 'fr' } })).msg,
      ).toBe('language: must be one of zh, zhtw, en');
      expect(body(await call({ method: 'PUT', url: `${BASE}/SystemLanguage`, payload: {} })).msg).toBe(
        'language: required',
      );
      expect(await readUser()).toEqual(before);
    });
  });

  describe('subordinates, authorize, system log', () => {
    it('lists the users I manage', async () => {
      const managerToken = await login(app, 'manager', 'manager123');
      const list = body(await call({ method: 'GET', url: `${BASE}/Subordinate` }, managerToken)).data
        .list as Array<{ account: string }>;
      expect(list.map((u) => u.account)).toContain('operator');
      expect(list.length).toBeGreaterThan(1);
      expect(body(await call({ method: 'GET', url: `${BASE}/Subordinate` })).data.list).toEqual([]);
    });

    it('returns my menus, buttons and columns', async () => {
      const managerToken = await login(app, 'manager', 'manager123');
      const d = body(await call({ method: 'GET', url: `${BASE}/Authorize` }, managerToken)).data;
      expect(d.module.map((m: { enCode: string }) => m.enCode)).toEqual([
        'lighting',
        'workFlow',
        'permission',
        'chat',
      ]);
      const userButtons = d.button
        .filter((b: { menuCode: string }) => b.menuCode === 'permission.user')
        .map((b: { enCode: string }) => b.enCode);
      expect(userButtons).toEqual(['btn_export']);
      expect(d.column.filter((c: { menuCode: string }) => c.menuCode === 'permission.user')).toHaveLength(7);
    });

    it('pages my own system log with filters', async () => {
      const res = body(
        await call({ method: 'GET', url: `${BASE}/SystemLog?category=1&pageSize=2&currentPage=1` }),
      );
      expect(res.code).toBe(200);
      expect(res.data.pagination).toMatchObject({ currentPage: 1, pageSize: 2 });
      expect(res.data.pagination.total).toBeGreaterThanOrEqual(2);
      expect(res.data.list).toHaveLength(2);
      expect(res.data.list[0]).toMatchObject({ category: 1, abstracts: '登录成功' });
      const adminLogs = await app.ctx.db
        .selectFrom('system_log')
        .select('id')
        .where('userId', '=', 'u-admin')
        .execute();
      expect(adminLogs.length).toBeGreaterThan(0);
      const mine = body(await call({ method: 'GET', url: `${BASE}/SystemLog?pageSize=100` })).data
        .list as Array<{ id: string }>;
      expect(mine.some((l) => adminLogs.some((a) => a.id === l.id))).toBe(false);
      // Mutating requests are logged as category 5.
      const req = body(
        await call({ method: 'GET', url: `${BASE}/SystemLog?category=5&keyword=SystemTheme` }),
      ).data;
      expect(req.pagination.total).toBeGreaterThanOrEqual(1);
      const none = body(await call({ method: 'GET', url: `${BASE}/SystemLog?category=1&endTime=1` })).data;
      expect(none.pagination.total).toBe(0);
    });

    it.each([
      ['pageSize=101', 'pageSize: must be ≤ 100'],
      ['currentPage=0', 'currentPage: must be ≥ 1'],
      ['category=2', 'category: must be one of 1, 4, 5'],
      ['startTime=yesterday', 'startTime: must be integer'],
    ])('rejects SystemLog?%s', async (q, msg) => {
      expect(body(await call({ method: 'GET', url: `${BASE}/SystemLog?${q}` }))).toEqual({
        code: 400,
        msg,
        data: null,
      });
    });
  });

  describe('ModifyPassword', () => {
    it('rejects a wrong old password and bad md5 without changing anything', async () => {
      const before = await readUser();
      const wrong = await call({
        method: 'POST',
        url: `${BASE}/Actions/ModifyPassword`,
        payload: { oldPassword: md5Hex('nope1234'), password: md5Hex('newpass123') },
      });
      // the operator chose English above: without Accept-Language the server answers in it
      expect(body(wrong)).toEqual({ code: 400, msg: 'oldPassword: Wrong old password', data: null });
      const bad = await call({
        method: 'POST',
        url: `${BASE}/Actions/ModifyPassword`,
        payload: { oldPassword: md5Hex('operator123'), password: 'newpass123' },
      });
      expect(body(bad).msg).toBe('password: must be the 32-character lowercase hex MD5 of the password');
      expect((await readUser()).passwordHash).toBe(before.passwordHash);
    });

    it('changes the password and revokes my OTHER tokens', async () => {
      const other = await login(app, 'operator', 'operator123');
      const res = await call({
        method: 'POST',
        url: `${BASE}/Actions/ModifyPassword`,
        payload: { oldPassword: md5Hex('operator123'), password: md5Hex('newpass123') },
      });
      expect(body(res).code).toBe(200);
      expect(body(await call({ method: 'GET', url: `${BASE}/BaseInfo` })).code).toBe(200);
      expect(body(await call({ method: 'GET', url: `${BASE}/BaseInfo` }, other)).code).toBe(601);
      expect(body(await loginRaw(app, 'operator', 'operator123')).code).toBe(400);
      expect(body(await loginRaw(app, 'operator', 'newpass123')).code).toBe(200);
    });
  });
});
