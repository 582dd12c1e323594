// Every page fits (issue 17): the main pages at 1366×768, 1440×900 and 1920×1080 have no text past
// its box, cut off, or broken one character a line. Measured from element boxes in the page
// (./layout-helpers.ts), never by comparing pixels. One sign-in, each page opened once (in-app
// navigation) and measured at each size by resizing the viewport.
import { expect, test, type Page } from './fixtures';
import { signIn } from './helpers';
import { LAYOUT_VIEWPORTS, layoutProblems } from './layout-helpers';

/** Parts left out of the measure, each for its reason. */
const IGNORE = [
  // antd's switch keeps the other state's label beside the knob, outside its clipped box
  '.ant-switch-inner',
  // the tabs strip scrolls (its arrows); the test below checks the shown tab is in view instead
  '.lighting-tabs-scroll',
];

/** The admin's pages (the map pages have their own layout test, map-layout.spec.ts). */
const PAGES = [
  '/home',
  '/profile',
  '/messageRecord',
  '/bt/gzyp/statistic',
  '/bt/citizen/feedback',
  '/bt/citizen/plates',
  '/onlineDev/webDesign',
  '/dynamicModel/repairReport',
  '/dynamicModel/assetKind',
  '/dynamicModel/faultReport',
  '/workFlow/flowLaunch',
  '/workFlow/flowTodo',
  '/workFlow/flowCirculate',
  '/workFlow/flowEngine',
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
  '/chat/contacts',
];

/** Client-side navigation (the router follows popstate): no reload between pages. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const shown = page.locator(`[data-tab-page="${path}"]`);
  await expect(shown).toBeVisible({ timeout: 30_000 });
  // loaded: no spinner or skeleton left, something drawn
  await expect(shown.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0, { timeout: 30_000 });
  await expect(shown).not.toBeEmpty();
}

/** The shown tab lies inside the tabs strip (not past its right edge). */
async function activeTabInView(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const strip = document.querySelector('.lighting-tabs-scroll')!.getBoundingClientRect();
        const tab = document.querySelector('[data-testid=tab][data-active=true]')!.getBoundingClientRect();
        return tab.left >= strip.left - 1 && tab.right <= strip.right + 1;
      }),
    )
    .toBe(true);
}

test('the check finds what it is for: a number over the next column, a word one character a line', async ({
  page,
}) => {
  await page.setContent(`
    <div id="root" style="width: 600px; font: 14px sans-serif">
      <div style="display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); width: 300px">
        <div style="min-width: 0"><div style="display: flex; font-size: 22px">
          <span style="white-space: nowrap">42,953,602</span><span>kWh</span></div></div>
        <div>b</div><div>c</div>
      </div>
      <div style="width: 1px">站内消息</div>
      <div style="width: 200px; position: relative"><span style="position: absolute; left: 190px">4</span>ok</div>
    </div>`);
  const problems = await layoutProblems(page, { root: '#root', spill: true });
  expect(problems.filter((p) => p.kind === 'spill').map((p) => p.text)).toContain('42,953,602');
  expect(problems.filter((p) => p.kind === 'charPerLine').map((p) => p.text)).toContain('站内消息');
  // a positioned badge is not a text running out of its box
  expect(problems.map((p) => p.text)).not.toContain('4');
});

test('the check finds a cut placeholder and a table scrolling sideways', async ({ page }) => {
  await page.setContent(`
    <div id="root" style="width: 600px; font: 14px sans-serif">
      <input style="width: 80px" placeholder="Search: navigation menu" />
      <input style="width: 300px" placeholder="fits" />
      <div class="ant-table-content" style="width: 200px; overflow: auto"><table style="width: 500px"><tr><td>x</td></tr></table></div>
    </div>`);
  const problems = await layoutProblems(page, { root: '#root', fields: true });
  expect(problems.map((p) => [p.kind, p.text])).toEqual([
    ['placeholder', 'Search: navigation menu'],
    ['sideways', '500 px in 200 px'],
  ]);
});

test('at 1366 px in every language no table scrolls sideways and no placeholder is cut', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize(LAYOUT_VIEWPORTS[0]);
  await signIn(page);
  await page.waitForURL(/\/home/);
  const found: string[] = [];
  for (const lang of ['en', 'zhtw', 'zh'] as const) {
    await page.getByTestId('language-select').click();
    await page.getByTestId(`lang-${lang}`).click();
    for (const path of PAGES) {
      // a page that does not show is reported with the rest, so one run lists every problem
      const shown = await go(page, path).then(
        () => true,
        (e: unknown) => found.push(`${lang} ${path}: did not show: ${String(e).split('\n')[0]}`) < 0,
      );
      if (!shown) continue;
      for (const p of await layoutProblems(page, { fields: true, ignore: IGNORE }))
        if (p.kind === 'placeholder' || p.kind === 'sideways')
          found.push(`${lang} ${path}: ${p.kind} ${p.where} "${p.text}"`);
    }
  }
  expect(found).toEqual([]);
});

