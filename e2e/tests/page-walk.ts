// The console's main pages and how to walk them in one signed-in page: shared by the language walk
// (i18n.spec.ts) and the accessibility walk (a11y.spec.ts), so both cover the same pages.
import { expect, type Page } from '@playwright/test';

/**
 * Every page of the seeded admin's menu (every remote's) and the host's own pages. Map pages draw
 * their map in software WebGL: they are walked like the others (their panels and legends are text).
 */
export const CONSOLE_PAGES = [
  '/home',
  // map remote
  '/bt/map/assets',
  '/bt/gzyp/statistic',
  '/bt/map/fault',
  '/bt/map/repair',
  '/bt/map/tools',
  // citizen remote (its console pages)
  '/bt/citizen/feedback',
  '/bt/citizen/plates',
  '/bt/citizen/open311',
  // low-code remote
  '/onlineDev/webDesign',
  '/dynamicModel/repairReport',
  '/dynamicModel/assetKind',
  '/dynamicModel/faultReport',
  // workflow remote
  '/workFlow/flowLaunch',
  '/workFlow/flowTodo',
  '/workFlow/flowCirculate',
  '/workFlow/flowEngine',
  // system remote
  '/permission/organize',
  '/permission/department',
  '/permission/position',
  '/permission/user',
  '/permission/role',
  '/permission/authorize',
  '/permission/userOnline',
  '/system/area',
  '/system/billRule',
  '/system/notice',
  '/system/log',
  '/system/menu',
  '/systemData/dictionary',
  '/systemData/dataInterface',
  // chat remote
  '/chat/contacts',
  // the host's fixed pages
  '/messageRecord',
  '/profile',
  '/bt/article/more',
  '/menuMore',
] as const;

/** The remotes that run alone as a kiosk at /remotes/<name>/ (spec: standalone remotes). */
export const KIOSKS = ['map', 'lowcode', 'workflow', 'system', 'chat'] as const;

/**
 * The citizens' public pages (no staff sign-in; the citizen remote's kiosk app is these pages
 * too), each shown by its heading.
 */
export const PUBLIC_PAGES = [
  '/bt/gzh',
  '/bt/gzh/repair/repair-report',
  '/bt/gzh/repair/repair-log',
  '/bt/gzh/repair/my-log',
  '/bt/gzh/feedback/feedback-list',
  '/bt/gzh/feedback/feedback-add',
] as const;

/** Waits until the shown part of the page has drawn and finished loading (no spinner, no skeleton). */
export async function settled(page: Page, shown = page.locator('body')) {
  await expect(shown.locator(':scope > *').first()).toBeVisible();
  await expect(shown.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
}

/** Client-side navigation (the router listens to popstate): no reload, one sign-in for the walk. */
export async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const shown = page.locator(`[data-tab-page="${path}"]`);
  await expect(shown).toBeVisible();
  await settled(page, shown);
}

/**
 * Closes every tab but /home and the one shown (the tabs' context menu), so a long walk does not
 * keep thirty pages (and five maps) alive at once.
 */
export async function closeOtherTabs(page: Page) {
  const active = page.locator('[data-testid="tab"][data-active="true"]');
  if ((await page.getByTestId('tab').count()) <= 2 || (await active.count()) !== 1) return;
  // a context menu that faded out under the pointer (the page re-rendering beside it) is opened
  // again, as a user would
  await expect(async () => {
    const item = page.getByTestId('tab-close-others').filter({ visible: true });
    if ((await item.count()) === 0) await active.click({ button: 'right' });
    await item.click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('tab')).toHaveCount(2);
}
