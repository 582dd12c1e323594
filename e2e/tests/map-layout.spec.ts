// The map pages as an operator meets them: base geography with labels, an overview whose only red
// is the faults (as many as the statistics say), layouts that fit at 1366, 1440 and 1920 px, the
// kiosk on a phone, the search box, the fault history in view, tools that wait for the map, and the
// asset drawer staying with its tab. Boxes are measured (layout-helpers.ts), pixels never compared.
import { expect, test, type Page } from './fixtures';
import { apiToken, openMenu, signIn } from './helpers';
import { LAYOUT_VIEWPORTS, layoutProblems } from './layout-helpers';

type HookWindow = Window & {
  __lightingMap?: {
    whenDrawn(): Promise<void>;
    drawing(): string;
    alertTotal(what: 'fault' | 'offline'): Promise<number>;
    largestCluster(): Promise<{ x: number; y: number; count: number } | null>;
    toScreen(x: number, y: number): { x: number; y: number } | null;
    besideAsset(kind: string): Promise<{ x: number; y: number; code: string } | null>;
    goTo(x: number, y: number, scale: number): Promise<void>;
    scale(): number;
    lastClusterGoal(): { kind: 'extent' | 'point' } | null;
    ready(): Promise<void>;
    cityShown(): boolean;
    districtNameInk(): Promise<number>;
  };
};

const FS = '/api/map/rest/services/lighting/FeatureServer';
/** The map draws its own labels and widgets: its boxes are not the page's text. */
const IGNORE = ['[data-testid^="city-map"]', '.esri-view', '.esri-ui'];

async function mapDrawn(page: Page) {
  await page.waitForFunction(() => Boolean((window as HookWindow).__lightingMap), null, { timeout: 60_000 });
  await page.evaluate(() => (window as HookWindow).__lightingMap!.whenDrawn());
}

test.describe.configure({ timeout: 240_000 });

/** Signed in, the asset map at 1366 × 768 (the smallest console screen), drawn. */
async function openAssetsAt1366(page: Page) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await page.waitForURL(/\/home/);
  await page.goto('/bt/map/assets');
  await mapDrawn(page);
}

test('the city is drawn over our own base geography, labelled with glyphs we serve', async ({ page }) => {
  const glyphs: Array<{ url: string; status: number }> = [];
  page.on('response', (r) => {
    if (r.url().includes('/fonts/')) glyphs.push({ url: r.url(), status: r.status() });
  });
  const layers = new Set<string>();
  page.on('request', (r) => {
    const m = /\/FeatureServer\/(\d+)\/query/.exec(r.url());
    if (m) layers.add(m[1]!);
  });
  await signIn(page, 'admin', '/remotes/map/');
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  await mapDrawn(page);
  // districts, roads, water and parks come from our FeatureServer (layers 2, 3, 6, 7)
  for (const id of ['2', '3', '6', '7']) expect(layers.has(id)).toBe(true);
  // the labels' glyphs: Latin and the CJK ranges of the district names, all answered by us
  await expect
    .poll(() => glyphs.filter((g) => g.url.includes('/arial-unicode-ms-regular/')).length)
    .toBeGreaterThan(1);
  expect(glyphs.filter((g) => g.status !== 200 && g.status !== 304)).toEqual([]);
  const token = await apiToken(page);
  const r = await page.request.get(`/remotes/map/fonts/arial-unicode-ms-regular/0-255.pbf`);
  expect(r.status()).toBe(200);
  // 东 (U+4E1C) is in 19968-20223
  const cjk = await page.request.get(`/remotes/map/fonts/arial-unicode-ms-regular/19968-20223.pbf`);
  expect((await cjk.body()).length).toBeGreaterThan(10_000);
  const water = await page.request.get(`${FS}/6/query`, {
    params: { f: 'json', where: '1=1', returnCountOnly: 'true', token },
  });
  expect(((await water.json()) as { count: number }).count).toBeGreaterThan(0);
});

