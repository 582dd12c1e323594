// Accessible (issue 17): axe-core over every main page — the sign-in page, every console page of
// every remote, the kiosk apps and the citizens' pages — failing on any serious or critical
// violation (colour contrast, ARIA structure, names of controls, fields without labels …).
//
// axe runs in the page as it stands once it has loaded (WCAG 2.0/2.1 A and AA rules and axe's
// best practices), the console's pages walked in groups, each in a browser already signed in as the admin.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type BrowserContext, type Page } from './fixtures';
import { signIn } from './helpers';
import { closeOtherTabs, CONSOLE_PAGES, go, KIOSKS, PUBLIC_PAGES, settled } from './page-walk';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Every test starts signed in: one sign-in through the form for the whole file. */
const test = base.extend<object, { adminState: StorageState }>({
  adminState: [
    async ({ browser, server }, provide) => {
      const context = await browser.newContext({ baseURL: server.baseURL, locale: 'zh-CN' });
      const page = await context.newPage();
      await signIn(page);
      await expect(page.getByTestId('side-menu')).toBeVisible();
      await provide(await context.storageState());
      await context.close();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminState }, provide) => provide(adminState),
});

/**
 * The serious and critical violations on the page (but what `exclude` selects), one line per rule
 * and element.
 */
async function violations(page: Page, exclude?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  const result = await (exclude ? axe.exclude(exclude) : axe).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
      ),
    );
}

test.describe('no serious or critical accessibility violation', () => {
  test('/login', async ({ browser, baseURL }) => {
    // signed out: not the file's signed-in state
    const context = await browser.newContext({
      baseURL,
      locale: 'zh-CN',
      storageState: { cookies: [], origins: [] },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  // The console pages in groups of six, each group walked in one signed-in page as a user moves
  // between pages (no reload: the console loads once per group, not once per page); every finding
  // names its page, and a page that does not show is reported with the rest.
  const GROUP = 6;
  for (let i = 0; i < CONSOLE_PAGES.length; i += GROUP) {
    const group = CONSOLE_PAGES.slice(i, i + GROUP);
    test(`${group[0]} … ${group[group.length - 1]}`, async ({ page }) => {
      test.setTimeout(60_000 + group.length * 40_000);
      await page.goto('/home');
      await expect(page.getByTestId('home')).toBeVisible();
      const found: string[] = [];
      for (const path of group) {
        const shown = await go(page, path).then(
          () => true,
          (e: unknown) => found.push(`${path}: did not show: ${String(e).split('\n')[0]}`) < 0,
        );
        if (!shown) continue;
        found.push(...(await violations(page)).map((v) => `${path} ${v}`));
        await closeOtherTabs(page);
      }
      expect(found).toEqual([]);
    });
  }

  test('/404', async ({ page }) => {
    await page.goto('/404');
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });

  // A kiosk app shows the same page components as the console (checked above, one test each)
  // inside its own shell: the shell (top bar, its menu naming every page, sign-out) is checked on
  // the app's first page, without the page's content.
  for (const name of KIOSKS)
    test(`the ${name} kiosk app's shell`, async ({ page }) => {
      await page.goto(`/remotes/${name}/`);
      const app = page.getByTestId(`standalone-${name}`);
      await expect(app).toBeVisible();
      const hrefs = await app
        .locator('.ant-menu a[href]')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
      expect(hrefs.length).toBeGreaterThan(0);
      const found: string[] = [];
      for (const href of hrefs.slice(0, 1)) {
        await page.goto(href);
        await expect(app).toBeVisible();
        await settled(page, app.locator('.ant-layout-content'));
        // the page's own content is the console page's test; axe over a 342-person contact list
        // again took the chat kiosk past its minute
        found.push(...(await violations(page, '.ant-layout-content')).map((v) => `${href} ${v}`));
      }
      expect(found).toEqual([]);
    });

  for (const path of PUBLIC_PAGES)
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
});
