/**
 * The code generator's API (issue 13, /api/visualdev/Generater): areas, models, the code preview
 * (the folder tree of the generated remote) and the download (a zip of the same files), guarded by
 * the generator's menu and its download button; bad input refused naming the field, changing nothing.
 * That the generated code builds and runs is the e2e test's (e2e/tests/generator.spec.ts).
 */
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import { changedTables, digest, tablesOf } from './fuzz/digest';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  demoTokens,
  getAs,
  sendAs,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

const GEN = '/api/visualdev/Generater';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are plain JSON
type J = any;

/** path → content of every entry of a zip. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, string>();
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** path → content of a CodePreview tree (folders joined with '/'). */
function flatten(node: J, base = ''): Map<string, string> {
  const out = new Map<string, string>();
  const path = base ? `${base}/${node.fileName}` : node.fileName;
  if (Array.isArray(node.children))
    for (const c of node.children) for (const [k, v] of flatten(c, path)) out.set(k, v);
  else out.set(path, node.fileContent);
  return out;
}

describe.each(TARGETS)('code generator API (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let nobody: string;

  const preview = (token: string, id: string, payload?: object) =>
    sendAs(app, token, 'POST', `${GEN}/${id}/Actions/CodePreview`, payload);

  const unchanged = async (fn: () => Promise<void>) => {
    const tables = await tablesOf(app.ctx.db);
    const before = await digest(app.ctx.db, tables);
    await fn();
    expect(changedTables(before, await digest(app.ctx.db, tables))).toEqual([]);
  };

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin, operator } = await demoTokens(app));
    nobody = await tokenWithoutGrants(app, admin);
  }, 60_000);
  afterAll(() => env.cleanup());

  it('lists the areas, dynamicModel first, and the models to generate from', async () => {
    const areas = body(await getAs(app, admin, `${GEN}/AreasName`));
    expect(areas.code).toBe(200);
    expect(areas.data.list[0]).toBe('dynamicModel');
    expect(areas.data.list).toEqual(
      expect.arrayContaining(['onlineDev', 'permission', 'system', 'generator']),
    );
    const models = body(await getAs(app, admin, `${GEN}/Models?keyword=${encodeURIComponent('报修')}`));
    expect(models.data.list.map((m: J) => m.id)).toEqual(['vd-repair']);
    // the seed releases 报修登记 onto its page: the version that page runs comes along
    expect(models.data.list[0]).toMatchObject({
      fullName: '报修登记',
      enCode: 'repairReport',
      version: 1,
      releasedVersion: 1,
    });
    // form-only models have no list to generate a page for
    const all = body(await getAs(app, admin, `${GEN}/Models?pageSize=100`)).data.list.map((m: J) => m.id);
    expect(all).toContain('vd-material');
    expect(all).not.toContain('vd-acceptance');
    expect(models.data.pagination).toMatchObject({ currentPage: 1, total: 1 });
  });

  it('previews the remote for a published model, taking over its menu page by default', async () => {
    const b = body(await preview(admin, 'vd-repair'));
    expect(b.code).toBe(200);
    // the seeded menu dynamicModel.repairReport publishes vd-repair at dynamicModel/repairReport
    expect(b.data).toMatchObject({
      fileName: 'remote-repairreport',
      version: 1,
      module: 'dynamicModel',
      className: 'RepairReport',
      name: 'repairreport',
      urlAddress: 'dynamicModel/repairReport',
    });
    const files = flatten(b.data);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'remote-repairreport/package.json',
        'remote-repairreport/webpack.config.cjs',
        'remote-repairreport/README.md',
        'remote-repairreport/src/model.ts',
        'remote-repairreport/src/api.ts',
        'remote-repairreport/src/pages/RepairReportList.tsx',
        'remote-repairreport/src/model.test.ts',
      ]),
    );
    const src = b.data.children.find((c: J) => c.fileName === 'src');
    const model = src.children.find((c: J) => c.fileName === 'model.ts');
    expect(model).toMatchObject({ fileType: 'ts' });
    expect(model.fileContent).toContain("export const MODEL_ID = 'vd-repair';");
  });

  it('takes the area, class name and description given, and an earlier version', async () => {
    // a second version of 报修登记: a field added
    const m = body(await getAs(app, admin, '/api/visualdev/Base/vd-repair')).data;
    const form = JSON.parse(m.formData);
    form.fields.push({ __config__: { jnpfKey: 'input', label: '工单备注' }, __vModel__: 'orderNote' });
    const put = body(
      await sendAs(app, admin, 'PUT', '/api/visualdev/Base/vd-repair', {
        fullName: m.fullName,
        enCode: m.enCode,
        category: m.category,
        type: m.type,
        formData: JSON.stringify(form),
      }),
    );
    expect(put).toMatchObject({ code: 200, data: { version: 2 } });
    const now = flatten(body(await preview(admin, 'vd-repair')).data);
    expect(now.get('remote-repairreport/src/model.ts')).toContain('orderNote');
    const v1 = body(
      await preview(admin, 'vd-repair', {
        version: 1,
        module: 'bt',
        className: 'RepairDesk',
        description: '报修台 "v1"',
      }),
    );
    expect(v1.data).toMatchObject({ fileName: 'remote-repairdesk', version: 1, urlAddress: 'bt/repairDesk' });
    const files = flatten(v1.data);
    expect(files.get('remote-repairdesk/src/model.ts')).not.toContain('orderNote');
    expect(files.get('remote-repairdesk/src/model.ts')).toContain('export const MODEL_VERSION = 1;');
    expect(JSON.parse(files.get('remote-repairdesk/package.json')!).description).toBe(
      '报修台 "v1" (generated from model vd-repair, version 1)',
    );
  });

  it('downloads the same files as a zip of known size', async () => {
    const res = await app.inject(
      authed(admin, {
        method: 'POST',
        url: `${GEN}/vd-material/Actions/DownloadCode`,
        payload: {},
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="remote-materialapply-v1.zip"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const zipped = await unzip(res.rawPayload);
    const previewed = flatten(body(await preview(admin, 'vd-material')).data);
    expect(zipped).toEqual(previewed);
    expect(Number(res.headers['x-files'])).toBe(zipped.size);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    await unchanged(async () => {
      const cases: Array<[string, object, RegExp]> = [
        ['vd-repair', { className: 'lower' }, /^className: /],
        ['vd-repair', { className: 'Map' }, /^className: .*远程模块/],
        ['vd-repair', { module: 'a/b' }, /^module: /],
        ['vd-repair', { version: 99 }, /^version: .*没有第 99 版/],
        ['vd-repair', { version: 0 }, /^version: /],
        ['vd-repair', { extra: 1 }, /extra/],
        ['vd-repair', { description: 'x'.repeat(501) }, /^description: /],
        ['vd-acceptance', {}, /^id: 功能「维修验收单」的第 1 版没有列表/],
      ];
      for (const [id, payload, msg] of cases) {
        const b = body(await preview(admin, id, payload));
        expect({ payload, code: b.code }).toEqual({ payload, code: 400 });
        expect(b.msg).toMatch(msg);
      }
      expect(body(await preview(admin, 'no-such-model')).code).toBe(404);
    });
  });

  it('is guarded by the generator menu, and downloads by its button', async () => {
    for (const token of [operator, nobody]) {
      expect(body(await preview(token, 'vd-repair')).code).toBe(403);
      expect(body(await getAs(app, token, `${GEN}/AreasName`)).code).toBe(403);
      expect(body(await getAs(app, token, `${GEN}/Models`)).code).toBe(403);
      const dl = await sendAs(app, token, 'POST', `${GEN}/vd-repair/Actions/DownloadCode`, {});
      expect(body(dl).code).toBe(403);
    }
  });
});
