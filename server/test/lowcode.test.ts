/**
 * Low-code forms on the server (issue 12): the models (/api/visualdev/Base) with their form checks
 * and versions, and the records (/api/visualdev/OnlineDev/{modelId}) validated against the form,
 * with system fields and bill numbers filled by the server. Every refused call changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { menuId } from '../src/kernel';
import { changedTables, digest, tablesOf } from './fuzz/digest';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  demoTokens,
  getAs,
  multipart,
  png,
  rowCount,
  sendAs,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';
import inspection from '../../shared/src/formcore/fixtures/legacy-inspection.json';
import { BASE, CATEGORY, ONLINE, field, type J } from './lowcode-helpers';

let keySeq = 0;
const idemKey = () => `k-${Date.now().toString(36)}-${(keySeq++).toString(36)}-lowcode`;

describe.each(TARGETS)('low-code forms (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let manager: string;
  let nobody: string;

  const get = (token: string, url: string) => getAs(app, token, url);
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    sendAs(app, token, method, url, payload);
  const createRecord = (token: string, modelId: string, data: J, key?: string) =>
    send(token, 'POST', `${ONLINE}/${modelId}`, {
      data: JSON.stringify(data),
      ...(key ? { idemKey: key } : {}),
    });
  const readRecord = async (token: string, modelId: string, id: string) => {
    const b = body(await get(token, `${ONLINE}/${modelId}/${id}`));
    expect(b.code).toBe(200);
    return { ...b.data, values: JSON.parse(b.data.data) as J };
  };
  /** Runs `fn` and expects the database to be exactly as before. */
  const unchanged = async (fn: () => Promise<void>) => {
    const tables = await tablesOf(app.ctx.db);
    const before = await digest(app.ctx.db, tables);
    await fn();
    expect(changedTables(before, await digest(app.ctx.db, tables))).toEqual([]);
  };
  const newModel = async (fields: J[], extra: J = {}) => {
    const b = body(
      await send(admin, 'POST', BASE, {
        fullName: extra.fullName ?? '测试表单',
        enCode: extra.enCode ?? `t.m${Date.now().toString(36)}${(keySeq++).toString(36)}`,
        category: CATEGORY,
        type: 1,
        formData: JSON.stringify({ fields }),
        ...extra,
      }),
    );
    expect(b).toMatchObject({ code: 200 });
    return b.data.id as string;
  };

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin, operator, manager } = await demoTokens(app));
    nobody = await tokenWithoutGrants(app, admin);
  }, 60_000);
  afterAll(() => env.cleanup());

  describe('models (/api/visualdev/Base)', () => {
    it('seeds five demo models, each with a valid form as version 1', async () => {
      const b = body(await get(admin, `${BASE}?pageSize=100`));
      expect(b.code).toBe(200);
      const byId = new Map(b.data.list.map((m: J) => [m.id, m]));
      for (const id of ['vd-repair', 'vd-inspection', 'vd-asset', 'vd-material', 'vd-acceptance'])
        expect(byId.get(id)).toMatchObject({ version: 1 });
      expect(byId.get('vd-inspection')).toMatchObject({ fullName: '路灯巡检记录', categoryName: '运维' });
      const one = body(await get(admin, `${BASE}/vd-material`)).data;
      expect(JSON.parse(one.formData).fields.map((f: J) => f.__vModel__)).toContain('items');
      expect(await rowCount(app.ctx.db, 'lowcode_model_version')).toBeGreaterThanOrEqual(5);
    });

    it('lists with keyword, category and type filters and pages', async () => {
      const kw = body(await get(admin, `${BASE}?keyword=${encodeURIComponent('巡检')}`)).data;
      expect(kw.list.map((m: J) => m.id)).toEqual(['vd-inspection']);
      const formsOnly = body(await get(admin, `${BASE}?type=1`)).data.list.map((m: J) => m.id);
      expect(formsOnly).toContain('vd-acceptance');
      expect(formsOnly).not.toContain('vd-repair');
      const cat = body(
        await get(admin, `${BASE}?category=${encodeURIComponent('dt-visualDevCategory:material')}`),
      ).data;
      expect(cat.list.map((m: J) => m.id)).toEqual(['vd-material']);
      const paged = body(await get(admin, `${BASE}?pageSize=2&currentPage=2`)).data;
      expect(paged.list).toHaveLength(2);
      expect(paged.pagination).toMatchObject({ currentPage: 2, pageSize: 2 });
      expect(paged.pagination.total).toBeGreaterThanOrEqual(5);
    });

    it('creates a model with its form normalised as version 1; a save with the same form makes no version', async () => {
      const id = await newModel(
        [
          field('input', 'title', '标题', { required: true }),
          field('inputNumber', 'qty', '数量', {}, { min: 0 }),
        ],
        { fullName: '灯具检测单', enCode: 'lampTest' },
      );
      const m = body(await get(admin, `${BASE}/${id}`)).data;
      expect(m).toMatchObject({
        fullName: '灯具检测单',
        enCode: 'lampTest',
        version: 1,
        state: 0,
        categoryName: '运维',
      });
      expect(m.creatorUser).toBe('系统管理员/admin');
      // read back as saved; the form the server runs is the normalised one (defaults filled)
      expect(JSON.parse(m.formData)).toEqual({
        fields: [
          field('input', 'title', '标题', { required: true }),
          field('inputNumber', 'qty', '数量', {}, { min: 0 }),
        ],
      });
      const stored = await app.ctx.db
        .selectFrom('visualdev_base')
        .select('formData')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.formData)).toMatchObject({ labelPosition: 'right', popupType: 'general' });
      const put = (over: J) =>
        send(admin, 'PUT', `${BASE}/${id}`, {
          fullName: '灯具检测单',
          enCode: 'lampTest',
          category: CATEGORY,
          type: 1,
          formData: m.formData,
          ...over,
        });
      expect(body(await put({}))).toMatchObject({ code: 200, data: { version: 1 } });
      expect(body(await put({ fullName: '灯具检测记录' }))).toMatchObject({ data: { version: 1 } });
      expect(body(await get(admin, `${BASE}/${id}`)).data).toMatchObject({
        fullName: '灯具检测记录',
        lastModifyUser: '系统管理员/admin',
      });
      const changed = JSON.parse(m.formData);
      changed.fields.push(field('input', 'remark', '备注'));
      expect(body(await put({ formData: JSON.stringify(changed) }))).toMatchObject({ data: { version: 2 } });
      const versions = await app.ctx.db
        .selectFrom('lowcode_model_version')
        .select('version')
        .where('modelId', '=', id)
        .orderBy('version')
        .execute();
      expect(versions.map((v) => v.version)).toEqual([1, 2]);
    });

    it('a form saved by a JNPF 3.x client reads back as it was saved, and runs normalised', async () => {
      // the 3.x dialect as the Vue 2 client writes it (comInput, __slot__.options, size medium,
      // yyyy-MM-dd formats): shared/src/formcore/fixtures
      const legacy = JSON.stringify(inspection, null, 2);
      const id = await newModel([], { formData: legacy, fullName: '巡检单3x' });
      const info = body(await get(admin, `${BASE}/${id}`)).data;
      expect(info.formData).toBe(legacy);
      const config = body(await get(admin, `${ONLINE}/${id}/Config?preview=1`)).data;
      expect(config.formData).toBe(legacy);
      expect(body(await get(admin, `${ONLINE}/${id}/FormData?preview=1`)).data.formData).toBe(legacy);
      // saving it back unchanged makes no new version; the normalised form sits beside it
      const again = await send(admin, 'PUT', `${BASE}/${id}`, {
        fullName: info.fullName,
        enCode: info.enCode,
        category: CATEGORY,
        type: 1,
        formData: info.formData,
      });
      expect(body(again)).toMatchObject({ code: 200, data: { version: 1 } });
      const row = await app.ctx.db
        .selectFrom('lowcode_model_version')
        .select(['formData', 'formSource'])
        .where('modelId', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.formSource).toBe(legacy);
      const normalised = JSON.parse(row.formData);
      expect(normalised.size).toBe('middle');
      expect(JSON.stringify(normalised)).not.toContain('comInput');
      // a copy keeps what the client saved
      const copy = body(await send(admin, 'POST', `${BASE}/${id}/Actions/Copy`, { idemKey: idemKey() }));
      expect(copy.code).toBe(200);
      expect(body(await get(admin, `${BASE}/${copy.data.id}`)).data.formData).toBe(legacy);
    });

    it('a 3.x calculate (no isStorage switch) keeps its value in the record, as 3.x stored it', async () => {
      const legacyField = (jnpfKey: string, tag: string, vModel: string, label: string, props: J = {}) => ({
        __config__: {
          jnpfKey,
          label,
          labelWidth: null,
          showLabel: true,
          tag,
          layout: 'colFormItem',
          span: 24,
        },
        __vModel__: vModel,
        ...props,
      });
      const id = await newModel([
        legacyField('numInput', 'el-input-number', 'qty', '数量', { min: 0, step: 1 }),
        legacyField('calculate', 'calculate', 'twice', '两倍', {
          expression: [{ __vModel__: 'qty', label: '数量' }, '×', '2'],
          precision: 0,
        }),
      ]);
      const made = body(await createRecord(admin, id, { qty: 4 }, idemKey()));
      expect(made.code).toBe(200);
      expect((await readRecord(admin, id, made.data.id)).values).toMatchObject({ qty: 4, twice: 8 });
    });

    it('two saves of a model at once make two versions, neither refused', async () => {
      const id = await newModel([field('input', 'a', 'A')]);
      const m = body(await get(admin, `${BASE}/${id}`)).data;
      const withField = (name: string) => {
        const f = JSON.parse(m.formData);
        f.fields.push(field('input', name, name));
        return JSON.stringify(f);
      };
      const saves = await Promise.all(
        ['b', 'c'].map((n) =>
          send(admin, 'PUT', `${BASE}/${id}`, {
            fullName: m.fullName,
            enCode: m.enCode,
            category: CATEGORY,
            type: 1,
            formData: withField(n),
          }),
        ),
      );
      expect(saves.map((r) => body(r).data.version).sort()).toEqual([2, 3]);
      const latest = body(await get(admin, `${BASE}/${id}`)).data;
      const v3 = await app.ctx.db
        .selectFrom('lowcode_model_version')
        .select(['formData', 'formSource'])
        .where('modelId', '=', id)
        .where('version', '=', 3)
        .executeTakeFirstOrThrow();
      // what the client saved is what it reads back
      expect(latest).toMatchObject({ version: 3, formData: v3.formSource ?? v3.formData });
      expect(app.ctx.counters.constraintErrors).toBe(0);
    });

    it('refuses a broken form naming the path, and changes nothing', async () => {
      const post = (formData: string) =>
        send(admin, 'POST', BASE, {
          fullName: '坏表单',
          enCode: 'bad.form',
          category: CATEGORY,
          type: 1,
          formData,
        });
      const cases: Array<[string, string | RegExp]> = [
        [
          JSON.stringify({
            fields: [
              field('inputNumber', 'qty', '数量'),
              field('row', null, '行', {
                children: [field('input', 'name', '名称'), field('input', 'qty', '数量二')],
              }),
            ],
          }),
          "formData.fields[1].__config__.children[1].__vModel__: duplicate field name 'qty' (also at fields[0])",
        ],
        [
          JSON.stringify({ fields: [field('nope', 'x', 'X')] }),
          /^formData\.fields\[0\]\.__config__\.jnpfKey: /,
        ],
        [
          JSON.stringify({
            fields: [
              field('calculate', 'a', 'A', {}, { expression: [{ __vModel__: 'b' }, '+', 1] }),
              field('calculate', 'b', 'B', {}, { expression: [{ __vModel__: 'a' }, '+', 1] }),
            ],
          }),
          /^formData\.fields\[\d\]\.expression: calculation cycle: /,
        ],
        [
          JSON.stringify({
            fields: [field('relationForm', 'r', '关联', {}, { modelId: 'vd-none', relationField: 'x' })],
          }),
          'formData.fields[0].modelId: 关联的功能 "vd-none" 不存在',
        ],
        [
          JSON.stringify({
            fields: [field('relationForm', 'r', '关联', {}, { modelId: 'vd-repair', relationField: 'nope' })],
          }),
          'formData.fields[0].relationField: 关联功能中没有字段 "nope"',
        ],
        [
          JSON.stringify({
            fields: [field('select', 's', '选择', { dataType: 'dictionary', dictionaryType: 'noSuchDict' })],
          }),
          'formData.fields[0].__config__.dictionaryType: 数据字典 "noSuchDict" 不存在',
        ],
        [
          JSON.stringify({ fields: [field('billRule', 'no', '编号', { rule: 'NoSuchRule' })] }),
          'formData.fields[0].__config__.rule: 单据规则 "NoSuchRule" 不存在',
        ],
        [
          JSON.stringify({ fields: [field('input', 'a', 'a\u0000b')] }),
          'formData.fields[0].__config__.label: must not contain control characters',
        ],
        ['{"fields":', 'formData: must be JSON'],
        ['[]', /^formData: /],
        [JSON.stringify({ fields: 'x' }), /^formData\.fields: /],
      ];
      await unchanged(async () => {
        for (const [formData, msg] of cases) {
          const b = body(await post(formData));
          expect([formData.slice(0, 60), b.code]).toEqual([formData.slice(0, 60), 400]);
          if (typeof msg === 'string') expect(b.msg).toBe(msg);
          else expect(b.msg).toMatch(msg);
        }
        // sizes: formData over 1 MB, the list JSON's shape
        const big = JSON.stringify({
          fields: [field('text', null, 'x', {}, { content: 'x'.repeat(1_000_000) })],
        });
        expect(body(await post(big)).msg).toBe('formData: must be at most 1000000 characters');
        const cols = body(
          await send(admin, 'POST', BASE, {
            fullName: '坏列表',
            enCode: 'bad.list',
            category: CATEGORY,
            type: 2,
            columnData: JSON.stringify({ columnList: [{ label: 5 }] }),
          }),
        );
        expect(cols.msg).toBe('columnData.columnList[0].label: must be string');
        // code taken, category unknown
        const dup = { fullName: '重复', enCode: 'repairReport', category: CATEGORY, type: 1 };
        expect(body(await send(admin, 'POST', BASE, dup)).msg).toBe('enCode: 编码 "repairReport" 已存在');
        expect(body(await send(admin, 'POST', BASE, { ...dup, enCode: 'x.y', category: 'nope' })).msg).toBe(
          'category: 分类不存在',
        );
      });
    });

    it('copies a model with a new name and code, once per request key', async () => {
      const key = idemKey();
      const a = body(await send(admin, 'POST', `${BASE}/vd-material/Actions/Copy`, { idemKey: key }));
      expect(a).toMatchObject({
        code: 200,
        data: { fullName: '材料申领单副本', enCode: 'materialApply.copy1' },
      });
      const again = body(await send(admin, 'POST', `${BASE}/vd-material/Actions/Copy`, { idemKey: key }));
      expect(again.data.id).toBe(a.data.id);
      const b = body(await send(admin, 'POST', `${BASE}/vd-material/Actions/Copy`));
      expect(b.data).toMatchObject({ fullName: '材料申领单副本2', enCode: 'materialApply.copy2' });
      const copy = body(await get(admin, `${BASE}/${a.data.id}`)).data;
      const src = body(await get(admin, `${BASE}/vd-material`)).data;
      expect(copy).toMatchObject({ version: 1, state: 0, formData: src.formData });
    });

    it('refuses to delete a published model or one another form relates to; deletes the rest', async () => {
      await unchanged(async () => {
        expect(body(await send(admin, 'DELETE', `${BASE}/vd-repair`))).toMatchObject({
          code: 400,
          msg: 'id: 功能已发布到菜单「报修登记」，不能删除',
        });
      });
      // a disabled menu naming it counts too (enabling it again would point at nothing)
      const hidden = await newModel([field('input', 'name', '名称')]);
      await app.ctx.db
        .insertInto('menu')
        .values({
          id: 'menu-test-hidden',
          parentId: menuId('onlineDev'),
          type: 3,
          enCode: 'dynamicModel.test.hidden',
          fullName: '停用的功能',
          urlAddress: 'dynamicModel/testHidden',
          icon: '',
          propertyJson: JSON.stringify({ moduleId: hidden }),
          linkTarget: '',
          sortCode: 98,
          enabledMark: 0,
        })
        .execute();
      expect(body(await send(admin, 'DELETE', `${BASE}/${hidden}`)).msg).toBe(
        'id: 功能已发布到菜单「停用的功能」，不能删除',
      );
      const target = await newModel([field('input', 'name', '名称')]);
      const relating = await newModel(
        [field('relationForm', 'ref', '引用', {}, { modelId: target, relationField: 'name' })],
        {
          fullName: '引用表单',
        },
      );
      expect(body(await send(admin, 'DELETE', `${BASE}/${target}`)).msg).toBe(
        'id: 功能被「引用表单」的关联表单引用，不能删除',
      );
      expect(body(await send(admin, 'DELETE', `${BASE}/${relating}`))).toMatchObject({ code: 200 });
      expect(body(await send(admin, 'DELETE', `${BASE}/${target}`))).toMatchObject({ code: 200 });
      expect(body(await get(admin, `${BASE}/${target}`)).code).toBe(404);
    });

    it('Selector groups models by category; FormDataFields lists the value fields', async () => {
      const sel = body(await get(manager, `${BASE}/Selector`)).data.list;
      const ops = sel.find((g: J) => g.fullName === '运维');
      expect(ops.children.map((m: J) => m.id)).toEqual(
        expect.arrayContaining(['vd-repair', 'vd-inspection']),
      );
      const fields = body(await get(manager, `${BASE}/vd-material/FormDataFields`)).data.list;
      expect(fields.map((f: J) => f.vModel)).toEqual([
        'applyNo',
        'applyDate',
        'applicant',
        'dept',
        'purpose',
        'total',
        'remark',
      ]);
      expect(fields[0]).toEqual({ vModel: 'applyNo', label: '申领单号', jnpfKey: 'billRule' });
    });

    it('answers only those with the design menu (or the flow designer for pickers)', async () => {
      await unchanged(async () => {
        for (const url of [BASE, `${BASE}/vd-repair`, `${BASE}/Selector`, `${BASE}/vd-repair/FormDataFields`])
          expect([url, body(await get(nobody, url)).code]).toEqual([url, 403]);
        expect(body(await get(manager, BASE)).msg).toBe('权限不足: 缺少菜单 onlineDev.webDesign');
        const b = { fullName: '无权', enCode: 'no.right', category: CATEGORY, type: 1 };
        expect(body(await send(manager, 'POST', BASE, b)).code).toBe(403);
        expect(body(await send(manager, 'POST', `${BASE}/vd-repair/Actions/Copy`)).code).toBe(403);
        expect(body(await send(manager, 'DELETE', `${BASE}/vd-asset`)).code).toBe(403);
      });
    });
  });

  describe('records (/api/visualdev/OnlineDev)', () => {
    const material = (over: J = {}) => ({
      applyDate: Date.UTC(2026, 10, 20),
      purpose: '解放路灯杆更换',
      items: [
        { material: 'LED 灯头', unit: '1', qty: 3, price: 0.1, amount: 999 },
        { material: '电缆', unit: '2', qty: 120, price: 8.35 },
      ],
      ...over,
    });

    it('Config gives the current form and list JSON to those who may use the model', async () => {
      const c = body(await get(operator, `${ONLINE}/vd-material/Config`));
      expect(c).toMatchObject({ code: 200, data: { id: 'vd-material', version: 1 } });
      expect(JSON.parse(c.data.formData).fields.length).toBeGreaterThan(3);
      expect(body(await get(nobody, `${ONLINE}/vd-material/Config`))).toMatchObject({
        code: 403,
        msg: '权限不足: 无权使用功能「材料申领单」',
      });
    });

    it('stores a record with calculates recomputed and system fields and the bill number filled', async () => {
      const res = body(
        await createRecord(operator, 'vd-material', { ...material(), applicant: 'u-admin', total: 1 }),
      );
      expect(res).toMatchObject({ code: 200, msg: '新建成功' });
      const rec = await readRecord(operator, 'vd-material', res.data.id);
      expect(rec.version).toBe(1);
      expect(rec.values.items.map((r: J) => r.amount)).toEqual([0.3, 1002]);
      expect(rec.values.total).toBe(1002.3);
      expect(rec.values.applicant).toBe('u-operator'); // the saver, whatever was sent
      expect(rec.values.dept).toBe('dept-maint');
      expect(rec.values.applyNo).toMatch(/^SL\d{8}\d{4}$/);
      expect(JSON.parse(rec.formData).fields.length).toBeGreaterThan(3);
      const shown = JSON.parse(
        body(await get(operator, `${ONLINE}/vd-material/${res.data.id}/DataChange`)).data.data,
      );
      expect(shown).toMatchObject({ applicant: '李明', dept: '运维班组', applyDate: '2026-11-20' });
      expect(shown.items[0]).toMatchObject({ unit: '个', amount: 0.3 });
    });

    it('refuses invalid data naming the field path, and changes nothing', async () => {
      const cases: Array<[string, J, string]> = [
        ['vd-material', material({ applyDate: undefined }), 'applyDate: 申领日期不能为空'],
        ['vd-material', material({ items: [{ material: '灯', qty: 1 }] }), 'items[0].price: 不能为空'],
        [
          'vd-material',
          material({
            items: [
              { material: '灯', qty: 1, price: 1 },
              { material: '线', price: 1 },
            ],
          }),
          'items[1].qty: 不能为空',
        ],
        [
          'vd-material',
          material({ items: [{ material: '灯', qty: 1.5, price: 1 }] }),
          'items[0].qty: 必须是整数',
        ],
        [
          'vd-material',
          material({ items: [{ material: '灯', qty: 1, price: 1, unit: '9' }] }),
          'items[0].unit: 不在可选项中',
        ],
        ['vd-material', material({ items: 'x' }), 'items: 取值无效'],
        [
          'vd-repair',
          { reporter: '张三', address: '解放路 12 号', faultType: 'dt-faultType:nope' },
          'faultType: 不在可选项中',
        ],
        [
          'vd-repair',
          { reporter: '张三', address: '解放路', faultType: 'dt-faultType:lampOff', mobile: '12345' },
          'mobile: 请输入正确的手机号码',
        ],
        [
          'vd-inspection',
          { inspectDate: 1, inspector: 'u-ghost', district: 'dt-district:330101', lamps: [] },
          'inspector: 用户不存在 (u-ghost)',
        ],
        [
          'vd-acceptance',
          { repair: 'no-such-record', result: '1', acceptor: 'u-admin', acceptDate: 1 },
          'repair: 关联的记录不存在',
        ],
      ];
      await unchanged(async () => {
        for (const [model, data, msg] of cases) {
          const b = body(await createRecord(operator, model, data));
          expect([model, b.code, b.msg]).toEqual([model, 400, msg]);
        }
        for (const [data, msg] of [
          ['not json', 'data: must be JSON'],
          ['[1,2]', 'data: must be a JSON object'],
          ['{"purpose":"a\\u0000"}', 'data.purpose: must not contain control characters'],
        ])
          expect(body(await send(operator, 'POST', `${ONLINE}/vd-material`, { data })).msg).toBe(msg);
      });
    });

    it('checks options against the real dictionary and accepts its items', async () => {
      const ok = body(
        await createRecord(operator, 'vd-repair', {
          reporter: '张三',
          mobile: '13912345678',
          address: '解放路 12 号灯杆',
          faultType: 'dt-faultType:lampOff',
          urgency: 'dt-urgency:3',
        }),
      );
      expect(ok.code).toBe(200);
      const shown = JSON.parse(
        body(await get(operator, `${ONLINE}/vd-repair/${ok.data.id}/DataChange`)).data.data,
      );
      expect(shown).toMatchObject({ faultType: '灯具不亮', urgency: '紧急', creator: '李明' });
      expect(shown.createdTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it('uses a bill number reserved when the form opened once; a retried create makes one record', async () => {
      const reserved = body(await get(operator, '/api/system/Base/BillRule/BillNumber/MaterialApply'));
      expect(reserved.code).toBe(200);
      expect(body(await get(nobody, '/api/system/Base/BillRule/BillNumber/MaterialApply')).code).toBe(403);
      const key = idemKey();
      const count = await rowCount(app.ctx.db, 'lowcode_record');
      const first = body(
        await createRecord(operator, 'vd-material', material({ applyNo: reserved.data }), key),
      );
      const retry = body(
        await createRecord(operator, 'vd-material', material({ applyNo: reserved.data }), key),
      );
      expect(retry.data.id).toBe(first.data.id);
      expect(await rowCount(app.ctx.db, 'lowcode_record')).toBe(count + 1);
      expect((await readRecord(operator, 'vd-material', first.data.id)).values.applyNo).toBe(reserved.data);
      // the same number again, and one the rule never issued: new numbers are drawn
      const second = body(await createRecord(operator, 'vd-material', material({ applyNo: reserved.data })));
      const secondNo = (await readRecord(operator, 'vd-material', second.data.id)).values.applyNo;
      expect(secondNo).not.toBe(reserved.data);
      const forged = body(
        await createRecord(operator, 'vd-material', material({ applyNo: 'SL209912319999' })),
      );
      const forgedNo = (await readRecord(operator, 'vd-material', forged.data.id)).values.applyNo;
      expect([forgedNo === 'SL209912319999', forgedNo === secondNo]).toEqual([false, false]);
      const used = await app.ctx.db
        .selectFrom('lowcode_bill_number')
        .select('number')
        .where('rule', '=', 'MaterialApply')
        .execute();
      const numbers = used.map((u) => u.number);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers).toEqual(expect.arrayContaining([reserved.data, secondNo, forgedNo]));
    });

    it('concurrent retries of one create make one record and use one bill number', async () => {
      const key = idemKey();
      const records = await rowCount(app.ctx.db, 'lowcode_record');
      const numbers = await rowCount(app.ctx.db, 'lowcode_bill_number');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => createRecord(operator, 'vd-material', material(), key)),
      );
      const ids = new Set(answers.map((a) => body(a).data.id));
      expect([...ids]).toHaveLength(1);
      expect(await rowCount(app.ctx.db, 'lowcode_record')).toBe(records + 1);
      expect(await rowCount(app.ctx.db, 'lowcode_bill_number')).toBe(numbers + 1);
      expect(app.ctx.counters.constraintErrors).toBe(0);
    });

    it('Options gives a choice field its options for the renderer', async () => {
      const fault = body(await get(operator, `${ONLINE}/vd-repair/Options?field=faultType`)).data.list;
      expect(fault[0]).toEqual({ id: 'dt-faultType:lampOff', fullName: '灯具不亮' });
      const unit = body(await get(operator, `${ONLINE}/vd-material/Options?field=items.unit`)).data.list;
      expect(unit.map((o: J) => o.fullName)).toEqual(['个', '米', '套', '只', '根']);
      expect(body(await get(operator, `${ONLINE}/vd-material/Options?field=purpose`)).msg).toBe(
        'field: "purpose" 不是选择控件',
      );
      expect(body(await get(nobody, `${ONLINE}/vd-repair/Options?field=faultType`)).code).toBe(403);
    });

    it('updates: creation kept, modifier set, bill number kept, refused updates change nothing', async () => {
      const id = body(await createRecord(operator, 'vd-material', material())).data.id;
      const before = await readRecord(operator, 'vd-material', id);
      await unchanged(async () => {
        const bad = body(
          await send(admin, 'PUT', `${ONLINE}/vd-material/${id}`, {
            data: JSON.stringify(material({ purpose: '' })),
          }),
        );
        expect(bad).toMatchObject({ code: 400 });
        expect(bad.msg).toMatch(/^purpose: /);
      });
      const put = body(
        await send(admin, 'PUT', `${ONLINE}/vd-material/${id}`, {
          data: JSON.stringify(material({ purpose: '改为中山路', applyNo: 'SL000000000001' })),
        }),
      );
      expect(put).toMatchObject({ code: 200 });
      const after = await readRecord(operator, 'vd-material', id);
      expect(after.values).toMatchObject({
        purpose: '改为中山路',
        applicant: 'u-operator',
        applyNo: before.values.applyNo,
        dept: 'dept-maint',
      });
      expect(after.lastModifyTime).toEqual(expect.any(Number));
    });

    it('keeps the form version a record was made with after the model changes', async () => {
      const modelId = await newModel([field('input', 'name', '名称', { required: true })], {
        enCode: 'versioned.model',
      });
      const recId = body(await createRecord(admin, modelId, { name: '旧版记录' })).data.id;
      const m = body(await get(admin, `${BASE}/${modelId}`)).data;
      const form = JSON.parse(m.formData);
      form.fields.push(field('input', 'extra', '新字段', { required: true }));
      expect(
        body(
          await send(admin, 'PUT', `${BASE}/${modelId}`, {
            fullName: m.fullName,
            enCode: m.enCode,
            category: m.category,
            type: 1,
            formData: JSON.stringify(form),
          }),
        ).data.version,
      ).toBe(2);
      const rec = await readRecord(admin, modelId, recId);
      expect(rec.version).toBe(1);
      expect(JSON.parse(rec.formData).fields.map((f: J) => f.__vModel__)).toEqual(['name']);
      // editing it validates with its own version (the new required field is not asked for)
      expect(
        body(
          await send(admin, 'PUT', `${ONLINE}/${modelId}/${recId}`, { data: JSON.stringify({ name: '改' }) }),
        ).code,
      ).toBe(200);
      // a new record uses version 2
      expect(body(await createRecord(admin, modelId, { name: '新' })).msg).toBe('extra: 新字段不能为空');
      const fresh = body(await createRecord(admin, modelId, { name: '新', extra: 'x' })).data.id;
      expect((await readRecord(admin, modelId, fresh)).version).toBe(2);
      expect(body(await get(admin, `${ONLINE}/${modelId}/Config`)).data.version).toBe(2);
    });

    it('relates records: FieldDataSelect lists them with the shown field, DataChange shows the related one', async () => {
      const repair = body(
        await createRecord(operator, 'vd-repair', {
          reporter: '王五',
          address: '人民路 88 号',
          faultType: 'dt-faultType:flicker',
        }),
      ).data.id;
      const sel = body(
        await get(
          operator,
          `${BASE}/vd-repair/FieldDataSelect?field=address&keyword=${encodeURIComponent('人民路')}`,
        ),
      ).data;
      expect(sel.list).toEqual([{ id: repair, address: '人民路 88 号' }]);
      expect(sel.pagination.total).toBe(1);
      // the relation's picker: the designer's columns beside the shown field, the keyword over all of them
      const picker = body(
        await get(
          operator,
          `${BASE}/vd-repair/FieldDataSelect?field=address&columns=reporter,faultType&keyword=${encodeURIComponent('王五')}`,
        ),
      ).data;
      expect(picker.list).toEqual([
        { id: repair, address: '人民路 88 号', reporter: '王五', faultType: '灯光闪烁' },
      ]);
      expect(
        body(await get(operator, `${BASE}/vd-repair/FieldDataSelect?field=address&columns=reporter,nope`))
          .msg,
      ).toBe('columns: 字段 "nope" 不存在');
      expect(body(await get(operator, `${BASE}/vd-repair/FieldDataSelect?field=nope`)).msg).toBe(
        'field: 字段 "nope" 不存在',
      );
      const acc = body(
        await createRecord(operator, 'vd-acceptance', {
          repair,
          result: '1',
          score: 4,
          acceptor: 'u-manager',
          acceptDate: Date.UTC(2026, 10, 21),
        }),
      );
      expect(acc.code).toBe(200);
      const shown = JSON.parse(
        body(await get(operator, `${ONLINE}/vd-acceptance/${acc.data.id}/DataChange`)).data.data,
      );
      expect(shown).toMatchObject({ repair: '人民路 88 号', result: '合格', acceptor: '王志刚' });
      expect(body(await get(nobody, `${ONLINE}/vd-repair/${repair}/DataChange`)).code).toBe(403);
    });

    it('takes only files the saver uploaded', async () => {
      const up = body(
        await app.inject(
          authed(operator, {
            method: 'POST',
            url: '/api/file/Uploader/annexpic',
            ...multipart('a.png', 'image/png', png()),
          }),
        ),
      );
      const theirs = body(
        await app.inject(
          authed(admin, {
            method: 'POST',
            url: '/api/file/Uploader/annexpic',
            ...multipart('b.png', 'image/png', png()),
          }),
        ),
      );
      const repair = (photos: J) => ({
        reporter: '赵六',
        address: '河东路',
        faultType: 'dt-faultType:other',
        photos,
      });
      const file = (u: J) => ({ name: 'a.png', fileId: u.data.name, url: u.data.url });
      expect(body(await createRecord(operator, 'vd-repair', repair([file(up)]))).code).toBe(200);
      await unchanged(async () => {
        for (const photos of [
          [file(theirs)],
          [{ name: 'x', url: '/api/file/Image/annexpic/../../etc/passwd' }],
        ])
          expect(body(await createRecord(operator, 'vd-repair', repair(photos))).msg).toBe(
            'photos: 文件不存在或不是本人上传',
          );
      });
    });

    it('deletes a record; its bill number is never handed out again', async () => {
      const id = body(await createRecord(operator, 'vd-material', material())).data.id;
      const no = (await readRecord(operator, 'vd-material', id)).values.applyNo;
      expect(body(await send(operator, 'DELETE', `${ONLINE}/vd-material/${id}`))).toMatchObject({
        code: 200,
      });
      expect(body(await get(operator, `${ONLINE}/vd-material/${id}`)).code).toBe(404);
      const reuse = body(await createRecord(operator, 'vd-material', material({ applyNo: no }))).data.id;
      expect((await readRecord(operator, 'vd-material', reuse)).values.applyNo).not.toBe(no);
    });

    it('through a relation a form filler reads only the fields the relating form shows', async () => {
      const repair = body(
        await createRecord(operator, 'vd-repair', {
          reporter: '孙八',
          mobile: '13900001111',
          address: '延安路 3 号',
          faultType: 'dt-faultType:poleTilt',
        }),
      ).data.id;
      // the manager gets a function page publishing 维修验收单 (add only), not 报修登记
      await app.ctx.db
        .insertInto('menu')
        .values({
          id: 'menu-test-acceptance',
          parentId: menuId('onlineDev'),
          type: 3,
          enCode: 'dynamicModel.test.acceptance',
          fullName: '维修验收',
          urlAddress: 'dynamicModel/testAcceptance',
          icon: '',
          propertyJson: '{"moduleId":"vd-acceptance"}',
          linkTarget: '',
          sortCode: 99,
          enabledMark: 1,
        })
        .execute();
      for (const m of [menuId('onlineDev'), 'menu-test-acceptance'])
        await app.ctx.db.insertInto('role_menu').values({ roleId: 'role-manager', menuId: m }).execute();
      await app.ctx.db
        .insertInto('role_button')
        .values({
          roleId: 'role-manager',
          menuId: 'menu-test-acceptance',
          enCode: 'btn_add',
          fullName: '新增',
        })
        .execute();
      await app.ctx.invalidateAccess();
      const shown = JSON.parse(
        body(await get(manager, `${ONLINE}/vd-repair/${repair}/DataChange`)).data.data,
      );
      expect(shown).toEqual({ reporter: '孙八', address: '延安路 3 号', faultType: '灯杆倾斜' });
      const sel = body(await get(manager, `${BASE}/vd-repair/FieldDataSelect?field=address&pageSize=100`));
      expect(sel.data.list).toContainEqual({ id: repair, address: '延安路 3 号' });
      expect(body(await get(manager, `${BASE}/vd-repair/FieldDataSelect?field=mobile`))).toMatchObject({
        code: 403,
        msg: '权限不足: 关联表单未显示字段 "mobile"',
      });
      // the picker's columns are what the relating form shows: its columnOptions, nothing more
      const cols = body(
        await get(manager, `${BASE}/vd-repair/FieldDataSelect?field=address&columns=reporter&pageSize=100`),
      );
      expect(cols.data.list).toContainEqual({ id: repair, address: '延安路 3 号', reporter: '孙八' });
      expect(
        body(await get(manager, `${BASE}/vd-repair/FieldDataSelect?field=address&columns=reporter,mobile`)),
      ).toMatchObject({ code: 403, msg: '权限不足: 关联表单未显示字段 "mobile"' });
      expect(body(await get(manager, `${ONLINE}/vd-repair/${repair}`)).code).toBe(403);
      // and may fill the acceptance form, drawing on the report
      const acc = body(
        await createRecord(manager, 'vd-acceptance', {
          repair,
          result: '2',
          acceptor: 'u-operator',
          acceptDate: 1,
        }),
      );
      expect(acc.code).toBe(200);
    });

    it('a published menu grants the model to its holders, button by button', async () => {
      // the manager gets the 报修登记 function page with only its add button
      const menu = menuId('dynamicModel.repairReport');
      // (the directory onlineDev was granted above: a menu is reachable through its directory)
      await app.ctx.db.insertInto('role_menu').values({ roleId: 'role-manager', menuId: menu }).execute();
      await app.ctx.db
        .insertInto('role_button')
        .values({ roleId: 'role-manager', menuId: menu, enCode: 'btn_add', fullName: '新增' })
        .execute();
      await app.ctx.invalidateAccess();
      const rec = body(
        await createRecord(manager, 'vd-repair', {
          reporter: '钱七',
          address: '西湖路',
          faultType: 'dt-faultType:leakage',
        }),
      );
      expect(rec.code).toBe(200);
      expect(body(await get(manager, `${ONLINE}/vd-repair/${rec.data.id}`)).code).toBe(200);
      expect(body(await send(manager, 'DELETE', `${ONLINE}/vd-repair/${rec.data.id}`)).code).toBe(403);
      expect(body(await createRecord(manager, 'vd-material', material())).code).toBe(403);
      expect(body(await get(manager, `${ONLINE}/vd-material/Config`)).code).toBe(403);
    });
  });
});
