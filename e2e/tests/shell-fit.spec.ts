// The console behaves as it says (issue 17, "Every page fits"): links follow the theme colour, the
// full-screen button names what it will do, unlocking returns to the locked page (or someone else
// signs in), and a page refused by permission says so rather than 页面不存在.
import { expect, test, type Page } from './fixtures';
import { openMenu, signIn } from './helpers';

async function signedIn(page: Page, account: 'admin' | 'operator' = 'admin') {
  await signIn(page, account);
  await expect(page.getByTestId('home')).toBeVisible();
}

test('links inside pages follow the theme colour', async ({ page }) => {
  await signedIn(page);
  // the dashboard's widget links (router links inside a page)
  const link = page.getByTestId('widget-faults').getByTestId('widget-extra').locator('a');
  // text carries the theme colour's readable shade (shared/src/core/colour.ts): #0ea5e9 → #0b7db1
  await expect(link).toHaveCSS('color', 'rgb(11, 125, 177)');
  await page.getByTestId('settings-open').click();
  await page.getByTestId('theme-green').click();
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(link).toHaveCSS('color', 'rgb(49, 136, 14)'); // #3eac12 → #31880e
});

test('the full-screen button says 退出全屏 in full screen, however full screen ends', async ({ page }) => {
  await signedIn(page);
  const button = page.getByTestId('fullscreen');
  await expect(button).toHaveAttribute('aria-label', '全屏');
  await button.click();
  await expect(button).toHaveAttribute('aria-label', '退出全屏');
  await expect(button).toHaveAttribute('data-full', 'true');
  // leaving full screen another way (Esc does this) is followed too
  await page.evaluate(() => document.exitFullscreen());
  await expect(button).toHaveAttribute('aria-label', '全屏');
});

test('unlocking returns to the page that was locked; 重新登录 lets someone else sign in', async ({
  page,
}) => {
  await signedIn(page);
  await openMenu(page, '权限管理', '用户管理');
  await expect(page.getByTestId('user-list')).toBeVisible();
  await page.getByTestId('user-menu').hover();
  await page.getByText('锁定屏幕').click();
  await expect(page).toHaveURL(/\/lockScreen$/);
  // a reload keeps both the lock and where to return
  await page.reload();
  await page.getByTestId('unlock-password').fill('admin123');
  await page.getByTestId('unlock-submit').click();
  await expect(page).toHaveURL(/\/permission\/user$/);
  await expect(page.getByTestId('user-list')).toBeVisible();

  await page.getByTestId('user-menu').hover();
  await page.getByText('锁定屏幕').click();
  await expect(page).toHaveURL(/\/lockScreen$/);
  await page.getByTestId('unlock-relogin').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'operator');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('side-menu')).not.toContainText('权限管理');
});

test('a page refused by permission says so; an address no page has is 404', async ({ page }) => {
  await signedIn(page, 'operator');
  await page.goto('/permission/user');
  await expect(page.getByTestId('no-permission')).toHaveText('您的权限不足，请联系管理员');
  await expect(page).toHaveURL(/\/permission\/user$/);
  // inside the console: its sidebar and navbar stay, the window is titled
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('page-content').getByTestId('no-permission')).toBeVisible();
  await expect(page).toHaveTitle(/^无权访问/);
  await expect(page.getByText('页面不存在')).toHaveCount(0);
  await page.goto('/permission/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('页面不存在')).toBeVisible();
});
