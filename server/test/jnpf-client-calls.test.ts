/**
 * The JNPF 3.x web client (Vue 2) pointed at our server (issue 23 items 1 and 2, the non-workflow
 * part): each call replayed with the path, method, query and body the real client sends, read from
 * its public source (Angelo0504/lowcodeplatform_web, cited per call), on both databases. Each is
 * routed (not 404), answers in our envelope, is refused (403) to a user without the menu, and the
 * answer has the fields that client reads.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  TARGETS,
  body,
  createEnv,
  demoTokens,
  getAs,
  sendAs,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(TARGETS)('JNPF 3.x client calls (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let nobody: string;

  const call = (token: string, method: Method, url: string, payload?: object) =>
    method === 'GET' ? getAs(app, token, url) : sendAs(app, token, method, url, payload);

  /** Routed, enveloped, 200: the answer's data. */
  const okData = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    const b = body(r);
    expect({ status: r.statusCode, code: b.code, msg: b.msg }).toEqual({
      status: 200,
      code: 200,
      msg: expect.any(String),
    });
    expect(Object.keys(b).sort()).toEqual(['code', 'data', 'msg']);
    return b.data;
  };
  /** Routed and guarded: the user without grants gets 403 in the envelope. */
  const refused = async (method: Method, url: string, payload?: object) => {
    const r = await call(nobody, method, url, payload);
    expect({ status: r.statusCode, code: body(r).code }).toEqual({ status: 403, code: 403 });
  };

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin } = await demoTokens(app));
    nobody = await tokenWithoutGrants(app, admin, 'jnpfnobody');
  }, 60_000);
  afterAll(() => env.cleanup());

  describe('menus: /api/system/Base/Menu (src/api/system/menu.js, src/views/system/menu)', () => {
    const BASE = '/api/system/Base/Menu';
    let id = '';
    // src/views/system/menu/Form.vue: dataForm as dataFormSubmit sends it for a new page (type 2)
    const created = {
      id: '',
      parentId: '-1',
      fullName: '三期演示页',
      enCode: 'jnpfDemo.page',
      sortCode: 0,
      icon: 'icon-ym icon-ym-extend',
      type: 2,
      urlAddress: 'extend/jnpfDemo',
      category: 'Web',
      linkTarget: '_self',
      isButtonAuthorize: 1,
      isColumnAuthorize: 1,
      isDataAuthorize: 1,
      enabledMark: 1,
      description: '',
      propertyJson: { moduleId: '', iconBackgroundColor: '', isTree: 0 },
    };

    it('lists the tree with the fields index.vue reads (keyword, category=Web)', async () => {
      const data = await okData(call(admin, 'GET', `${BASE}?keyword=&category=Web`));
      expect(Array.isArray(data.list)).toBe(true);
      const flat: Array<Record<string, unknown>> = [];
      const walk = (xs: Array<Record<string, unknown>>) =>
        xs.forEach((x) => {
          flat.push(x);
          if (Array.isArray(x.children)) walk(x.children as Array<Record<string, unknown>>);
        });
      walk(data.list);
      const menuPage = flat.find((m) => m.enCode === 'system.menu');
      expect(menuPage).toMatchObject({
        id: expect.any(String),
        fullName: expect.any(String),
        type: 2,
        enabledMark: 1,
        sortCode: expect.any(Number),
        icon: expect.any(String),
        urlAddress: 'system/menu',
        isButtonAuthorize: 1,
        isColumnAuthorize: 1,
      });
      await refused('GET', `${BASE}?keyword=&category=Web`);
    });

    it('creates a page as Form.vue sends it, reads it, round-trips it through update', async () => {
      await okData(call(admin, 'POST', BASE, created));
      const list = await okData(call(admin, 'GET', `${BASE}?keyword=jnpfDemo&category=Web`));
      id = list.list[0].id as string;
      const info = await okData(call(admin, 'GET', `${BASE}/${id}`));
      expect(info).toMatchObject({
        id,
        parentId: '-1',
        fullName: '三期演示页',
        enCode: 'jnpfDemo.page',
        type: 2,
        urlAddress: 'extend/jnpfDemo',
        category: 'Web',
        enabledMark: 1,
        propertyJson: expect.any(String),
      });
      // Form.vue: this.dataForm = res.data; propertyJson parsed into an object; sent back on save
      const edited = { ...info, fullName: '三期演示页二', propertyJson: JSON.parse(info.propertyJson) };
      await okData(call(admin, 'PUT', `${BASE}/${id}`, edited));
      expect((await okData(call(admin, 'GET', `${BASE}/${id}`))).fullName).toBe('三期演示页二');
      await refused('POST', BASE, { ...created, enCode: 'jnpfDemo.other' });
      await refused('PUT', `${BASE}/${id}`, edited);
      await refused('GET', `${BASE}/${id}`);
    });

    it('refuses a field the client never sends, naming it; and an id that is not the one edited', async () => {
      const r = body(await call(admin, 'POST', BASE, { ...created, enCode: 'jnpfDemo.x', bogus: 1 }));
      expect(r.code).toBe(400);
      expect(r.msg).toContain('bogus');
      const info = await okData(call(admin, 'GET', `${BASE}/${id}`));
      const w = body(await call(admin, 'PUT', `${BASE}/${id}`, { ...info, id: 'menu-system.menu' }));
      expect(w.code).toBe(400);
      expect(w.msg).toMatch(/^id: /);
    });

    it('parent selectors: Selector?category (Form.vue), Selector/{id} and Selector/All', async () => {
      const sel = await okData(call(admin, 'GET', `${BASE}/Selector?category=Web`));
      expect(sel.list.length).toBeGreaterThan(0);
      expect(sel.list[0]).toMatchObject({ id: expect.any(String), fullName: expect.any(String) });
      const all = await okData(call(admin, 'GET', `${BASE}/Selector/0`));
      const dirId = all.list[0].id as string;
      const without = await okData(call(admin, 'GET', `${BASE}/Selector/${dirId}`));
      expect(without.list.map((m: { id: string }) => m.id)).not.toContain(dirId);
      const every = await okData(call(admin, 'GET', `${BASE}/Selector/All?category=Web`));
      expect(JSON.stringify(every.list)).toContain('"enCode":"jnpfDemo.page"');
      await refused('GET', `${BASE}/Selector?category=Web`);
      await refused('GET', `${BASE}/Selector/0`);
      await refused('GET', `${BASE}/Selector/All`);
    });

    it('toggles the state (index.vue handleUpdateState) and deletes (handleDel)', async () => {
      await refused('PUT', `${BASE}/${id}/Actions/State`);
      await okData(call(admin, 'PUT', `${BASE}/${id}/Actions/State`));
      expect((await okData(call(admin, 'GET', `${BASE}/${id}`))).enabledMark).toBe(0);
      await refused('DELETE', `${BASE}/${id}`);
      await okData(call(admin, 'DELETE', `${BASE}/${id}`));
      expect((await call(admin, 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
    });
  });

  describe('buttons and columns of a menu: ModuleButton, ModuleColumn', () => {
    const MENU = 'menu-system.area';

    it('ModuleButton: List, Selector, create, info, update, state, delete (buttonAuthorize/*.vue)', async () => {
      const B = '/api/system/Base/ModuleButton';
      const list = await okData(call(admin, 'GET', `${B}/${MENU}/List?keyword=`));
      expect(list.list.map((b: { enCode: string }) => b.enCode)).toEqual(
        expect.arrayContaining(['btn_add', 'btn_edit', 'btn_remove']),
      );
      expect(list.list[0]).toMatchObject({
        id: expect.any(String),
        fullName: expect.any(String),
        enCode: expect.any(String),
        sortCode: expect.any(Number),
        enabledMark: 1,
      });
      await refused('GET', `${B}/${MENU}/List?keyword=`);
      // Form.vue puts the answer under 顶级节点; buttons have no parent here, so that is the only choice
      expect((await okData(call(admin, 'GET', `${B}/${MENU}/Selector`))).list).toEqual([]);
      await refused('GET', `${B}/${MENU}/Selector`);
      // buttonAuthorize/index.vue addHandle: the 常用按钮 body
      const add = {
        parentId: '-1',
        moduleId: MENU,
        fullName: '导出',
        enCode: 'btn_download',
        sortCode: 0,
        icon: '',
        enabledMark: 1,
        description: '',
      };
      await refused('POST', B, add);
      await okData(call(admin, 'POST', B, add));
      const after = await okData(call(admin, 'GET', `${B}/${MENU}/List?keyword=download`));
      expect(after.list).toHaveLength(1);
      const id = after.list[0].id as string;
      const info = await okData(call(admin, 'GET', `${B}/${id}`));
      expect(info).toMatchObject({
        id,
        moduleId: MENU,
        enCode: 'btn_download',
        fullName: '导出',
        enabledMark: 1,
      });
      // buttonAuthorize/Form.vue: dataForm = res.data, sent back with the edit
      await okData(call(admin, 'PUT', `${B}/${id}`, { ...info, fullName: '导出数据' }));
      expect((await okData(call(admin, 'GET', `${B}/${id}`))).fullName).toBe('导出数据');
      await refused('PUT', `${B}/${id}`, { ...info, fullName: 'x' });
      await refused('PUT', `${B}/${id}/Actions/State`);
      await okData(call(admin, 'PUT', `${B}/${id}/Actions/State`));
      expect((await okData(call(admin, 'GET', `${B}/${id}`))).enabledMark).toBe(0);
      // a disabled button is granted to nobody: the area page's permission list leaves it out
      const me = await okData(call(admin, 'GET', '/api/oauth/CurrentUser'));
      const perm = (me.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>).find(
        (p) => p.modelId === MENU,
      );
      expect(perm?.button.map((b) => b.enCode)).not.toContain('btn_download');
      await refused('DELETE', `${B}/${id}`);
      await okData(call(admin, 'DELETE', `${B}/${id}`));
      expect((await call(admin, 'GET', `${B}/${id}`)).statusCode).toBe(404);
    });

    it('ModuleColumn: Fields, create, Actions/Batch, info, update, state, delete (columnAuthorize/*.vue)', async () => {
      const C = '/api/system/Base/ModuleColumn';
      const fields = await okData(call(admin, 'GET', `${C}/${MENU}/Fields?keyword=`));
      expect(Array.isArray(fields.list)).toBe(true);
      await refused('GET', `${C}/${MENU}/Fields?keyword=`);
      // columnAuthorize/Form.vue: dataForm of a new field
      const one = {
        id: '',
        moduleId: MENU,
        bindTable: '',
        bindTableName: '',
        fullName: '区域备注',
        enCode: 'jnpfNote',
        enabledMark: 1,
        description: '',
      };
      await refused('POST', C, one);
      await okData(call(admin, 'POST', C, one));
      // columnAuthorize/BatchForm.vue: the JSON typed into the editor becomes columnJson
      const batch = {
        moduleId: MENU,
        bindTable: '',
        bindTableName: '',
        columnJson: [
          { enCode: 'jnpfA', fullName: '甲' },
          { enCode: 'jnpfB', fullName: '乙' },
        ],
      };
      await refused('POST', `${C}/Actions/Batch`, batch);
      await okData(call(admin, 'POST', `${C}/Actions/Batch`, batch));
      const now = await okData(call(admin, 'GET', `${C}/${MENU}/Fields?keyword=jnpf`));
      expect(now.list.map((c: { enCode: string }) => c.enCode).sort()).toEqual([
        'jnpfA',
        'jnpfB',
        'jnpfNote',
      ]);
      const id = now.list.find((c: { enCode: string }) => c.enCode === 'jnpfNote').id as string;
      const info = await okData(call(admin, 'GET', `${C}/${id}`));
      expect(info).toMatchObject({
        id,
        moduleId: MENU,
        enCode: 'jnpfNote',
        fullName: '区域备注',
        enabledMark: 1,
      });
      await okData(call(admin, 'PUT', `${C}/${id}`, { ...info, fullName: '备注' }));
      expect((await okData(call(admin, 'GET', `${C}/${id}`))).fullName).toBe('备注');
      await okData(call(admin, 'PUT', `${C}/${id}/Actions/State`));
      expect((await okData(call(admin, 'GET', `${C}/${id}`))).enabledMark).toBe(0);
      await refused('PUT', `${C}/${id}/Actions/State`);
      await refused('DELETE', `${C}/${id}`);
      for (const c of now.list as Array<{ id: string }>) await okData(call(admin, 'DELETE', `${C}/${c.id}`));
      expect((await okData(call(admin, 'GET', `${C}/${MENU}/Fields?keyword=jnpf`))).list).toEqual([]);
    });

    it('a duplicate code is refused naming enCode', async () => {
      const r = body(
        await call(admin, 'POST', '/api/system/Base/ModuleButton', {
          parentId: '-1',
          moduleId: MENU,
          fullName: '新增',
          enCode: 'btn_add',
          sortCode: 0,
          icon: '',
          enabledMark: 1,
          description: '',
        }),
      );
      expect(r.code).toBe(400);
      expect(r.msg).toMatch(/^enCode: /);
    });
  });

  describe('system log: /api/system/Base/Log (src/api/system/log.js, src/views/system/log/index.vue)', () => {
    it('lists a category as GET Log/{category} with the page params and reads list + pagination.total', async () => {
      const q = 'keyword=&startTime=&endTime=&currentPage=1&pageSize=20&sort=desc';
      const data = await okData(call(admin, 'GET', `/api/system/Base/Log/1?${q}`));
      expect(data.pagination.total).toBeGreaterThan(0);
      expect(data.list[0]).toMatchObject({
        id: expect.any(String),
        creatorTime: expect.any(Number),
        userName: expect.any(String),
        ipaddress: expect.any(String),
      });
      await okData(call(admin, 'GET', `/api/system/Base/Log/5?${q}`));
      expect(body(await call(admin, 'GET', `/api/system/Base/Log/2?${q}`)).code).toBe(400);
      await refused('GET', `/api/system/Base/Log/1?${q}`);
    });

    it('deletes the selected rows: DELETE Log with {ids}', async () => {
      const before = await okData(call(admin, 'GET', '/api/system/Base/Log/1?currentPage=1&pageSize=20'));
      const ids = (before.list as Array<{ id: string }>).slice(0, 1).map((x) => x.id);
      await refused('DELETE', '/api/system/Base/Log', { ids });
      await okData(call(admin, 'DELETE', '/api/system/Base/Log', { ids }));
      const after = await okData(call(admin, 'GET', '/api/system/Base/Log/1?currentPage=1&pageSize=20'));
      expect((after.list as Array<{ id: string }>).map((x) => x.id)).not.toContain(ids[0]);
      const none = body(await call(admin, 'DELETE', '/api/system/Base/Log', {}));
      expect(none.code).toBe(400);
    });
  });

  describe('online users: /api/system/Base/OnlineUser (src/views/permission/userOnline/index.vue)', () => {
    it('answers the array the page reads (res.data) with userId, userName, loginIPAddress, loginTime', async () => {
      const data = await okData(call(admin, 'GET', '/api/system/Base/OnlineUser?keyword='));
      expect(Array.isArray(data)).toBe(true);
      expect(data.find((u: { userId: string }) => u.userId === 'u-admin')).toMatchObject({
        userId: 'u-admin',
        userName: expect.any(String),
        loginIPAddress: expect.any(String),
        loginTime: expect.any(Number),
      });
      await refused('GET', '/api/system/Base/OnlineUser?keyword=');
      await refused('DELETE', '/api/system/Base/OnlineUser/u-manager');
      expect(body(await call(admin, 'DELETE', '/api/system/Base/OnlineUser/u-admin')).code).toBe(400);
    });
  });

  describe('members: Permission/UserRelation/{objectId} (src/views/permission/userRelation/Selector.vue)', () => {
    const R = '/api/system/Permission/UserRelation';

    it("reads and saves a role's members as the picker does (data.ids; {objectId, objectType, userIds})", async () => {
      const role = (await okData(call(admin, 'GET', '/api/system/Permission/Role?currentPage=1&pageSize=20')))
        .list[0].id as string;
      const before = (await okData(call(admin, 'GET', `${R}/${role}`))).ids as string[];
      expect(Array.isArray(before)).toBe(true);
      await refused('GET', `${R}/${role}`);
      const saved = { objectId: role, objectType: 'Role', userIds: [...new Set([...before, 'u-manager'])] };
      await refused('POST', `${R}/${role}`, saved);
      await okData(call(admin, 'POST', `${R}/${role}`, saved));
      expect((await okData(call(admin, 'GET', `${R}/${role}`))).ids).toContain('u-manager');
      // the same members as our own Role/{id}/Users
      const ours = await okData(call(admin, 'GET', `/api/system/Permission/Role/${role}/Users`));
      expect(ours.list.map((u: { id: string }) => u.id).sort()).toEqual([...saved.userIds].sort());
      await okData(call(admin, 'POST', `${R}/${role}`, { ...saved, userIds: before }));
      const wrong = body(await call(admin, 'POST', `${R}/${role}`, { ...saved, objectType: 'Position' }));
      expect(wrong.code).toBe(400);
      expect(wrong.msg).toMatch(/^objectType: /);
    });

    it("reads and saves a position's members: the users whose position it is", async () => {
      const pos = (
        await okData(call(admin, 'GET', '/api/system/Permission/Position?currentPage=1&pageSize=20'))
      ).list[0].id as string;
      const before = (await okData(call(admin, 'GET', `${R}/${pos}`))).ids as string[];
      await refused('GET', `${R}/${pos}`);
      await okData(
        call(admin, 'POST', `${R}/${pos}`, { objectId: pos, objectType: 'Position', userIds: ['u-manager'] }),
      );
      expect((await okData(call(admin, 'GET', `${R}/${pos}`))).ids).toEqual(['u-manager']);
      expect((await okData(call(admin, 'GET', '/api/system/Permission/Users/u-manager'))).positionId).toBe(
        pos,
      );
      await okData(
        call(admin, 'POST', `${R}/${pos}`, { objectId: pos, objectType: 'Position', userIds: before }),
      );
      expect((await call(admin, 'GET', `${R}/nothing-here`)).statusCode).toBe(404);
    });
  });

  describe('the authorisation wizard: Authority/Data/{id}/Values and Data/Batch (src/api/permission/authorize.js)', () => {
    const A = '/api/system/Permission/Authority/Data';

    it('each step: {type, moduleIds} → the tree (list), its ids (all) and the checked ones (ids)', async () => {
      // the operator role's menus, as the first step checked them
      const held = (await okData(call(admin, 'GET', `${A}/Role/role-operator`))).ids;
      const modules = await okData(call(admin, 'POST', `${A}/role-operator/Values`, { type: 'module' }));
      expect(modules.ids.sort()).toEqual([...held.module].sort());
      expect(modules.all).toEqual(expect.arrayContaining(held.module));
      expect(modules.list[0]).toMatchObject({ id: expect.any(String), fullName: expect.any(String) });
      await refused('POST', `${A}/role-operator/Values`, { type: 'module' });
      // the button step offers only the chosen menus' buttons
      const one = held.module.find((id: string) => held.button.some((b: string) => b.startsWith(`${id}:`)));
      const buttons = await okData(
        call(admin, 'POST', `${A}/role-operator/Values`, { type: 'button', moduleIds: one }),
      );
      expect(
        buttons.all
          .filter((id: string) => id.includes(':b:'))
          .every((id: string) => id.startsWith(`${one}:`)),
      ).toBe(true);
      expect(buttons.ids).toEqual(held.button.filter((b: string) => b.startsWith(`${one}:`)));
      // the batch page asks with id 0: nothing checked
      expect((await okData(call(admin, 'POST', `${A}/0/Values`, { type: 'column' }))).ids).toEqual([]);
      expect((await call(admin, 'POST', `${A}/nobody-here/Values`, { type: 'module' })).statusCode).toBe(404);
      const bad = body(await call(admin, 'POST', `${A}/0/Values`, { type: 'portal' }));
      expect(bad.code).toBe(400);
      expect(bad.msg).toMatch(/^type: /);
    });

    it('the batch adds the chosen grants to each role, position and user, taking none away', async () => {
      const before = (await okData(call(admin, 'GET', `${A}/Role/role-district`))).ids;
      const admins = (await okData(call(admin, 'GET', `${A}/Role/role-admin`))).ids;
      const page = admins.module.find(
        (id: string) =>
          !before.module.includes(id) && admins.button.some((b: string) => b.startsWith(`${id}:`)),
      );
      const btn = admins.button.find((b: string) => b.startsWith(`${page}:`));
      // as batch.vue sends it: the checked and half-checked keys of each step, and the roles
      const dataForm = {
        module: [page],
        button: [btn],
        column: [],
        resource: [],
        roleIds: ['role-district'],
      };
      await refused('POST', `${A}/Batch`, dataForm);
      await okData(call(admin, 'POST', `${A}/Batch`, { ...dataForm, userIds: ['u-manager'] }));
      const after = (await okData(call(admin, 'GET', `${A}/Role/role-district`))).ids;
      expect(after.module).toEqual(expect.arrayContaining([...before.module, page]));
      expect(after.button).toEqual(expect.arrayContaining([...before.button, btn]));
      expect(after.resource).toEqual(before.resource);
      expect((await okData(call(admin, 'GET', `${A}/User/u-manager`))).ids.button).toContain(btn);
      // a leaf of a menu the batch does not grant, an unknown role, no object at all: refused, nothing changed
      const leaf = body(await call(admin, 'POST', `${A}/Batch`, { ...dataForm, module: [] }));
      expect(leaf.msg).toBe(`button: 菜单未授权: ${btn}`);
      const unknown = body(
        await call(admin, 'POST', `${A}/Batch`, { ...dataForm, roleIds: ['no-such-role'] }),
      );
      expect(unknown.code).toBe(400);
      expect(unknown.msg).toMatch(/^roleIds: /);
      expect(body(await call(admin, 'POST', `${A}/Batch`, { module: [page] })).msg).toBe(
        'roleIds: 请选择授权对象',
      );
      // put back
      await okData(call(admin, 'PUT', `${A}/Role/role-district`, before));
    });
  });

  describe('one item to many: Authority/Model (src/api/permission/authorize.js getModelData / setModelData)', () => {
    const M = '/api/system/Permission/Authority/Model';
    const A = '/api/system/Permission/Authority/Data';

    it('reads who holds an item ({ids}) and sets the holders of one object type, checking every id first', async () => {
      const adminGrants = (await okData(call(admin, 'GET', `${A}/Role/role-admin`))).ids;
      const district = (await okData(call(admin, 'GET', `${A}/Role/role-district`))).ids;
      // a page the district role lacks, with a button
      const page = adminGrants.module.find(
        (id: string) =>
          !district.module.includes(id) && adminGrants.button.some((b: string) => b.startsWith(`${id}:`)),
      ) as string;
      const btn = adminGrants.button.find((b: string) => b.startsWith(`${page}:`)) as string;
      const roles = (await okData(call(admin, 'GET', `${M}/${page}/Role`))).ids as string[];
      expect(roles).toContain('role-admin');
      expect(roles).not.toContain('role-district');
      await refused('GET', `${M}/${page}/Role`);
      await refused('PUT', `${M}/${page}`, { objectType: 'Role', itemType: 'module', objectId: roles });

      // the menu to one more role (as setModelData sends it): it comes with the directories above it
      await okData(
        call(admin, 'PUT', `${M}/${page}`, {
          objectType: 'Role',
          itemType: 'module',
          objectId: [...roles, 'role-district'],
        }),
      );
      expect((await okData(call(admin, 'GET', `${M}/${page}/Role`))).ids).toEqual(
        expect.arrayContaining([...roles, 'role-district']),
      );
      const withPage = (await okData(call(admin, 'GET', `${A}/Role/role-district`))).ids;
      expect(withPage.module).toEqual(expect.arrayContaining([...district.module, page]));
      // an empty list takes the menu from every user holding it (the batch test above gave it to u-manager)
      await okData(
        call(admin, 'PUT', `${M}/${page}`, { objectType: 'User', itemType: 'module', objectId: [] }),
      );
      expect((await okData(call(admin, 'GET', `${M}/${page}/User`))).ids).toEqual([]);
      // its button to a user: refused while the user lacks the menu, nothing changed; then given
      const lacks = body(
        await call(admin, 'PUT', `${M}/${btn}`, {
          objectType: 'User',
          itemType: 'button',
          objectId: ['u-manager'],
        }),
      );
      expect(lacks.code).toBe(400);
      expect(lacks.msg).toMatch(/^objectId: u-manager /);
      expect((await okData(call(admin, 'GET', `${M}/${btn}/User`))).ids).toEqual([]);
      await okData(
        call(admin, 'PUT', `${M}/${btn}`, {
          objectType: 'Role',
          itemType: 'button',
          objectId: ['role-admin', 'role-district'],
        }),
      );
      expect((await okData(call(admin, 'GET', `${M}/${btn}/Role`))).ids.sort()).toEqual([
        'role-admin',
        'role-district',
      ]);
      // unknown ids, a wrong item type, an item type this console does not grant: refused, nothing changed
      const unknownRole = body(
        await call(admin, 'PUT', `${M}/${page}`, {
          objectType: 'Role',
          itemType: 'module',
          objectId: ['no-such-role'],
        }),
      );
      expect(unknownRole.msg).toBe('objectId: 角色不存在: no-such-role');
      const hiddenRole = body(
        await call(admin, 'PUT', `${M}/${page}`, {
          objectType: 'Role',
          itemType: 'module',
          objectId: ['auth-user-u-manager'],
        }),
      );
      expect(hiddenRole.code).toBe(400);
      expect(
        body(
          await call(admin, 'PUT', `${M}/${page}`, {
            objectType: 'Position',
            itemType: 'module',
            objectId: ['nope'],
          }),
        ).msg,
      ).toMatch(/^objectId: /);
      expect(
        body(
          await call(admin, 'PUT', `${M}/${page}`, { objectType: 'Role', itemType: 'button', objectId: [] }),
        ).msg,
      ).toMatch(/^itemType: /);
      expect(
        body(
          await call(admin, 'PUT', `${M}/${page}`, {
            objectType: 'Role',
            itemType: 'portalManage',
            objectId: [],
          }),
        ).msg,
      ).toMatch(/^itemType: /);
      expect(
        body(await call(admin, 'PUT', `${M}/${page}`, { objectType: 'Role', itemType: 'module' })).msg,
      ).toMatch(/objectId/);
      expect((await call(admin, 'GET', `${M}/no-such-item/Role`)).statusCode).toBe(404);
      expect((await okData(call(admin, 'GET', `${M}/${page}/Role`))).ids).toContain('role-district');

      // the menu taken from the district role takes its button with it; the others keep theirs
      await okData(
        call(admin, 'PUT', `${M}/${page}`, { objectType: 'Role', itemType: 'module', objectId: roles }),
      );
      const back = (await okData(call(admin, 'GET', `${A}/Role/role-district`))).ids;
      expect(back.module).not.toContain(page);
      expect(back.button).not.toContain(btn);
      expect((await okData(call(admin, 'GET', `${M}/${btn}/Role`))).ids).toEqual(['role-admin']);
      // put back
      await okData(call(admin, 'PUT', `${A}/Role/role-district`, district));
    });
  });

  describe('organisations, departments, positions: Actions/State (src/api/permission/*.js)', () => {
    it('toggles enabledMark of each, guarded by its own menu', async () => {
      const P = '/api/system/Permission';
      const org = (await okData(call(admin, 'GET', `${P}/Organize`))).list[0].id as string;
      const pos = (await okData(call(admin, 'GET', `${P}/Position?currentPage=1&pageSize=20`))).list[0]
        .id as string;
      const dept = (
        await okData(call(admin, 'GET', `${P}/Organize/${org}/Department?currentPage=1&pageSize=20`))
      ).list[0]?.id as string | undefined;
      const cases: Array<[string, string]> = [
        [`${P}/Organize/${org}/Actions/State`, `${P}/Organize/${org}`],
        [`${P}/Position/${pos}/Actions/State`, `${P}/Position/${pos}`],
        ...(dept
          ? ([
              [`${P}/Organize/Department/${dept}/Actions/State`, `${P}/Organize/Department/${dept}`],
            ] as Array<[string, string]>)
          : []),
      ];
      for (const [state, info] of cases) {
        await refused('PUT', state);
        const was = (await okData(call(admin, 'GET', info))).enabledMark as number;
        await okData(call(admin, 'PUT', state));
        expect((await okData(call(admin, 'GET', info))).enabledMark).toBe(was === 1 ? 0 : 1);
        await okData(call(admin, 'PUT', state));
      }
    });
  });

  describe('workflow lists: FlowBefore/List/{category} (src/api/workFlow/FlowBefore.js)', () => {
    it('one route for every category, the category checked by the schema, each guarded by its menu', async () => {
      for (const c of [1, 2, 3]) {
        const data = await okData(
          call(admin, 'GET', `/api/workflow/Engine/FlowBefore/List/${c}?currentPage=1&pageSize=20`),
        );
        expect(data).toMatchObject({ list: expect.any(Array), pagination: { total: expect.any(Number) } });
        await refused('GET', `/api/workflow/Engine/FlowBefore/List/${c}?currentPage=1&pageSize=20`);
      }
      const bad = body(await call(admin, 'GET', '/api/workflow/Engine/FlowBefore/List/4'));
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('category');
    });
  });
  describe('legacy bodies: a model saved as webDesign/Form.vue sends it (src/views/onlineDev/webDesign/Form.vue)', () => {
    // the Generator's conf and the ColumnDesign's data for one text field, as the 3.x designers keep them
    const formData = {
      formRef: 'elForm',
      formModel: 'dataForm',
      size: 'small',
      labelPosition: 'right',
      labelWidth: 100,
      formRules: 'rules',
      gutter: 15,
      disabled: false,
      span: 24,
      formBtns: false,
      popupType: 'general',
      fields: [
        {
          __config__: {
            jnpfKey: 'comInput',
            label: '名称',
            labelWidth: null,
            showLabel: true,
            tag: 'el-input',
            tagIcon: 'input',
            required: true,
            layout: 'colFormItem',
            span: 24,
            dragDisabled: false,
            regList: [],
            trigger: 'blur',
            formId: 101,
            renderKey: 1617000000000,
          },
          __slot__: { prepend: '', append: '' },
          placeholder: '请输入名称',
          style: { width: '100%' },
          clearable: true,
          readonly: false,
          disabled: false,
          'show-word-limit': false,
          maxlength: null,
          __vModel__: 'name',
        },
      ],
    };
    const columnData = {
      searchList: [],
      columnList: [{ label: '名称', prop: 'name', align: 'left', width: null }],
      type: 1,
      defaultSidx: '',
      sort: 'desc',
      hasPage: true,
      pageSize: 20,
      btnsList: [{ value: 'add', icon: 'el-icon-plus', label: '新增' }],
      columnBtnsList: [
        { value: 'edit', icon: 'el-icon-edit', label: '编辑' },
        { value: 'remove', icon: 'el-icon-delete', label: '删除' },
      ],
    };
    const created = {
      id: '',
      fullName: '三期表单',
      enCode: 'jnpfLegacyModel',
      type: 1,
      state: 1,
      category: 'dt-visualDevCategory:ops',
      description: '',
      tables: '[]',
      formData: JSON.stringify(formData),
      columnData: JSON.stringify(columnData),
    };

    it('creates it with id "", state and tables "[]"; updates it with the info read back', async () => {
      const made = await okData(call(admin, 'POST', '/api/visualdev/Base', created));
      const id = made.id as string;
      const info = await okData(call(admin, 'GET', `/api/visualdev/Base/${id}`));
      // Form.vue init: this.dataForm = res.data; on save formData/columnData/tables re-serialised
      const edited = {
        ...info,
        fullName: '三期表单二',
        formData: JSON.stringify(formData),
        columnData: JSON.stringify(columnData),
        tables: JSON.stringify([]),
      };
      await okData(call(admin, 'PUT', `/api/visualdev/Base/${id}`, edited));
      expect((await okData(call(admin, 'GET', `/api/visualdev/Base/${id}`))).fullName).toBe('三期表单二');
      const wrongId = body(
        await call(admin, 'PUT', `/api/visualdev/Base/${id}`, { ...edited, id: 'vd-repair' }),
      );
      expect(wrongId.code).toBe(400);
      expect(wrongId.msg).toMatch(/^id: /);
      await refused('POST', '/api/visualdev/Base', { ...created, enCode: 'jnpfLegacyOther' });
    });

    it('still refuses a field the client never sends, naming it', async () => {
      const r = body(
        await call(admin, 'POST', '/api/visualdev/Base', { ...created, enCode: 'jnpfL2', webType: 2 }),
      );
      expect(r.code).toBe(400);
      expect(r.msg).toContain('webType');
      const s = body(
        await call(admin, 'POST', '/api/visualdev/Base', { ...created, enCode: 'jnpfL3', id: 'x1' }),
      );
      expect(s.code).toBe(400);
      expect(s.msg).toMatch(/^id: /);
    });
  });
});
