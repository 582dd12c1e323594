// Low-code forms (issue 12): a form of 17 controls designed by dragging from the palette (into the
// form, a row, a card and a sub-table), its properties set in the panel, saved, reloaded and
// previewed with the one renderer: an empty submit shows every required message, a filled one
// (calculate and summary updating) is saved and read back. A JNPF 3.x form imports and renders.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from './fixtures';
import { apiToken, signIn } from './helpers';
import { jpeg } from './citizen-helpers';

const LEGACY = readFileSync(
  join(__dirname, '../../shared/src/formcore/fixtures/legacy-inspection.json'),
  'utf8',
);

/** Drags `source` onto `target` with the small pointer steps dnd-kit's pointer sensor follows. */
async function drag(
  page: Page,
  source: Locator,
  target: Locator,
  where: 'top' | 'bottom' | 'center' = 'center',
) {
  await source.scrollIntoViewIfNeeded();
  const s = await source.boundingBox();
  if (!s) throw new Error('source not visible');
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  // past the 4 px activation distance
  await page.mouse.move(s.x + s.width / 2 + 8, s.y + s.height / 2 + 8, { steps: 4 });
  // the target in the middle of the canvas: near its edge the designer scrolls while the pointer
  // rests there (auto-scroll), by as much as the frames a busy machine gives it, and the drop lands
  // on whatever scrolled under the pointer
  if (where !== 'bottom') await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const t = await target.boundingBox();
  if (!t) throw new Error('target not visible');
  const y = where === 'top' ? t.y + 6 : where === 'bottom' ? t.y + t.height - 6 : t.y + t.height / 2;
  await page.mouse.move(t.x + t.width / 2, y, { steps: 12 });
  await page.mouse.up();
}

const item = (page: Page, key: string, nth = 0) =>
  page.locator(`[data-testid="canvas-item"][data-key="${key}"]`).nth(nth);

