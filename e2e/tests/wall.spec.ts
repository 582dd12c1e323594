// The city wall display (issue 17, menu type 6 城市照明大屏): the seeded menu entry opens it signed
// in by its link's token, which leaves the address (and no Referer carries it); its figures are the
// API's; a fault created through the API appears without a reload; at 1920 × 1080 and 3840 × 2160
// (and in English) nothing overflows the screen or its panel.
import { expect, test, type Page, type Request } from './fixtures';
import { apiToken, openMenu, signIn } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are read loosely
type Json = any;

async function api(page: Page, token: string, url: string): Promise<Json> {
  const res = await page.request.get(`/api${url}`, { headers: { Authorization: token } });
  const body = (await res.json()) as { code: number; msg: string; data: Json };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

/** What sticks out: of the screen (the page must not scroll), or of its panel, card or header. */
function overflowProblems(): string[] {
  const root = document.querySelector('[data-testid="wall"]');
  if (!root) return ['no wall'];
  const out: string[] = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const doc = document.documentElement;
  if (doc.scrollWidth > vw || doc.scrollHeight > vh)
    out.push(`page scrolls ${doc.scrollWidth}×${doc.scrollHeight}`);
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className} "${(el.textContent ?? '').slice(0, 30)}"`;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue; // drawn inside its svg
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1)
      out.push(`${name(el)} leaves the screen`);
    const box = el.parentElement?.closest('.lw-panel, .lw-card, .lw-head');
    if (box) {
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1 || r.bottom > b.bottom + 1)
        out.push(`${name(el)} leaves its ${box.className}`);
    }
    const html = el as HTMLElement;
    if (html.clientWidth > 0 && html.scrollWidth > html.clientWidth + 1)
      out.push(`${name(el)} overflows its width`);
    // a CJK font's glyph box (Noto Sans CJK: 1.45 em) is taller than a 1–1.25 line, and Chromium
    // counts it in scrollHeight: that slack is no overflow unless the box clips it
    const style = getComputedStyle(html);
    const slack = style.overflowY === 'visible' ? parseFloat(style.fontSize) * 0.25 : 0;
    if (html.clientHeight > 0 && html.scrollHeight > html.clientHeight + 1 + slack)
      out.push(`${name(el)} overflows its height`);
  }
  return out;
}

test('城市照明大屏: signed in by its link, the API’s figures, a new fault live, no token in the address', async ({
  page,
  context,
}) => {
  test.slow(); // the map remote's first load and a fresh city
  const referers: string[] = [];
  const tokenUrls: string[] = [];
  context.on('request', (r: Request) => {
    const referer = r.headers()['referer'] ?? '';
    if (referer.includes('token=')) referers.push(`${r.url()} ← ${referer}`);
    if (r.url().includes('token=') && !r.isNavigationRequest()) tokenUrls.push(r.url());
  });

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/home$/);
  const [wall] = await Promise.all([
    context.waitForEvent('page'),
    openMenu(page, '在线开发', '城市照明大屏'),
  ]);
  await wall.setViewportSize({ width: 1920, height: 1080 });
  await expect(wall.getByTestId('wall')).toBeVisible();
  await expect(wall).toHaveURL(/\/dv\/view\/screen-city$/);
  expect(await wall.evaluate(() => window.location.search)).toBe('');
  await expect(wall.getByTestId('wall')).toHaveAttribute('data-live', 'true');

  // the figures are the API's
  const token = await apiToken(page, 'admin');
  const stats = await api(page, token, '/map/statistics');
  const power = await api(page, token, '/home/Power');
  const open = await api(page, token, '/map/faults?status=open&pageSize=1');
  expect(await text(wall, 'wall-kpi-lightsOn')).toBe(`${stats.lightsOn.rate.toFixed(1)}%`);
  expect(await text(wall, 'wall-kpi-faults')).toBe(String(open.pagination.total));
  expect(await text(wall, 'wall-kpi-energy')).toBe(`${(power.monthKwh / 1000).toFixed(1)}MWh`);
  expect(await text(wall, 'wall-kpi-compliance')).toBe(`${stats.repairCompliance.overall.rate.toFixed(1)}%`);
  for (const d of stats.byDistrict) {
    expect(await text(wall, `wall-rate-${d.district}`)).toBe(`${d.lightsOnRate.toFixed(1)}%`);
    expect(await text(wall, `wall-main-${d.district}`)).toBe(`${d.mainRate.toFixed(1)}%`);
  }
  let openOrders = 0;
  for (const state of ['pending', 'dispatched', 'inProgress', 'completed', 'verified']) {
    const orders = await api(page, token, `/map/repair-orders?state=${state}&pageSize=1`);
    expect([state, await text(wall, `wall-orders-${state}`)]).toEqual([
      state,
      String(orders.pagination.total),
    ]);
    if (['pending', 'dispatched', 'inProgress'].includes(state)) openOrders += orders.pagination.total;
  }
  expect(await text(wall, 'wall-kpi-orders')).toBe(String(openOrders));
  expect(await wall.locator('[data-testid="wall-map"] circle').count()).toBe(
    Math.min(open.pagination.total, 5000),
  );

  // a fault created through the API appears without a reload
  await wall.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const where = encodeURIComponent("kind = 'streetLamp' AND status NOT IN ('fault', 'offline')");
  const query = await page.request.get(
    `/api/map/rest/services/lighting/FeatureServer/0/query?f=json&where=${where}&outFields=objectid&resultRecordCount=1&returnGeometry=false`,
    { headers: { Authorization: token } },
  );
  const assetId = ((await query.json()) as Json).features[0].attributes.objectid as number;
  const created = await page.request.post('/api/map/faults', {
    headers: { Authorization: token },
    data: { assetId, typeCode: 'lampOff', urgency: 3, source: 'patrol' },
  });
  const fault = ((await created.json()) as Json).data;
  await expect(wall.getByTestId('wall-kpi-faults')).toHaveText(String(open.pagination.total + 1));
  await expect(wall.locator(`[data-testid="wall-map"] circle[data-fault="${fault.id}"]`)).toHaveCount(1);
  await expect(wall.locator(`[data-testid="wall-latest-fault"][data-fault="${fault.id}"]`)).toBeVisible();
  expect(await wall.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // the token went nowhere: not in the address, the history, a Referer or another request
  await expect(wall).toHaveURL(/\/dv\/view\/screen-city$/);
  expect(await wall.evaluate(() => window.history.length)).toBe(1);
  expect(referers).toEqual([]);
  expect(tokenUrls.filter((u) => !u.includes('/FeatureServer/'))).toEqual([]);
});

test('the wall fits the screen at 1920 × 1080 and 3840 × 2160, in Chinese and English', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/home$/);
  // signed in already: the wall takes the stored session (a reload has no token in its address)
  await page.goto('/dv/view/screen-city');
  const sizes: Array<[number, number, string]> = [];
  for (const [width, height] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByTestId('wall')).toBeVisible();
    await expect(page.getByTestId('wall-map')).toBeVisible();
    await expect.poll(() => page.evaluate(overflowProblems)).toEqual([]);
    sizes.push([
      width,
      height,
      await page.locator('.lw-title').evaluate((el) => getComputedStyle(el).fontSize),
    ]);
  }
  // large type that grows with the screen: 40 px titles at 1080 lines, 80 px at 2160
  expect(sizes.map((s) => s[2])).toEqual(['40px', '80px']);

  await page.evaluate(() => localStorage.setItem('lighting_language__String', 'en'));
  await page.reload();
  await expect(page.getByTestId('wall')).toContainText('City lighting wall');
  // districts by their dictionary's English names, in the panel and on the map
  await expect(page.getByTestId('wall-districts')).toContainText('Dongcheng District');
  await expect(page.getByTestId('wall-map')).toContainText('Dongcheng District');
  for (const [width, height] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect.poll(() => page.evaluate(overflowProblems)).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('lighting_language__String', 'zh'));
});

test('without a valid token the wall asks for a sign-in and comes back to itself', async ({ page }) => {
  await page.goto('/dv/view/screen-city?token=not-a-token');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdv%2Fview%2Fscreen-city$/);
  await page.getByTestId('login-account').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dv\/view\/screen-city$/);
  await expect(page.getByTestId('wall')).toBeVisible();
});
