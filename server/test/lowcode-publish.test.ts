/**
 * Publishing models and their runtime lists on the server (issue 13), on both back ends: release
 * puts a type-3 menu with its buttons and columns in the catalogue; the published list filters,
 * searches, sorts and pages on the records' keys; column and button grants of the page decide what
 * a user sees and may do; refused calls name the field and change nothing.
 */
import type { FastifyInstance } from 'fastify';
import { menuId } from '../src/kernel';
import { changedTables, digest, tablesOf } from './fuzz/digest';
import ExcelJS from 'exceljs';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  demoTokens,
  getAs,
  multipart,
  sendAs,
  type TestEnv,
} from './helpers';
import { BASE, CATEGORY, ONLINE, field, type J } from './lowcode-helpers';

let seq = 0;

/** A lamp-check form and its list: name searched, kind a dictionary choice, watts sortable. */
const lampForm = () => ({
  fields: [
    field('input', 'name', '名称', { required: true }),
    field('select', 'kind', '类型', { dataType: 'dictionary', dictionaryType: 'faultType' }, { options: [] }),
    field('inputNumber', 'watts', '功率', {}, { min: 0, max: 10000 }),
    field('input', 'note', '备注'),
  ],
});
const lampList = (over: J = {}) => ({
  type: 1,
  columnList: [
    { prop: 'name', label: '名称', sortable: true },
    { prop: 'kind', label: '类型' },
    { prop: 'watts', label: '功率', sortable: true },
  ],
  searchList: [
    { prop: 'name', label: '名称' },
    { prop: 'kind', label: '类型' },
    { prop: 'watts', label: '功率' },
  ],
  defaultSidx: 'watts',
  sort: 'desc',
  btnsList: [{ value: 'add' }, { value: 'download' }, { value: 'upload' }, { value: 'batchRemove' }],
  columnBtnsList: [{ value: 'edit' }, { value: 'remove' }, { value: 'detail' }],
  ...over,
});