test('the main pages fit at 1366, 1440 and 1920 px', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(LAYOUT_VIEWPORTS[0]);
  await signIn(page);
  await page.waitForURL(/\/home/);
  // Without a CJK font (e.g. Debian without fonts-noto-cjk) Chinese draws as narrow boxes and the
  // measure is lenient: say so in the report rather than pass quietly.
  const cjkWidth = await page.evaluate(() => {
    const c = document.createElement('canvas').getContext('2d')!;
    c.font = '14px sans-serif';
    return c.measureText('照明管理').width / 4;
  });
  if (cjkWidth < 12)
    test.info().annotations.push({
      type: 'warning',
      description: `no CJK font: a Chinese character measures ${cjkWidth.toFixed(1)} px at 14 px; install fonts-noto-cjk for a faithful check`,
    });
  const found: string[] = [];
  for (const path of PAGES) {
    await go(page, path);
    for (const vp of LAYOUT_VIEWPORTS) {
      await page.setViewportSize(vp);
      // the layout settles (resize observers, charts) before it is measured
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (const p of await layoutProblems(page, { spill: true, ignore: IGNORE }))
        found.push(
          `${path} @${vp.width}: ${p.kind} ${p.where} "${p.text}" [${p.box.left},${p.box.right}] in [${p.limit.left},${p.limit.right}]`,
        );
      await activeTabInView(page);
    }
    await page.setViewportSize(LAYOUT_VIEWPORTS[0]);
  }
  expect(found).toEqual([]);
});

/** How many lines the element's text takes. */
const lineCount = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`no ${sel}`);
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  }, selector);

async function closeDrawer(page: Page) {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
}

