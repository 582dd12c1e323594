import type { FastifyInstance, InjectOptions } from 'fastify';
import { TARGETS, authed, body, createEnv, login, type TestEnv } from './helpers';

describe.each(TARGETS)('data calls and permissions (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let manager: string;
  const get = (url: string, t: string) => app.inject(authed(t, { method: 'GET', url } as InjectOptions));

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    admin = await login(app, 'admin', 'admin123');
    operator = await login(app, 'operator', 'operator123');
    manager = await login(app, 'manager', 'manager123');
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('health answers without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 200, msg: 'Success', data: { status: 'ok' } });
  });

  it('unknown /api routes answer a 404 envelope, with or without a token', async () => {
    for (const r of [
      await app.inject({ method: 'GET', url: '/api/nothing/here' }),
      await get('/api/nothing', admin),
      await app.inject({ method: 'DELETE', url: '/api/health' }),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(body(r).code).toBe(404);
    }
  });

  describe('GET /api/system/Permission/Users', () => {
    it('403 for the operator, naming the missing menu', async () => {
      const res = await get('/api/system/Permission/Users', operator);
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ code: 403, msg: '权限不足: 缺少菜单 permission.user', data: null });
    });

    it('pages users for the administrator (and the read-only manager)', async () => {
      const res = body(await get('/api/system/Permission/Users', admin));
      expect(res.code).toBe(200);
      expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 345 });
      expect(res.data.list).toHaveLength(20);
      expect(res.data.list[0]).toEqual({
        id: 'u-admin',
        account: 'admin',
        realName: '系统管理员',
        gender: 1,
        mobile: '13800000001',
        email: 'admin@example.com',
        organizeId: 'dept-info',
        positionId: 'pos-it',
        organize: '信息中心',
        position: '信息管理员',
        enabledMark: 1,
        creatorTime: expect.any(Number),
        headIcon: '',
      });
      // 345 users: 17 full pages and 5 on the 18th
      expect(
        body(await get('/api/system/Permission/Users?currentPage=18&pageSize=20', manager)).data.list,
      ).toHaveLength(5);
    });

    it('filters by keyword and organisation subtree, sorts', async () => {
      const kw = body(
        await get(`/api/system/Permission/Users?keyword=${encodeURIComponent('建国')}`, admin),
      ).data;
      expect(kw.list.map((u: { realName: string }) => u.realName)).toEqual(['张建国']);
      // LIKE wildcards are literal.
      expect(body(await get('/api/system/Permission/Users?keyword=%25', admin)).data.pagination.total).toBe(
        0,
      );
      const org = body(
        await get('/api/system/Permission/Users?organizeId=org-lighting&pageSize=100', admin),
      ).data;
      const depts = new Set(org.list.map((u: { organize: string }) => u.organize));
      expect(depts).toEqual(new Set(['工程一部', '工程二部', '运维班组']));
      const sorted = body(await get('/api/system/Permission/Users?sidx=account&sort=desc&pageSize=3', admin))
        .data.list;
      const accounts = sorted.map((u: { account: string }) => u.account);
      expect(accounts).toEqual([...accounts].sort().reverse());
    });

    it.each([
      ['pageSize=101', 'pageSize: must be ≤ 100'],
      ['pageSize=abc', 'pageSize: must be integer'],
      ['currentPage=-1', 'currentPage: must be ≥ 1'],
      ['sort=up', 'sort: must be one of asc, desc'],
      [
        'sidx=passwordHash',
        'sidx: must be one of account, realName, gender, mobile, enabledMark, creatorTime, sortCode, ""',
      ],
    ])('rejects ?%s naming the field', async (q, msg) => {
      const res = await get(`/api/system/Permission/Users?${q}`, admin);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(msg);
    });

    it('a role change applies at once (cache invalidated)', async () => {
      await app.ctx.db
        .insertInto('role_menu')
        .values([
          { roleId: 'role-operator', menuId: 'menu-permission' },
          { roleId: 'role-operator', menuId: 'menu-permission.user' },
        ])
        .execute();
      app.ctx.access.invalidate();
      expect(body(await get('/api/system/Permission/Users', operator)).code).toBe(200);
      await app.ctx.db
        .deleteFrom('role_menu')
        .where('roleId', '=', 'role-operator')
        .where('menuId', 'in', ['menu-permission', 'menu-permission.user'])
        .execute();
      app.ctx.access.invalidate();
      expect(body(await get('/api/system/Permission/Users', operator)).code).toBe(403);
    });
  });

  it('Users/All lists enabled users for chat (token only)', async () => {
    expect(body(await app.inject({ method: 'GET', url: '/api/system/Permission/Users/All' })).code).toBe(602);
    const list = body(await get('/api/system/Permission/Users/All', operator)).data.list;
    expect(list).toHaveLength(345);
    expect(list.find((u: { account: string }) => u.account === 'operator')).toEqual({
      id: 'u-operator',
      realName: '李明',
      account: 'operator',
      headIcon: '',
      quickQuery: 'lm',
      department: '运维班组',
    });
  });

  it('DictionaryData/All returns every dictionary with its items', async () => {
    const list = body(await get('/api/system/Base/DictionaryData/All', operator)).data.list;
    const kinds = list.find((d: { enCode: string }) => d.enCode === 'assetKind');
    expect(kinds).toMatchObject({ id: 'dt-assetKind', fullName: '资产类型', isTree: 0 });
    expect(kinds.dictionaryList.map((d: { fullName: string }) => d.fullName)).toEqual([
      '路灯',
      '壁灯',
      '投光灯',
      '庭院灯',
      '灯杆',
      '变压器',
      '检查井',
      '手孔井',
      '电表',
      '控制箱',
      '分线箱',
      '共井',
    ]);
    const status = list.find((d: { enCode: string }) => d.enCode === 'assetStatus');
    expect(status.dictionaryList.map((d: { fullName: string }) => d.fullName)).toEqual([
      '已完成',
      '待上传',
      '待录入属性',
      '待标注',
      '离线',
      '故障',
      '亮灯',
      '灭灯',
    ]);
    const urgency = list.find((d: { enCode: string }) => d.enCode === 'urgency');
    expect(
      urgency.dictionaryList.map((d: { enCode: string; fullName: string }) => `${d.enCode}${d.fullName}`),
    ).toEqual(['1普通', '2重要', '3紧急']);
    expect(
      list.find((d: { enCode: string }) => d.enCode === 'faultType').dictionaryList.length,
    ).toBeGreaterThan(3);
  });

  it('FlowEngine/ListAll lists the released flows the caller may launch', async () => {
    const list = body(await get('/api/workflow/Engine/FlowEngine/ListAll', operator)).data.list;
    expect(list.map((f: { fullName: string }) => f.fullName)).toEqual(
      expect.arrayContaining(['故障维修工单', '工作票', '请假申请', '材料申领审批']),
    );
    expect(Object.keys(list[0]).sort()).toEqual([
      'category',
      'description',
      'enCode',
      'formType',
      'fullName',
      'icon',
      'iconBackground',
      'id',
      'type',
    ]);
  });

  describe('GET /api/visualdev/Base', () => {
    it('pages visual-dev bases for users with onlineDev.webDesign', async () => {
      const res = body(await get('/api/visualdev/Base?pageSize=2', operator));
      // the three models of the first seed and the two demo forms lowcode/seed.ts adds
      expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 5 });
      expect(res.data.list[0]).toMatchObject({ id: 'vd-repair', fullName: '报修登记' });
      const kw = body(await get(`/api/visualdev/Base?keyword=${encodeURIComponent('巡检')}`, operator)).data;
      expect(kw.list.map((v: { fullName: string }) => v.fullName)).toEqual(['路灯巡检记录']);
    });
    it('403 for the manager', async () => {
      expect(body(await get('/api/visualdev/Base', manager))).toEqual({
        code: 403,
        msg: '权限不足: 缺少菜单 onlineDev.webDesign',
        data: null,
      });
    });
    it('400 for bad paging', async () => {
      expect(body(await get('/api/visualdev/Base?pageSize=1000', operator)).msg).toBe(
        'pageSize: must be ≤ 100',
      );
    });
  });

  it('bad JSON and wrong content types get a 400 envelope', async () => {
    const res = await app.inject(
      authed(admin, {
        method: 'PUT',
        url: '/api/system/Permission/Users/Current/SystemTheme',
        headers: { 'content-type': 'application/json' },
        payload: '{"theme":',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, msg: 'body: invalid JSON', data: null });
    const xml = await app.inject(
      authed(admin, {
        method: 'PUT',
        url: '/api/system/Permission/Users/Current/SystemTheme',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
    );
    expect(body(xml).code).toBe(400);
  });
});