test('the city view: red only for faults, clustered, adding up to the faulty assets the statistics show', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', '/remotes/map/');
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  await mapDrawn(page);
  expect(await page.evaluate(() => (window as HookWindow).__lightingMap!.drawing())).not.toBe('assets');
  const stat = page.getByTestId('stat-faults');
  await expect(stat).toHaveAttribute('data-count', /^[1-9]\d*$/);
  const shown = Number(await stat.getAttribute('data-count'));
  const red = await page.evaluate(() => (window as HookWindow).__lightingMap!.alertTotal('fault'));
  expect(red).toBe(shown);
  // and the server agrees: the assets in status fault, and in a fresh city one open fault each
  const token = await apiToken(page);
  const res = await page.request.get(`${FS}/0/query`, {
    params: { f: 'json', where: "status = 'fault'", returnCountOnly: 'true', token },
  });
  expect(((await res.json()) as { count: number }).count).toBe(red);
  await expect(page.getByTestId('legend-density')).toBeVisible();
  await expect(page.getByTestId('legend-fault')).toBeVisible();
});

test('the layout check finds the faults it is for (a page made to have them)', async ({ page }) => {
  await page.setContent(`
    <div id="root" style="width: 600px; font: 14px sans-serif">
      <table style="table-layout: fixed; width: 300px; border-collapse: collapse">
        <tr><th style="width: 14px">工单号</th><th>标题</th></tr>
        <tr><td style="width: 14px"><span style="white-space: nowrap">WXL202611250001</span></td><td>x</td></tr>
      </table>
      <div style="width: 120px; overflow: hidden"><div style="display: flex; gap: 4px">
        <button style="flex: none; width: 100px">派单</button><button style="flex: none; width: 100px">完成</button>
      </div></div>
      <div style="width: 40px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">省略的长文字长文字</div>
    </div>`);
  const problems = await layoutProblems(page, { root: '#root' });
  const kinds = (k: string) => problems.filter((p) => p.kind === k).map((p) => p.text);
  expect(kinds('charPerLine')).toContain('工单号');
  expect(kinds('overflow')).toContain('WXL202611250001');
  expect(kinds('clipped')).toContain('完成');
  // shortened on purpose is not a fault
  expect(problems.map((p) => p.text)).not.toContain('省略的长文字长文字');
});

test('map pages fit at 1366, 1440 and 1920 px: no text past its box, no header one character a line', async ({
  page,
}) => {
  await signIn(page);
  await page.waitForURL(/\/home/);
  for (const vp of LAYOUT_VIEWPORTS) {
    await page.setViewportSize(vp);
    for (const [path, root, ready] of [
      ['/bt/map/repair', 'map-repair', 'order-list'],
      ['/bt/map/fault', 'map-fault', 'fault-list'],
      ['/bt/map/assets', 'map-assets', 'asset-kinds'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(root)).toBeVisible({ timeout: 90_000 });
      await expect(page.getByTestId(ready)).toBeVisible();
      if (ready !== 'asset-kinds')
        await expect(page.getByTestId(ready).locator('tbody tr.ant-table-row').first()).toBeVisible();
      const problems = await layoutProblems(page, { root: `[data-testid="${root}"]`, ignore: IGNORE });
      expect(problems, `${path} at ${vp.width}px`).toEqual([]);
    }
  }
});

test('the kiosk on a phone: the map fills the screen, the panels open as bottom sheets', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'admin', '/remotes/map/');
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  await mapDrawn(page);
  const map = (await page.getByTestId('city-map').boundingBox())!;
  expect(map.width).toBeGreaterThanOrEqual(330);
  expect(map.height).toBeGreaterThanOrEqual(300);
  expect(map.x).toBeGreaterThanOrEqual(0);
  expect(map.x + map.width).toBeLessThanOrEqual(375);
  // nothing covers the map until asked
  await expect(page.getByTestId('kiosk-side')).toBeHidden();
  await page.getByTestId('open-live').click();
  await expect(page.getByTestId('kiosk-side')).toBeVisible();
  const side = (await page.getByTestId('kiosk-side').boundingBox())!;
  expect(side.x).toBeGreaterThanOrEqual(0);
  expect(side.x + side.width).toBeLessThanOrEqual(375);
  await page.locator('.ant-drawer-close').first().click();
  await expect(page.getByTestId('kiosk-side')).toBeHidden();
  await page.getByTestId('open-layers').click();
  await expect(page.getByTestId('asset-kinds')).toBeVisible();
  expect(await layoutProblems(page, { root: '[data-testid="map-assets"]', ignore: IGNORE })).toEqual([]);
});

