/**
 * System administration, base data: bill rules (200 concurrent numbers), areas, dictionaries, data
 * interfaces, menus and the system log. Every write is checked for: happy path, bad input changing
 * nothing, a user without the button refused, referenced deletes refused.
 */
import type { FastifyInstance } from 'fastify';
import {
  TARGETS,
  body,
  createEnv,
  demoTokens,
  getAs,
  rowCount,
  sendAs,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

describe.each(TARGETS)('system base data (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let manager: string;

  const get = (token: string, url: string) => getAs(app, token, url);
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    sendAs(app, token, method, url, payload);
  const count = (
    table: 'area' | 'bill_rule' | 'dictionary_data' | 'dictionary_type' | 'data_interface' | 'menu',
  ) => rowCount(app.ctx.db, table);

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin, operator, manager } = await demoTokens(app));
  }, 60_000);
  afterAll(() => env.cleanup());

  describe('bill rules', () => {
    it('seeds RepairOrder and WorkTicket and lists them', async () => {
      const b = body(await get(admin, '/api/system/Base/BillRule?keyword=Order'));
      expect(b.code).toBe(200);
      expect(b.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['RepairOrder']);
      const sel = body(await get(operator, '/api/system/Base/BillRule/Selector')).data.list;
      expect(sel.map((r: { enCode: string }) => r.enCode)).toEqual(
        expect.arrayContaining(['RepairOrder', 'WorkTicket']),
      );
    });

    it('issues numbers in sequence: prefix + date + padded sequence + suffix', async () => {
      const a = body(await get(operator, '/api/system/Base/BillRule/BillNumber/WorkTicket')).data as string;
      const b = body(await get(operator, '/api/system/Base/BillRule/BillNumber/WorkTicket')).data as string;
      expect(a).toMatch(/^GZP\d{8}0001$/);
      expect(b).toBe(a.replace(/0001$/, '0002'));
      const list = body(await get(admin, '/api/system/Base/BillRule?keyword=WorkTicket')).data.list;
      expect(list[0].outputNumber).toBe(b);
    });

    it('200 concurrent allocations get 200 distinct numbers, no gaps', async () => {
      const { allocateBillNumber } = await import('../src/system/bill-number');
      const now = Date.now();
      const numbers = await Promise.all(
        Array.from({ length: 200 }, () => allocateBillNumber(app.ctx.db, 'RepairOrder', now)),
      );
      expect(new Set(numbers).size).toBe(200);
      const seqs = numbers.map((n) => Number(n.slice(-4))).sort((x, y) => x - y);
      expect(seqs[0]).toBe(1);
      expect(seqs[199]).toBe(200);
    });

    it('hands out numbers only to those who may use the rule, at most BILL_NUMBERS_PER_MINUTE a minute', async () => {
      const { BILL_NUMBERS_PER_MINUTE } = await import('../src/system/routes-billrule');
      // a user who neither holds the bill-rule menu nor creates repair orders
      const nobody = await tokenWithoutGrants(app, admin);
      const denied = body(await get(nobody, '/api/system/Base/BillRule/BillNumber/RepairOrder'));
      expect(denied).toMatchObject({ code: 403, msg: '权限不足: 无权使用单据规则 "RepairOrder"' });
      // the operator creates repair orders (the map's use) and launches flows (the work ticket's)
      expect(body(await get(operator, '/api/system/Base/BillRule/BillNumber/RepairOrder')).code).toBe(200);
      const limited = await env.makeApp();
      const op = (await demoTokens(limited)).operator;
      const codes: number[] = [];
      for (let i = 0; i <= BILL_NUMBERS_PER_MINUTE; i++)
        codes.push(body(await getAs(limited, op, '/api/system/Base/BillRule/BillNumber/WorkTicket')).code);
      expect(codes.filter((c) => c === 200)).toHaveLength(BILL_NUMBERS_PER_MINUTE);
      expect(codes.at(-1)).toBe(429);
    });

    it('restarts the sequence when the date part changes', async () => {
      const created = body(
        await send(admin, 'POST', '/api/system/Base/BillRule', {
          fullName: '测试单',
          enCode: 'TestDaily',
          prefix: 'T',
          dateFormat: 'yyyyMMdd',
          digit: 3,
          startNumber: 5,
          suffix: 'X',
        }),
      );
      expect(created.code).toBe(200);
      const { allocateBillNumber } = await import('../src/system/bill-number');
      const day1 = Date.UTC(2030, 0, 1, 4);
      expect(await allocateBillNumber(app.ctx.db, 'TestDaily', day1)).toBe('T20300101005X');
      expect(await allocateBillNumber(app.ctx.db, 'TestDaily', day1)).toBe('T20300101006X');
      expect(await allocateBillNumber(app.ctx.db, 'TestDaily', day1 + 86_400_000)).toBe('T20300102005X');
      // A late request for the previous day continues the current period: never a reissued number.
      expect(await allocateBillNumber(app.ctx.db, 'TestDaily', day1)).toBe('T20300102006X');
    });

    it('bad input and duplicates change nothing; unknown rule refused', async () => {
      const before = await count('bill_rule');
      const bad = await send(admin, 'POST', '/api/system/Base/BillRule', {
        fullName: '坏',
        enCode: '.x',
        digit: 3,
      });
      expect(body(bad).msg).toBe(
        'enCode: codes may only contain English letters, digits and dots, and the dot may not be at the start or end',
      );
      const digits = await send(admin, 'POST', '/api/system/Base/BillRule', {
        fullName: '坏',
        enCode: 'x',
        digit: 0,
      });
      expect(body(digits).msg).toBe('digit: must be ≥ 1');
      const dup = await send(admin, 'POST', '/api/system/Base/BillRule', {
        fullName: '重复',
        enCode: 'RepairOrder',
        digit: 3,
      });
      expect(body(dup).msg).toBe('enCode: 编码 "RepairOrder" 已存在');
      expect(await count('bill_rule')).toBe(before);
      expect(body(await get(admin, '/api/system/Base/BillRule/BillNumber/Nope')).msg).toBe(
        'rule: 单据规则 "Nope" 不存在或已禁用',
      );
    });

    it('edit, state toggle (disabled rules issue nothing), delete; operator refused', async () => {
      const id = body(await get(admin, '/api/system/Base/BillRule?keyword=TestDaily')).data.list[0]
        .id as string;
      expect(
        body(
          await send(admin, 'PUT', `/api/system/Base/BillRule/${id}`, {
            fullName: '测试单改',
            enCode: 'TestDaily',
            prefix: 'T',
            dateFormat: 'yyyyMMdd',
            digit: 3,
          }),
        ).code,
      ).toBe(200);
      expect(body(await get(admin, `/api/system/Base/BillRule/${id}`)).data.fullName).toBe('测试单改');
      expect(body(await send(admin, 'PUT', `/api/system/Base/BillRule/${id}/Actions/State`)).data).toEqual({
        enabledMark: 0,
      });
      expect(body(await get(admin, '/api/system/Base/BillRule/BillNumber/TestDaily')).code).toBe(400);
      const denied = await send(operator, 'DELETE', `/api/system/Base/BillRule/${id}`);
      expect(denied.statusCode).toBe(403);
      expect(body(denied).msg).toBe('权限不足: 缺少菜单 system.billRule');
      expect(body(await send(admin, 'DELETE', `/api/system/Base/BillRule/${id}`)).code).toBe(200);
      expect(body(await get(admin, `/api/system/Base/BillRule/${id}`)).code).toBe(404);
    });
  });

  describe('areas', () => {
    it('lazy tree: children of -1, then of a district', async () => {
      const roots = body(await get(admin, '/api/system/Base/Area/-1')).data.list;
      expect(roots).toEqual([
        expect.objectContaining({ fullName: '江南省', hasChildren: true, isLeaf: false }),
      ]);
      const city = body(await get(admin, `/api/system/Base/Area/${roots[0].id}`)).data.list[0];
      const districts = body(await get(admin, `/api/system/Base/Area/${city.id}`)).data.list;
      expect(districts.map((d: { fullName: string }) => d.fullName)).toContain('东城区');
      const streets = body(await get(operator, `/api/system/Base/Area/${districts[0].id}/Selector`)).data
        .list;
      expect(streets.length).toBeGreaterThan(2);
      expect(streets[0].isLeaf).toBe(true);
    });

    it('create, info, edit, state, delete; children refuse the delete; bad input changes nothing', async () => {
      const before = await count('area');
      const bad = await send(admin, 'POST', '/api/system/Base/Area', {
        parentId: '-1',
        fullName: '坏区#',
        enCode: 'x1',
      });
      expect(body(bad).msg).toBe('fullName: names may not contain special symbols');
      const orphan = await send(admin, 'POST', '/api/system/Base/Area', {
        parentId: 'nope',
        fullName: '新区',
        enCode: 'n1',
      });
      expect(body(orphan).msg).toBe('parentId: 上级区划不存在');
      expect(await count('area')).toBe(before);
      const id = body(
        await send(admin, 'POST', '/api/system/Base/Area', {
          parentId: '-1',
          fullName: '测试省',
          enCode: '990000',
          type: 1,
        }),
      ).data.id as string;
      const child = body(
        await send(admin, 'POST', '/api/system/Base/Area', {
          parentId: id,
          fullName: '测试市',
          enCode: '990100',
          type: 2,
        }),
      ).data.id as string;
      const dup = await send(admin, 'POST', '/api/system/Base/Area', {
        parentId: id,
        fullName: '重复',
        enCode: '990100',
      });
      expect(body(dup).msg).toBe('enCode: 编码 "990100" 已存在');
      expect(body(await get(admin, `/api/system/Base/Area/${child}/Info`)).data).toMatchObject({
        parentId: id,
        fullName: '测试市',
      });
      const refused = await send(admin, 'DELETE', `/api/system/Base/Area/${id}`);
      expect(body(refused)).toMatchObject({ code: 400, msg: '该区划下有 1 个下级区划，不能删除' });
      const cycle = await send(admin, 'PUT', `/api/system/Base/Area/${id}`, {
        parentId: child,
        fullName: '测试省',
        enCode: '990000',
      });
      expect(body(cycle).msg).toBe('parentId: 上级不能是自己或下级');
      expect(
        body(await send(admin, 'PUT', `/api/system/Base/Area/${child}/Actions/State`)).data.enabledMark,
      ).toBe(0);
      expect(body(await get(admin, `/api/system/Base/Area/${id}/Selector`)).data.list).toEqual([]);
      expect((await send(manager, 'DELETE', `/api/system/Base/Area/${child}`)).statusCode).toBe(403);
      expect(body(await send(admin, 'DELETE', `/api/system/Base/Area/${child}`)).code).toBe(200);
      expect(body(await send(admin, 'DELETE', `/api/system/Base/Area/${id}`)).code).toBe(200);
      expect(await count('area')).toBe(before);
    });
  });

  describe('dictionaries', () => {
    it('types tree, selector, data by type, Data/Selector by enCode', async () => {
      const types = body(await get(admin, '/api/system/Base/DictionaryType')).data.list;
      expect(types.map((t: { enCode: string }) => t.enCode)).toEqual(
        expect.arrayContaining(['assetKind', 'faultType', 'urgency', 'repairCrew', 'district']),
      );
      const faultType = types.find((t: { enCode: string }) => t.enCode === 'faultType');
      const items = body(await get(admin, `/api/system/Base/DictionaryData/${faultType.id}?keyword=灯`)).data
        .list;
      expect(items.length).toBeGreaterThan(1);
      const sel = body(await get(operator, '/api/system/Base/DictionaryData/repairCrew/Data/Selector')).data
        .list;
      expect(sel).toHaveLength(6);
      // the seeded items carry their translations (migration 0014)
      expect(sel[0]).toMatchObject({
        enCode: 'crew1',
        fullName: '东城维修一班',
        fullNameZhtw: '東城維修一班',
        fullNameEn: 'Dongcheng repair crew 1',
      });
    });

    it('adds an item that the dictionary select then offers; refuses referenced / bad / duplicate', async () => {
      const v0 = body(await get(operator, '/api/system/Base/DictionaryData/Version')).data.version as number;
      const typeId = 'dt-repairCrew';
      const before = await count('dictionary_data');
      const bad = await send(admin, 'POST', '/api/system/Base/DictionaryData', {
        dictionaryTypeId: typeId,
        fullName: '',
        enCode: 'crew9',
      });
      expect(body(bad).msg).toBe('fullName: must not be empty');
      const dup = await send(admin, 'POST', '/api/system/Base/DictionaryData', {
        dictionaryTypeId: typeId,
        fullName: '重复',
        enCode: 'crew1',
      });
      expect(body(dup).msg).toBe('enCode: 编码 "crew1" 已存在');
      expect(await count('dictionary_data')).toBe(before);
      const denied = await send(manager, 'POST', '/api/system/Base/DictionaryData', {
        dictionaryTypeId: typeId,
        fullName: '新班组',
        enCode: 'crew9',
      });
      expect(body(denied)).toMatchObject({ code: 403, msg: '权限不足: 缺少菜单 systemData.dictionary' });
      const id = body(
        await send(admin, 'POST', '/api/system/Base/DictionaryData', {
          dictionaryTypeId: typeId,
          fullName: '夜间抢修队',
          fullNameEn: ' Night repair crew ',
          enCode: 'crew9',
          sortCode: 9,
        }),
      ).data.id as string;
      const sel = body(await get(operator, '/api/system/Base/DictionaryData/repairCrew/Data/Selector')).data
        .list;
      expect(sel.map((d: { fullName: string }) => d.fullName)).toContain('夜间抢修队');
      const all = body(await get(operator, '/api/system/Base/DictionaryData/All')).data.list;
      expect(
        all
          .find((t: { enCode: string }) => t.enCode === 'repairCrew')
          .dictionaryList.map((d: { enCode: string }) => d.enCode),
      ).toContain('crew9');
      expect(
        body(await get(operator, '/api/system/Base/DictionaryData/Version')).data.version,
      ).toBeGreaterThan(v0);
      expect(body(await get(admin, `/api/system/Base/DictionaryData/${id}/Info`)).data).toMatchObject({
        fullName: '夜间抢修队',
        fullNameZhtw: '',
        fullNameEn: 'Night repair crew',
      });
      expect(
        body(await send(admin, 'PUT', `/api/system/Base/DictionaryData/${id}/Actions/State`)).data
          .enabledMark,
      ).toBe(0);
      const refused = await send(admin, 'DELETE', `/api/system/Base/DictionaryType/${typeId}`);
      expect(body(refused).msg).toMatch(/^该字典分类下有 7 条字典数据，不能删除$/);
      expect(body(await send(admin, 'DELETE', `/api/system/Base/DictionaryData/${id}`)).code).toBe(200);
    });

    it('tree dictionaries: parent items and the isTree selector', async () => {
      const typeId = body(
        await send(admin, 'POST', '/api/system/Base/DictionaryType', {
          fullName: '设备分组',
          enCode: 'deviceGroup',
          isTree: 1,
        }),
      ).data.id as string;
      const parent = body(
        await send(admin, 'POST', '/api/system/Base/DictionaryData', {
          dictionaryTypeId: typeId,
          fullName: '灯具',
          enCode: 'lamp',
        }),
      ).data.id as string;
      await send(admin, 'POST', '/api/system/Base/DictionaryData', {
        dictionaryTypeId: typeId,
        parentId: parent,
        fullName: 'LED灯',
        enCode: 'lamp.led',
      });
      const tree = body(await get(admin, `/api/system/Base/DictionaryData/${typeId}/Selector`)).data.list;
      expect(tree[0]).toMatchObject({ fullName: '灯具', hasChildren: true });
      expect(tree[0].children[0].fullName).toBe('LED灯');
      expect(body(await send(admin, 'DELETE', `/api/system/Base/DictionaryData/${parent}`)).msg).toBe(
        '该字典项下有 1 个下级项，不能删除',
      );
    });
  });

  describe('data interfaces', () => {
    it('runs a seeded SQL interface with parameters, read-only', async () => {
      const r = body(
        await get(
          admin,
          '/api/system/Base/DataInterface/di-users-by-org/Actions/Response?organizeId=dept-info',
        ),
      );
      expect(r.code).toBe(200);
      expect(r.data.list.map((u: { account: string }) => u.account)).toContain('admin');
      expect(Object.keys(r.data.list[0])).not.toContain('passwordHash');
    });

    it('refuses writes, secrets and off-list URLs; changes nothing', async () => {
      const before = await count('data_interface');
      const cases: Array<[object, string]> = [
        [{ dataType: 1, query: 'DELETE FROM "user"' }, 'query: 只允许单条 SELECT 语句'],
        [{ dataType: 1, query: 'select 1; drop table "user"' }, 'query: 只允许单条 SELECT 语句'],
        [{ dataType: 1, query: 'select * from token' }, 'query: 不允许查询敏感数据'],
        [{ dataType: 2, path: 'http://evil.example.com/x' }, 'path: 地址不在允许列表中'],
      ];
      for (const [extra, msg] of cases) {
        const res = await send(admin, 'POST', '/api/system/Base/DataInterface', {
          fullName: '坏接口',
          enCode: 'bad',
          ...extra,
        });
        expect(body(res).msg).toBe(msg);
      }
      expect(await count('data_interface')).toBe(before);
      const users = Number(
        (
          await app.ctx.db
            .selectFrom('user')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(users).toBeGreaterThan(300);
    });

    it('create, edit, state, delete; HTTP interface calls an allowed host; operator refused', async () => {
      const id = body(
        await send(admin, 'POST', '/api/system/Base/DataInterface', {
          fullName: '区划统计',
          enCode: 'areaCount',
          dataType: 1,
          query: 'SELECT count(*) AS n FROM "area" WHERE "type" = @type',
          requestParameters: [{ field: 'type', defaultValue: '3' }],
        }),
      ).data.id as string;
      const r = body(await get(admin, `/api/system/Base/DataInterface/${id}/Actions/Response`)).data;
      expect(Number(r.list[0].n)).toBe(6);
      expect(body(await get(admin, `/api/system/Base/DataInterface/${id}`)).data.requestParameters).toEqual([
        { field: 'type', defaultValue: '3' },
      ]);
      expect((await get(operator, `/api/system/Base/DataInterface/${id}`)).statusCode).toBe(403);
      expect(
        body(await send(admin, 'PUT', `/api/system/Base/DataInterface/${id}/Actions/State`)).data.enabledMark,
      ).toBe(0);
      expect(body(await get(admin, `/api/system/Base/DataInterface/${id}/Actions/Response`)).msg).toBe(
        '接口已禁用',
      );
      expect(body(await send(admin, 'DELETE', `/api/system/Base/DataInterface/${id}`)).code).toBe(200);

      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const httpId = body(
        await send(admin, 'POST', '/api/system/Base/DataInterface', {
          fullName: '健康检查',
          enCode: 'healthLocal',
          dataType: 2,
          path: `http://127.0.0.1:${port}/api/health`,
          requestMethod: 'GET',
        }),
      ).data.id as string;
      const h = body(await get(admin, `/api/system/Base/DataInterface/${httpId}/Actions/Response`)).data;
      expect(h).toEqual({ status: 200, data: { code: 200, msg: 'Success', data: { status: 'ok' } } });
    });
  });

  describe('menus', () => {
    it('creates all seven types (admin sees them at once), validates enCode and propertyJson', async () => {
      const before = await count('menu');
      const bad = await send(admin, 'POST', '/api/system/Menu', {
        type: 2,
        enCode: 'ab.',
        fullName: '坏',
        urlAddress: 'x',
      });
      expect(body(bad).msg).toBe(
        'enCode: codes may only contain English letters, digits and dots, and the dot may not be at the start or end',
      );
      const noModule = await send(admin, 'POST', '/api/system/Menu', {
        type: 3,
        enCode: 'demo.form',
        fullName: '表单',
        urlAddress: 'dynamicModel/x',
        propertyJson: '{}',
      });
      expect(body(noModule).msg).toBe('propertyJson: moduleId required');
      expect(await count('menu')).toBe(before);
      const dir = body(
        await send(admin, 'POST', '/api/system/Menu', {
          type: 1,
          enCode: 'demo',
          fullName: '演示',
          icon: 'icon-ym',
        }),
      ).data.id as string;
      const entries = [
        { type: 2, enCode: 'demo.page', urlAddress: 'system/demoPage' },
        {
          type: 3,
          enCode: 'demo.form',
          urlAddress: 'dynamicModel/demoForm',
          propertyJson: '{"moduleId":"vd-repair","isTree":0}',
        },
        {
          type: 4,
          enCode: 'demo.dict',
          urlAddress: 'dynamicModel/demoDict',
          propertyJson: '{"moduleId":"dt-urgency"}',
        },
        {
          type: 5,
          enCode: 'demo.report',
          urlAddress: 'dynamicModel/demoReport',
          propertyJson: '{"moduleId":"rp-fault"}',
        },
        { type: 6, enCode: 'demo.screen', propertyJson: '{"moduleId":"screen-city"}' },
        { type: 7, enCode: 'demo.link', urlAddress: 'https://example.com', linkTarget: '_self' },
      ];
      for (const [i, e] of entries.entries()) {
        const res = body(
          await send(admin, 'POST', '/api/system/Menu', {
            parentId: dir,
            fullName: e.enCode.replace('.', ''),
            sortCode: i,
            ...e,
          }),
        );
        expect([e.enCode, res.code]).toEqual([e.enCode, 200]);
      }
      const me = body(await get(admin, '/api/oauth/CurrentUser')).data;
      const demo = me.menuList.find((m: { enCode: string }) => m.enCode === 'demo');
      expect(demo.children.map((c: { type: number }) => c.type)).toEqual([2, 3, 4, 5, 6, 7]);
      expect(demo.children.find((c: { enCode: string }) => c.enCode === 'demo.link').linkTarget).toBe(
        '_self',
      );
      const perm = me.permissionList.find((p: { modelId: string }) => p.modelId === 'menu-demo.page');
      expect(perm.button.map((b: { enCode: string }) => b.enCode)).toEqual([
        'btn_add',
        'btn_edit',
        'btn_remove',
      ]);
      // The operator does not get it, and may not administer menus.
      const op = body(await get(operator, '/api/oauth/CurrentUser')).data;
      expect(op.menuList.some((m: { enCode: string }) => m.enCode === 'demo')).toBe(false);
      expect(
        (await send(operator, 'POST', '/api/system/Menu', { type: 1, enCode: 'x', fullName: 'x' }))
          .statusCode,
      ).toBe(403);
      expect(body(await send(admin, 'DELETE', `/api/system/Menu/${dir}`)).msg).toBe(
        '该菜单下有 6 个下级菜单，不能删除',
      );
      const dupe = await send(admin, 'POST', '/api/system/Menu', {
        type: 1,
        enCode: 'demo',
        fullName: '重复',
      });
      expect(body(dupe).msg).toBe('enCode: 编码 "demo" 已存在');
    });

    it('edits button catalogues', async () => {
      const id = 'menu-demo.page';
      const res = await send(admin, 'PUT', `/api/system/Menu/${id}/Button`, {
        list: [
          { enCode: 'btn_add', fullName: '新增' },
          { enCode: 'btn_export', fullName: '导出' },
        ],
      });
      expect(body(res).code).toBe(200);
      const me = body(await get(admin, '/api/oauth/CurrentUser')).data;
      const perm = me.permissionList.find((p: { modelId: string }) => p.modelId === id);
      expect(perm.button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_add', 'btn_export']);
    });
  });

  describe('system log', () => {
    it('lists sign-ins, requests and errors with filters and paging; bad filters refused', async () => {
      const logins = body(await get(admin, '/api/system/Log?category=1&pageSize=2')).data;
      expect(logins.pagination.total).toBeGreaterThanOrEqual(3);
      expect(logins.list).toHaveLength(2);
      const requests = body(await get(admin, '/api/system/Log?category=5&keyword=DictionaryData')).data;
      expect(requests.list.length).toBeGreaterThan(0);
      expect(
        requests.list.every((l: { requestUrl: string }) => l.requestUrl.includes('DictionaryData')),
      ).toBe(true);
      const future = body(
        await get(admin, `/api/system/Log?category=1&startTime=${Date.now() + 3_600_000}`),
      ).data;
      expect(future.pagination.total).toBe(0);
      expect(body(await get(admin, '/api/system/Log?category=2')).msg).toBe(
        'category: must be one of 1, 4, 5',
      );
      expect(body(await get(admin, '/api/system/Log?category=1&startTime=10&endTime=5')).msg).toBe(
        'startTime: 开始时间不能晚于结束时间',
      );
      expect((await get(manager, '/api/system/Log?category=1')).statusCode).toBe(403);
    });
  });
});
