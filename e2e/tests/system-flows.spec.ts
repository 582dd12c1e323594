// System administration flows (issue 4), each test on its own data (random suffix), independent
// of the others and of their order: people and structure, grants by role, forcing offline,
// dictionaries feeding selects, bill numbers.
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import SparkMD5 from 'spark-md5';
import { apiToken, openMenu, signIn } from './helpers';

const suffix = () => Math.random().toString(36).slice(2, 8);

/** The open dialog whose title contains `title`. */
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ hasText: title });

async function ok(d: Locator) {
  await d.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(d).toBeHidden();
}

/** Picks `text` in the antd Select / TreeSelect `field`. */
async function pick(page: Page, field: Locator, text: string) {
  await field.click();
  await field.locator('input').fill(text);
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
    .filter({ hasText: text })
    .first();
  await option.click();
}

async function api(request: APIRequestContext, token: string, method: string, url: string, data?: object) {
  const res = await request.fetch(`/api${url}`, { method, headers: { Authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; data: unknown };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A user made through the API, with the operator role (so it has menus to sign in to) plus `roleIds`. */
async function makeUser(
  request: APIRequestContext,
  token: string,
  account: string,
  password: string,
  roleIds: string[] = [],
) {
  const data = (await api(request, token, 'POST', '/system/Permission/Users', {
    account,
    password: SparkMD5.hash(password),
    realName: `测试${account}`,
    organizeId: 'dept-east',
    roleIds: ['role-operator', ...roleIds],
  })) as { id: string };
  return data.id;
}

async function signInAs(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home')).toBeVisible();
}

test('create a department, a position and a user; the user signs in with the new password', async ({
  page,
  browser,
}) => {
  test.slow(); // three pages, two browsers: long on a loaded machine
  const s = suffix();
  const dept = `测试部${s}`;
  const pos = `巡检员${s}`;
  const account = `u${s}`;
  const password = `pw${s}9`;
  await signIn(page, 'admin');

  await openMenu(page, '权限管理', '部门管理');
  await page.getByTestId('department-companies').getByText('照明运维公司', { exact: true }).click();
  await page.getByTestId('department-list').getByTestId('btn-add').click();
  let d = dialog(page, '新建部门');
  await d.getByTestId('field-fullName').fill(dept);
  await d.getByTestId('field-enCode').fill(`dept${s}`);
  await ok(d);
  await expect(page.getByTestId('department-list')).toContainText(dept);

  await openMenu(page, '权限管理', '岗位管理');
  await page.getByTestId('position-list').getByTestId('btn-add').click();
  d = dialog(page, '新建岗位');
  await d.getByTestId('field-fullName').fill(pos);
  await d.getByTestId('field-enCode').fill(`pos${s}`);
  await pick(page, d.getByTestId('field-organizeId'), dept);
  await ok(d);
  await page.getByTestId('position-list').getByTestId('list-keyword').locator('input').fill(pos);
  await page.getByTestId('position-list').getByTestId('list-keyword').locator('input').press('Enter');
  await expect(page.getByTestId('position-list').getByRole('cell', { name: pos })).toBeVisible();
  await expect(page.getByTestId('position-list').getByRole('cell', { name: dept })).toBeVisible();

  await openMenu(page, '权限管理', '用户管理');
  const list = page.getByTestId('user-list');
  await list.getByTestId('btn-add').click();
  d = dialog(page, '新建用户');
  // the form checks the §5 rules before anything is sent
  await d.getByTestId('field-account').fill('bad account!');
  await d.getByTestId('field-mobile').fill('12345');
  await d.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(d).toContainText('digits and English only');
  await expect(d).toContainText('please enter your mobile number correctly');
  await d.getByTestId('field-account').fill(account);
  await d.getByTestId('field-mobile').fill('');
  await d.getByTestId('field-password').fill(password);
  await d.getByTestId('field-realName').fill(`测试${s}`);
  await pick(page, d.getByTestId('field-organizeId'), dept);
  await pick(page, d.getByTestId('field-positionId'), pos);
  await pick(page, d.getByTestId('field-roleIds'), '运维操作员');
  await ok(d);
  await list.getByTestId('list-keyword').locator('input').fill(account);
  await list.getByTestId('list-keyword').locator('input').press('Enter');
  const row = list.locator('tr', { hasText: account });
  await expect(row).toContainText(dept);
  await expect(row).toContainText(pos);

  // the department now holds a user: deleting it is refused with the reason
  await openMenu(page, '权限管理', '部门管理');
  await page.getByTestId('department-companies').getByText('照明运维公司', { exact: true }).click();
  await page
    .getByTestId('department-list')
    .locator('tr', { hasText: dept })
    .getByTestId('row-remove')
    .click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByText(/不能删除/).first()).toBeVisible();

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signInAs(userPage, account, password);
  await other.close();
});

test('granting a role a menu shows it to the role’s user after a reload', async ({ page, browser }) => {
  test.slow(); // two browsers
  const s = suffix();
  const token = await apiToken(page, 'admin');
  const role = (await api(page.request, token, 'POST', '/system/Permission/Role', {
    fullName: `巡查角色${s}`,
    enCode: `patrol${s}`,
  })) as { id: string };
  const account = `g${s}`;
  const password = `pw${s}9`;
  await makeUser(page.request, token, account, password, [role.id]);

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signInAs(userPage, account, password);
  const userMenu = userPage.getByTestId('side-menu');
  await expect(userMenu).toContainText('照明地图');
  await expect(userMenu).not.toContainText('系统管理');

  await signIn(page, 'admin');
  await openMenu(page, '权限管理', '权限授权');
  await page.getByTestId('authorize-objects').getByText(`巡查角色${s}`, { exact: true }).click();
  const tree = page.getByTestId('grant-tree-module');
  await expect(tree).toBeVisible();
  await tree.locator('.ant-tree-treenode', { hasText: '行政区划' }).locator('.ant-tree-checkbox').click();
  await page.getByTestId('authorize-save').click();
  await expect(page.getByText('授权成功')).toBeVisible();

  await userPage.reload();
  await expect(userMenu).toContainText('系统管理');
  await openMenu(userPage, '系统管理', '行政区划');
  // the role holds the menu but none of its columns: rows show, the granted-column cells do not
  await expect(userPage.getByTestId('area-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(userPage.getByTestId('area-list').locator('thead')).not.toContainText('区划名称');
  await other.close();
});

test('forcing a user offline from another browser sends them to /login', async ({ page, browser }) => {
  test.slow(); // two browsers
  const s = suffix();
  const token = await apiToken(page, 'admin');
  const account = `o${s}`;
  const password = `pw${s}9`;
  await makeUser(page.request, token, account, password);

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signInAs(userPage, account, password);
  const userToken = await userPage.evaluate(() => localStorage.getItem('lighting_token__String'));

  // a second sign-in of the same person (another device): still one row, online, two sessions inside
  await page.request.post(
    '/api/oauth/Login?client_id=admin&client_secret=123456&scope=all&grant_type=password',
    {
      data: { account, password: SparkMD5.hash(password) },
    },
  );
  await signIn(page, 'admin');
  await openMenu(page, '权限管理', '在线用户');
  const list = page.getByTestId('online-list');
  const row = list.locator('tbody tr', { hasText: account });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('在线');
  await expect(list.locator('tbody tr', { hasText: /\badmin\b/ })).toHaveCount(1);
  await row.getByRole('button', { name: /展开|Expand/ }).click();
  await expect(list.getByTestId('online-session')).toHaveCount(2);
  await row.getByTestId('row-force-offline').first().click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();

  await expect(userPage).toHaveURL(/\/login/);
  const res = await page.request.get('/api/oauth/CurrentUser', {
    headers: { Authorization: String(userToken) },
  });
  expect((await res.json()).code).toBe(601);
  await expect(list.locator('tr', { hasText: account })).toHaveCount(0);
  await other.close();
});

test('a new dictionary item appears in the select that uses the dictionary', async ({ page }) => {
  const s = suffix();
  const name = `未说明${s}`;
  await signIn(page, 'admin');
  await openMenu(page, '系统数据', '数据字典');
  await page.getByTestId('dictionary-types').getByText('性别', { exact: true }).click();
  const data = page.getByTestId('dictionary-data');
  await expect(data).toContainText('保密');
  await data.getByTestId('btn-add').click();
  const d = dialog(page, '新建字典');
  await d.getByTestId('field-fullName').fill(name);
  await d.getByTestId('field-enCode').fill(`x${s}`);
  await ok(d);
  await expect(data).toContainText(name);

  await openMenu(page, '权限管理', '用户管理');
  await page.getByTestId('user-list').getByTestId('btn-add').click();
  const form = dialog(page, '新建用户');
  await form.getByTestId('field-gender').click();
  const options = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  );
  await expect(options.filter({ hasText: name })).toBeVisible();
  await expect(options.filter({ hasText: '保密' })).toBeVisible();
  await page.keyboard.press('Escape');
  await form.locator('.ant-modal-close').click();

  // clean up through the UI: delete asks first, then the item is gone
  await openMenu(page, '系统数据', '数据字典');
  await data.locator('tr', { hasText: name }).getByTestId('row-remove').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('此操作将永久删除该数据, 是否继续?');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(data).not.toContainText(name);
});

test('two bill numbers issued one after the other follow in sequence', async ({ page }) => {
  await signIn(page, 'admin');
  await openMenu(page, '系统管理', '单据规则');
  const list = page.getByTestId('billrule-list');
  await list.locator('tr', { hasText: 'RepairOrder' }).getByTestId('row-issue').click();
  await page.getByTestId('issue-next').click();
  await expect(page.getByTestId('issued-number')).toHaveCount(1);
  await page.getByTestId('issue-next').click();
  await expect(page.getByTestId('issued-number')).toHaveCount(2);
  const [first, second] = await page.getByTestId('issued-number').locator('code').allTextContents();
  expect(first).toMatch(/^WX\d{8}\d{4}$/);
  expect(second!.slice(0, 10)).toBe(first!.slice(0, 10));
  expect(Number(second!.slice(-4))).toBe(Number(first!.slice(-4)) + 1);
});

/** The smallest valid PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a notice written in the rich-text editor, with an uploaded image, is released', async ({ page }) => {
  const s = suffix();
  const title = `停电通知${s}`;
  await signIn(page, 'admin');
  await openMenu(page, '系统管理', '系统公告');
  const list = page.getByTestId('notice-list');
  await list.getByTestId('btn-add').click();
  const d = dialog(page, '新建公告');
  await d.getByTestId('field-title').fill(title);
  const editor = d.getByTestId('notice-editor');
  await editor.locator('.ProseMirror').click();
  await page.keyboard.type('明晚检修');
  await editor.getByTestId('rte-heading').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('标题 2', { exact: true }).click();
  await expect(editor.locator('.ProseMirror h2')).toHaveText('明晚检修');

  // over 2 MB is refused before uploading, with the spec's message
  await editor.getByTestId('rte-file').setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('文件大小超过 2MB')).toBeVisible();
  await expect(editor.locator('.ProseMirror img:not(.ProseMirror-separator)')).toHaveCount(0);

  await editor.getByTestId('rte-file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(editor.locator('.ProseMirror img[alt="dot.png"]')).toHaveAttribute(
    'src',
    /^\/api\/file\/Image\/quill\//,
  );
  await ok(d);

  const row = list.locator('tr', { hasText: title });
  await expect(row).toContainText('草稿');
  await row.getByTestId('row-release').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(row).toContainText('已发布');
  await expect(row.getByTestId('row-edit')).toHaveCount(0);
});
