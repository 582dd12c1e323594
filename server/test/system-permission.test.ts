/**
 * System administration, permission: organisations, departments, positions, users, roles,
 * authorisation by role / user / position, online users and force offline; plus the start-up seed
 * of a database created by an earlier version.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { seedContext } from '../src/seeding';
import { seedSystemIfEmpty } from '../src/system/seed';
import {
  TARGETS,
  body,
  createEnv,
  demoTokens,
  getAs,
  login,
  loginRaw,
  md5Hex,
  rowCount,
  sendAs,
  type TestEnv,
} from './helpers';

describe.each(TARGETS)('system permission (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let manager: string;

  const get = (token: string, url: string) => getAs(app, token, url);
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    sendAs(app, token, method, url, payload);
  const count = (table: 'organize' | 'position' | 'user' | 'role' | 'role_menu') =>
    rowCount(app.ctx.db, table);

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin, operator, manager } = await demoTokens(app));
  }, 60_000);
  afterAll(() => env.cleanup());

  describe('menus and grants of the demo accounts', () => {
    it('admin sees every administration page; operator none; manager only the user list with btn_export', async () => {
      const pages = [
        'permission/organize',
        'permission/department',
        'permission/position',
        'permission/user',
        'permission/role',
        'permission/authorize',
        'permission/userOnline',
        'system/area',
        'system/billRule',
        'system/notice',
        'system/log',
        'system/menu',
        'systemData/dictionary',
        'systemData/dataInterface',
      ];
      const urls = (list: Array<{ urlAddress: string; children: unknown[] }>): string[] =>
        list.flatMap((m) => [
          m.urlAddress,
          ...urls(m.children as Array<{ urlAddress: string; children: unknown[] }>),
        ]);
      const a = body(await get(admin, '/api/oauth/CurrentUser')).data;
      expect(urls(a.menuList)).toEqual(expect.arrayContaining(pages));
      const o = body(await get(operator, '/api/oauth/CurrentUser')).data;
      expect(urls(o.menuList).filter((u) => pages.includes(u))).toEqual([]);
      const m = body(await get(manager, '/api/oauth/CurrentUser')).data;
      expect(urls(m.menuList).filter((u) => pages.includes(u))).toEqual(['permission/user']);
      const perm = m.permissionList.find((p: { modelId: string }) => p.modelId === 'menu-permission.user');
      expect(perm.button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_export']);
    });

    it('a database from an earlier version gets the new menus, grants and data on start', async () => {
      const db = app.ctx.db;
      await db
        .deleteFrom('menu')
        .where('id', 'in', ['menu-permission.department', 'menu-systemData.dataInterface'])
        .execute();
      await db.deleteFrom('bill_rule').execute();
      expect(await seedSystemIfEmpty(db, seedContext({ dialect: app.ctx.dialect }))).toBe(true);
      const granted = await db
        .selectFrom('role_menu')
        .select('menuId')
        .where('roleId', '=', 'role-admin')
        .where('menuId', 'in', ['menu-permission.department', 'menu-systemData.dataInterface'])
        .execute();
      expect(granted).toHaveLength(2);
      const buttons = await db
        .selectFrom('role_button')
        .select('enCode')
        .where('menuId', '=', 'menu-permission.department')
        .execute();
      expect(buttons.map((b) => b.enCode).sort()).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
      expect((await db.selectFrom('bill_rule').select('enCode').execute()).map((r) => r.enCode)).toContain(
        'RepairOrder',
      );
      expect(await seedSystemIfEmpty(db, seedContext({ dialect: app.ctx.dialect }))).toBe(false);
      await app.ctx.invalidateAccess();
    });
  });

  describe('organisations and departments', () => {
    it('trees: companies, departments of a company, full tree', async () => {
      const orgs = body(await get(admin, '/api/system/Permission/Organize')).data.list;
      expect(orgs).toHaveLength(1);
      expect(orgs[0]).toMatchObject({ id: 'org-root', parentId: '-1', type: 'company', hasChildren: true });
      expect(orgs[0].children.every((c: { category: string }) => c.category === 'company')).toBe(true);
      const depts = body(await get(admin, '/api/system/Permission/Organize/org-lighting/Department')).data
        .list;
      expect(depts.map((d: { fullName: string }) => d.fullName)).toEqual([
        '工程一部',
        '工程二部',
        '运维班组',
      ]);
      const tree = body(await get(operator, '/api/system/Permission/Organize/Tree')).data.list;
      expect(tree[0].children.some((c: { type: string }) => c.type === 'department')).toBe(true);
      expect((await get(operator, '/api/system/Permission/Organize')).statusCode).toBe(403);
    });

    it('create company and department, duplicate / bad input change nothing, referenced deletes refused', async () => {
      const before = await count('organize');
      const bad = await send(admin, 'POST', '/api/system/Permission/Organize', {
        parentId: 'org-root',
        fullName: '坏@公司',
        enCode: 'BAD',
      });
      expect(body(bad).msg).toBe('fullName: names may not contain special symbols');
      const dup = await send(admin, 'POST', '/api/system/Permission/Organize', {
        parentId: 'org-root',
        fullName: '重复',
        enCode: 'ZMGCGS',
      });
      expect(body(dup).msg).toBe('enCode: 编码 "ZMGCGS" 已存在');
      const underDept = await send(admin, 'POST', '/api/system/Permission/Organize', {
        parentId: 'dept-office',
        fullName: '子公司',
        enCode: 'ZGS',
      });
      expect(body(underDept).msg).toBe('parentId: 组织的上级必须是组织');
      expect(await count('organize')).toBe(before);

      const company = body(
        await send(admin, 'POST', '/api/system/Permission/Organize', {
          parentId: 'org-root',
          fullName: '智慧路灯公司',
          enCode: 'ZHLDGS',
        }),
      ).data.id as string;
      const dept = body(
        await send(admin, 'POST', '/api/system/Permission/Organize/Department', {
          parentId: company,
          fullName: '集控中心',
          enCode: 'JKZX',
          managerId: 'u-manager',
        }),
      ).data.id as string;
      expect(body(await get(admin, `/api/system/Permission/Organize/Department/${dept}`)).data).toMatchObject(
        {
          parentId: company,
          category: 'department',
          managerId: 'u-manager',
        },
      );
      const list = body(
        await get(admin, `/api/system/Permission/Organize/${company}/Department?keyword=集控`),
      ).data.list;
      expect(list).toEqual([expect.objectContaining({ id: dept, manager: '王志刚', parentId: '-1' })]);
      const held = await send(admin, 'DELETE', `/api/system/Permission/Organize/${company}`);
      expect(body(held)).toMatchObject({ code: 400, msg: '该组织下有 1 个下级组织或部门，不能删除' });
      const withUsers = await send(admin, 'DELETE', '/api/system/Permission/Organize/Department/dept-maint');
      expect(body(withUsers).msg).toMatch(/^该部门下有 \d+ 个用户，不能删除$/);
      expect(
        (
          await send(manager, 'POST', '/api/system/Permission/Organize/Department', {
            parentId: company,
            fullName: '甲',
            enCode: 'J',
          })
        ).statusCode,
      ).toBe(403);
      const moved = await send(admin, 'PUT', `/api/system/Permission/Organize/${company}`, {
        parentId: company,
        fullName: '智慧路灯公司',
        enCode: 'ZHLDGS',
      });
      expect(body(moved).msg).toBe('parentId: 上级不能是自己或下级');
      expect(
        body(await send(admin, 'DELETE', `/api/system/Permission/Organize/Department/${dept}`)).code,
      ).toBe(200);
      expect(body(await send(admin, 'DELETE', `/api/system/Permission/Organize/${company}`)).code).toBe(200);
      expect(await count('organize')).toBe(before);
    });
  });

  describe('positions', () => {
    it('pages, filters by organisation, All and Selector; CRUD; in-use delete refused', async () => {
      const page = body(
        await get(admin, '/api/system/Permission/Position?organizeId=org-lighting&pageSize=50'),
      ).data;
      expect(page.list.map((p: { enCode: string }) => p.enCode)).toEqual(
        expect.arrayContaining(['engineer', 'maintainer']),
      );
      expect(page.list.find((p: { enCode: string }) => p.enCode === 'maintainer').userCount).toBeGreaterThan(
        0,
      );
      expect(
        body(await get(operator, '/api/system/Permission/Position/All')).data.list.length,
      ).toBeGreaterThan(8);
      const sel = body(await get(operator, '/api/system/Permission/Position/Selector')).data.list;
      expect(JSON.stringify(sel)).toContain('"type":"position"');
      const before = await count('position');
      expect(
        body(
          await send(admin, 'POST', '/api/system/Permission/Position', {
            fullName: '班长',
            enCode: 'lead',
            organizeId: 'nope',
          }),
        ).msg,
      ).toBe('organizeId: 组织不存在');
      expect(
        body(
          await send(admin, 'POST', '/api/system/Permission/Position', {
            fullName: '班长',
            enCode: 'engineer',
            organizeId: 'dept-maint',
          }),
        ).msg,
      ).toBe('enCode: 编码 "engineer" 已存在');
      expect(await count('position')).toBe(before);
      const id = body(
        await send(admin, 'POST', '/api/system/Permission/Position', {
          fullName: '班长',
          enCode: 'teamLead',
          organizeId: 'dept-maint',
        }),
      ).data.id as string;
      expect(body(await get(admin, `/api/system/Permission/Position/${id}`)).data.fullName).toBe('班长');
      expect(body(await send(admin, 'DELETE', '/api/system/Permission/Position/pos-maintainer')).msg).toMatch(
        /^该岗位下有 \d+ 个用户，不能删除$/,
      );
      expect((await send(manager, 'DELETE', `/api/system/Permission/Position/${id}`)).statusCode).toBe(403);
      expect(body(await send(admin, 'DELETE', `/api/system/Permission/Position/${id}`)).code).toBe(200);
    });
  });

  describe('users', () => {
    let newUser = '';

    it('create with the section 5 checks; duplicate account refused; the new user signs in', async () => {
      const before = await count('user');
      const base = {
        realName: '新员工',
        organizeId: 'dept-maint',
        positionId: 'pos-maintainer',
        password: md5Hex('abc12345'),
      };
      const cases: Array<[object, string]> = [
        [{ account: 'bad-name' }, 'account: digits and English only'],
        [{ account: 'newbie', mobile: '12345' }, 'mobile: please enter your mobile number correctly'],
        [{ account: 'newbie', email: 'x@' }, 'email: enter your e-mail address correctly'],
        [{ account: 'newbie', realName: '新*员工' }, 'realName: names may not contain special symbols'],
        [{ account: 'newbie', organizeId: 'nope' }, 'organizeId: 组织不存在'],
        [{ account: 'Operator' }, 'account: 账号 "Operator" 已存在'],
      ];
      for (const [over, msg] of cases) {
        const res = await send(admin, 'POST', '/api/system/Permission/Users', { ...base, ...over });
        expect([over, body(res).msg]).toEqual([over, msg]);
      }
      expect(await count('user')).toBe(before);
      expect(
        (await send(manager, 'POST', '/api/system/Permission/Users', { ...base, account: 'newbie' }))
          .statusCode,
      ).toBe(403);
      const created = body(
        await send(admin, 'POST', '/api/system/Permission/Users', {
          ...base,
          account: 'newbie',
          mobile: '13912345678',
          // optional fields may be sent empty (a form's cleared input)
          email: '',
          roleIds: ['role-operator'],
        }),
      );
      expect(created.code).toBe(200);
      newUser = created.data.id as string;
      expect(await count('user')).toBe(before + 1);
      const token = await login(app, 'newbie', 'abc12345');
      const me = body(await get(token, '/api/oauth/CurrentUser')).data;
      expect(me.userInfo.userName).toBe('新员工');
    });

    it('lists with keyword + organisation; gets, edits, resets the password, toggles state, deletes', async () => {
      const list = body(
        await get(admin, '/api/system/Permission/Users?keyword=newbie&organizeId=org-lighting'),
      ).data;
      expect(list.list.map((u: { id: string }) => u.id)).toEqual([newUser]);
      const u = body(await get(admin, `/api/system/Permission/Users/${newUser}`)).data;
      expect(u).toMatchObject({
        account: 'newbie',
        roleIds: ['role-operator'],
        positionId: 'pos-maintainer',
      });
      const edited = await send(admin, 'PUT', `/api/system/Permission/Users/${newUser}`, {
        realName: '新员工甲',
        organizeId: 'dept-east',
        gender: 2,
        roleIds: [],
      });
      expect(body(edited).code).toBe(200);
      expect(body(await get(admin, `/api/system/Permission/Users/${newUser}`)).data).toMatchObject({
        realName: '新员工甲',
        organizeId: 'dept-east',
        roleIds: [],
      });
      const token = await login(app, 'newbie', 'abc12345');
      expect(
        body(
          await send(manager, 'POST', `/api/system/Permission/Users/${newUser}/Actions/ResetPassword`, {
            userPassword: md5Hex('new12345'),
          }),
        ).code,
      ).toBe(403);
      expect(
        body(
          await send(admin, 'POST', `/api/system/Permission/Users/${newUser}/Actions/ResetPassword`, {
            userPassword: 'plain',
          }),
        ).msg,
      ).toBe('userPassword: must be the 32-character lowercase hex MD5 of the password');
      expect(
        body(
          await send(admin, 'POST', `/api/system/Permission/Users/${newUser}/Actions/ResetPassword`, {
            userPassword: md5Hex('new12345'),
          }),
        ).code,
      ).toBe(200);
      expect(body(await get(token, '/api/oauth/CurrentUser')).code).toBe(601);
      expect(body(await loginRaw(app, 'newbie', 'abc12345')).code).not.toBe(200);
      await login(app, 'newbie', 'new12345');
      expect(
        body(await send(admin, 'PUT', `/api/system/Permission/Users/${newUser}/Actions/State`)).data,
      ).toEqual({ enabledMark: 0 });
      expect(body(await loginRaw(app, 'newbie', 'new12345')).code).not.toBe(200);
      expect(body(await send(admin, 'PUT', '/api/system/Permission/Users/u-admin/Actions/State')).msg).toBe(
        '不能禁用自己',
      );
      expect(body(await send(admin, 'DELETE', '/api/system/Permission/Users/u-admin')).msg).toBe(
        '不能删除自己',
      );
      expect(body(await send(admin, 'DELETE', `/api/system/Permission/Users/${newUser}`)).code).toBe(200);
      expect(body(await get(admin, `/api/system/Permission/Users/${newUser}`)).code).toBe(404);
      const sel = body(await get(operator, '/api/system/Permission/Users/Selector')).data.list;
      expect(JSON.stringify(sel)).toContain('"type":"user"');
    });
  });

  describe('roles and authorisation', () => {
    it('role CRUD, members, referenced delete refused', async () => {
      const before = await count('role');
      expect(
        body(
          await send(admin, 'POST', '/api/system/Permission/Role', { fullName: '重复', enCode: 'operator' }),
        ).msg,
      ).toBe('enCode: 编码 "operator" 已存在');
      expect(await count('role')).toBe(before);
      const id = body(
        await send(admin, 'POST', '/api/system/Permission/Role', { fullName: '巡检员', enCode: 'inspector' }),
      ).data.id as string;
      const list = body(await get(admin, '/api/system/Permission/Role?keyword=巡检')).data.list;
      expect(list).toEqual([expect.objectContaining({ id, userCount: 0 })]);
      expect(
        body(await send(admin, 'PUT', `/api/system/Permission/Role/${id}/Users`, { userIds: ['u-0001'] }))
          .code,
      ).toBe(200);
      expect(body(await send(admin, 'DELETE', `/api/system/Permission/Role/${id}`)).msg).toBe(
        '该角色下有 1 个用户，不能删除',
      );
      expect((await send(manager, 'DELETE', `/api/system/Permission/Role/${id}`)).statusCode).toBe(403);
      await send(admin, 'PUT', `/api/system/Permission/Role/${id}/Users`, { userIds: [] });
      expect(body(await send(admin, 'DELETE', `/api/system/Permission/Role/${id}`)).code).toBe(200);
    });

    it('granting the operator role a menu shows it at the next load and the server allows it at once', async () => {
      const data = body(await get(admin, '/api/system/Permission/Authority/Data/Role/role-operator')).data;
      expect(data.module.length).toBeGreaterThan(3);
      expect(data.ids.module).toContain('menu-chat');
      const grants = {
        module: [...data.ids.module, 'menu-system', 'menu-system.area'],
        button: [...data.ids.button, 'menu-system.area:b:btn_add'],
        column: data.ids.column,
        resource: data.ids.resource,
      };
      expect((await get(operator, '/api/system/Base/Area/-1')).statusCode).toBe(403);
      const bad = await send(admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-operator', {
        ...grants,
        button: [...grants.button, 'menu-system.log:b:btn_remove'],
      });
      expect(body(bad).msg).toBe('button: 菜单未授权: menu-system.log:b:btn_remove');
      expect(
        (await send(manager, 'PUT', '/api/system/Permission/Authority/Data/Role/role-operator', grants))
          .statusCode,
      ).toBe(403);
      expect(
        body(await send(admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-operator', grants))
          .code,
      ).toBe(200);
      expect((await get(operator, '/api/system/Base/Area/-1')).statusCode).toBe(200);
      const me = body(await get(operator, '/api/oauth/CurrentUser')).data;
      expect(me.menuList.some((m: { enCode: string }) => m.enCode === 'system')).toBe(true);
      expect((await send(operator, 'DELETE', '/api/system/Base/Area/area-province')).statusCode).toBe(403);
      await send(admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-operator', data.ids);
      expect((await get(operator, '/api/system/Base/Area/-1')).statusCode).toBe(403);
    });

    it('authorisation by user and by position; data scope limits the user list', async () => {
      // By user: the operator gets the user list with a "self" data scope.
      const grants = {
        module: ['menu-permission', 'menu-permission.user'],
        button: [],
        column: ['menu-permission.user:c:account'],
        resource: ['menu-permission.user:d:department'],
      };
      expect(
        body(await send(admin, 'PUT', '/api/system/Permission/Authority/Data/User/u-operator', grants)).code,
      ).toBe(200);
      const list = body(await get(operator, '/api/system/Permission/Users?pageSize=100')).data;
      expect(list.list.length).toBeGreaterThan(0);
      expect(list.list.every((u: { organizeId: string }) => u.organizeId === 'dept-maint')).toBe(true);
      const back = body(await get(admin, '/api/system/Permission/Authority/Data/User/u-operator')).data.ids;
      expect(back.resource).toEqual(['menu-permission.user:d:department']);
      await send(admin, 'PUT', '/api/system/Permission/Authority/Data/User/u-operator', {
        module: [],
        button: [],
        column: [],
        resource: [],
      });
      expect((await get(operator, '/api/system/Permission/Users')).statusCode).toBe(403);
      // By position: every maintainer (the operator's position) gets the area page.
      await send(admin, 'PUT', '/api/system/Permission/Authority/Data/Position/pos-maintainer', {
        module: ['menu-system', 'menu-system.area'],
        button: [],
        column: [],
        resource: [],
      });
      expect((await get(operator, '/api/system/Base/Area/-1')).statusCode).toBe(200);
      await send(admin, 'PUT', '/api/system/Permission/Authority/Data/Position/pos-maintainer', {
        module: [],
        button: [],
        column: [],
        resource: [],
      });
      expect((await get(operator, '/api/system/Base/Area/-1')).statusCode).toBe(403);
      expect(body(await get(admin, '/api/system/Permission/Authority/Data/Position/nope')).code).toBe(404);
    });
  });

  describe('online users', () => {
    it('lists sessions and forces a user offline: token revoked (601), socket told to log out', async () => {
      const victim = await login(app, 'manager', 'manager123');
      const online = body(await get(admin, '/api/system/Permission/OnlineUser?keyword=manager')).data.list;
      // one row per person, their sign-ins inside (the manager signed in twice by now)
      expect(online).toHaveLength(1);
      expect(online[0]).toMatchObject({
        userId: 'u-manager',
        account: 'manager',
        loginIp: expect.any(String),
        loginAddress: '本地局域网',
        connected: false,
      });
      expect(online[0].sessionCount).toBeGreaterThanOrEqual(2);
      expect(online[0].sessions).toHaveLength(online[0].sessionCount);
      expect(JSON.stringify(online)).not.toContain(victim);

      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/message/websocket`;
      const ws = new WebSocket(url);
      const messages: Array<{ method: string; msg?: string }> = [];
      ws.on('message', (d) => messages.push(JSON.parse(String(d)) as { method: string; msg?: string }));
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify({ method: 'OnConnection', token: victim, mobileDevice: false }));
      const waitFor = async (method: string) => {
        for (let i = 0; i < 150 && !messages.some((m) => m.method === method); i++)
          await new Promise((r) => setTimeout(r, 20));
        return messages.find((m) => m.method === method);
      };
      expect(await waitFor('initMessage')).toBeDefined();
      // a second page of theirs, in English: its messages are worded in English
      const wsEn = new WebSocket(url);
      const english: Array<{ method: string; msg?: string }> = [];
      wsEn.on('message', (d) => english.push(JSON.parse(String(d)) as { method: string; msg?: string }));
      await new Promise((r) => wsEn.once('open', r));
      wsEn.send(
        JSON.stringify({ method: 'OnConnection', token: victim, mobileDevice: false, language: 'en' }),
      );
      for (let i = 0; i < 150 && !english.some((m) => m.method === 'initMessage'); i++)
        await new Promise((r) => setTimeout(r, 20));
      // a page of theirs is open now: the person is online
      const now = body(await get(admin, '/api/system/Permission/OnlineUser?keyword=manager')).data.list;
      expect(now.map((p: { connected: boolean }) => p.connected)).toEqual([true]);

      expect((await send(operator, 'DELETE', '/api/system/Permission/OnlineUser/u-manager')).statusCode).toBe(
        403,
      );
      expect(body(await send(admin, 'DELETE', '/api/system/Permission/OnlineUser/u-admin')).msg).toBe(
        '不能强制自己下线',
      );
      const res = body(await send(admin, 'DELETE', '/api/system/Permission/OnlineUser/u-manager'));
      expect(res.code).toBe(200);
      expect(res.data.sessions).toBeGreaterThanOrEqual(2);
      expect(await waitFor('logout')).toEqual({ method: 'logout', msg: '您已被管理员强制下线' });
      for (let i = 0; i < 150 && !english.some((m) => m.method === 'logout'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(english.find((m) => m.method === 'logout')).toEqual({
        method: 'logout',
        msg: 'An administrator signed you out',
      });
      wsEn.close();
      expect(body(await get(victim, '/api/oauth/CurrentUser')).code).toBe(601);
      expect(body(await get(manager, '/api/oauth/CurrentUser')).code).toBe(601);
      ws.close();
      manager = await login(app, 'manager', 'manager123');
      expect(body(await get(manager, '/api/oauth/CurrentUser')).code).toBe(200);
    });
  });
});