test('asset search leaves the chosen code in the box', async ({ page }) => {
  await signIn(page, 'admin', '/remotes/map/');
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  const box = page.getByTestId('asset-search').locator('input');
  await box.fill('SL-00001');
  const option = page.locator('.ant-select-item-option').first();
  await expect(option).toBeVisible();
  const code = (await option.innerText()).split('·')[0]!.trim();
  expect(code).toMatch(/^SL-\d{6}$/);
  await option.click();
  await expect(box).toHaveValue(code);
  await expect(page.getByTestId('asset-panel')).toContainText(code);
});

test('fault history opens in view with a month axis and the right counts', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', '/remotes/map/bt/map/fault');
  await expect(page.getByTestId('map-fault')).toBeVisible({ timeout: 60_000 });
  const row = page.getByTestId('fault-list').locator('tbody tr.ant-table-row').first();
  await expect(row).toBeVisible();
  // the district is in the fault's drawer (the panel shows it only when it has room)
  await row.getByTestId('fault-open').click();
  const district = (await page.getByTestId('fault-drawer-district').innerText()).trim();
  // the map shows the fault's asset beside the drawer (it zoomed to the scale around its old
  // centre and left the asset kilometres off screen; centred, it stood under the drawer)
  const token = await apiToken(page);
  const first = await page.request.get(`/api/map/faults`, {
    params: { status: 'open', currentPage: '1', pageSize: '1' },
    headers: { Authorization: token },
  });
  const fault = (
    (await first.json()) as { data: { list: Array<{ assetCode: string; x: number; y: number }> } }
  ).data.list[0]!;
  await expect(row).toContainText(fault.assetCode);
  const view = (await page.locator('.esri-view').first().boundingBox())!;
  await expect
    .poll(async () => {
      // read each time: the drawer slides in
      const drawer = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
      const at = await page.evaluate(
        ([x, y]) => (window as HookWindow).__lightingMap!.toScreen(x!, y!),
        [fault.x, fault.y],
      );
      return at !== null && at.x > 0 && view.x + at.x < drawer.x && at.y > 0 && at.y < view.height;
    })
    .toBe(true);
  await page.locator('.ant-drawer-close').first().click();
  await expect(page.getByTestId('fault-drawer')).toBeHidden();
  // a list that closed under the pointer (a click the table's header took while it slid open) is
  // opened again, as a user would
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0)
      await page.getByTestId('fault-district').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText(district, { exact: true })
      .click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('fault-district')).toContainText(district);
  await page.getByTestId('fault-district-history').click();
  const chart = page.getByTestId('history-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toBeInViewport();
  const res = await page.request.get(`/api/map/faults/history`, {
    params: { district, days: '365' },
    headers: { Authorization: token },
  });
  const h = (await res.json()) as { data: { byMonth: Array<{ month: string; count: number }> } };
  const bars = chart.getByTestId('history-bar');
  for (const m of h.data.byMonth)
    await expect(bars.and(page.locator(`[data-month="${m.month}"]`))).toHaveAttribute(
      'data-count',
      String(m.count),
    );
  // bars, not a block: each bar is narrower than its slot
  const widths = await bars
    .locator('rect')
    .evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().width));
  const chartBox = (await chart.boundingBox())!;
  expect(Math.max(...widths) * widths.length).toBeLessThan(chartBox.width * 0.8);
});

