/**
 * Data permissions (issue 24) on both databases: the compiled schemes as SQL agree with the pure
 * rule row by row (every operator, AND/OR, tokens, injection-shaped values); the menu page's fields
 * and schemes (the JNPF 3.x ModuleDataAuthorize / ModuleDataAuthorizeScheme calls) check what they
 * store; and the seeded district operator (`east`, 本区数据 on the map's faults, orders and assets)
 * sees and changes 东城区's rows only, on every list, detail and write, while a second granted scheme
 * widens what they see (a union).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  ALL,
  grantedScope,
  rowInScope,
  scopeSql,
  type Predicate,
  type ScopeField,
  type SchemeRule,
  type Viewer,
} from '../src/kernel';
import { TARGETS, body, createEnv, demoTokens, getAs, login, sendAs, type TestEnv } from './helpers';
import { Client, wsUrl, type Msg } from './socket-client';

const EAST = '东城区';

describe.each(TARGETS)('data permissions (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let east: string;

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: '2000' });
    app = env.app;
    ({ admin } = await demoTokens(app));
    east = await login(app, 'east', 'east123');
  }, 120_000);
  afterAll(() => env.cleanup());

  /** Every row of a list, page after page (100 a page at most). */
  const all = async (token: string, url: string) => {
    const list: Array<{ id: string; district: string; urgency?: number }> = [];
    for (let p = 1; ; p++) {
      const b = body(
        await getAs(app, token, `${url}${url.includes('?') ? '&' : '?'}pageSize=100&currentPage=${p}`),
      );
      expect(b.code).toBe(200);
      const d = b.data as { list: typeof list; pagination: { total: number } };
      list.push(...d.list);
      if (list.length >= d.pagination.total || d.list.length === 0) return { list, pagination: d.pagination };
    }
  };

  const menuId = async (enCode: string) =>
    (await app.ctx.db.selectFrom('menu').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow())
      .id;

  describe('the compiled scheme as SQL agrees with the pure rule', () => {
    const FIELDS: ScopeField[] = [
      { enCode: 'name', type: 'text' },
      { enCode: 'owner', type: 'text' },
      { enCode: 'level', type: 'number' },
    ];
    const ROWS = [
      { id: 1, name: '东城区', owner: 'u1', level: 1 },
      { id: 2, name: '西城区', owner: 'u2', level: 2 },
      { id: 3, name: "x' or '1'='1", owner: 'u3', level: 3 },
      { id: 4, name: '50%_off\\', owner: null, level: 10 },
      { id: 5, name: '', owner: 'u1', level: null },
    ];
    const viewer: Viewer = {
      '@userId': ['u1'],
      '@userAraSubordinates': ['u1', 'u2'],
      '@subordinateId': ['u2'],
      '@organizeId': [],
      '@dempmentId': [],
      '@organizationAndSuborganization': [],
      '@district': [EAST, '西城区'],
      '@crewId': [],
    };
    const item = (field: string, op: string, value: unknown) => ({ field, op, value });
    const one = (field: string, op: string, value: unknown): SchemeRule => ({
      allData: false,
      matchLogic: 'and',
      conditionJson: JSON.stringify([{ logic: 'and', groups: [item(field, op, value)] }]),
    });
    const CASES: SchemeRule[] = [
      ...['==', '<>', 'like', 'notLike', 'in', 'notIn', 'null', 'notNull'].flatMap((op) => [
        one('name', op, EAST),
        one('name', op, "x' or '1'='1"),
        one('name', op, '%_'),
        one('name', op, '@district'),
        one('owner', op, '@userAraSubordinates'),
        one('owner', op, '@organizeId'),
      ]),
      ...['>', '>=', '<', '<=', '==', '<>', 'in', 'notIn'].flatMap((op) => [
        one('level', op, 2),
        one('level', op, '1,10'),
      ]),
      one('level', 'between', [2, 10]),
      {
        allData: false,
        matchLogic: 'or',
        conditionJson: JSON.stringify([
          { logic: 'and', groups: [item('owner', '==', '@userId'), item('level', '<', 5)] },
          { logic: 'or', groups: [item('name', 'like', '城'), item('level', '>=', 10)] },
        ]),
      },
      { allData: false, matchLogic: 'and', conditionJson: '[]' },
      { allData: true, matchLogic: 'and', conditionJson: 'not json' },
    ];

    beforeAll(async () => {
      const db = app.ctx.db;
      await db.schema
        .createTable('scope_probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(50)')
        .addColumn('owner', 'varchar(50)')
        .addColumn('level', 'integer')
        .execute();
      await sql`insert into scope_probe (id, name, owner, level) values ${sql.join(
        ROWS.map((r) => sql`(${r.id}, ${r.name}, ${r.owner}, ${r.level})`),
      )}`.execute(db);
    });

    it.each(CASES.map((c, i) => [i, c] as const))('case %i', async (_i, scheme) => {
      const p = grantedScope([scheme], FIELDS, viewer) as Predicate;
      const where = scopeSql(p, (f) => (FIELDS.some((x) => x.enCode === f) ? sql.ref(f) : undefined));
      const got = await sql<{ id: number }>`select id from scope_probe where ${where} order by id`.execute(
        app.ctx.db,
      );
      const expected = ROWS.filter((r) => rowInScope(p, r)).map((r) => r.id);
      expect(got.rows.map((r) => Number(r.id))).toEqual(expected);
    });

    it('all data is every row', () => {
      expect(grantedScope([CASES[CASES.length - 1] as SchemeRule], FIELDS, viewer)).toEqual(ALL);
    });
  });

  describe("the menu page's data-permission fields and schemes (JNPF 3.x dataAuthorize.js)", () => {
    const FIELDS = '/api/system/Base/ModuleDataAuthorize';
    const SCHEMES = '/api/system/Base/ModuleDataAuthorizeScheme';

    it('lists the seeded field and schemes, and what else the rows offer', async () => {
      const m = await menuId('bt.map.fault');
      const fields = body(await getAs(app, admin, `${FIELDS}/${m}/List`)).data;
      expect(fields.list.map((f: { enCode: string }) => f.enCode)).toEqual(['district']);
      expect(fields.offered.map((f: { enCode: string }) => f.enCode)).toEqual(
        expect.arrayContaining(['urgency', 'source', 'typeCode', 'assetKind']),
      );
      const schemes = body(await getAs(app, admin, `${SCHEMES}/${m}/List`)).data.list;
      expect(schemes.map((s: { enCode: string; allData: number }) => [s.enCode, s.allData])).toEqual([
        ['jnpf_alldata', 1],
        ['district', 0],
      ]);
    });

    it('adds a field the rows offer (as the 3.x field form sends it) and refuses one they do not', async () => {
      const m = await menuId('bt.map.fault');
      const sent = {
        id: '',
        moduleId: m,
        fullName: '紧急程度',
        enCode: 'urgency',
        type: 'Int32',
        conditionSymbol: 'Equal,GreaterThanOrEqual',
        conditionText: 'text',
        description: '',
      };
      expect(body(await sendAs(app, admin, 'POST', FIELDS, sent)).code).toBe(200);
      const bad = body(await sendAs(app, admin, 'POST', FIELDS, { ...sent, enCode: 'password' }));
      expect(bad.code).toBe(400);
      expect(bad.msg).toMatch(/^enCode: /);
      const dup = body(await sendAs(app, admin, 'POST', FIELDS, sent));
      expect(dup.code).toBe(400);
      const symbol = body(
        await sendAs(app, admin, 'POST', FIELDS, { ...sent, enCode: 'source', conditionSymbol: 'Drop' }),
      );
      expect(symbol.msg).toMatch(/^conditionSymbol: /);
      const unscoped = body(
        await sendAs(app, admin, 'POST', FIELDS, { ...sent, moduleId: await menuId('system.menu') }),
      );
      expect(unscoped.msg).toMatch(/^moduleId: /);
    });

    it('checks a scheme’s conditions against the menu’s fields and their symbols, naming the item', async () => {
      const m = await menuId('bt.map.fault');
      const scheme = (conditionJson: unknown, enCode = 'urgent') => ({
        id: '',
        moduleId: m,
        enCode,
        fullName: '紧急故障',
        conditionJson: JSON.stringify(conditionJson),
        conditionText: '紧急程度 大于等于 3',
      });
      const g = (field: string, op: string, value: unknown) => [
        { logic: 'and', groups: [{ id: field, field, type: 'Int32', op, value }] },
      ];
      const unknownField = body(
        await sendAs(app, admin, 'POST', SCHEMES, scheme(g('source', '==', 'citizen'))),
      );
      expect(unknownField.msg).toMatch(/^conditionJson\[0\]\.groups\[0\]\.field: /);
      const notAllowed = body(await sendAs(app, admin, 'POST', SCHEMES, scheme(g('urgency', '<', 2))));
      expect(notAllowed.msg).toMatch(/^conditionJson\[0\]\.groups\[0\]\.op: /);
      const notNumber = body(await sendAs(app, admin, 'POST', SCHEMES, scheme(g('urgency', '>=', 'x'))));
      expect(notNumber.msg).toMatch(/^conditionJson\[0\]\.groups\[0\]\.value: /);
      expect(
        body(await sendAs(app, admin, 'POST', SCHEMES, scheme(g('urgency', 'GreaterThanOrEqual', 3)))).code,
      ).toBe(200);
      // the field a scheme tests cannot be removed under it
      const fields = body(await getAs(app, admin, `${FIELDS}/${m}/List`)).data.list as Array<{
        id: string;
        enCode: string;
      }>;
      const urgency = fields.find((f) => f.enCode === 'urgency');
      const refused = body(await sendAs(app, admin, 'DELETE', `${FIELDS}/${String(urgency?.id)}`));
      expect(refused.code).toBe(400);
    });
  });

  describe('the district operator sees and changes 东城区 only', () => {
    type Fault = { id: string; district: string };
    type Order = { id: string; district: string };
    it('fault list, count and detail', async () => {
      const mine = await all(east, '/api/map/faults?status=all');
      const every = await all(admin, '/api/map/faults?status=all');
      expect(mine.list.length).toBeGreaterThan(0);
      expect(mine.list.every((f) => f.district === EAST)).toBe(true);
      expect(mine.pagination.total).toBe(every.list.filter((f) => f.district === EAST).length);
      expect(every.pagination.total).toBeGreaterThan(mine.pagination.total);
      const other = every.list.find((f) => f.district !== EAST) as Fault;
      expect((await getAs(app, east, `/api/map/faults/${other.id}`)).statusCode).toBe(404);
      expect(body(await getAs(app, east, `/api/map/faults/${String(mine.list[0]?.id)}`)).code).toBe(200);
      // asking for another district's rows by filter answers none
      const asked = await all(east, `/api/map/faults?status=all&district=${encodeURIComponent('西城区')}`);
      expect(asked.pagination.total).toBe(0);
    });

    it('fault history and the shared-cause judgement', async () => {
      const h = body(
        await getAs(app, east, `/api/map/faults/history?district=${encodeURIComponent('西城区')}&days=365`),
      ).data;
      expect(h.total).toBe(0);
      const a = body(await getAs(app, east, '/api/map/faults/analysis?minFaults=2')).data as Array<{
        assetIds: number[];
      }>;
      const ids = a.flatMap((g) => g.assetIds);
      if (ids.length) {
        const districts = await app.ctx.db
          .selectFrom('map_asset')
          .select('district')
          .distinct()
          .where('objectid', 'in', ids)
          .execute();
        expect(districts.map((d) => d.district)).toEqual([EAST]);
      }
    });

    it('a fault on another district’s asset is refused; on one of theirs it is made', async () => {
      const asset = async (d: string, not = false) =>
        (
          await app.ctx.db
            .selectFrom('map_asset')
            .select('objectid')
            .where('district', not ? '<>' : '=', d)
            .where('kind', '=', 'streetLamp')
            .executeTakeFirstOrThrow()
        ).objectid;
      const fault = (assetId: number) => ({ assetId, typeCode: 'lampOff', urgency: 1, source: 'patrol' });
      const refused = body(
        await sendAs(app, east, 'POST', '/api/map/faults', fault(await asset(EAST, true))),
      );
      expect(refused.code).toBe(400);
      expect(refused.msg).toMatch(/^assetId: /);
      const made = body(await sendAs(app, east, 'POST', '/api/map/faults', fault(await asset(EAST))));
      expect(made.code).toBe(200);
      expect(made.data.district).toBe(EAST);
    });

    it('repair orders: list, detail, edit and actions', async () => {
      const every = await all(admin, '/api/map/repair-orders');
      const mine = await all(east, '/api/map/repair-orders');
      expect(mine.list.every((o) => o.district === EAST)).toBe(true);
      expect(mine.pagination.total).toBe(every.list.filter((o) => o.district === EAST).length);
      const other = every.list.find((o) => o.district !== EAST) as Order | undefined;
      expect(other).toBeDefined();
      if (other) {
        expect((await getAs(app, east, `/api/map/repair-orders/${other.id}`)).statusCode).toBe(404);
        expect(
          (await sendAs(app, east, 'PUT', `/api/map/repair-orders/${other.id}`, { title: '改' })).statusCode,
        ).toBe(404);
        expect(
          (await sendAs(app, east, 'PUT', `/api/map/repair-orders/${other.id}/Actions/Start`)).statusCode,
        ).toBe(404);
      }
      // an order from another district's open fault is refused naming the fault
      const faults = await all(admin, '/api/map/faults?status=open');
      const foreign = faults.list.find((f) => f.district !== EAST);
      expect(foreign).toBeDefined();
      if (foreign) {
        const r = body(await sendAs(app, east, 'POST', '/api/map/repair-orders', { faultId: foreign.id }));
        expect(r.code).toBe(400);
        expect(r.msg).toMatch(/^faultId: /);
      }
    });

    it('the map’s asset layer, its grids, the asset search and detail, the statistics', async () => {
      const FS = '/api/map/rest/services/lighting/FeatureServer';
      const count = async (token: string, layer: number, where = '1=1') => {
        const r = await getAs(
          app,
          token,
          `${FS}/${layer}/query?f=json&where=${encodeURIComponent(where)}&returnCountOnly=true`,
        );
        return Number(r.json().count);
      };
      const db = app.ctx.db;
      const eastAssets = Number(
        (
          await db
            .selectFrom('map_asset')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('district', '=', EAST)
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(eastAssets).toBeGreaterThan(0);
      expect(await count(east, 0)).toBe(eastAssets);
      expect(await count(admin, 0)).toBeGreaterThan(eastAssets);
      expect(await count(east, 0, "district = '西城区'")).toBe(0);
      // the grid cells hold only their assets: the cells' counts add up to theirs
      const cells = (
        await getAs(app, east, `${FS}/4/query?f=json&where=1%3D1&outFields=*&returnGeometry=false`)
      ).json() as { features: Array<{ attributes: { count: number } }> };
      expect(cells.features.reduce((n, f) => n + Number(f.attributes.count), 0)).toBe(eastAssets);
      // the geography is everyone's
      expect(await count(east, 1)).toBe(await count(admin, 1));
      // asset search and detail
      const other = await db
        .selectFrom('map_asset')
        .select(['objectid', 'code'])
        .where('district', '<>', EAST)
        .executeTakeFirstOrThrow();
      const found = body(
        await getAs(app, east, `/api/map/assets/search?code=${encodeURIComponent(other.code)}`),
      ).data;
      expect(found).toEqual([]);
      expect((await getAs(app, east, `/api/map/assets/${other.objectid}`)).statusCode).toBe(404);
      expect(
        (await sendAs(app, east, 'PUT', `/api/map/assets/${other.objectid}/status`, { status: 'offline' }))
          .statusCode,
      ).toBe(404);
      // the statistics count what they may see
      const stats = body(await getAs(app, east, '/api/map/statistics')).data as {
        byDistrict: Array<{ district: string }>;
      };
      expect(JSON.stringify(stats)).not.toContain('西城区');
    });

    it('the wall counts and draws what they may see, as their own pages do', async () => {
      const AUTH = '/api/system/Permission/Authority/Data/Role/role-district';
      const wallMenu = await app.ctx.db
        .selectFrom('menu')
        .select(['id', 'parentId'])
        .where('enCode', '=', 'dashboard.city')
        .executeTakeFirstOrThrow();
      const auth = body(await getAs(app, admin, AUTH)).data;
      const grant = (module: string[]) =>
        sendAs(app, admin, 'PUT', AUTH, {
          module,
          button: auth.ids.button,
          column: auth.ids.column,
          resource: auth.ids.resource,
        });
      const withWall = [...auth.ids.module, wallMenu.id, ...(wallMenu.parentId ? [wallMenu.parentId] : [])];
      expect(body(await grant(withWall)).code).toBe(200);
      try {
        const get = async (token: string, url: string) => {
          const b = body(await getAs(app, token, url));
          expect([url, b.code]).toEqual([url, 200]);
          return b.data;
        };
        const wall = await get(east, '/api/map/wall');
        const whole = await get(admin, '/api/map/wall');
        const open = await get(east, '/api/map/faults?status=open&pageSize=1');
        expect(wall.faults.open).toBe(open.pagination.total);
        expect(wall.faults.open).toBeLessThan(whole.faults.open);
        expect(wall.faults.list.every((f: { district: string }) => f.district === EAST)).toBe(true);
        expect(wall.statistics).toEqual(await get(east, '/api/map/statistics'));
        for (const state of ['pending', 'dispatched', 'inProgress', 'completed', 'verified']) {
          const orders = await get(east, `/api/map/repair-orders?state=${state}&pageSize=1`);
          expect([state, wall.orders.byState[state]]).toEqual([state, orders.pagination.total]);
        }
      } finally {
        expect(body(await grant(auth.ids.module)).code).toBe(200);
      }
    });

    it('a second scheme granted widens what they see (the union of their schemes)', async () => {
      const m = await menuId('bt.map.fault');
      const auth = body(
        await getAs(app, admin, '/api/system/Permission/Authority/Data/Role/role-district'),
      ).data;
      const urgentId = `${m}:d:urgent`;
      const grant = {
        module: auth.ids.module,
        button: auth.ids.button,
        column: auth.ids.column,
        resource: [...auth.ids.resource, urgentId],
      };
      expect(
        body(
          await sendAs(app, admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-district', grant),
        ).code,
      ).toBe(200);
      const mine = await all(east, '/api/map/faults?status=all');
      const every = await all(admin, '/api/map/faults?status=all');
      const expected = every.list.filter((f) => f.district === EAST || f.urgency === 3);
      expect(mine.pagination.total).toBe(expected.length);
      // all data lifts every restriction
      const withAll = { ...grant, resource: [...grant.resource, `${m}:d:jnpf_alldata`] };
      expect(
        body(
          await sendAs(
            app,
            admin,
            'PUT',
            '/api/system/Permission/Authority/Data/Role/role-district',
            withAll,
          ),
        ).code,
      ).toBe(200);
      expect((await all(east, '/api/map/faults?status=all')).pagination.total).toBe(every.pagination.total);
      // a scheme deleted takes its grants with it
      const schemes = body(await getAs(app, admin, `/api/system/Base/ModuleDataAuthorizeScheme/${m}/List`))
        .data.list as Array<{
        id: string;
        enCode: string;
      }>;
      for (const s of schemes.filter((x) => x.enCode !== 'district'))
        expect(
          body(await sendAs(app, admin, 'DELETE', `/api/system/Base/ModuleDataAuthorizeScheme/${s.id}`)).code,
        ).toBe(200);
      const left = body(await getAs(app, admin, '/api/system/Permission/Authority/Data/Role/role-district'))
        .data.ids.resource as string[];
      expect(left.filter((id) => id.startsWith(`${m}:`))).toEqual([`${m}:d:district`]);
      const back = await all(east, '/api/map/faults?status=all');
      expect(back.list.every((f) => f.district === EAST)).toBe(true);
    });
  });

  describe('an online-development model: every record route as the district operator', () => {
    const BASE = '/api/visualdev/Base';
    const ONLINE = '/api/visualdev/OnlineDev';
    let modelId = '';
    let menu = '';
    const ids: Record<string, string> = {};
    const f = (jnpfKey: string, vModel: string, label: string) => ({
      __config__: { jnpfKey, label },
      __vModel__: vModel,
    });

    beforeAll(async () => {
      const made = body(
        await sendAs(app, admin, 'POST', BASE, {
          fullName: '巡查记录',
          enCode: 'patrolRecord',
          category: 'dt-visualDevCategory:ops',
          type: 2,
          formData: JSON.stringify({
            fields: [
              f('comInput', 'district', '区域'),
              f('numInput', 'level', '等级'),
              f('comInput', 'note', '说明'),
            ],
          }),
          columnData: JSON.stringify({
            type: 1,
            columnList: [
              { prop: 'district', label: '区域' },
              // sortable: the number field has a key slot, which its scheme is tested on
              { prop: 'level', label: '等级', sortable: true },
            ],
            searchList: [{ prop: 'note', label: '说明' }],
            btnsList: [{ value: 'add' }, { value: 'download' }, { value: 'batchRemove' }],
            columnBtnsList: [{ value: 'edit' }, { value: 'remove' }],
          }),
        }),
      );
      expect(made.code).toBe(200);
      modelId = made.data.id;
      const released = body(
        await sendAs(app, admin, 'POST', `${BASE}/${modelId}/Actions/Release`, {
          parentId: 'menu-onlineDev',
        }),
      );
      expect(released.code).toBe(200);
      menu = released.data.menuId;
      for (const [key, district, level] of [
        ['e1', EAST, 1],
        ['w1', '西城区', 2],
        ['e2', EAST, 3],
        ['w2', '西城区', 3],
      ] as const) {
        const r = body(
          await sendAs(app, admin, 'POST', `${ONLINE}/${modelId}`, {
            data: JSON.stringify({ district, level, note: `记录${key}` }),
          }),
        );
        expect(r.code).toBe(200);
        ids[key] = r.data.id;
      }
      // the page's rows by district: a field, a scheme, granted to the district role with the page
      const m = (
        await app.ctx.db.selectFrom('menu').select('enCode').where('id', '=', menu).executeTakeFirstOrThrow()
      ).enCode;
      expect(
        body(
          await sendAs(app, admin, 'POST', '/api/system/Base/ModuleDataAuthorize', {
            moduleId: menu,
            enCode: 'district',
            fullName: '区域',
            conditionSymbol: '==',
            conditionText: '@district',
          }),
        ).code,
      ).toBe(200);
      expect(
        body(
          await sendAs(app, admin, 'POST', '/api/system/Base/ModuleDataAuthorizeScheme', {
            moduleId: menu,
            enCode: 'mine',
            fullName: '本区巡查',
            conditionJson: JSON.stringify([
              { logic: 'and', groups: [{ field: 'district', op: '==', value: '@district' }] },
            ]),
          }),
        ).code,
      ).toBe(200);
      const auth = body(
        await getAs(app, admin, '/api/system/Permission/Authority/Data/Role/role-district'),
      ).data;
      const buttons = (
        await app.ctx.db.selectFrom('menu_button').select('enCode').where('menuId', '=', menu).execute()
      ).map((b) => `${menu}:b:${b.enCode}`);
      const columns = (
        await app.ctx.db.selectFrom('menu_column').select('enCode').where('menuId', '=', menu).execute()
      ).map((c) => `${menu}:c:${c.enCode}`);
      const grant = {
        module: [...auth.ids.module, 'menu-onlineDev', menu],
        button: [...auth.ids.button, ...buttons],
        column: [...auth.ids.column, ...columns],
        resource: [...auth.ids.resource, `${menu}:d:mine`],
      };
      const granted = body(
        await sendAs(app, admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-district', grant),
      );
      expect(granted.code).toBe(200);
      expect(m).toBeTruthy();
    });

    it('the list, its count and its search answer only their rows', async () => {
      const list = body(await getAs(app, east, `${ONLINE}/${modelId}/List?pageSize=100`)).data;
      expect(list.pagination.total).toBe(2);
      expect(list.list.map((r: { id: string }) => r.id).sort()).toEqual([ids.e1, ids.e2].sort());
      const searched = body(
        await getAs(app, east, `${ONLINE}/${modelId}/List?keyword=${encodeURIComponent('记录w1')}`),
      ).data;
      expect(searched.pagination.total).toBe(0);
      expect(body(await getAs(app, admin, `${ONLINE}/${modelId}/List`)).data.pagination.total).toBe(4);
    });

    it('the export writes only their rows', async () => {
      const res = await sendAs(app, east, 'POST', `${ONLINE}/${modelId}/Actions/Export`, {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('2');
    });

    it('another district’s record is not there: detail, edit, delete; a batch delete leaves it', async () => {
      expect((await getAs(app, east, `${ONLINE}/${modelId}/${ids.w1}`)).statusCode).toBe(404);
      expect(
        (
          await sendAs(app, east, 'PUT', `${ONLINE}/${modelId}/${ids.w1}`, {
            data: JSON.stringify({ district: EAST }),
          })
        ).statusCode,
      ).toBe(404);
      expect((await sendAs(app, east, 'DELETE', `${ONLINE}/${modelId}/${ids.w1}`)).statusCode).toBe(404);
      expect(body(await getAs(app, east, `${ONLINE}/${modelId}/${ids.e1}`)).code).toBe(200);
      const batch = body(
        await sendAs(app, east, 'POST', `${ONLINE}/${modelId}/batchDelete`, { ids: [ids.e2, ids.w2] }),
      );
      expect(batch.data.deleted).toBe(1);
      expect(body(await getAs(app, admin, `${ONLINE}/${modelId}/${ids.w2}`)).code).toBe(200);
      expect((await getAs(app, admin, `${ONLINE}/${modelId}/${ids.e2}`)).statusCode).toBe(404);
    });

    it('a record they could not see is not theirs to add, nor an edit that moves one out of sight', async () => {
      const add = (district: string) =>
        sendAs(app, east, 'POST', `${ONLINE}/${modelId}`, {
          data: JSON.stringify({ district, level: 1, note: '新增' }),
        });
      const refused = body(await add('西城区'));
      expect(refused.code).toBe(400);
      expect(refused.msg).toMatch(/^data: /);
      const made = body(await add(EAST));
      expect(made.code).toBe(200);
      const moved = body(
        await sendAs(app, east, 'PUT', `${ONLINE}/${modelId}/${made.data.id}`, {
          data: JSON.stringify({ district: '西城区', level: 1, note: '新增' }),
        }),
      );
      expect(moved.msg).toMatch(/^data: /);
      expect(body(await sendAs(app, east, 'DELETE', `${ONLINE}/${modelId}/${made.data.id}`)).code).toBe(200);
    });

    it('a relation picker and a related record read only their rows', async () => {
      const picked = body(
        await getAs(app, east, `${BASE}/${modelId}/FieldDataSelect?field=district&pageSize=100`),
      ).data;
      expect(picked.list.map((r: { id: string }) => r.id)).toEqual([ids.e1]);
      expect((await getAs(app, east, `${ONLINE}/${modelId}/${ids.w1}/DataChange`)).statusCode).toBe(404);
      expect(body(await getAs(app, east, `${ONLINE}/${modelId}/${ids.e1}/DataChange`)).code).toBe(200);
    });

    it('a number field’s scheme widens it (a union): their district or level 3 and above', async () => {
      for (const [url, payload] of [
        [
          '/api/system/Base/ModuleDataAuthorize',
          { moduleId: menu, enCode: 'level', fullName: '等级', conditionSymbol: '>=', conditionText: 'text' },
        ],
        [
          '/api/system/Base/ModuleDataAuthorizeScheme',
          {
            moduleId: menu,
            enCode: 'high',
            fullName: '高等级',
            conditionJson: JSON.stringify([
              { logic: 'and', groups: [{ field: 'level', op: '>=', value: 3 }] },
            ]),
          },
        ],
      ] as const)
        expect(body(await sendAs(app, admin, 'POST', url, payload)).code).toBe(200);
      const auth = body(
        await getAs(app, admin, '/api/system/Permission/Authority/Data/Role/role-district'),
      ).data;
      const grant = { ...auth.ids, resource: [...auth.ids.resource, `${menu}:d:high`] };
      expect(
        body(
          await sendAs(app, admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-district', grant),
        ).code,
      ).toBe(200);
      const list = body(await getAs(app, east, `${ONLINE}/${modelId}/List?pageSize=100`)).data;
      expect(list.list.map((r: { id: string }) => r.id).sort()).toEqual([ids.e1, ids.w2].sort());
    });
  });

  describe("the citizens' feedback as the district operator", () => {
    it('lists, counts, opens and replies to their district’s only', async () => {
      const menu = 'menu-bt.citizen.feedback';
      for (const [url, payload] of [
        [
          '/api/system/Base/ModuleDataAuthorize',
          {
            moduleId: menu,
            enCode: 'district',
            fullName: '区域',
            conditionSymbol: '==',
            conditionText: '@district',
          },
        ],
        [
          '/api/system/Base/ModuleDataAuthorizeScheme',
          {
            moduleId: menu,
            enCode: 'mine',
            fullName: '本区反馈',
            conditionJson: JSON.stringify([
              { logic: 'and', groups: [{ field: 'district', op: '==', value: '@district' }] },
            ]),
          },
        ],
      ] as const)
        expect(body(await sendAs(app, admin, 'POST', url, payload)).code).toBe(200);
      const auth = body(
        await getAs(app, admin, '/api/system/Permission/Authority/Data/Role/role-district'),
      ).data;
      const buttons = (
        await app.ctx.db.selectFrom('menu_button').select('enCode').where('menuId', '=', menu).execute()
      ).map((b) => `${menu}:b:${b.enCode}`);
      const grant = {
        ...auth.ids,
        module: [...auth.ids.module, 'menu-citizen', menu],
        button: [...auth.ids.button, ...buttons],
        resource: [...auth.ids.resource, `${menu}:d:mine`],
      };
      expect(
        body(
          await sendAs(app, admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-district', grant),
        ).code,
      ).toBe(200);
      const every = await all(admin, '/api/citizen/feedback');
      const mine = await all(east, '/api/citizen/feedback');
      expect(every.list.some((f) => f.district !== EAST)).toBe(true);
      expect(mine.list.every((f) => f.district === EAST)).toBe(true);
      expect(mine.pagination.total).toBe(every.list.filter((f) => f.district === EAST).length);
      const other = every.list.find((f) => f.district !== EAST) as { id: string };
      expect((await getAs(app, east, `/api/citizen/feedback/${other.id}`)).statusCode).toBe(404);
      expect(
        (await sendAs(app, east, 'POST', `/api/citizen/feedback/${other.id}/replies`, { content: '已处理' }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('a data report (menu type 5): its page’s schemes over its columns', () => {
    const FIELDS = '/api/system/Base/ModuleDataAuthorize';
    const SCHEMES = '/api/system/Base/ModuleDataAuthorizeScheme';
    const AUTH = '/api/system/Permission/Authority/Data/Role/role-operator';
    type Row = { faultType: string; count: number; repaired: number };

    it('rows, total and sort keep only what the granted scheme allows; a designer’s preview sees all', async () => {
      const operator = await login(app, 'operator', 'operator123');
      const page = await app.ctx.db
        .selectFrom('menu')
        .select('id')
        .where('type', '=', 5)
        .where('propertyJson', 'like', '%rp-fault%')
        .executeTakeFirstOrThrow();
      const m = page.id;
      // the report's columns are what its rows offer, the typed ones as numbers
      const offered = body(await getAs(app, admin, `${FIELDS}/${m}/List`)).data.offered as Array<{
        enCode: string;
        type: string;
      }>;
      expect(offered.map((f) => f.enCode).sort()).toEqual(['count', 'faultType', 'repaired']);
      const data = '/api/visualdev/Report/rp-fault/Data?pageSize=100';
      const every = body(await getAs(app, operator, data)).data as {
        list: Row[];
        pagination: { total: number };
      };
      expect(every.list.length).toBeGreaterThan(2);
      // a number column compared as a number: 故障数 >= the median (text would put "9" above "10")
      const counts = every.list.map((r) => Number(r.count)).sort((a, b) => a - b);
      const median = counts[Math.floor(counts.length / 2)] ?? 0;
      const field = (enCode: string, fullName: string, type: string, conditionSymbol: string) =>
        sendAs(app, admin, 'POST', FIELDS, {
          id: '',
          moduleId: m,
          fullName,
          enCode,
          type,
          conditionSymbol,
          conditionText: 'text',
          description: '',
        });
      expect(body(await field('count', '故障数', 'Int32', '>=,<')).code).toBe(200);
      expect(body(await field('faultType', '故障类型', 'String', '==')).code).toBe(200);
      const first = every.list[every.list.length - 1]?.faultType ?? '';
      const scheme = body(
        await sendAs(app, admin, 'POST', SCHEMES, {
          id: '',
          moduleId: m,
          enCode: 'busy',
          fullName: '多发或指定类型',
          matchLogic: 'or',
          conditionJson: JSON.stringify([
            {
              logic: 'or',
              groups: [
                { id: 'c', field: 'count', type: 'Int32', op: '>=', value: median },
                { id: 't', field: 'faultType', type: 'String', op: '==', value: first },
              ],
            },
          ]),
          conditionText: '',
        }),
      );
      expect(scheme.code).toBe(200);
      const auth = body(await getAs(app, admin, AUTH)).data;
      const grant = (resource: string[]) =>
        sendAs(app, admin, 'PUT', AUTH, {
          module: auth.ids.module,
          button: auth.ids.button,
          column: auth.ids.column,
          resource,
        });
      expect(body(await grant([...auth.ids.resource, `${m}:d:busy`])).code).toBe(200);
      try {
        const seen = body(await getAs(app, operator, data)).data as typeof every;
        const expected = every.list.filter((r) => Number(r.count) >= median || r.faultType === first);
        expect(expected.length).toBeLessThan(every.list.length);
        expect(seen.pagination.total).toBe(expected.length);
        expect(seen.list.map((r) => r.faultType).sort()).toEqual(expected.map((r) => r.faultType).sort());
        // sorted and paged over what they may see only
        const small = body(
          await getAs(app, operator, '/api/visualdev/Report/rp-fault/Data?pageSize=1&sidx=count&sort=asc'),
        ).data as typeof every;
        expect(small.pagination.total).toBe(expected.length);
        expect(Number(small.list[0]?.count)).toBe(Math.min(...expected.map((r) => Number(r.count))));
        // a designer's preview shows the report as designed: every row
        const preview = body(await getAs(app, operator, `${data}&preview=1`)).data as typeof every;
        expect(preview.pagination.total).toBe(every.pagination.total);
      } finally {
        expect(body(await grant(auth.ids.resource)).code).toBe(200);
      }
      expect(body(await getAs(app, operator, data)).data.pagination.total).toBe(every.pagination.total);
    });
  });

  describe('the crew leader sees the repair orders of the crews they lead only', () => {
    it('list, detail and actions; the crews’ open-order counts; the seeded link and scheme', async () => {
      const crew1 = await login(app, 'crew1', 'crew123');
      const led = await app.ctx.db
        .selectFrom('map_crew')
        .select(['id', 'leader'])
        .where('leaderId', '=', 'u-crew1')
        .execute();
      expect(led).toEqual([{ id: 'crew-1', leader: '孟建军' }]);
      type CrewOrder = { id: string; crewId: string | null; state: string };
      const every = (await all(admin, '/api/map/repair-orders')).list as unknown as CrewOrder[];
      const mine = (await all(crew1, '/api/map/repair-orders')).list as unknown as CrewOrder[];
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((o) => o.crewId === 'crew-1')).toBe(true);
      expect(mine.length).toBe(every.filter((o) => o.crewId === 'crew-1').length);
      const other = every.find((o) => o.crewId !== 'crew-1');
      expect(other).toBeDefined();
      if (other) {
        expect((await getAs(app, crew1, `/api/map/repair-orders/${other.id}`)).statusCode).toBe(404);
        expect(
          (await sendAs(app, crew1, 'PUT', `/api/map/repair-orders/${other.id}/Actions/Start`)).statusCode,
        ).toBe(404);
      }
      // the faults stay whole: the scheme is on the repair-order page only
      expect((await all(crew1, '/api/map/faults?status=all')).pagination.total).toBe(
        (await all(admin, '/api/map/faults?status=all')).pagination.total,
      );
      // the crews' open orders count only the orders they may see
      const crews = body(await getAs(app, crew1, '/api/map/crews')).data as Array<{
        id: string;
        openOrders: number;
      }>;
      const all0 = body(await getAs(app, admin, '/api/map/crews')).data as typeof crews;
      expect(crews.filter((c) => c.id !== 'crew-1').every((c) => c.openOrders === 0)).toBe(true);
      expect(crews.find((c) => c.id === 'crew-1')?.openOrders).toBe(
        all0.find((c) => c.id === 'crew-1')?.openOrders,
      );
      expect(all0.some((c) => c.id !== 'crew-1' && c.openOrders > 0)).toBe(true);
    });
  });

  describe('the authorisation page: a user’s effective scopes', () => {
    it('names every scoped menu they hold, its schemes and where each comes from', async () => {
      const e = body(await getAs(app, admin, '/api/system/Permission/Authority/DataScope/u-east')).data;
      expect(e.administrator).toBe(false);
      const fault = e.menus.find((m: { enCode: string }) => m.enCode === 'bt.map.fault');
      expect(fault).toMatchObject({ restricted: true });
      expect(fault.schemes.find((s: { enCode: string }) => s.enCode === 'district')).toMatchObject({
        fullName: '本区数据',
        from: [{ kind: 'role', name: '区域运维员' }],
      });
      expect(
        body(await getAs(app, admin, '/api/system/Permission/Authority/DataScope/u-admin')).data,
      ).toEqual({
        administrator: true,
        menus: [],
      });
      expect((await getAs(app, admin, '/api/system/Permission/Authority/DataScope/nobody')).statusCode).toBe(
        404,
      );
      expect((await getAs(app, east, '/api/system/Permission/Authority/DataScope/u-east')).statusCode).toBe(
        403,
      );
    });
  });

  describe('the district a station looks after', () => {
    it('is read and written with the department, checked against the 行政区 dictionary', async () => {
      const url = '/api/system/Permission/Organize/Department/dept-east';
      const d = body(await getAs(app, admin, url)).data;
      expect(d.district).toBe(EAST);
      const put = (district: unknown) =>
        sendAs(app, admin, 'PUT', url, {
          parentId: d.parentId,
          fullName: d.fullName,
          enCode: d.enCode,
          district,
        });
      const bad = body(await put('月球区'));
      expect(bad.code).toBe(400);
      expect(bad.msg).toMatch(/^district: /);
      expect(body(await getAs(app, admin, url)).data.district).toBe(EAST);
      expect(body(await put('西城区')).code).toBe(200);
      // east's station now looks after 西城区: so do they
      const faults = body(await getAs(app, east, '/api/map/faults?status=all&pageSize=100')).data
        .list as Array<{
        district: string;
      }>;
      expect(faults.length).toBeGreaterThan(0);
      expect(faults.every((f) => f.district === '西城区')).toBe(true);
      expect(body(await put(EAST)).code).toBe(200);
    });
  });

  describe('live pushes over the socket', () => {
    it('a fault’s change reaches only who may see it, in order', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const eastSocket = await Client.open(wsUrl(app));
      const adminSocket = await Client.open(wsUrl(app));
      try {
        await eastSocket.connect(east);
        await adminSocket.connect(admin);
        const asset = async (d: string) =>
          (
            await app.ctx.db
              .selectFrom('map_asset')
              .select('objectid')
              .where('district', '=', d)
              .where('kind', '=', 'streetLamp')
              .where('status', '<>', 'fault')
              .executeTakeFirstOrThrow()
          ).objectid;
        const fault = (assetId: number) => ({ assetId, typeCode: 'flicker', urgency: 2, source: 'patrol' });
        const west = body(
          await sendAs(app, admin, 'POST', '/api/map/faults', fault(await asset('西城区'))),
        ).data;
        const mine = body(await sendAs(app, admin, 'POST', '/api/map/faults', fault(await asset(EAST)))).data;
        const faultOf = (m: Msg) => (m.fault as { id: string }).id;
        // the administrator gets both; east gets theirs, and nothing before it (deliveries keep order)
        await adminSocket.nextWhere(
          (m) => m.method === 'mapFaultChange' && faultOf(m) === mine.id,
          'east fault',
        );
        expect(
          adminSocket.messages.some((m) => m.method === 'mapFaultChange' && faultOf(m) === west.id),
        ).toBe(true);
        await eastSocket.nextWhere(
          (m) => m.method === 'mapFaultChange' && faultOf(m) === mine.id,
          'own fault',
        );
        expect(eastSocket.messages.filter((m) => m.method === 'mapFaultChange').map(faultOf)).toEqual([
          mine.id,
        ]);
        // a fault sets its lamp's status: the asset's change too reaches only who may see the asset
        const assetIds = (c: Client) =>
          c.messages
            .filter((m) => m.method === 'mapAssetChange')
            .flatMap((m) => (m.assets as Array<{ objectid: number }>).map((a) => a.objectid));
        const hasAsset = (id: number) => (m: Msg) =>
          m.method === 'mapAssetChange' &&
          (m.assets as Array<{ objectid: number }>).some((a) => a.objectid === id);
        await adminSocket.nextWhere(hasAsset(mine.assetId), 'east asset change');
        expect(assetIds(adminSocket)).toContain(west.assetId);
        await eastSocket.nextWhere(hasAsset(mine.assetId), 'own asset change');
        expect(assetIds(eastSocket)).not.toContain(west.assetId);
      } finally {
        eastSocket.close();
        adminSocket.close();
      }
    });
  });

  describe('the flow monitor', () => {
    it('lists, cancels and reassigns only the tasks the scheme lets them see', async () => {
      const menu = 'menu-workFlow.flowMonitor';
      for (const [url, payload] of [
        [
          '/api/system/Base/ModuleDataAuthorize',
          {
            moduleId: menu,
            enCode: 'creatorUserId',
            fullName: '发起人',
            conditionSymbol: '==',
            conditionText: '@userId',
          },
        ],
        [
          '/api/system/Base/ModuleDataAuthorizeScheme',
          {
            moduleId: menu,
            enCode: 'mine',
            fullName: '我发起的',
            conditionJson: JSON.stringify([
              { logic: 'and', groups: [{ field: 'creatorUserId', op: '==', value: '@userId' }] },
            ]),
          },
        ],
      ] as const)
        expect(body(await sendAs(app, admin, 'POST', url, payload)).code).toBe(200);
      const role = '/api/system/Permission/Authority/Data/Role/role-manager';
      const auth = body(await getAs(app, admin, role)).data;
      expect(
        body(
          await sendAs(app, admin, 'PUT', role, {
            ...auth.ids,
            resource: [...auth.ids.resource, `${menu}:d:mine`],
          }),
        ).code,
      ).toBe(200);
      const manager = await login(app, 'manager', 'manager123');
      const E = '/api/workflow/Engine/FlowMonitor';
      const every = await all(admin, E);
      const theirs = (await all(manager, E)).list as unknown as Array<{ id: string; creatorUserId: string }>;
      const byOthers = (
        every.list as unknown as Array<{ id: string; creatorUserId: string; status: number }>
      ).filter((t) => t.creatorUserId !== 'u-manager');
      expect(byOthers.length).toBeGreaterThan(0);
      expect(theirs.every((t) => t.creatorUserId === 'u-manager')).toBe(true);
      expect(theirs.length).toBe(every.list.length - byOthers.length);
      const foreign = byOthers[0] as { id: string };
      const cancel = body(await sendAs(app, manager, 'DELETE', E, { ids: [foreign.id] }));
      expect(cancel.code).toBe(400);
      expect(cancel.msg).toMatch(/^ids: /);
      const assign = await sendAs(app, manager, 'POST', `${E}/${foreign.id}/Actions/Assign`, {
        nodeId: 'n1',
        freeApproverUserId: 'u-operator',
      });
      expect(assign.statusCode).toBe(404);
    });
  });
});
