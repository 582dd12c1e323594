// The code generator (issue 13), end to end and once (not per model: it builds a remote).
//
// 1. /generator/webForm: pick the seeded 报修登记, see the remote's files as a tree beside the
//    highlighted code, copy a file, download the zip (progress shown while it downloads), change
//    the model and see the diff against the last download.
// 2. The downloaded zip — exactly what a user gets — is unpacked into a scratch workspace, installed
//    offline against the workspace's packages, type-checked, its own jest test run, built with
//    webpack, linted as the workspace lints; registered in a scratch remotes.json (REMOTES_FILE) and
//    its page opened in Chromium through the console: the menu entry 报修登记 now shows the
//    generated remote's page, which lists, adds and reads records through the model's API.
//
// It runs its own server (port E2E_GEN_PORT, default E2E_PORT + 40 + the worker's index) on a fresh database with no map
// assets, serving the scratch workspace (STATIC_ROOT), so the generated remote is served like ours.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import SparkMD5 from 'spark-md5';
import {
  build,
  lint,
  linkDependencies,
  register,
  scratchWorkspace,
  startScratchServer,
  typecheck,
  unitTest,
  unzip,
} from '../generator-build.cjs';
import { signIn } from './helpers';
import { LAYOUT_VIEWPORTS, layoutProblems } from './layout-helpers';

// clear of the workers' own servers (E2E_PORT + worker index); Playwright names the worker's index
const PORT = Number(
  process.env.E2E_GEN_PORT ||
    Number(process.env.E2E_PORT || 8181) + 40 + Number(process.env.TEST_PARALLEL_INDEX ?? 0),
);
const BASE = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let ws = '';
let server: { stop(): Promise<void> } | null = null;
let zip: Buffer | null = null;