const boxOf = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not drawn`);
  return b;
};

test('the console chrome fits: navbar, drawers, sidebars, the functional menu, the kiosk bar', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await page.waitForURL(/\/home/);

  // the search box is as tall as the other navbar controls
  const search = await boxOf(page, '[data-testid=menu-search-box]');
  const button = await boxOf(page, '[data-testid=fullscreen]');
  expect(search.height).toBeLessThanOrEqual(button.height + 2);

  // the message drawer's title on one line, nothing in it out of its box
  await page.getByTestId('message-bell').click();
  await expect(page.getByTestId('message-read-all')).toBeVisible();
  expect(await lineCount(page, '.ant-drawer-open .ant-drawer-title')).toBe(1);
  expect(await layoutProblems(page, { root: '.ant-drawer-open .ant-drawer-section', spill: true })).toEqual(
    [],
  );
  await closeDrawer(page);

  // the chat entry's tooltip goes when its drawer opens (it stayed over the drawer's search box)
  const tooltip = (text: string) => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: text });
  await page.getByTestId('chat-entry').hover();
  await expect(tooltip('内部聊天')).toBeVisible();
  await page.getByTestId('chat-entry').click();
  await expect(page.locator('.ant-drawer-open')).toBeVisible();
  await expect(tooltip('内部聊天')).toHaveCount(0);
  await closeDrawer(page);
  // nor does it come back when the drawer closes with the mouse elsewhere (the bell's did)
  await expect(tooltip('内部聊天')).toHaveCount(0);
  await expect(tooltip('站内消息')).toHaveCount(0);

  // the settings drawer: eight swatches on one row; a swatch's tooltip covers no other swatch
  await page.getByTestId('settings-open').click();
  const swatches = page.getByTestId('theme-swatches').locator('button');
  await expect(swatches).toHaveCount(8);
  const tops = new Set<number>();
  for (const b of await swatches.all()) tops.add(Math.round((await b.boundingBox())!.y));
  expect(tops.size).toBe(1);
  await swatches.nth(7).hover();
  const tip = await boxOf(page, '.ant-tooltip:not(.ant-tooltip-hidden)');
  for (const b of await swatches.all()) {
    const s = (await b.boundingBox())!;
    const overlaps =
      tip.x < s.x + s.width && s.x < tip.x + tip.width && tip.y < s.y + s.height && s.y < tip.y + tip.height;
    expect(overlaps).toBe(false);
  }
  expect(
    await layoutProblems(page, { root: '.ant-drawer-open .ant-drawer-section', spill: true, ignore: IGNORE }),
  ).toEqual([]);

  // the plain layout: every section its own icon
  await page.getByTestId('layout-plain').click();
  const plainIcons = await page
    .locator('[data-testid=side-menu] > li [data-menu-icon]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-icon')));
  expect(plainIcons.length).toBeGreaterThanOrEqual(6);
  expect(new Set(plainIcons).size).toBe(plainIcons.length);

  // the functional layout: as many sections as fit (floor(width/116) is the least), the current one marked
  await page.getByTestId('layout-functional').click();
  await closeDrawer(page);
  for (const width of [1440, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await go(page, '/chat/contacts');
    const menu = page.getByTestId('side-menu');
    const tops = menu.locator(':scope > li');
    await expect(tops.first()).toBeVisible();
    const box = (await menu.locator('xpath=..').boundingBox())!;
    const items = await tops.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    // all of them, or as many as fit (more sections than fit fold into 更多)
    if ((await page.getByTestId('menu-more').count()) > 0)
      expect(items.length).toBeGreaterThanOrEqual(Math.floor(box.width / 116));
    // the sections have the whole width (beside the title and the tools only 首页 and 3 fitted)
    expect(box.width).toBeGreaterThan(width - 60);
    if (width === 1366) expect(items.length).toBeGreaterThanOrEqual(9);
    // nothing cut, and no room left for another section when some fold into 更多
    expect(await layoutProblems(page, { root: '[data-testid=side-menu]' })).toEqual([]);
    if ((await page.getByTestId('menu-more').count()) > 0)
      expect(box.x + box.width - Math.max(...items)).toBeLessThan(116);
    // the current section (即时通讯, or 更多 holding it) is marked
    const current = menu.locator(':scope > li.lighting-top-current');
    await expect(current).toHaveCount(1);
    const colours = await menu
      .locator(':scope > li.ant-menu-submenu > .ant-menu-submenu-title')
      .evaluateAll((els) =>
        els.map((e) => [
          e.parentElement!.classList.contains('lighting-top-current'),
          getComputedStyle(e).color,
        ]),
      );
    const marked = colours.filter(([cur]) => cur).map(([, c]) => c);
    const others = new Set(colours.filter(([cur]) => !cur).map(([, c]) => c));
    expect(marked).toHaveLength(1);
    expect(others.has(marked[0]!)).toBe(false);
  }
  await page.getByTestId('settings-open').click();
  await page.getByTestId('layout-classic').click();
  await closeDrawer(page);

  // the collapsed classic sidebar: a distinct icon per section, no lone characters
  await page.getByTestId('sidebar-toggle').click();
  const icons = await page
    .locator('[data-testid=side-menu] > li [data-menu-icon]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-icon')));
  expect(icons.length).toBeGreaterThanOrEqual(6);
  expect(new Set(icons).size).toBe(icons.length);
  await page.getByTestId('sidebar-toggle').click();

  // the system kiosk's top bar: the user name whole, 退出登录 in view, at every size
  await page.goto('/remotes/system/');
  await expect(page.getByTestId('standalone-system')).toBeVisible();
  for (const vp of LAYOUT_VIEWPORTS) {
    await page.setViewportSize(vp);
    await expect(page.getByTestId('standalone-logout')).toBeInViewport({ ratio: 1 });
    expect(await lineCount(page, '[data-testid=standalone-user]')).toBe(1);
    expect(await layoutProblems(page, { root: '.ant-layout-header', spill: true })).toEqual([]);
  }
});

test('the sidebar fits in every language: its title whole, nothing sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await page.waitForURL(/\/home/);
  const sidebar = page.getByTestId('sidebar');
  for (const lang of ['en', 'zhtw', 'zh'] as const) {
    await page.getByTestId('language-select').click();
    await page.getByTestId(`lang-${lang}`).click();
    await expect(page.locator('html')).toHaveAttribute(
      'lang',
      lang === 'en' ? 'en' : lang === 'zhtw' ? 'zh-TW' : 'zh-CN',
    );
    // the sidebar never scrolls sideways, and nothing in it (the platform title first) is cut
    const sideways = await sidebar.evaluate((el) => {
      const boxes = [el, ...el.querySelectorAll<HTMLElement>('.ant-layout-sider-children')];
      return boxes.some((b) => b.scrollWidth > b.clientWidth + 1);
    });
    expect([lang, sideways]).toEqual([lang, false]);
    expect(await layoutProblems(page, { root: '[data-testid=sidebar]', spill: true })).toEqual([]);
  }
});
