import { expect, test } from './fixtures';
import { installReactCounter, reactRenderers } from './helpers';

// a page of each app, opened by its address: which page comes first depends on the menu, and other
// tests in the same worker add entries (a published model in 在线开发 sorts before 功能设计)
const STANDALONE = [
  ['system', 'permission/organize', 'organize-list'],
  ['map', 'bt/map/assets', 'asset-kinds'],
  ['lowcode', 'onlineDev/webDesign', 'webdesign-list'],
  ['workflow', 'workFlow/flowLaunch', 'flow-launch'],
  ['chat', 'chat/contacts', 'chat-contacts'],
] as const;

for (const [name, path, testId] of STANDALONE) {
  test(`the ${name} remote runs alone at /remotes/${name}/ (kiosk mode)`, async ({ page }) => {
    await installReactCounter(page);
    await page.goto(`/remotes/${name}/`);
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId(`standalone-${name}`)).toBeVisible();
    // signed in, the app opens its first page
    await expect(page).toHaveURL(new RegExp(`/remotes/${name}/.+`));
    await page.goto(`/remotes/${name}/${path}`);
    await expect(page.getByTestId(testId)).toBeVisible();
    // no console chrome
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    expect(await reactRenderers(page)).toHaveLength(1);
    // stays signed in across a reload
    await page.reload();
    await expect(page.getByTestId(testId)).toBeVisible();
  });
}