test('measuring waits for the map: no page error when clicked before it is ready', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await signIn(page, 'admin', '/remotes/map/');
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  // hold the assets layer's description: the view cannot be ready before it comes
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/FeatureServer\/0\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/remotes/map/bt/map/tools');
  const length = page.getByTestId('map-tools').getByText('测量长度', { exact: true });
  await expect(length).toBeVisible({ timeout: 60_000 });
  await length.click({ force: true });
  release();
  await mapDrawn(page);
  await length.click();
  await expect(page.getByText('在地图上单击', { exact: false }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the asset drawer stays with its tab: another tab shows without it', async ({ page }) => {
  await signIn(page);
  await page.waitForURL(/\/home/);
  const token = await apiToken(page);
  const res = await page.request.get(`${FS}/0/query`, {
    params: {
      f: 'json',
      where: "kind = 'streetLamp'",
      outFields: 'objectid,code',
      resultRecordCount: '1',
      token,
    },
  });
  const a = ((await res.json()) as { features: Array<{ attributes: { objectid: number; code: string } }> })
    .features[0]!.attributes;
  await page.goto(`/bt/map/assets?asset=${a.objectid}`);
  await expect(page.getByTestId('asset-panel')).toContainText(a.code, { timeout: 90_000 });
  await openMenu(page, '照明地图', '维修工单');
  await expect(page.getByTestId('map-repair')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('asset-panel')).toBeHidden();
  // back on the map's tab, the drawer is still there
  await page.locator('[data-testid="tab"][data-path="/bt/map/assets"]').click();
  await expect(page.getByTestId('asset-panel')).toBeVisible();
});

/** What a side panel's table shows against its panel: widths, columns fixed over others, buttons cut. */
async function panelFit(page: Page, list: string, panel: string) {
  return page.evaluate(
    ({ list, panel }) => {
      const p = document.querySelector(`[data-testid="${panel}"] .ant-card-body`)!;
      const pr = p.getBoundingClientRect();
      const wrapper = document.querySelector(`[data-testid="${list}"]`)!;
      const table = wrapper.querySelector('table')!;
      const content = wrapper.querySelector('.ant-table-content, .ant-table-body') as HTMLElement | null;
      const cut = [...wrapper.querySelectorAll('tbody button, tbody .ant-select')]
        .map((b) => ({ text: (b.textContent ?? '').trim(), r: b.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.right > pr.right + 1 || r.left < pr.left - 1))
        .map(({ text }) => text);
      return {
        panel: Math.round(pr.width),
        table: Math.round(table.getBoundingClientRect().width),
        sideways: content ? content.scrollWidth - content.clientWidth : 0,
        fixed: wrapper.querySelectorAll('.ant-table-cell-fix-right, .ant-table-cell-fix-left').length,
        headers: [...wrapper.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()),
        cut,
      };
    },
    { list, panel },
  );
}

test('side panels: no table wider than its panel at 1366 and 1920 px in three languages, nothing fixed over the columns, the number opens its drawer', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await signIn(page);
  await page.waitForURL(/\/home/);
  const found: string[] = [];
  for (const lang of ['zh', 'en', 'zhtw'] as const) {
    await page.getByTestId('language-select').click();
    await page.getByTestId(`lang-${lang}`).click();
    for (const vp of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(vp);
      for (const [path, list, panel, decides] of [
        ['/bt/map/repair', 'order-list', 'order-panel', 4],
        ['/bt/map/fault', 'fault-list', 'fault-panel', 4],
      ] as const) {
        await page.goto(path);
        await expect(page.getByTestId(list).locator('tbody tr.ant-table-row').first()).toBeVisible({
          timeout: 90_000,
        });
        const m = await panelFit(page, list, panel);
        const where = `${lang} ${vp.width}px ${path}`;
        if (m.table > m.panel + 1 || m.sideways > 1)
          found.push(`${where}: table ${m.table} px in ${m.panel} px`);
        if (m.fixed) found.push(`${where}: ${m.fixed} fixed cells over the others`);
        if (m.cut.length) found.push(`${where}: cut ${m.cut.join(', ')}`);
        // the columns an operator decides on are there (the fault list's expand column has no header)
        if (m.headers.filter(Boolean).length < decides) found.push(`${where}: only ${m.headers.join('|')}`);
      }
    }
  }
  expect(found).toEqual([]);

  // the split: a wider panel (the handle moved with the keyboard) shows more columns, still within it
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/bt/map/repair');
  const rows = page.getByTestId('order-list').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 90_000 });
  const before = await panelFit(page, 'order-list', 'order-panel');
  const handle = page.getByTestId('split-handle');
  await handle.focus();
  for (let i = 0; i < 6; i++) await handle.press('ArrowRight');
  await expect
    .poll(async () => (await panelFit(page, 'order-list', 'order-panel')).panel)
    .toBeGreaterThan(before.panel);
  const after = await panelFit(page, 'order-list', 'order-panel');
  expect(after.headers.length).toBeGreaterThanOrEqual(before.headers.length);
  expect(after.table).toBeLessThanOrEqual(after.panel + 1);
  // put it back for the other tests of this worker
  for (let i = 0; i < 6; i++) await handle.press('ArrowLeft');

  // an order's number opens its drawer with every field (its cost and state among them)
  await rows.first().getByTestId('order-open').click();
  const drawer = page.getByTestId('order-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('order-drawer-state')).not.toBeEmpty();
  await expect(drawer.getByTestId('order-drawer-cost')).toBeVisible();
  // a fault's asset code opens the fault's drawer, its district in the reader's language
  await page.goto('/bt/map/fault');
  const fault = page.getByTestId('fault-list').locator('tbody tr.ant-table-row').first();
  await expect(fault).toBeVisible({ timeout: 90_000 });
  await fault.getByTestId('fault-open').click();
  await expect(page.getByTestId('fault-drawer')).toBeVisible();
  await expect(page.getByTestId('fault-drawer-district')).toHaveText(/\p{Script=Han}/u);
});

