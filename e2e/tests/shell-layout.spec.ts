// The console shell (spec §2 Layout, §3 settings, §4 tabs and device rules): the three layouts,
// theme colour / size / language reaching remote pages, kept-alive tabs, mobile, login notice.
import { expect, test, type Locator, type Page, type Route } from './fixtures';
import { apiToken, openMenu, signIn } from './helpers';

async function signedIn(page: Page) {
  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
}

async function openSettings(page: Page) {
  await page.getByTestId('settings-open').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
}

async function closeSettings(page: Page) {
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
}

/** Opens a menu page in the popup menus of the functional and plain layouts. */
async function openPopupMenu(page: Page, section: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const title = menu.getByText(section, { exact: true });
  if (await title.isVisible()) await title.click();
  else {
    await menu.getByTestId('menu-more').click();
    await page.locator('.ant-menu-submenu-popup').getByText(section, { exact: true }).click();
  }
  await page.locator('.ant-menu-submenu-popup').getByRole('link', { name: item, exact: true }).click();
}

const searchButton = (page: Page) => page.getByTestId('user-list').locator('.ant-input-search-btn');
/** An item of the open (visible) dropdown menu. */
const openDropdowns = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
const dropdownItem = (page: Page, testId: string) => openDropdowns(page).getByTestId(testId);

/** Opens a tab's context menu once the previous one has finished closing (it fades out). */
async function tabMenu(page: Page, tab: Locator) {
  await expect(openDropdowns(page)).toHaveCount(0);
  await tab.click({ button: 'right' });
}

test('each layout switches at run time and opens a page from its menu', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await signedIn(page);
  const layout = page.locator('[data-layout]');
  await expect(layout).toHaveAttribute('data-layout', 'classic');
  await expect(page.getByTestId('breadcrumb')).toBeVisible();
  await openMenu(page, '权限管理', '用户管理');
  await expect(page.getByTestId('user-list')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toContainText('权限管理');

  for (const [mode, section, item, testId] of [
    ['functional', '工作流程', '发起流程', 'flow-launch'],
    ['plain', '在线开发', '功能设计', 'webdesign-list'],
  ] as const) {
    await openSettings(page);
    await page.getByTestId(`layout-${mode}`).click();
    await closeSettings(page);
    await expect(layout).toHaveAttribute('data-layout', mode);
    await openPopupMenu(page, section, item);
    await expect(page.getByTestId(testId)).toBeVisible();
  }
  // remembered across a reload, and the earlier pages are still tabs
  await page.reload();
  await expect(layout).toHaveAttribute('data-layout', 'plain');
  await expect(page.getByTestId('sidebar')).toContainText('首页');
});

test('the functional layout folds what does not fit into 更多', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await signedIn(page);
  await openSettings(page);
  await page.getByTestId('layout-functional').click();
  await closeSettings(page);
  await expect(page.getByTestId('menu-more')).toBeVisible();
  await openPopupMenu(page, '即时通讯', '通讯录');
  await expect(page.getByTestId('chat-contacts')).toBeVisible();
});

test('theme colour and size reach a remote page', async ({ page }) => {
  await signedIn(page);
  await openMenu(page, '权限管理', '用户管理');
  // controls with text carry the theme colour's readable shade (shared/src/core/colour.ts):
  // blue #0ea5e9 → #0b7db1, red #f5222d → #e6202a
  await expect(searchButton(page)).toHaveCSS('background-color', 'rgb(11, 125, 177)');
  await openSettings(page);
  await page.getByTestId('theme-red').click();
  await closeSettings(page);
  await expect(searchButton(page)).toHaveCSS('background-color', 'rgb(230, 32, 42)');
  // the remote's Table is antd shared under its own key (build/shared.cjs): the host's copy, so it
  // reads the host's ConfigProvider too
  await expect(page.getByTestId('user-list').locator('.ant-pagination-item-active')).toHaveCSS(
    'border-color',
    'rgb(230, 32, 42)',
  );

  await expect(searchButton(page)).toHaveCSS('height', '32px');
  await page.getByTestId('size-select').click();
  await page.getByTestId('size-default').click();
  await expect(searchButton(page)).toHaveCSS('height', '40px');
  await page.getByTestId('size-select').click();
  await page.getByTestId('size-small').click();
  await expect(searchButton(page)).toHaveCSS('height', '24px');
  // both remembered
  await page.reload();
  await expect(searchButton(page)).toHaveCSS('height', '24px');
  await expect(searchButton(page)).toHaveCSS('background-color', 'rgb(230, 32, 42)');
});

test('switching to English translates the host and a remote page', async ({ page }) => {
  await signedIn(page);
  await openMenu(page, '权限管理', '用户管理');
  const header = page.getByTestId('user-list').locator('thead');
  await expect(header).toContainText('账户');
  await expect(page.getByTestId('menu-search')).toHaveAttribute('placeholder', '搜索：导航菜单');
  await page.getByTestId('language-select').click();
  await page.getByTestId('lang-en').click();
  await expect(header).toContainText('Account');
  await expect(page.getByTestId('menu-search')).toHaveAttribute('placeholder', 'Search: navigation menu');
  await expect(page.getByTestId('tags-view')).toContainText('Home');
  await page.reload();
  await expect(page.getByTestId('user-list').locator('thead')).toContainText('Account');
});

test('menu search: the shortcut focuses it and a result navigates', async ({ page }) => {
  await signedIn(page);
  await page.locator('body').click();
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('menu-search')).toBeFocused();
  await page.keyboard.type('用户');
  await page.getByTestId('menu-search-hit').filter({ hasText: '用户管理' }).first().click();
  await expect(page).toHaveURL(/\/permission\/user$/);
  await expect(page.getByTestId('user-list')).toBeVisible();
});