/** Drops a control from the palette at the end of a list ('root', or a container's id). */
async function place(page: Page, key: string, list = 'root') {
  const target = page.getByTestId(`drop-${list}`);
  // the form's own list ends in an empty band: scroll it into view to drop there
  if (list === 'root')
    await page.getByTestId('canvas-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await drag(page, page.getByTestId(`palette-${key}`), target, list === 'root' ? 'bottom' : 'center');
}

/** Selects a control (its corner, so a container is selected rather than a child). */
async function select(page: Page, key: string, nth = 0) {
  await item(page, key, nth).click({ position: { x: 3, y: 3 } });
  await expect(page.getByTestId('prop-type')).toBeVisible();
}

async function named(page: Page, label: string, vModel?: string) {
  await page.getByTestId('prop-label').fill(label);
  if (vModel) await page.getByTestId('prop-vModel').fill(vModel);
}

async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click();
  // a single choice closes its list: the next pick must not find this one still on screen
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** A multiple select: open it once, choose each option, close it. */
async function pickMany(page: Page, select: Locator, options: string[]) {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  for (const o of options) await dropdown.getByText(o, { exact: true }).first().click();
  await page.keyboard.press('Escape');
}

async function idOf(page: Page, key: string, nth = 0): Promise<string> {
  const id = await item(page, key, nth).getAttribute('data-id');
  if (!id) throw new Error(`no ${key} on the canvas`);
  return id;
}

/** A record of the seeded 报修登记 model (the relationForm of the story points at it). */
async function seedRepairRecord(page: Page, reporter: string, mobile: string) {
  const headers = { authorization: await apiToken(page) };
  const options = await page.request.get('/api/visualdev/OnlineDev/vd-repair/Options?field=faultType', {
    headers,
  });
  const faultType = ((await options.json()) as { data: { list: Array<{ id: string }> } }).data.list[0]?.id;
  const res = await page.request.post('/api/visualdev/OnlineDev/vd-repair', {
    headers,
    data: { data: JSON.stringify({ reporter, mobile, address: '解放路 12 号', faultType }) },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

/** A new model (the code made unique per run) whose designer opens at once. */
async function createModel(page: Page, name: string, codePrefix: string) {
  const code = `${codePrefix}${Date.now().toString(36)}`;
  await page.goto('/onlineDev/webDesign');
  const list = page.getByTestId('webdesign-list');
  await list.getByTestId('btn-add').click();
  const dialog = page.getByTestId('model-form');
  await dialog.getByLabel('名称').fill(name);
  await dialog.getByLabel('编码').fill(code);
  await pick(page, dialog.getByTestId('field-category'), '运维');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByTestId('designer')).toBeVisible();
  await expect(page.getByTestId('designer-title')).toHaveText(name);
}

test('design a form by dragging, save, reload, preview, validate, submit and read it back', async ({
  page,
}) => {
  test.slow(); // one long story: design, preview, submit
  await page.setViewportSize({ width: 1366, height: 860 });
  const reporter = `张工${Date.now().toString(36)}`;
  await seedRepairRecord(page, reporter, '13800138000');
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  await createModel(page, '灯杆维修登记', 'poleRepairE2e');

  // ——— the palette into the form, a row, a card and a sub-table ———
  await place(page, 'input');
  await place(page, 'row');
  const row = await idOf(page, 'row');
  await place(page, 'inputNumber', row);
  await place(page, 'JNPFAmount', row);
  await place(page, 'calculate');
  await place(page, 'select');
  await place(page, 'datePicker');
  await place(page, 'relationForm');
  await place(page, 'relationFormAttr');
  await place(page, 'billRule');
  await place(page, 'uploadImg');
  await place(page, 'editor');
  await place(page, 'table');
  const table = await idOf(page, 'table');
  await place(page, 'inputNumber', table);
  await place(page, 'JNPFAmount', table);
  await place(page, 'card');
  await place(page, 'textarea', await idOf(page, 'card'));
  await expect(page.getByTestId('canvas-item')).toHaveCount(17);
  // the row holds its two controls side by side, the sub-table its two columns
  await expect(page.getByTestId(`drop-${row}`).getByTestId('canvas-item')).toHaveCount(2);
  await expect(page.getByTestId(`drop-${table}`).getByTestId('canvas-item')).toHaveCount(2);

  // undo and redo (keyboard) the last drop
  await page.getByTestId('design-canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('canvas-item')).toHaveCount(16);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('canvas-item')).toHaveCount(17);
  // copy and delete the selected control
  await select(page, 'textarea');
  await page.getByTestId('item-copy').click();
  await expect(page.getByTestId('canvas-item')).toHaveCount(18);
  await expect(item(page, 'textarea', 1)).toHaveAttribute('data-selected', 'true');
  await page.getByTestId('item-remove').click();
  await expect(page.getByTestId('canvas-item')).toHaveCount(17);

  // ——— properties ———
  // a field name used twice is flagged at once, where the second one is
  await select(page, 'input');
  await named(page, '标题', 'qty');
  await page.getByTestId('prop-required').click();
  await select(page, 'inputNumber');
  await named(page, '数量', 'qty');
  await expect(page.getByTestId('prop-error')).toContainText("字段名 'qty' 重复");
  await select(page, 'input');
  await page.getByTestId('prop-vModel').fill('title');
  await select(page, 'inputNumber');
  await expect(page.getByTestId('prop-error')).toHaveCount(0);
  await page.getByTestId('prop-required').click();

  await select(page, 'JNPFAmount');
  await named(page, '单价', 'price');
  await page.getByTestId('prop-required').click();

  await select(page, 'calculate');
  await named(page, '总价', 'total');
  const expr = page.getByTestId('expression-editor');
  await expr.getByTestId('expr-field-qty').click();
  await expr.getByTestId('expr-op-×').click();
  await expr.getByTestId('expr-field-price').click();
  await expect(page.getByTestId('expression-view')).toContainText('数量×单价');

  await select(page, 'select');
  await named(page, '类别', 'kind');
  await page.getByTestId('prop-required').click();

  await select(page, 'datePicker');
  await named(page, '日期', 'day');
  await page.getByTestId('prop-required').click();

  await select(page, 'relationForm');
  await named(page, '关联报修', 'repair');
  await page.getByTestId('prop-required').click();
  await pick(page, page.getByTestId('pick-model'), '报修登记');
  await pick(page, page.getByTestId('pick-relation-field'), '报修人');
  // the columns of its record picker
  await pickMany(page, page.getByTestId('pick-relation-columns'), ['报修人', '联系电话']);

  await select(page, 'relationFormAttr');
  await named(page, '报修电话');
  await pick(page, page.getByTestId('pick-attr-relation'), '关联报修');
  await pick(page, page.getByTestId('pick-show-field'), '联系电话');

  await select(page, 'billRule');
  await named(page, '单号', 'billNo');
  await pick(page, page.getByTestId('pick-bill-rule'), '材料申领单 (MaterialApply)');

  await select(page, 'uploadImg');
  await named(page, '照片', 'photos');
  await page.getByTestId('prop-required').click();

  await select(page, 'editor');
  await named(page, '说明', 'notes');
  await page.getByTestId('prop-required').click();

  await select(page, 'table');
  await named(page, '明细', 'items');
  await page.getByTestId('prop-tableName').fill('pole_repair_items');
  await page.getByTestId('prop-showSummary').click();
  await select(page, 'inputNumber', 1);
  await named(page, '件数', 'count');
  await page.getByTestId('prop-required').click();
  await select(page, 'JNPFAmount', 1);
  await named(page, '费用', 'cost');
  await select(page, 'table');
  await pickMany(page, page.getByTestId('prop-summaryField'), ['件数', '费用']);

  await select(page, 'textarea');
  await named(page, '备注', 'remark');

  // form settings: a drawer
  await page.getByTestId('designer-tabs').getByRole('tab', { name: '表单属性' }).click();
  await page.getByTestId('setting-popupType').getByText('右侧弹窗').click();

  // ——— save, reload: the form comes back from the server ———
  await page.getByTestId('designer-save').click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('designer')).toBeVisible();
  await expect(page.getByTestId('canvas-item')).toHaveCount(17);
  await expect(page.getByTestId('design-canvas')).toContainText('关联报修');

  // ——— preview: the real renderer in a drawer, over the designer (which stays) ———
  await page.getByTestId('designer-preview').click();
  await expect(page.getByTestId('preview-dialog').getByTestId('preview-page')).toBeVisible();
  await expect(page).toHaveURL(/design=/);
  const popup = page.getByTestId('form-popup');
  // the form opens in a drawer, as set in the form settings
  await expect(page.locator('.ant-drawer').getByTestId('form-renderer')).toBeVisible();
  // the bill number is reserved when the form opens
  await expect(popup.getByTestId('item-billNo').locator('input')).toHaveValue(/^SL\d{8}\d{4}$/);

  // empty submit: every required message (and the empty required cell of a new row)
  await popup.getByTestId('add-items').click();
  await popup.getByTestId('form-popup-ok').click();
  for (const label of ['标题', '数量', '单价', '类别', '日期', '关联报修', '照片', '说明'])
    await expect(popup.getByTestId(`item-${labelKey(label)}`)).toContainText(`${label}不能为空`);
  await expect(popup.getByTestId('cell-items-0-count')).toContainText('不能为空');

  // fill it
  await popup.getByTestId('item-title').locator('input').fill('解放路 12 号灯杆倾斜');
  await popup.getByTestId('item-qty').locator('input').fill('3');
  await popup.getByTestId('item-price').locator('input').fill('2.5');
  await expect(popup.getByTestId('item-total').locator('input')).toHaveValue('7.50');
  await pick(page, popup.getByTestId('item-kind').locator('.ant-select'), '选项一');
  const day = popup.getByTestId('item-day').locator('input');
  await day.click();
  await day.fill('2024-05-01');
  await day.press('Enter');
  // the related record, chosen in its table popup: searched, shown with the designer's columns
  await popup.getByTestId('item-repair').getByTestId('relation-input').click();
  const picker = page.getByTestId('relation-picker');
  await expect(picker.locator('thead')).toContainText('联系电话');
  await picker.getByTestId('relation-keyword').fill(reporter);
  await picker.getByTestId('relation-keyword').press('Enter');
  await expect(picker.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(picker.locator('tr.ant-table-row')).toContainText('13800138000');
  await picker.locator('tr.ant-table-row').click();
  await picker.getByTestId('relation-pick-ok').click();
  await expect(picker).toBeHidden();
  await expect(popup.getByTestId('item-repair').getByTestId('relation-input')).toHaveValue(reporter);
  await expect(popup.getByTestId('item-repair')).not.toContainText('不能为空');
  // relationFormAttr shows the chosen record's phone
  await expect(popup.getByLabel('报修电话')).toHaveValue('13800138000');
  await popup
    .getByTestId('item-photos')
    .locator('input[type=file]')
    .setInputFiles(await jpeg(page));
  await expect(popup.getByTestId('item-photos').locator('img')).toBeVisible();
  await popup.getByTestId('item-notes').locator('[contenteditable=true]').click();
  await page.keyboard.type('灯杆底座锈蚀，需更换');
  await popup.getByTestId('cell-items-0-count').locator('input').fill('4');
  await popup.getByTestId('cell-items-0-cost').locator('input').fill('10');
  await popup.getByTestId('add-items').click();
  await popup.getByTestId('cell-items-1-count').locator('input').fill('6');
  await expect(popup.getByTestId('summary-items-count')).toContainText('10');
  await expect(popup.getByTestId('summary-items-cost')).toContainText('10');
  await popup.getByTestId('item-remark').locator('textarea').fill('夜间施工');

  // submit: saved, then read back from the server
  await popup.getByTestId('form-popup-ok').click();
  const saved = page.getByTestId('preview-saved');
  await expect(saved).toBeVisible();
  await expect(saved.getByTestId('item-title').locator('input')).toHaveValue('解放路 12 号灯杆倾斜');
  await expect(saved.getByTestId('item-total').locator('input')).toHaveValue('7.50');
  await expect(saved.getByTestId('item-billNo').locator('input')).toHaveValue(/^SL\d{12}$/);
  await expect(saved.getByTestId('item-remark').locator('textarea')).toHaveValue('夜间施工');
  await expect(saved.getByTestId('item-notes')).toContainText('灯杆底座锈蚀，需更换');
  await expect(saved.getByTestId('summary-items-count')).toContainText('10');
});

/** The data keys the story gives each labelled field. */
function labelKey(label: string): string {
  const keys: Record<string, string> = {
    标题: 'title',
    数量: 'qty',
    单价: 'price',
    类别: 'kind',
    日期: 'day',
    关联报修: 'repair',
    照片: 'photos',
    说明: 'notes',
  };
  return keys[label] ?? label;
}

test('a JNPF 3.x form imports, saves and renders; broken JSON is refused with its path', async ({ page }) => {
  test.slow(); // the designer, its preview and the kiosk's preview: three remote pages on a loaded machine
  await page.setViewportSize({ width: 1920, height: 1000 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  await createModel(page, '巡检记录导入', 'inspectionImportE2e');

  await page.getByTestId('open-import').click();
  await page.getByTestId('import-text').fill('{"fields": [{"__config__": {"jnpfKey": "nope"}}]}');
  await page.getByTestId('import-ok').click();
  await expect(page.getByTestId('import-error')).toContainText(
    "fields[0].__config__.jnpfKey: unknown control 'nope'",
  );

  await page.getByTestId('import-text').fill(LEGACY);
  await page.getByTestId('import-ok').click();
  await expect(page.getByTestId('design-canvas')).toContainText('灯杆编号');
  await expect(page.getByTestId('design-canvas')).toContainText('巡检日期');
  // the import is one step: undo empties the canvas again, redo brings it back
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('canvas-item')).toHaveCount(0);
  await page.getByTestId('redo').click();
  await expect(page.getByTestId('design-canvas')).toContainText('灯杆编号');
  // leaving with unsaved changes asks first (the designers' shared header); staying keeps them
  const confirmLeave = page.locator('.ant-modal-confirm', { hasText: '有未保存的修改' });
  await page.getByTestId('designer-back').click();
  await expect(confirmLeave).toContainText('离开后修改将丢失');
  await confirmLeave.getByRole('button', { name: '留在此页' }).click();
  await expect(confirmLeave).toBeHidden();
  await expect(page.getByTestId('design-canvas')).toContainText('灯杆编号');

  await page.getByTestId('designer-save').click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await page.getByTestId('designer-preview').click();
  const popup = page.getByTestId('form-popup');
  await expect(popup.getByTestId('form-renderer')).toBeVisible();
  await expect(popup).toContainText('灯杆编号');
  await expect(popup).toContainText('巡检日期');

  // the remote's own app (kiosk mode) shows the same preview at its address, without a menu entry for it
  const id = new URL(page.url()).searchParams.get('design');
  await page.goto(`/remotes/lowcode/previewModel?id=${id}`);
  await expect(page.getByTestId('standalone-lowcode')).toBeVisible();
  await expect(page.getByTestId('form-popup').getByTestId('form-renderer')).toContainText('灯杆编号');
});

test('the model list: edit the basic information, copy, and delete with the confirmation', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  const name = `复制源${Date.now().toString(36)}`;
  await createModel(page, name, 'copySourceE2e');
  await page.getByTestId('designer-back').click();
  const list = page.getByTestId('webdesign-list');
  await list.getByTestId('list-keyword').locator('input').fill(name);
  await list.getByTestId('list-keyword').locator('input').press('Enter');
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);

  await list.getByTestId('row-edit').click();
  const dialog = page.getByTestId('model-form');
  await dialog.getByLabel('名称').fill(`${name}改`);
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(list).toContainText(`${name}改`);

  await list.getByTestId('row-copy').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(2);

  // delete the copy: the spec's confirmation, then it is gone
  const copy = list
    .locator('tr.ant-table-row')
    .filter({ hasNot: page.getByRole('cell', { name: `${name}改`, exact: true }) });
  await copy.getByTestId('row-remove').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('此操作将永久删除该数据, 是否继续?');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(list).toContainText(`${name}改`);
});

test('in English the designer writes new controls in English, every palette name shows whole, problems read in English', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  await createModel(page, '英文设计', 'englishDesignE2e');
  const id = new URL(page.url()).searchParams.get('design');
  await page.evaluate(() => localStorage.setItem('lighting_language__String', 'en'));
  await page.goto(`/onlineDev/webDesign?design=${String(id)}`);
  await expect(page.getByTestId('palette')).toBeVisible();

  // no palette name is cut: 'Related form' and 'Related form field' are told apart
  const names = page.getByTestId('palette-name');
  expect(await names.count()).toBeGreaterThan(40);
  const cut = await names.evaluateAll((els) =>
    els
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      .map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
  await expect(page.getByTestId('palette-relationForm')).toHaveText('Related form');
  await expect(page.getByTestId('palette-relationFormAttr')).toHaveText('Related form field');

  // a new control's label and placeholder are English
  await page.getByTestId('palette-input').click();
  await expect(page.getByTestId('prop-label')).toHaveValue('Text');
  await expect(item(page, 'input').getByTestId('canvas-label')).toHaveText('Text');
  await expect(item(page, 'input')).toContainText('Enter');
  await page.getByTestId('palette-select').click();
  await expect(item(page, 'select')).not.toContainText(/[\u3400-\u9fff]/);

  // why a calculation does not parse, in English only
  await page.getByTestId('palette-calculate').click();
  await page.getByTestId('designer-save').click();
  const problems = page.getByTestId('design-problems');
  await expect(problems).toContainText('invalid expression: the expression is empty');
  await expect(problems).not.toContainText(/[\u3400-\u9fff]/);
  await page.evaluate(() => localStorage.setItem('lighting_language__String', 'zh'));
});

test("a long form's dialog keeps OK and Cancel in view; the form scrolls inside it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  await createModel(page, '长表单', 'longFormE2e');
  const fields = Array.from({ length: 40 }, (_, i) => ({
    __config__: { jnpfKey: 'input', label: `字段${i + 1}`, formId: i + 1 },
    __vModel__: `f${i + 1}`,
  }));
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-text').fill(JSON.stringify({ popupType: 'general', fields }));
  await page.getByTestId('import-ok').click();
  await expect(page.getByTestId('canvas-item')).toHaveCount(40);
  await page.getByTestId('designer-save').click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await page.getByTestId('designer-preview').click();
  const popup = page.getByTestId('form-popup');
  await expect(popup.getByTestId('item-f1')).toBeVisible();
  await expect(popup.getByTestId('form-popup-ok')).toBeInViewport();
  await expect(popup.getByTestId('form-popup-cancel')).toBeInViewport();
  // the last field is reached by scrolling the form, and the buttons stay
  await popup.getByTestId('item-f40').scrollIntoViewIfNeeded();
  await expect(popup.getByTestId('item-f40')).toBeInViewport();
  await expect(popup.getByTestId('form-popup-ok')).toBeInViewport();
});