test('times read in China time whatever the browser zone (a UTC server, a UTC and a China browser)', async ({
  browser,
  server,
}) => {
  const shown: string[] = [];
  for (const timezoneId of ['UTC', 'Asia/Shanghai', 'America/New_York']) {
    const context = await browser.newContext({ baseURL: server.baseURL, timezoneId, locale: 'zh-CN' });
    const page = await context.newPage();
    try {
      await signIn(page, 'admin', '/login');
      await page.waitForURL(/\/home/);
      const token = await apiToken(page);
      const res = await page.request.get('/api/map/repair-orders', {
        params: { currentPage: '1', pageSize: '1' },
        headers: { Authorization: token },
      });
      const first = ((await res.json()) as { data: { list: Array<{ billNo: string; createdAt: number }> } })
        .data.list[0]!;
      // the instant in the city's zone, as an operator in the city reads it
      const china = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Shanghai',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      })
        .format(new Date(first.createdAt))
        .replace('T', ' ');
      await page.goto('/bt/map/repair');
      const row = page.getByTestId('order-list').locator('tr', { hasText: first.billNo }).first();
      await expect(row).toBeVisible({ timeout: 90_000 });
      await row.getByTestId('order-open').click();
      const drawer = page.getByTestId('order-drawer');
      await expect(drawer).toContainText(china);
      shown.push(china);
    } finally {
      await context.close();
    }
  }
  expect(new Set(shown).size).toBe(1);
});

test('the overview: a fault cluster click shows what it holds; a click beside a street-level dot picks it', async ({
  page,
}) => {
  await openAssetsAt1366(page);
  const box = (await page.getByTestId('city-map').boundingBox())!;
  const cluster = await page.evaluate(() => (window as HookWindow).__lightingMap!.largestCluster());
  expect(cluster).not.toBeNull();
  const before = await page.evaluate(() => (window as HookWindow).__lightingMap!.scale());
  await page.mouse.click(box.x + cluster!.x, box.y + cluster!.y);
  await expect
    .poll(() => page.evaluate(() => (window as HookWindow).__lightingMap!.lastClusterGoal()?.kind ?? null))
    .not.toBeNull();
  await mapDrawn(page);
  expect(await page.evaluate(() => (window as HookWindow).__lightingMap!.scale())).toBeLessThan(before);

  // street level: a click 7 px beside a lamp's centre (its dot is about 6 px wide) selects it
  await page.evaluate(() => (window as HookWindow).__lightingMap!.ready());
  await page.evaluate(() => (window as HookWindow).__lightingMap!.goTo(13_363_981, 3_529_301, 2000));
  await mapDrawn(page);
  // a place 7 px beside an asset where no dot is drawn (every asset at least 6 px away), that asset the nearest
  let lamp: { x: number; y: number; code: string } | null = null;
  for (const kind of ['streetLamp', 'courtyardLamp', 'floodLight', 'controlBox', 'manhole']) {
    lamp = await page.evaluate((k) => (window as HookWindow).__lightingMap!.besideAsset(k), kind);
    if (lamp) break;
  }
  expect(lamp).not.toBeNull();
  await page.mouse.click(box.x + lamp!.x, box.y + lamp!.y);
  await expect(page.getByTestId('asset-panel')).toContainText(lamp!.code, { timeout: 30_000 });
});