async function adminToken(page: Page): Promise<string> {
  const res = await page.request.post(
    '/api/oauth/Login?client_id=admin&client_secret=123456&scope=all&grant_type=password',
    { data: { account: 'admin', password: SparkMD5.hash('admin123') } },
  );
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function pickModel(page: Page, name: string) {
  await page.getByTestId('gen-model').click();
  await page.keyboard.type(name);
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(new RegExp(`^${name}`))
    .click();
}

test.beforeAll(async ({ browserName: _ }, info) => {
  info.setTimeout(300_000); // a fresh database is migrated and seeded first
  ws = scratchWorkspace();
  server = await startScratchServer(ws, PORT);
});

test.afterAll(async () => {
  await server?.stop();
  if (ws) rmSync(ws, { recursive: true, force: true });
});

test('the generator page previews, copies, downloads and compares the generated code', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000); // two generations compared, and the page measured at three sizes twice
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/generator/webForm');
  await expect(page.getByTestId('generator-page')).toBeVisible();
  await pickModel(page, '报修登记');

  // the seeded menu 报修登记 publishes the model at dynamicModel/repairReport: the remote takes it over
  const meta = page.getByTestId('gen-meta');
  await expect(meta).toContainText('remote-repairreport');
  await expect(meta).toContainText('dynamicModel/repairReport');
  // the seed released 报修登记 at version 1, its current version: the comparison finds no change
  await expect(page.getByTestId('gen-compare')).toContainText('已发布版本（第 1 版）');
  await expect(page.getByTestId('gen-compare-summary')).toHaveText('与对比基准相同');

  await page.getByTestId('gen-file-src/model.ts').click();
  const code = page.getByTestId('code-view');
  await expect(code).toContainText("export const MODEL_ID = 'vd-repair';");
  await expect(code).toHaveAttribute('data-language', 'typescript');
  await expect(code.locator('.hljs-keyword').first()).toHaveText('import');
  await page.getByTestId('gen-file-README.md').click();
  await expect(code).toHaveAttribute('data-language', 'markdown');
  await expect(code).toContainText('pnpm --filter @lighting/remote-repairreport');

  await page.getByTestId('gen-file-src/api.ts').click();
  await page.getByTestId('gen-copy').click();
  await expect(page.getByText('已复制到剪贴板')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(
    'export async function listRecords(q: ListQuery): Promise<Paged<RepairReportRow>>',
  );
  expect(copied).toContain(
    'export const deleteRecord = (id: string): Promise<string> => remove(MODEL_ID, id);',
  );

  // the download is held until the page has shown its progress, then goes through
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/visualdev/Generater/*/Actions/DownloadCode*', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  const downloading = page.waitForEvent('download');
  await page.getByTestId('gen-download').click();
  await expect(page.getByTestId('gen-progress')).toContainText('正在下载');
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('remote-repairreport-v1.zip');
  zip = readFileSync((await download.path())!);
  await expect(page.getByTestId('gen-progress')).toHaveCount(0);
  await expect(page.getByText('已下载 remote-repairreport-v1.zip')).toBeVisible();

  // the model changes (version 2: one field more); its generation is compared with the download
  const token = await adminToken(page);
  const headers = { Authorization: token };
  const model = (await (await page.request.get('/api/visualdev/Base/vd-repair', { headers })).json()).data;
  const form = JSON.parse(model.formData);
  form.fields.push({ __config__: { jnpfKey: 'input', label: '巡查班组' }, __vModel__: 'patrolTeam' });
  const put = await page.request.put('/api/visualdev/Base/vd-repair', {
    headers,
    data: {
      fullName: model.fullName,
      enCode: model.enCode,
      category: model.category,
      type: model.type,
      formData: JSON.stringify(form),
    },
  });
  expect((await put.json()).data.version).toBe(2);
  await page.reload();
  await pickModel(page, '报修登记');
  // compared with the released version (1) by default, the last download (also 1) on request
  await expect(page.getByTestId('gen-compare')).toContainText('已发布版本（第 1 版）');
  await expect(page.getByTestId('gen-compare-summary')).toContainText(
    '与已发布版本（第 1 版）对比：4 个文件有变化，0 个新增，0 个删除',
  );
  await page.getByTestId('gen-compare').click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(/^上次下载（第 1 版/)
    .click();
  await expect(page.getByTestId('gen-compare-summary')).toContainText('与上次下载（第 1 版');
  await expect(page.getByTestId('gen-file-src/model.ts')).toHaveAttribute('data-status', 'changed');
  await expect(page.getByTestId('gen-file-package.json')).toHaveAttribute('data-status', 'changed');
  await expect(page.getByTestId('gen-file-src/api.ts')).toHaveAttribute('data-status', 'same');
  await expect(page.getByTestId('gen-file-tsconfig.json')).toHaveAttribute('data-status', 'same');
  await page.getByTestId('gen-file-src/model.ts').click();
  await page.getByTestId('gen-mode').getByText('对比').click();
  const diff = page.getByTestId('code-diff');
  await expect(diff.locator('tr[data-kind="added"]', { hasText: 'patrolTeam?: string | null;' })).toHaveCount(
    1,
  );
  await expect(diff.locator('tr[data-kind="removed"]', { hasText: 'MODEL_VERSION = 1;' })).toHaveCount(1);

  // fits 1366–1920 px, in Chinese and in English (the code itself scrolls in its box)
  const fits = async () => {
    for (const size of LAYOUT_VIEWPORTS) {
      await page.setViewportSize(size);
      expect(
        await layoutProblems(page, { root: '[data-testid=generator-page]', ignore: ['.gen-code'] }),
      ).toEqual([]);
    }
  };
  await fits();
  await page.getByTestId('language-select').click();
  await page.getByTestId('lang-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('gen-download')).toHaveText('Download code');
  await expect(page.getByTestId('gen-compare-summary')).toContainText('Against the last download (version 1');
  await fits();
});

test('the downloaded remote builds offline, and the console serves the model page from it', async ({
  page,
}) => {
  test.setTimeout(600_000); // installs, type-checks, tests and builds a remote (minutes on 2 cores)
  expect(zip).not.toBeNull();
  const folder = await unzip(zip!, ws);
  expect(folder).toBe('remote-repairreport');
  const dir = join(ws, folder);
  linkDependencies(dir);
  typecheck(dir);
  expect(unitTest(dir)).toMatch(/Tests:\s+3 passed, 3 total/);
  build(dir);
  lint(ws, folder);
  const manifest = JSON.parse(readFileSync(join(dir, 'dist/mf-manifest.json'), 'utf8'));
  expect(manifest.exposes.map((e: { path: string }) => e.path).sort()).toEqual(['./App', './routes']);

  // registered as its README says: the console serves remote-repairreport/dist at /remotes/repairreport/
  register(ws, {
    name: 'repairreport',
    entry: '/remotes/repairreport/mf-manifest.json',
    routes: ['dynamicModel/repairReport'],
  });

  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/dynamicModel/repairReport');
  const generated = page.getByTestId('generated-repairreport');
  await expect(generated).toBeVisible();
  // generated from version 1, which the menu runs (released): no notice; once version 2 is
  // released, the page says the menu runs a version it was not generated from
  const notice = generated.getByText('此页面由第 1 版表单生成，功能现为第 2 版');
  await expect(page.getByTestId('lowcode-list')).toBeVisible();
  await expect(notice).toHaveCount(0);
  const token = await adminToken(page);
  const release = await page.request.post('/api/visualdev/Base/vd-repair/Actions/Release', {
    headers: { Authorization: token },
    data: { parentId: 'menu-onlineDev' },
  });
  expect(await release.json()).toMatchObject({ code: 200, data: { version: 2 } });
  await page.reload();
  await expect(notice).toBeVisible();
  const list = page.getByTestId('lowcode-list');
  for (const column of ['报修人', '联系电话', '报修地址', '故障类型'])
    await expect(list.locator('th', { hasText: column })).toHaveCount(1);

  // a record through the generated page's form (the shared renderer) and the model's API
  await page.getByTestId('btn-add').click();
  const popup = page.getByTestId('form-popup');
  await expect(popup.getByTestId('form-renderer')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '新增 · 报修登记' })).toBeVisible();
  await popup.getByTestId('form-popup-ok').click();
  await expect(popup.getByTestId('item-reporter')).toContainText('报修人不能为空');
  await popup.getByTestId('item-reporter').locator('input').fill('生成代码测试');
  await popup.getByTestId('item-address').locator('input').fill('人民路 1 号');
  await popup.getByTestId('item-faultType').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await popup.getByTestId('form-popup-ok').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(list.locator('tr', { hasText: '生成代码测试' })).toHaveCount(1);
  await list.locator('tr', { hasText: '生成代码测试' }).getByTestId('row-detail').click();
  await expect(page.getByRole('dialog', { name: '详情 · 报修登记' })).toBeVisible();
  await expect(popup.getByTestId('item-address').locator('input')).toHaveValue('人民路 1 号');
});