describe.each(TARGETS)('publishing and published lists (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let manager: string;
  let modelId = '';
  let pageMenu = '';

  const get = (token: string, url: string) => getAs(app, token, url);
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    sendAs(app, token, method, url, payload);
  const unchanged = async (fn: () => Promise<void>) => {
    const tables = await tablesOf(app.ctx.db);
    const before = await digest(app.ctx.db, tables);
    await fn();
    expect(changedTables(before, await digest(app.ctx.db, tables))).toEqual([]);
  };
  const list = async (token: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return body(await get(token, `${ONLINE}/${modelId}/List?${qs}`));
  };
  /** Grants the operator's role the page with these buttons and columns (the authorisation page's call). */
  const grantOperator = async (buttons: string[], columns: string[]) => {
    const current = body(await get(admin, '/api/system/Permission/Authority/Data/Role/role-operator')).data;
    const module = [...new Set([...current.ids.module, pageMenu, menuId('onlineDev')])];
    const keep = (ids: string[]) => ids.filter((id: string) => !id.startsWith(`${pageMenu}:`));
    const res = body(
      await send(admin, 'PUT', '/api/system/Permission/Authority/Data/Role/role-operator', {
        module,
        button: [...keep(current.ids.button), ...buttons.map((b) => `${pageMenu}:b:${b}`)],
        column: [...keep(current.ids.column), ...columns.map((c) => `${pageMenu}:c:${c}`)],
        resource: current.ids.resource,
      }),
    );
    expect(res).toMatchObject({ code: 200 });
  };

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin, operator, manager } = await demoTokens(app));
  }, 60_000);
  afterAll(() => env.cleanup());

  it('the seed releases 报修登记 onto its page, whose catalogue follows the list', async () => {
    const m = body(await get(admin, `${BASE}/vd-repair`)).data;
    expect(m).toMatchObject({ state: 1, releasedVersion: 1 });
    expect(m.releaseMenu).toMatchObject({
      enCode: 'dynamicModel.repairReport',
      urlAddress: 'dynamicModel/repairReport',
    });
    const db = app.ctx.db;
    const menu = menuId('dynamicModel.repairReport');
    const codes = async (t: 'menu_button' | 'menu_column') =>
      (await db.selectFrom(t).select('enCode').where('menuId', '=', menu).orderBy('sortCode').execute()).map(
        (r) => r.enCode,
      );
    expect(await codes('menu_button')).toEqual([
      'btn_add',
      'btn_edit',
      'btn_remove',
      'btn_detail',
      'btn_download',
      'btn_upload',
    ]);
    expect(await codes('menu_column')).toEqual([
      'reporter',
      'mobile',
      'address',
      'faultType',
      'urgency',
      'createdTime',
    ]);
    // the design menu offers the release button to administrators
    const design = await db
      .selectFrom('menu_button')
      .select('enCode')
      .where('menuId', '=', menuId('onlineDev.webDesign'))
      .execute();
    expect(design.map((b) => b.enCode)).toContain('btn_release');
  });

  it('creates a form + list model, refusing a list its form cannot serve', async () => {
    const make = (columnData: J) =>
      send(admin, 'POST', BASE, {
        fullName: '灯具检测',
        enCode: `lamp.check${seq++}`,
        category: CATEGORY,
        type: 2,
        formData: JSON.stringify(lampForm()),
        columnData: JSON.stringify(columnData),
      });
    await unchanged(async () => {
      expect(body(await make(lampList({ columnList: [{ prop: 'nope', label: 'x' }] })))).toMatchObject({
        code: 400,
        msg: 'columnData.columnList[0].prop: the form has no field "nope"',
      });
      expect(
        body(await make(lampList({ searchList: [{ prop: 'watts', label: 'w' }], type: 3 }))),
      ).toMatchObject({
        code: 400,
        msg: 'columnData.groupField: a grouped list needs a field to group by',
      });
    });
    const ok = body(await make(lampList()));
    expect(ok.code).toBe(200);
    modelId = ok.data.id;
  });

  it('release refuses a parent that is not a directory and changes nothing', async () => {
    await unchanged(async () => {
      expect(
        body(await send(admin, 'POST', `${BASE}/${modelId}/Actions/Release`, { parentId: 'nope' })),
      ).toMatchObject({ code: 400, msg: 'parentId: 上级菜单不存在' });
      expect(
        body(
          await send(admin, 'POST', `${BASE}/${modelId}/Actions/Release`, {
            parentId: menuId('onlineDev.webDesign'),
          }),
        ),
      ).toMatchObject({ code: 400, msg: 'parentId: 上级必须是目录' });
      expect(
        body(
          await send(operator, 'POST', `${BASE}/${modelId}/Actions/Release`, {
            parentId: menuId('onlineDev'),
          }),
        ),
      ).toMatchObject({ code: 403 });
    });
  });

  it('release makes a type-3 menu with its buttons and columns, granted to the administrators', async () => {
    const parents = body(await get(admin, `${BASE}/MenuSelector`)).data.list;
    expect(parents.map((p: J) => p.id)).toContain(menuId('onlineDev'));
    const res = body(
      await send(admin, 'POST', `${BASE}/${modelId}/Actions/Release`, {
        parentId: menuId('onlineDev'),
        fullName: '灯具检测',
      }),
    );
    expect(res).toMatchObject({ code: 200, msg: '发布成功', data: { version: 1 } });
    pageMenu = res.data.menuId;
    const db = app.ctx.db;
    const menu = await db.selectFrom('menu').selectAll().where('id', '=', pageMenu).executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ type: 3, parentId: menuId('onlineDev'), fullName: '灯具检测' });
    expect(JSON.parse(menu.propertyJson)).toEqual({ moduleId: modelId, isTree: 0 });
    expect(menu.urlAddress).toMatch(/^dynamicModel\/lamp\.check\d+$/);
    const grants = await db
      .selectFrom('role_button')
      .select('enCode')
      .where('menuId', '=', pageMenu)
      .execute();
    expect(grants.map((g) => g.enCode).sort()).toEqual(
      ['btn_add', 'btn_detail', 'btn_download', 'btn_edit', 'btn_remove', 'btn_upload'].sort(),
    );
    // the administrator's menu (after the snapshot was dropped) has the page, with its permissions
    const cu = body(await get(admin, '/api/oauth/CurrentUser')).data;
    const perm = cu.permissionList.find((p: J) => p.modelId === pageMenu);
    expect(perm.column.map((c: J) => c.enCode)).toEqual(['name', 'kind', 'watts']);
    expect(body(await get(admin, `${BASE}/${modelId}`)).data).toMatchObject({ state: 1, releasedVersion: 1 });
    // a model a menu publishes is not deleted, and the answer says which menu
    await unchanged(async () => {
      expect(body(await send(admin, 'DELETE', `${BASE}/${modelId}`))).toMatchObject({
        code: 400,
        msg: 'id: 功能已发布到菜单「灯具检测」，不能删除',
      });
    });
  });

  it('lists records with filters, keyword, sort and paging on the keys', async () => {
    const kinds = ['dt-faultType:lampOff', 'dt-faultType:flicker', 'dt-faultType:leakage'];
    for (let i = 0; i < 25; i++) {
      const res = body(
        await send(admin, 'POST', `${ONLINE}/${modelId}`, {
          data: JSON.stringify({ name: `Lamp ${i} 东路`, kind: kinds[i % 3], watts: i * 10, note: 'n' }),
        }),
      );
      expect(res.code).toBe(200);
    }
    const first = await list(admin, { pageSize: 10 });
    expect(first.code).toBe(200);
    expect(first.data.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 25 });
    // the default sort: watts descending; display values of the columns
    expect(first.data.list[0]).toMatchObject({ name: 'Lamp 24 东路', watts: 240, kind: '灯具不亮' });
    expect(Object.keys(first.data.list[0]).sort()).toEqual(['creatorTime', 'id', 'kind', 'name', 'watts']);
    const page3 = await list(admin, { pageSize: 10, currentPage: 3 });
    expect(page3.data.list.map((r: J) => r.watts)).toEqual([40, 30, 20, 10, 0]);
    // keyword (the text search fields, case-insensitive) and field filters
    const kw = await list(admin, { keyword: 'LAMP 1', pageSize: 100 });
    expect(kw.data.pagination.total).toBe(11); // 1, 10–19
    const q = await list(admin, {
      queryJson: JSON.stringify({ kind: 'dt-faultType:flicker', watts: [50, 200] }),
      sidx: 'name',
      sort: 'asc',
    });
    expect(q.data.list.map((r: J) => r.name)).toEqual([
      'Lamp 10 东路',
      'Lamp 13 东路',
      'Lamp 16 东路',
      'Lamp 19 东路',
      'Lamp 7 东路',
    ]);
    const contains = await list(admin, { queryJson: JSON.stringify({ name: '东路' }) });
    expect(contains.data.pagination.total).toBe(25);
  });

  it('refuses bad list calls naming the parameter', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ queryJson: '{x' }, 'queryJson: must be JSON'],
      [{ queryJson: '{"note":"n"}' }, 'queryJson.note: not a search field of this list'],
      [{ queryJson: '{"watts":["a",1]}' }, 'queryJson.watts: must be numbers'],
      [{ sidx: 'kind' }, 'sidx: "kind" 不能排序'],
      [{ sidx: 'nope' }, 'sidx: "nope" 不能排序'],
      [{ pageSize: 1000 }, 'pageSize: must be ≤ 100'],
    ];
    for (const [query, msg] of cases) expect(await list(admin, query)).toMatchObject({ code: 400, msg });
  });

  /** A workbook of these rows (the first is the header) as .xlsx bytes. */
  const xlsx = async (rows: unknown[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  /** The first sheet of an .xlsx answer, as rows of cell values. */
  const readSheet = async (data: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ArrayBuffer);
    const out: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  };
  const importFile = async (token: string, data: Buffer, key?: string) => {
    const mp = multipart('lamps.xlsx', 'application/octet-stream', data);
    return body(
      await app.inject(
        authed(token, {
          method: 'POST',
          url: `${ONLINE}/${modelId}/Actions/Import${key ? `?idemKey=${key}` : ''}`,
          payload: mp.payload,
          headers: mp.headers,
        }),
      ),
    );
  };

  it('exports the filtered, sorted list as .xlsx with display values, streamed', async () => {
    const res = await app.inject(
      authed(admin, {
        method: 'POST',
        url: `${ONLINE}/${modelId}/Actions/Export`,
        payload: { queryJson: JSON.stringify({ kind: 'dt-faultType:leakage' }), sidx: 'watts', sort: 'asc' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(res.headers['x-total-count']).toBe('8');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['名称', '类型', '功率']);
    expect(rows.slice(1).map((r) => r[2])).toEqual([20, 50, 80, 110, 140, 170, 200, 230]);
    expect(rows[1]).toEqual(['Lamp 2 东路', '漏电', 20]);
    expect(
      body(await send(admin, 'POST', `${ONLINE}/${modelId}/Actions/Export`, { queryJson: '[' })),
    ).toMatchObject({
      code: 400,
      msg: 'queryJson: must be JSON',
    });
  });

  it('imports a filled template all or nothing, reporting each refused row', async () => {
    const tpl = await app.inject(authed(admin, { method: 'GET', url: `${ONLINE}/${modelId}/Template` }));
    expect(tpl.statusCode).toBe(200);
    const header = (await readSheet(tpl.rawPayload))[0] ?? [];
    expect(header).toEqual(['名称', '类型', '功率', '备注']);
    const before = (await list(admin)).data.pagination.total;
    const bad = await xlsx([
      header,
      ['导入一', '灯具不亮', 5, 'a'],
      ['导入二', '没有这个', 'x', 'b'],
      ['', '漏电', 7, 'c'],
      ['导入四', '漏电', 9],
      // every problem of a row at once: an empty required name, an unknown kind, too many watts
      ['', '也没有', 20000, 'e'],
    ]);
    await unchanged(async () => {
      const res = await importFile(admin, bad);
      expect(res).toMatchObject({ code: 200, data: { total: 5, imported: 0 } });
      expect(res.msg).toContain('3 行有错误，未导入任何数据');
      expect(res.data.errors).toEqual([
        { row: 3, field: '类型', message: '"没有这个" 不在可选项中' },
        { row: 3, field: '功率', message: '必须是数字' },
        { row: 4, field: '名称', message: '名称不能为空' },
        { row: 6, field: '名称', message: '名称不能为空' },
        { row: 6, field: '类型', message: '"也没有" 不在可选项中' },
        { row: 6, field: '功率', message: '不能大于10000' },
      ]);
    });
    expect(await importFile(admin, Buffer.from('not a spreadsheet'))).toMatchObject({
      code: 400,
      msg: 'file: 请上传 .xlsx 文件',
    });
    expect(await importFile(admin, await xlsx([['颜色'], ['红']]))).toMatchObject({
      code: 400,
      msg: 'file: 列「颜色」不是表单中可导入的字段',
    });
    const good = await xlsx([header, ['导入一', '灯具不亮', 5, 'a'], ['导入二', '漏电', 6, 'b']]);
    const key = `import-${Date.now()}-key`;
    const res = await importFile(admin, good, key);
    expect(res).toMatchObject({ code: 200, data: { total: 2, imported: 2, errors: [] } });
    // a retry of the same import adds nothing
    expect(await importFile(admin, good, key)).toMatchObject({ code: 200, data: { imported: 2 } });
    expect((await list(admin)).data.pagination.total).toBe(before + 2);
    const found = await list(admin, { keyword: '导入' });
    expect(found.data.list.map((r: J) => [r.name, r.kind]).sort()).toEqual([
      ['导入一', '灯具不亮'],
      ['导入二', '漏电'],
    ]);
  });

  it('a new search field after a re-release is found on records made before it', async () => {
    const m = body(await get(admin, `${BASE}/${modelId}`)).data;
    const withNote = lampList({ searchList: [...lampList().searchList, { prop: 'note', label: '备注' }] });
    const saved = body(
      await send(admin, 'PUT', `${BASE}/${modelId}`, {
        fullName: m.fullName,
        enCode: m.enCode,
        category: m.category,
        type: 2,
        columnData: JSON.stringify(withNote),
      }),
    );
    expect(saved).toMatchObject({ code: 200, data: { version: 2 } });
    // the page still shows version 1 until the release; a designer's preview shows version 2
    expect((await list(admin, { queryJson: '{"note":"n"}' })).code).toBe(400);
    expect((await list(admin, { queryJson: '{"note":"n"}', preview: 1 })).data.pagination.total).toBe(25);
    const rel = body(
      await send(admin, 'POST', `${BASE}/${modelId}/Actions/Release`, { parentId: menuId('onlineDev') }),
    );
    expect(rel).toMatchObject({ code: 200, data: { menuId: pageMenu, version: 2 } });
    expect((await list(admin, { queryJson: '{"note":"N"}' })).data.pagination.total).toBe(25);
  });

  it('the operator sees the granted columns and buttons only, and the server refuses the rest', async () => {
    // the operator designs forms (onlineDev.webDesign with every button) but a published page goes by its grants
    expect((await list(operator)).code).toBe(403);
    // …and so does a designer's preview of it: the design, yes; its records, only with the page's grant
    const design = body(await get(operator, `${ONLINE}/${modelId}/Config?preview=1`));
    expect(design.code).toBe(200);
    expect(JSON.parse(design.data.columnData).columnList.map((c: J) => c.prop)).toEqual([
      'name',
      'kind',
      'watts',
    ]);
    expect((await list(operator, { preview: 1 })).code).toBe(403);
    const victim = (await list(admin, { pageSize: 1 })).data.list[0].id as string;
    await unchanged(async () => {
      const pv = `?preview=1`;
      expect(body(await send(operator, 'DELETE', `${ONLINE}/${modelId}/${victim}${pv}`))).toMatchObject({
        code: 403,
        msg: '权限不足: 无权使用功能「灯具检测」',
      });
      expect(
        body(await send(operator, 'POST', `${ONLINE}/${modelId}/batchDelete${pv}`, { ids: [victim] })).code,
      ).toBe(403);
      expect(
        body(await send(operator, 'PUT', `${ONLINE}/${modelId}/${victim}${pv}`, { data: '{"name":"x"}' }))
          .code,
      ).toBe(403);
      expect(
        body(await send(operator, 'POST', `${ONLINE}/${modelId}${pv}`, { data: '{"name":"x"}' })).code,
      ).toBe(403);
      expect(body(await get(operator, `${ONLINE}/${modelId}/${victim}${pv}`)).code).toBe(403);
      expect(
        body(await send(operator, 'POST', `${ONLINE}/${modelId}/Actions/Export`, { preview: 1 })).code,
      ).toBe(403);
      expect(body(await get(operator, `${ONLINE}/${modelId}/Template${pv}`)).code).toBe(403);
    });
    await grantOperator(['btn_add', 'btn_edit', 'btn_detail'], ['name', 'watts']);
    const rows = await list(operator, { pageSize: 5 });
    expect(rows.code).toBe(200);
    expect(Object.keys(rows.data.list[0]).sort()).toEqual(['creatorTime', 'id', 'name', 'watts']);
    const config = body(await get(operator, `${ONLINE}/${modelId}/Config`)).data;
    expect(JSON.parse(config.columnData).columnList.map((c: J) => c.prop)).toEqual(['name', 'watts']);
    const columnData = body(await get(operator, `${ONLINE}/${modelId}/ColumnData`)).data;
    expect(columnData.columnData).toBe(config.columnData);
    const formData = body(await get(operator, `${ONLINE}/${modelId}/FormData`)).data;
    expect(JSON.parse(formData.formData).fields.map((f: J) => f.__vModel__)).toEqual([
      'name',
      'kind',
      'watts',
      'note',
    ]);
    // a designer's preview needs the design menu's grant, not the page's
    expect(body(await get(manager, `${ONLINE}/${modelId}/Config?preview=1`)).code).toBe(403);
    const id = rows.data.list[0].id;
    await unchanged(async () => {
      expect(body(await send(operator, 'DELETE', `${ONLINE}/${modelId}/${id}`))).toMatchObject({
        code: 403,
        msg: '权限不足: 无权使用功能「灯具检测」',
      });
      expect(body(await send(operator, 'POST', `${ONLINE}/${modelId}/batchDelete`, { ids: [id] })).code).toBe(
        403,
      );
      expect(body(await send(operator, 'POST', `${ONLINE}/${modelId}/Actions/Export`, {})).code).toBe(403);
      expect(body(await get(operator, `${ONLINE}/${modelId}/Template`)).code).toBe(403);
    });
    const added = body(
      await send(operator, 'POST', `${ONLINE}/${modelId}`, {
        data: JSON.stringify({ name: 'op lamp', watts: 1 }),
      }),
    );
    expect(added.code).toBe(200);
  });

  it('batch delete removes the records and their keys; a retry changes nothing more', async () => {
    const rows = (await list(admin, { pageSize: 3, sidx: 'watts', sort: 'asc' })).data.list;
    const ids = rows.map((r: J) => r.id);
    const res = body(await send(admin, 'POST', `${ONLINE}/${modelId}/batchDelete`, { ids }));
    expect(res).toMatchObject({ code: 200, data: { deleted: 3 } });
    const again = body(await send(admin, 'POST', `${ONLINE}/${modelId}/batchDelete`, { ids }));
    expect(again).toMatchObject({ code: 200, data: { deleted: 0 } });
    const keys = await app.ctx.db
      .selectFrom('lowcode_record_key')
      .select('recordId')
      .where('recordId', 'in', ids)
      .execute();
    expect(keys).toEqual([]);
    expect(body(await send(admin, 'POST', `${ONLINE}/${modelId}/batchDelete`, { ids: [] })).msg).toBe(
      'ids: must have at least 1 items',
    );
  });

  it('groups a grouped list by its field, with each group count over every page', async () => {
    const made = body(
      await send(admin, 'POST', BASE, {
        fullName: '分组测试',
        enCode: `lamp.group${seq++}`,
        category: CATEGORY,
        type: 2,
        formData: JSON.stringify(lampForm()),
        columnData: JSON.stringify(lampList({ type: 3, groupField: 'kind' })),
      }),
    );
    expect(made.code).toBe(200);
    const id = made.data.id;
    const kinds = ['dt-faultType:lampOff', 'dt-faultType:flicker'];
    for (let i = 0; i < 7; i++)
      await send(admin, 'POST', `${ONLINE}/${id}`, {
        data: JSON.stringify({ name: `g${i}`, kind: kinds[i % 2], watts: i }),
      });
    const page = async (n: number) =>
      body(await get(admin, `${ONLINE}/${id}/List?pageSize=3&currentPage=${n}`)).data;
    const p1 = await page(1);
    expect(p1.list.map((r: J) => r.name)).toEqual(['g5', 'g3', 'g1']);
    expect(p1.groups).toEqual([{ key: 'dt-faulttype:flicker', label: '灯光闪烁', count: 3 }]);
    const p2 = await page(2);
    expect(p2.groups).toEqual([{ key: 'dt-faulttype:lampoff', label: '灯具不亮', count: 4 }]);
  });

  it('a dictionary page lists its type and lets its button holders change it', async () => {
    const DICT = '/api/visualdev/Dictionary/dt-assetKind';
    const list = body(await get(operator, DICT));
    expect(list.code).toBe(200);
    expect(list.data.type).toMatchObject({ enCode: 'assetKind', isTree: 0 });
    expect(list.data.list.map((d: J) => d.enCode)).toContain('streetLamp');
    await unchanged(async () => {
      expect(
        body(await send(operator, 'POST', DICT, { fullName: '太阳能灯', enCode: 'bad code' })),
      ).toMatchObject({
        code: 400,
        msg: 'enCode: 只能包含字母、数字、.、_、-',
      });
      expect(
        body(await send(operator, 'POST', DICT, { fullName: '重复', enCode: 'streetLamp' })),
      ).toMatchObject({
        code: 400,
        msg: 'enCode: 编码 "streetLamp" 已存在',
      });
      expect(
        body(await send(operator, 'POST', DICT, { fullName: 'x', enCode: 'x', parentId: 'nope' })),
      ).toMatchObject({
        code: 400,
      });
      // a type no dictionary page shows
      expect(body(await get(operator, '/api/visualdev/Dictionary/dt-faultType')).code).toBe(403);
    });
    const made = body(
      await send(operator, 'POST', DICT, { fullName: '太阳能灯', enCode: 'solarLamp', sortCode: 99 }),
    );
    expect(made.code).toBe(200);
    expect(
      body(
        await send(operator, 'PUT', `${DICT}/${made.data.id}`, {
          fullName: '太阳能路灯',
          enCode: 'solarLamp',
        }),
      ).code,
    ).toBe(200);
    const after = body(await get(operator, `${DICT}?keyword=${encodeURIComponent('太阳能')}`)).data.list;
    expect(after.map((d: J) => d.fullName)).toEqual(['太阳能路灯']);
    expect(body(await send(operator, 'DELETE', `${DICT}/${made.data.id}`)).code).toBe(200);
  });

  it('a data report answers its interface’s rows sorted and paged, by its filters', async () => {
    const cfg = body(await get(admin, '/api/visualdev/Report/rp-fault/Config'));
    expect(cfg.data.config.chart).toEqual({ type: 'bar', x: 'faultType', y: ['count', 'repaired'] });
    const data = body(await get(admin, '/api/visualdev/Report/rp-fault/Data?pageSize=100'));
    expect(data.code).toBe(200);
    const rows = data.data.list as J[];
    expect(Object.keys(rows[0] ?? { faultType: 1, count: 1, repaired: 1 }).sort()).toEqual([
      'count',
      'faultType',
      'repaired',
    ]);
    const counts = rows.map((r) => r.count as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const total = counts.reduce((a, b) => a + b, 0);
    const faults = await app.ctx.db
      .selectFrom('fault')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(total).toBe(Number(faults?.n ?? 0));
    // a period with no faults
    const none = body(
      await get(
        admin,
        `/api/visualdev/Report/rp-fault/Data?queryJson=${encodeURIComponent('{"from":1,"to":2}')}`,
      ),
    );
    expect(none.data.pagination.total).toBe(0);
    const bad = (q: string) => get(admin, `/api/visualdev/Report/rp-fault/Data?${q}`);
    expect(body(await bad(`queryJson=${encodeURIComponent('{"x":1}')}`)).msg).toBe(
      'queryJson.x: not a filter of this report',
    );
    expect(body(await bad(`queryJson=${encodeURIComponent('{"from":"abc"}')}`)).msg).toBe(
      'queryJson.from: must be a number',
    );
    expect(body(await bad('sidx=nope')).msg).toBe('sidx: "nope" 不能排序');
    // the seeded page shows it; the manager holds no page of it
    expect(body(await get(manager, '/api/visualdev/Report/rp-fault/Data')).code).toBe(403);
  });

  it('designs and releases a report, refusing a config its interface does not fit', async () => {
    const make = (config: J) =>
      send(admin, 'POST', '/api/visualdev/Report', {
        fullName: '按组织用户',
        enCode: `users.report${seq++}`,
        dataInterfaceId: 'di-users-by-org',
        config: JSON.stringify(config),
      });
    const columns = [
      { prop: 'realName', label: '姓名' },
      { prop: 'account', label: '账号', sortable: true },
    ];
    await unchanged(async () => {
      expect(body(await make({ columns, filters: [{ param: 'nope', label: 'x' }] }))).toMatchObject({
        code: 400,
        msg: 'config.filters[0].param: the interface has no parameter "nope"',
      });
      expect(body(await make({ columns: [] }))).toMatchObject({
        code: 400,
        msg: 'config.columns: the report needs at least one column',
      });
    });
    const made = body(
      await make({ columns, filters: [{ param: 'organizeId', label: '组织' }], chart: { type: 'none' } }),
    );
    expect(made.code).toBe(200);
    const rel = body(
      await send(admin, 'POST', `/api/visualdev/Report/${made.data.id}/Actions/Release`, {
        parentId: menuId('onlineDev'),
      }),
    );
    expect(rel).toMatchObject({ code: 200, msg: '发布成功' });
    const menu = await app.ctx.db
      .selectFrom('menu')
      .selectAll()
      .where('id', '=', rel.data.menuId)
      .executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ type: 5, fullName: '按组织用户' });
    expect(body(await send(admin, 'DELETE', `/api/visualdev/Report/${made.data.id}`))).toMatchObject({
      code: 400,
      msg: 'id: 报表已发布到菜单「按组织用户」，不能删除',
    });
  });
});
