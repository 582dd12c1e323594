import { expect, test } from './fixtures';
import { installReactCounter, reactRenderers } from './helpers';

const STANDALONE = [
  ['system', 'organize-list'], // the first system menu (组织管理)
  ['map', 'asset-kinds'],
  ['lowcode', 'webdesign-list'],
  ['workflow', 'flow-launch'],
  ['chat', 'chat-contacts'],
] as const;

for (const [name, testId] of STANDALONE) {
  test(`the ${name} remote runs alone at /remotes/${name}/ (kiosk mode)`, async ({ page }) => {
    await installReactCounter(page);
    await page.goto(`/remotes/${name}/`);
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId(`standalone-${name}`)).toBeVisible();
    await expect(page.getByTestId(testId)).toBeVisible();
    // no console chrome
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    expect(await reactRenderers(page)).toHaveLength(1);
    // stays signed in across a reload
    await page.reload();
    await expect(page.getByTestId(testId)).toBeVisible();
  });
}
