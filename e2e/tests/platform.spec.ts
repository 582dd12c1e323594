import { expect, test } from './fixtures';
import { apiToken, installReactCounter, openMenu, reactRenderers, signIn } from './helpers';

/** One real page of each remote, reached through the menu: [section, item, testid]. */
const REMOTE_PAGES = [
  ['权限管理', '用户管理', 'user-list', '/permission/user'],
  ['照明地图', '资产类型与状态', 'asset-kinds', '/bt/map/assets'],
  ['在线开发', '功能设计', 'webdesign-list', '/onlineDev/webDesign'],
  ['工作流程', '发起流程', 'flow-launch', '/workFlow/flowLaunch'],
  ['即时通讯', '通讯录', 'chat-contacts', '/chat/contacts'],
] as const;

test('sign in lands on /home with the user and the menu', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toContainText('权限管理');
});

test('wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('wrong1234');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('账户或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('each remote page opens through the menu, reload keeps it, one React on the page', async ({ page }) => {
  await installReactCounter(page);
  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
  for (const [section, item, testId, path] of REMOTE_PAGES) {
    await openMenu(page, section, item);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId(testId)).toBeVisible();
  }
  // real data reached the pages
  await openMenu(page, '权限管理', '用户管理');
  await expect(page.getByTestId('user-list').getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  expect(await reactRenderers(page)).toHaveLength(1);

  await page.reload();
  await expect(page).toHaveURL(/\/permission\/user$/);
  await expect(page.getByTestId('user-list')).toBeVisible();
});

test('a menu entry no page answers says so plainly, naming its address', async ({ page }) => {
  // an administrator adds a page menu whose address the system remote does not build
  const token = await apiToken(page, 'admin');
  const s = Math.random().toString(36).slice(2, 8);
  const res = await page.request.post('/api/system/Menu', {
    headers: { Authorization: token },
    data: {
      parentId: 'menu-system',
      type: 2,
      enCode: `planned${s}`,
      fullName: `规划页${s}`,
      urlAddress: `system/planned${s}`,
    },
  });
  expect((await res.json()).code).toBe(200);
  await signIn(page);
  await openMenu(page, '系统管理', `规划页${s}`);
  await expect(page.getByTestId('no-page')).toHaveText(
    `地址 /system/planned${s} 没有对应的页面：请在菜单管理中检查此菜单的地址。`,
  );
  await expect(page.locator('.ant-result-title')).toHaveText(`规划页${s}`);
  await expect(page.getByTestId('remote-retry')).toHaveCount(0);
  // the same panel leads home
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page.getByTestId('home')).toBeVisible();
});

test('/home with a query token signs in with it', async ({ page }) => {
  const token = await apiToken(page, 'operator');
  await page.goto(`/home?token=${token}`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('side-menu')).not.toContainText('权限管理');
});

test('/login?redirect round trip and unknown paths go to /404', async ({ page }) => {
  await page.goto('/workFlow/flowLaunch');
  await expect(page).toHaveURL(/\/login\?redirect=%2FworkFlow%2FflowLaunch$/);
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/workFlow\/flowLaunch$/);
  await expect(page.getByTestId('flow-launch')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});

test('an operator without administration has no such menu and the server refuses the call', async ({
  page,
}) => {
  await signIn(page, 'operator');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('side-menu')).not.toContainText('权限管理');
  const token = await apiToken(page, 'operator');
  const res = await page.request.get('/api/system/Permission/Users', { headers: { Authorization: token } });
  expect((await res.json()).code).toBe(403);
});

test('sign out clears the session and a reload stays signed out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('user-menu').hover();
  await page.getByTestId('menu-logout').click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});

test('with one remote unreachable the console keeps working and that page offers Retry', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.route('**/remotes/system/**', (r) => r.abort());
  await openMenu(page, '权限管理', '用户管理');
  await expect(page.getByTestId('remote-error')).toBeVisible();
  await expect(page.getByTestId('remote-retry')).toBeVisible();
  // the rest of the console still works
  await openMenu(page, '工作流程', '发起流程');
  await expect(page.getByTestId('flow-launch')).toBeVisible();
  // the remote comes back: Retry loads it
  await page.unroute('**/remotes/system/**');
  await openMenu(page, '权限管理', '用户管理');
  await page.getByTestId('remote-retry').click();
  await expect(page.getByTestId('user-list')).toBeVisible();
});

test('lock screen survives a reload and unlocks with the password', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('user-menu').hover();
  await page.getByText('锁定屏幕').click();
  await expect(page).toHaveURL(/\/lockScreen$/);
  await page.reload();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/lockScreen$/);
  await page.getByTestId('unlock-password').fill('wrong1234');
  await page.getByTestId('unlock-submit').click();
  await expect(page.getByText('账户或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/lockScreen$/);
  await page.getByTestId('unlock-password').fill('admin123');
  await page.getByTestId('unlock-submit').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('signing out in one tab logs the other tab of the session out through the socket', async ({
  browser,
}) => {
  test.setTimeout(120_000); // two pages of the console start, each on a loaded CI machine
  const ctx = await browser.newContext({ locale: 'zh-CN' });
  const a = await ctx.newPage();
  const b = await ctx.newPage();
  await signIn(a);
  await expect(a.getByTestId('home')).toBeVisible();
  await b.goto('/home'); // same token (same storage), its own socket
  await expect(b.getByTestId('home')).toBeVisible();
  await a.getByTestId('user-menu').hover();
  await a.getByTestId('menu-logout').click();
  await a.getByRole('button', { name: /确\s*定/ }).click();
  await expect(a).toHaveURL(/\/login$/);
  // b did nothing: the server's logout push resets its session and it reloads onto /login
  await expect(b).toHaveURL(/\/login/, { timeout: 15_000 });
  await ctx.close();
});

test('the page title is the route name and the platform title', async ({ page }) => {
  await signIn(page);
  await openMenu(page, '权限管理', '用户管理');
  await expect(page).toHaveTitle('用户管理 - 城市照明综合管理平台');
  await page.goto('/home');
  await expect(page).toHaveTitle('首页 - 城市照明综合管理平台');
});

test('an outside company applies for access from the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-tab-apply').click();
  await expect(page.getByTestId('login-password')).toHaveCount(0);
  await expect(page.getByTestId('login-code-image')).toBeVisible();
  await page.getByTestId('login-companyName').fill('东城照明维护有限公司');
  await page.getByTestId('login-contact').fill('王建国');
  await page.getByTestId('login-mobile').fill('12345');
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('please enter your mobile number correctly')).toBeVisible();
  await page.getByTestId('login-mobile').fill('13912345678');
  await page.getByTestId('login-submit').click();
  // the server checks the image code (it cannot be read from the picture here)
  await expect(page.getByTestId('login-error')).toHaveText('验证码错误');
});

test('a remote whose manifest answers 404 shows Retry inside the layout', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.route('**/remotes/workflow/mf-manifest.json*', (r) =>
    r.fulfill({ status: 404, body: 'not found' }),
  );
  await openMenu(page, '工作流程', '发起流程');
  await expect(page.getByTestId('remote-error')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await openMenu(page, '即时通讯', '通讯录');
  await expect(page.getByTestId('chat-contacts')).toBeVisible();
});