test('an address typed in the menu search opens without a reload; typed in the address bar it keeps the tabs', async ({
  page,
}) => {
  await signedIn(page);
  const tabs = page.getByTestId('tags-view').getByTestId('tab');
  await openMenu(page, '权限管理', '用户管理');
  await expect(page.getByTestId('user-list')).toBeVisible();
  // a mark on the document: a reload would drop it
  await page.evaluate(() => ((window as unknown as { kept?: number }).kept = 1));
  const search = page.getByTestId('menu-search');
  await search.click();
  await search.fill('/permission/role');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/permission\/role$/);
  await expect(tabs.filter({ hasText: '角色管理' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
  // the address bar reloads the document: it lands on the address, the console's tabs still open
  await page.goto('/permission/position');
  await expect(tabs.filter({ hasText: '岗位管理' })).toBeVisible();
  await expect(tabs.filter({ hasText: '用户管理' })).toBeVisible();
  await expect(tabs.filter({ hasText: '角色管理' })).toBeVisible();
  await tabs.filter({ hasText: '用户管理' }).click();
  await expect(page.getByTestId('user-list')).toBeVisible();
});

test('an address typed and entered before the results list has loaded still opens', async ({ page }) => {
  await signedIn(page);
  await expect(page.getByTestId('menu-search')).toBeVisible();
  // hold every script asked for from now on: the results list's chunk cannot arrive before Enter
  const held: Route[] = [];
  await page.route(/\.js(\?|$)/, (route) => void held.push(route));
  const search = page.getByTestId('menu-search');
  await search.click();
  await search.fill('/permission/role');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/permission\/role$/);
  for (const route of held.splice(0)) await route.continue();
  await page.unroute(/\.js(\?|$)/);
  await expect(
    page.getByTestId('tags-view').getByTestId('tab').filter({ hasText: '角色管理' }),
  ).toBeVisible();
});

test('tabs keep page state, close others keeps home, refresh re-mounts', async ({ page }) => {
  await signedIn(page);
  const tabs = page.getByTestId('tags-view').getByTestId('tab');
  await openMenu(page, '权限管理', '用户管理');
  const box = page
    .getByTestId('user-list')
    .getByRole('searchbox')
    .or(page.getByTestId('user-list').locator('input'));
  await box.first().fill('kept-text');
  await openMenu(page, '工作流程', '发起流程');
  await expect(page.getByTestId('flow-launch')).toBeVisible();
  await openMenu(page, '在线开发', '功能设计');
  await expect(page.getByTestId('webdesign-list')).toBeVisible();
  await expect(tabs).toHaveCount(4);
  await expect(page.getByTestId('user-list')).toBeHidden();

  // back to the user list: the typed text is still there (kept mounted)
  await tabs.filter({ hasText: '用户管理' }).click();
  await expect(page).toHaveURL(/\/permission\/user$/);
  await expect(box.first()).toHaveValue('kept-text');

  // refresh re-mounts that page only
  await tabMenu(page, tabs.filter({ hasText: '用户管理' }));
  await dropdownItem(page, 'tab-refresh').click();
  await expect(page).toHaveURL(/\/permission\/user$/);
  await expect(page.getByTestId('user-list')).toBeVisible();
  await expect(box.first()).toHaveValue('');

  // close others keeps home and the chosen tab
  await tabMenu(page, tabs.filter({ hasText: '发起流程' }));
  await dropdownItem(page, 'tab-close-others').click();
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(0)).toContainText('首页');
  await expect(page).toHaveURL(/\/workFlow\/flowLaunch$/);
  // closing the shown tab goes to its neighbour; home has no close button
  await tabs.filter({ hasText: '发起流程' }).getByTestId('tab-x').click();
  await expect(tabs).toHaveCount(1);
  await expect(page).toHaveURL(/\/home$/);
  await expect(tabs.nth(0).getByTestId('tab-x')).toHaveCount(0);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('a mobile viewport collapses the sidebar and the menu still opens pages', async ({ page }) => {
    await signedIn(page);
    await expect(page.locator('[data-device]')).toHaveAttribute('data-device', 'mobile');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await openMenu(page, '权限管理', '用户管理');
    await expect(page.getByTestId('user-list')).toBeVisible();
    // the route change closed the sidebar again
    await expect(page.getByTestId('sidebar-mask')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toBeHidden();
  });
});

test('the last-login notice shows once after sign-in, not on reload', async ({ page }) => {
  // The notice lives 2 s; on a loaded machine that can pass before a poll sees it, so the page
  // itself records every notice it shows (a MutationObserver installed before any script runs).
  await page.addInitScript(() => {
    const w = window as unknown as { __notices: string[] };
    w.__notices = [];
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="login-notice"]');
      const text = el?.textContent ?? '';
      if (text && w.__notices[w.__notices.length - 1] !== text) w.__notices.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const notices = () => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices);
  await apiToken(page); // an earlier sign-in, so this one has a previous login
  await signIn(page);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect.poll(notices).toEqual([expect.stringContaining('IP')]);
  await expect(page.getByTestId('login-notice')).toBeHidden({ timeout: 5_000 });
  await page.reload();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('message-bell')).toBeVisible();
  expect(await notices()).toEqual([]);
});

test('the about dialog names the platform and the data source', async ({ page }) => {
  await signedIn(page);
  await page.getByTestId('user-menu').hover();
  await page.getByTestId('menu-about').click();
  await expect(page.getByTestId('about-dialog')).toContainText('城市照明综合管理平台');
  await expect(page.getByTestId('about-dialog')).toContainText('智慧城市时空大数据平台');
});

test('without fullscreen support the toggle says so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
  });
  await signedIn(page);
  await page.getByTestId('fullscreen').click();
  await expect(page.getByText('不支持全屏')).toBeVisible();
});
