// Online development (issue 13), end to end: a form + list designed in the designer, published
// under a menu section, opened from the menu after a reload; three records added (one refused by
// validation), searched, sorted, exported, a file imported with one bad row (nothing imported,
// the row reported), fixed and imported, a record deleted. Then the operator's role is granted the
// page without its delete button on the authorisation page: the operator sees the granted columns
// and buttons, and the server refuses the delete. A data report page draws its chart.
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './fixtures';
import { apiToken, openMenu, signIn } from './helpers';

const suffix = () => Date.now().toString(36);

async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click();
}

/** A palette control appended to the form and named (the new control is selected). */
async function addControl(page: Page, key: string, label: string, vModel: string, required = false) {
  await page.getByTestId(`palette-${key}`).click();
  await expect(page.getByTestId('prop-type')).toBeVisible();
  await page.getByTestId('prop-label').fill(label);
  await page.getByTestId('prop-vModel').fill(vModel);
  if (required) await page.getByTestId('prop-required').click();
}

/** Rows of the first sheet of an .xlsx file. */
async function sheetRows(path: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('s');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('design, publish and use a function page; the operator sees what the role grants', async ({
  page,
  browser,
}) => {
  test.slow(); // one long story in two browsers
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  const s = suffix();
  const name = `杆巡查${s}`;
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();

  // ——— design a form + list ———
  await page.goto('/onlineDev/webDesign');
  const models = page.getByTestId('webdesign-list');
  await models.getByTestId('btn-add').click();
  const dialog = page.getByTestId('model-form');
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('编码').fill(`poleCheck${s}`);
  await pick(page, dialog.getByTestId('field-category'), '运维');
  await dialog.getByTestId('field-type').getByText('表单 + 列表').click();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByTestId('designer')).toBeVisible();
  await addControl(page, 'input', '杆号', 'poleCode', true);
  await addControl(page, 'input', '巡查人', 'inspector');
  await addControl(page, 'inputNumber', '功率', 'watts');

  // ——— the preview before a list is designed: the form, in a dialog over the designer ———
  await page.getByTestId('designer-save').click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await page.getByTestId('designer-preview').click();
  const preview = page.getByTestId('preview-dialog');
  await expect(preview.getByTestId('preview-form')).toBeVisible();
  await expect(page.getByTestId('form-popup').getByTestId('item-poleCode')).toBeVisible();
  await page.getByTestId('form-popup-cancel').click();
  await preview.getByTestId('preview-view').getByText('列表', { exact: true }).click();
  await expect(preview.getByTestId('preview-no-list')).toBeVisible();
  await preview.getByRole('button', { name: /Close|关闭/ }).click();
  await expect(preview.getByTestId('preview-page')).toHaveCount(0);
  await expect(page.getByTestId('designer')).toBeVisible();

  await page.getByTestId('designer-mode').getByText('列表设计').click();
  const designer = page.getByTestId('list-designer');
  // the starter list: the form's fields as columns and search fields
  await expect(designer.getByTestId('list-columnList').getByTestId('list-label-poleCode')).toHaveValue(
    '杆号',
  );
  await expect(designer.getByTestId('list-searchList').getByTestId('list-label-inspector')).toHaveValue(
    '巡查人',
  );
  await designer.getByTestId('list-sortable-watts').click();
  await designer.getByTestId('list-sortable-poleCode').click();
  await page.getByTestId('designer-save').click();
  await expect(page.getByText('更新成功')).toBeVisible();
  // the designer's preview of a form + list model is its list as just saved (no reload), and its form
  await page.getByTestId('designer-preview').click();
  await expect(preview.getByTestId('lowcode-list').locator('thead')).toContainText('功率');
  await preview.getByTestId('preview-view').getByText('表单', { exact: true }).click();
  await expect(page.getByTestId('form-popup').getByTestId('item-watts')).toBeVisible();
  await page.getByTestId('form-popup-cancel').click();
  // the form's dialog gone first: while it fades out it covers the preview's close button
  await expect(page.getByTestId('form-popup')).toBeHidden();
  await preview.getByRole('button', { name: /Close|关闭/ }).click();
  await page.goto('/onlineDev/webDesign');

  // ——— publish under 在线开发 ———
  await models.getByTestId('list-keyword').locator('input').fill(name);
  await models.getByTestId('list-keyword').locator('input').press('Enter');
  await expect(models.locator('tr.ant-table-row')).toHaveCount(1);
  // the model list's preview: the same dialog, over the list
  await models.getByTestId('row-preview').click();
  await expect(page.getByTestId('preview-dialog').getByTestId('lowcode-list').locator('thead')).toContainText(
    '巡查人',
  );
  await page
    .getByTestId('preview-dialog')
    .getByRole('button', { name: /Close|关闭/ })
    .click();
  await models.getByTestId('row-release').click();
  const release = page.getByTestId('release-dialog');
  await expect(release).toContainText('尚未发布');
  await pick(page, release.getByTestId('release-parent'), '在线开发');
  await release.getByRole('button', { name: /发\s*布/ }).click();
  await expect(page.getByText(/发布成功/).first()).toBeVisible();

  // ——— reload: the page is in the menu ———
  await page.reload();
  await expect(page.getByTestId('webdesign-list')).toBeVisible();
  await openMenu(page, '在线开发', name);
  const list = page.getByTestId('lowcode-list');
  await expect(list.getByTestId('lowcode-table')).toBeVisible();
  await expect(list.locator('thead')).toContainText('杆号');

  // ——— three records, one refused by validation ———
  const add = async (pole: string, inspector: string, watts: string) => {
    await list.getByTestId('btn-add').click();
    const popup = page.getByTestId('form-popup');
    await expect(popup.getByTestId('form-renderer')).toBeVisible();
    if (pole) await popup.getByTestId('item-poleCode').locator('input').fill(pole);
    await popup.getByTestId('item-inspector').locator('input').fill(inspector);
    await popup.getByTestId('item-watts').locator('input').fill(watts);
    await popup.getByTestId('form-popup-ok').click();
    return popup;
  };
  await add('SL-001', '张工', '120');
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
  const refused = await add('', '李工', '80');
  await expect(refused).toContainText('杆号不能为空');
  await refused.getByTestId('form-popup-cancel').click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
  await add('SL-002', '李工', '80');
  await add('SL-003', '王工', '250');
  await expect(list.locator('tr.ant-table-row')).toHaveCount(3);

  // ——— search, sort ———
  await list.getByTestId('search-inspector').fill('李');
  await list.getByTestId('lowcode-search-go').click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(list.locator('tr.ant-table-row')).toContainText('SL-002');
  await list.getByTestId('lowcode-search-reset').click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(3);
  const header = list.locator('thead th', { hasText: '功率' });
  await header.click(); // ascending
  await expect(list.locator('tr.ant-table-row').first()).toContainText('SL-002');
  await header.click(); // descending
  await expect(list.locator('tr.ant-table-row').first()).toContainText('SL-003');

  // ——— export: the server's file, as the table shows it ———
  const download = page.waitForEvent('download');
  await list.getByTestId('btn-export').click();
  const file = await (await download).path();
  const exported = await sheetRows(file);
  expect(exported[0]).toEqual(['杆号', '巡查人', '功率']);
  expect(exported.slice(1).map((r) => r[0])).toEqual(['SL-003', 'SL-001', 'SL-002']);

  // ——— import: one bad row imports nothing and is reported; fixed, the file imports ———
  await list.getByTestId('btn-import').click();
  const importer = page.getByTestId('import-dialog');
  await expect(importer.getByTestId('import-rule')).toContainText('只要有一行有错误，就不导入任何数据');
  const upload = importer.locator('input[type=file]');
  await upload.setInputFiles({
    name: 'bad.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx([
      ['杆号', '巡查人', '功率'],
      ['SL-010', '赵工', 60],
      ['SL-011', '钱工', '很亮'],
    ]),
  });
  await expect(importer.getByTestId('import-failed')).toContainText('1 行有错误，未导入任何数据');
  await expect(importer.getByTestId('import-errors')).toContainText('必须是数字');
  await expect(importer.getByTestId('import-errors')).toContainText('3');
  await upload.setInputFiles({
    name: 'good.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx([
      ['杆号', '巡查人', '功率'],
      ['SL-010', '赵工', 60],
      ['SL-011', '钱工', 70],
    ]),
  });
  await expect(importer.getByTestId('import-ok')).toContainText('导入成功：2 条');
  await page.keyboard.press('Escape');
  await expect(list.locator('tr.ant-table-row')).toHaveCount(5);

  // ——— delete, with the spec's confirmation ———
  await list.locator('tr.ant-table-row', { hasText: 'SL-011' }).getByTestId('row-remove').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('此操作将永久删除该数据, 是否继续?');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(4);

  // ——— grant the page to the operator's role, without 删除 and without the 功率 column ———
  await openMenu(page, '权限管理', '权限授权');
  await page.getByTestId('authorize-objects').getByText('运维操作员', { exact: true }).click();
  const modules = page.getByTestId('grant-tree-module');
  await expect(modules).toBeVisible();
  await modules
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }) })
    .locator('.ant-tree-checkbox')
    .click();
  // the button and column trees: folded, then opened down to the page, whose leaves are ticked
  const tickUnder = async (tree: Locator, leaves: string[]) => {
    const node = (text: string) =>
      tree
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${text}$`) }) });
    await tree.getByTestId('tree-fold-all').click();
    // opens a node unless it is open (the tree may redraw while its role's grants load: the
    // path is opened again until the leaves show)
    const open = async (text: string) => {
      const closed = node(text).locator('.ant-tree-switcher_close');
      if (await closed.isVisible()) await closed.click();
    };
    await expect(async () => {
      await open('在线开发');
      await open(name);
      await expect(node(leaves[0] ?? '')).toBeVisible({ timeout: 2_000 });
    }).toPass();
    for (const leaf of leaves) await node(leaf).locator('.ant-tree-checkbox').click();
  };
  await page.getByRole('tab', { name: '按钮权限' }).click();
  await tickUnder(page.getByTestId('grant-tree-button'), ['新增', '编辑', '详情']);
  await page.getByRole('tab', { name: '列表权限' }).click();
  await tickUnder(page.getByTestId('grant-tree-column'), ['杆号', '巡查人']);
  await page.getByTestId('authorize-save').click();
  await expect(page.getByText('授权成功')).toBeVisible();

  // ——— what the operator sees, and what the server refuses ———
  const other = await browser.newContext();
  const op = await other.newPage();
  await op.setViewportSize({ width: 1366, height: 860 });
  await signIn(op, 'operator');
  await expect(op.getByTestId('home')).toBeVisible();
  await openMenu(op, '在线开发', name);
  const opList = op.getByTestId('lowcode-list');
  await expect(opList.locator('tr.ant-table-row')).toHaveCount(4);
  await expect(opList.locator('thead')).toContainText('杆号');
  await expect(opList.locator('thead')).not.toContainText('功率');
  await expect(opList.getByTestId('btn-add')).toBeVisible();
  await expect(opList.getByTestId('row-edit').first()).toBeVisible();
  await expect(opList.getByTestId('row-detail').first()).toBeVisible();
  await expect(opList.getByTestId('row-remove')).toHaveCount(0);
  await expect(opList.getByTestId('btn-export')).toHaveCount(0);
  await expect(opList.getByTestId('btn-import')).toHaveCount(0);
  // the server refuses the delete the page does not offer
  const token = await apiToken(op, 'operator');
  const rows = await op.request.get(`/api/visualdev/OnlineDev/${await modelIdOf(page, name)}/List`, {
    headers: { Authorization: token },
  });
  const first = ((await rows.json()) as { data: { list: Array<Record<string, unknown>> } }).data.list[0];
  expect(Object.keys(first ?? {}).sort()).toEqual(['creatorTime', 'id', 'inspector', 'poleCode']);
  const del = await op.request.delete(
    `/api/visualdev/OnlineDev/${await modelIdOf(page, name)}/${String(first?.id)}`,
    {
      headers: { Authorization: token },
    },
  );
  expect(((await del.json()) as { code: number }).code).toBe(403);
  await other.close();
});

/** The model's id by its name (the design list's API). */
async function modelIdOf(page: Page, name: string): Promise<string> {
  const token = await apiToken(page, 'admin');
  const res = await page.request.get(`/api/visualdev/Base?keyword=${encodeURIComponent(name)}`, {
    headers: { Authorization: token },
  });
  const body = (await res.json()) as { data: { list: Array<{ id: string }> } };
  return body.data.list[0]?.id ?? '';
}

test('a data report page draws its chart and table; a dictionary page lists its items', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  await openMenu(page, '在线开发', '故障月报');
  const report = page.getByTestId('lowcode-report');
  await expect(report.getByTestId('report-chart')).toHaveAttribute('data-state', 'ready');
  await expect(report.getByTestId('report-chart').locator('canvas')).toHaveCount(1);
  await expect(report.getByTestId('report-table').locator('thead')).toContainText('故障数');
  await expect(report.getByTestId('report-table').locator('tr.ant-table-row').first()).toBeVisible();
  await openMenu(page, '在线开发', '资产字典');
  const dictionary = page.getByTestId('lowcode-dictionary');
  await expect(dictionary).toContainText('路灯');
  // exported as it shows (the page's btn_download, as every low-code page's export)
  const download = page.waitForEvent('download');
  await dictionary.getByTestId('btn-export').click();
  const rows = await sheetRows(await (await download).path());
  expect(rows[0]).toEqual(['名称', '编码', '排序', '状态']);
  expect(rows.map((r) => r[0])).toContain('路灯');
  // the same pages in the remote's own app (kiosk mode)
  await page.goto('/remotes/lowcode/dynamicModel/faultReport');
  await expect(page.getByTestId('standalone-lowcode')).toBeVisible();
  await expect(page.getByTestId('report-chart')).toHaveAttribute('data-state', 'ready');
  await page.goto('/remotes/lowcode/dynamicModel/repairReport');
  await expect(page.getByTestId('lowcode-list').locator('thead')).toContainText('报修人');
});

test("in English a published page's own words are English: search fields, placeholders, a preset's message", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lighting_language__String', 'en'));
  await page.goto('/dynamicModel/repairReport');
  const list = page.getByTestId('lowcode-list');
  await expect(list.getByTestId('lowcode-table')).toBeVisible();
  const CJK = /[\u3400-\u9fff]/;
  // a filter's label is beside it (the designer's data); its placeholder is the page's language
  const filters = list.locator(
    '[data-testid^="search-"] input[placeholder], [data-testid^="search-"] .ant-select-placeholder',
  );
  // the search fields render after the table: read them once they are there
  await expect(filters.first()).toBeAttached();
  const placeholders = await filters.evaluateAll((els) =>
    els.map((e) => (e as HTMLInputElement).placeholder || e.textContent || ''),
  );
  expect(placeholders.length).toBeGreaterThan(0);
  for (const p of placeholders) expect(p).not.toMatch(CJK);
  // the form's generic placeholders, and the mobile preset's message stored in Chinese, in English
  await list.getByTestId('btn-add').click();
  const popup = page.getByTestId('form-popup');
  await expect(popup.getByTestId('item-reporter').locator('input')).toHaveAttribute('placeholder', 'Enter');
  await expect(popup.getByTestId('item-faultType')).toContainText('Select');
  await expect(popup.getByTestId('item-creator').locator('input')).toHaveAttribute(
    'placeholder',
    'Filled in by the system',
  );
  await popup.getByTestId('item-mobile').locator('input').fill('123');
  await popup.getByTestId('form-popup-ok').click();
  await expect(popup.getByTestId('item-mobile')).toContainText('please enter your mobile number correctly');
  await expect(popup.getByTestId('item-reporter')).toContainText('报修人 is required');
  await page.evaluate(() => localStorage.setItem('lighting_language__String', 'zh'));
});