test('the first view at 1366×768 and 1920×1080 shows the whole city, and the layers card whole in three languages', async ({
  page,
}) => {
  // six screens (two sizes, three languages), each measured whole: twice the file's usual time
  test.setTimeout(480_000);
  await openAssetsAt1366(page);
  // the card itself scrolls (its body only grows): measured on the card, against the window too
  const card = page.getByTestId('layers-card');
  const cut = () =>
    card.evaluate((c) => {
      const hidden = c.scrollHeight - c.clientHeight;
      const legend = c.querySelector('[data-testid="grid-legend"]')!.getBoundingClientRect();
      const box = c.getBoundingClientRect();
      return { hidden, legendBelow: legend.bottom - box.bottom, pastWindow: box.bottom - window.innerHeight };
    });
  const htmlLang = { zh: 'zh-CN', en: 'en', zhtw: 'zh-TW' } as const;
  let shown: keyof typeof htmlLang = 'zh';
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    const at = `${size.width}×${size.height}`;
    for (const lang of ['zh', 'en', 'zhtw'] as const) {
      if (lang !== shown) {
        await page.getByTestId('language-select').click();
        await page.getByTestId(`lang-${lang}`).click();
        await expect(page.locator('html')).toHaveAttribute('lang', htmlLang[lang]);
        shown = lang;
      }
      // the city's districts and every asset, clear of the zoom buttons, not its top rows only (the
      // card's width follows the language: the map refits while nobody has moved it)
      await expect
        .poll(() => page.evaluate(() => (window as HookWindow).__lightingMap!.cityShown()), {
          message: `${at} ${lang}`,
        })
        .toBe(true);
      await expect(page.getByTestId('city-map')).toBeInViewport({ ratio: 1 });
      // every kind, every status (待标注 the last) and the legend, without scrolling the card
      const c = await cut();
      expect(c.hidden, `${at} ${lang}`).toBeLessThanOrEqual(1);
      expect(c.legendBelow, `${at} ${lang}`).toBeLessThanOrEqual(0);
      expect(c.pastWindow, `${at} ${lang}`).toBeLessThanOrEqual(0);
      await expect(page.getByTestId('layer-status-pendingLabel')).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('grid-legend')).toBeInViewport({ ratio: 1 });
    }
    const problems = await layoutProblems(page, { root: '[data-testid="map-assets"]', ignore: IGNORE });
    expect(problems, at).toEqual([]);
  }
});

test('with the faults on, the district names are drawn over the fault clusters as whole as without them', async ({
  page,
}) => {
  await openAssetsAt1366(page);
  // the pixels the names colour: the view with and without them, in the names' own colour
  const ink = () => page.evaluate(() => (window as HookWindow).__lightingMap!.districtNameInk());
  const faults = page.getByTestId('layer-status-fault');
  await expect(faults).toBeChecked();
  const withFaults = await ink();
  await faults.uncheck();
  await mapDrawn(page);
  const alone = await ink();
  expect(alone).toBeGreaterThan(0);
  // the clusters neither drop a name (label placement) nor cover one (drawn beneath the names)
  expect(withFaults / alone).toBeGreaterThanOrEqual(0.95);
});
