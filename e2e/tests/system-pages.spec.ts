// System administration (issue 4): every page opens for the administrator, and each role sees
// the menu, buttons and columns its grants give it.
import { expect, test, type Page } from './fixtures';
import { openMenu, signIn } from './helpers';

/** [section, item, testid of the page's main element]. */
const PAGES = [
  ['权限管理', '组织管理', 'organize-list'],
  ['权限管理', '部门管理', 'department-list'],
  ['权限管理', '岗位管理', 'position-list'],
  ['权限管理', '用户管理', 'user-list'],
  ['权限管理', '角色管理', 'role-list'],
  ['权限管理', '权限授权', 'authorize-page'],
  ['权限管理', '在线用户', 'online-list'],
  ['系统管理', '行政区划', 'area-list'],
  ['系统管理', '单据规则', 'billrule-list'],
  ['系统管理', '系统公告', 'notice-list'],
  ['系统管理', '系统日志', 'log-tabs'],
  ['系统管理', '菜单管理', 'menu-list'],
  ['系统数据', '数据字典', 'dictionary-page'],
  ['系统数据', '数据接口', 'interface-list'],
] as const;

const userList = (page: Page) => page.getByTestId('user-list');

test('the administrator opens every administration page with real data', async ({ page }) => {
  test.slow(); // fourteen pages, each loaded on first visit
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  for (const [section, item, testId] of PAGES) {
    await openMenu(page, section, item);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page.getByTestId('no-page')).toHaveCount(0);
  }
  // a few rows that come from the seed, one per kind of list
  await openMenu(page, '权限管理', '组织管理');
  await expect(page.getByTestId('organize-list')).toContainText('城市照明管理处');
  await openMenu(page, '系统管理', '行政区划');
  await expect(page.getByTestId('area-list')).toContainText('江南省');
  await openMenu(page, '系统管理', '单据规则');
  await expect(page.getByTestId('billrule-list')).toContainText('RepairOrder');
});

test('administrator: every button and column of the user list', async ({ page }) => {
  await signIn(page, 'admin');
  await openMenu(page, '权限管理', '用户管理');
  const list = userList(page);
  await expect(list.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  for (const col of ['账户', '姓名', '性别', '手机', '所属组织', '岗位', '状态', '操作'])
    await expect(list.locator('thead')).toContainText(col);
  await expect(list.getByTestId('btn-add')).toBeVisible();
  await expect(list.getByTestId('btn-export')).toBeVisible();
  await expect(list.getByTestId('row-edit').first()).toBeVisible();
  await expect(list.getByTestId('row-remove').first()).toBeVisible();
  await expect(list.getByTestId('state-switch').first()).toBeVisible();
  const side = page.getByTestId('side-menu');
  for (const section of ['权限管理', '系统管理', '系统数据']) await expect(side).toContainText(section);
});

test('manager: the user list read-only with export, no other administration', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page.getByTestId('home')).toBeVisible();
  const side = page.getByTestId('side-menu');
  await expect(side).toContainText('权限管理');
  await expect(side).not.toContainText('系统管理');
  await expect(side).not.toContainText('系统数据');
  await openMenu(page, '权限管理', '用户管理');
  const list = userList(page);
  await expect(list.getByRole('cell', { name: 'manager', exact: true })).toBeVisible();
  await expect(list.getByTestId('btn-export')).toBeVisible();
  await expect(list.getByTestId('btn-add')).toHaveCount(0);
  await expect(list.getByTestId('row-edit')).toHaveCount(0);
  await expect(list.getByTestId('row-remove')).toHaveCount(0);
  await expect(list.getByTestId('row-reset-password')).toHaveCount(0);
  // state shows as a tag, not a switch, without btn_edit
  await expect(list.getByTestId('state-switch')).toHaveCount(0);
  await expect(side.getByRole('link', { name: '角色管理', exact: true })).toHaveCount(0);
});

test('operator: no administration menu; the user page is refused by the server too', async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page.getByTestId('home')).toBeVisible();
  const side = page.getByTestId('side-menu');
  for (const section of ['权限管理', '系统管理', '系统数据']) await expect(side).not.toContainText(section);
  const token = await page.evaluate(() => localStorage.getItem('lighting_token__String'));
  const res = await page.request.get('/api/system/Permission/Users', {
    headers: { Authorization: String(token) },
  });
  expect(res.status()).toBe(403);
});

test('export writes a spreadsheet of the filtered user list', async ({ page }) => {
  await signIn(page, 'admin');
  await openMenu(page, '权限管理', '用户管理');
  const list = userList(page);
  await list.getByTestId('list-keyword').locator('input').fill('admin');
  await list.getByTestId('list-keyword').locator('input').press('Enter');
  await expect(list.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await list.getByTestId('btn-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await file.path();
  const fs = await import('node:fs');
  const bytes = fs.readFileSync(path);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip
});
