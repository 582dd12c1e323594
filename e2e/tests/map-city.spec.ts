// The lighting map against the started system: @arcgis/core in Chromium with software WebGL.
// Assertions read what the map draws from the page's read-only hook (window.__lightingMap: the
// assets layer view at street level, the server's grid cells zoomed out), never pixels.
import { expect, test, type Page, type WebSocketRoute } from './fixtures';
import { apiToken, signIn } from './helpers';

interface MapHook {
  whenDrawn(): Promise<void>;
  drawnCount(where?: string): Promise<number>;
  drawnStatus(objectid: number): Promise<string | null>;
  highlightedCount(): number;
  drawing(): string;
  gridTotal(): Promise<number>;
  goTo(x: number, y: number, scale: number): Promise<void>;
}
type HookWindow = Window & { __lightingMap?: MapHook; __noReload?: number };

const FS = '/api/map/rest/services/lighting/FeatureServer';

/** Waits for the map to exist and for every feature of the view to be drawn. */
async function mapDrawn(page: Page) {
  await page.waitForFunction(() => Boolean((window as HookWindow).__lightingMap), null, { timeout: 60_000 });
  await page.evaluate(() => (window as HookWindow).__lightingMap!.whenDrawn());
}
const drawnCount = (page: Page, where = '1=1') =>
  page.evaluate((w) => (window as HookWindow).__lightingMap!.drawnCount(w), where);
const drawnStatus = (page: Page, id: number) =>
  page.evaluate((i) => (window as HookWindow).__lightingMap!.drawnStatus(i), id);
const drawing = (page: Page) => page.evaluate(() => (window as HookWindow).__lightingMap!.drawing());
const gridTotal = (page: Page) => page.evaluate(() => (window as HookWindow).__lightingMap!.gridTotal());
/** Street level (1:4,000) around an asset: the assets are drawn one by one. */
async function streetLevel(page: Page, a: { x: number; y: number }) {
  await page.evaluate((p) => (window as HookWindow).__lightingMap!.goTo(p.x, p.y, 4000), a);
  await page.evaluate(() => (window as HookWindow).__lightingMap!.whenDrawn());
  expect(await drawing(page)).toBe('assets');
}

async function query(page: Page, token: string, params: Record<string, string>) {
  const res = await page.request.get(`${FS}/0/query`, { params: { f: 'json', token, ...params } });
  return (await res.json()) as {
    count?: number;
    features?: { attributes: Record<string, string | number>; geometry?: { x: number; y: number } }[];
  };
}

async function api<T>(
  page: Page,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
) {
  const res = await page.request.fetch(`/api${url}`, { method, headers: { Authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect([url, body.code, body.msg]).toEqual([url, 200, expect.any(String)]);
  return body.data;
}

/** One asset of a kind in a status, by the FeatureServer. */
async function findAsset(page: Page, token: string, where: string) {
  const r = await query(page, token, {
    where,
    outFields: 'objectid,code,kind,status',
    orderByFields: 'objectid',
    resultRecordCount: '1',
    returnGeometry: 'true',
    outSR: '102100',
  });
  const f = r.features?.[0];
  expect(f, where).toBeTruthy();
  return {
    ...(f!.attributes as { objectid: number; code: string; kind: string; status: string }),
    ...f!.geometry!,
  };
}

test.describe.configure({ timeout: 180_000 });

/** A fault detected on a lamp of `kind` appears in the kiosk's live list and red on its map. */
async function detectedFaultShowsLive(page: Page, kind: string) {
  const token = await apiToken(page);
  const lamp = await findAsset(page, token, `kind = '${kind}' AND status IN ('lightOn', 'lightOff')`);
  await api(page, token, 'POST', '/map/faults', {
    assetId: lamp.objectid,
    typeCode: 'lampOff',
    urgency: 1,
    source: 'detection',
  });
  await expect(page.getByTestId('live-faults')).toContainText(lamp.code);
  await expect.poll(() => drawnStatus(page, lamp.objectid)).toBe('fault');
}

test('the map draws the seeded city from our own origin only', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await signIn(page);
  await page.waitForURL(/\/home/);
  await page.goto('/bt/map/assets');
  await expect(page.getByTestId('asset-kinds')).toBeVisible();
  await mapDrawn(page);
  const token = await apiToken(page);
  const total = (await query(page, token, { where: '1=1', returnCountOnly: 'true' })).count!;
  expect(total).toBeGreaterThan(0);
  // the whole city is in the initial view: the server's grid cells count every asset
  expect(await drawing(page)).not.toBe('assets');
  expect(await gridTotal(page)).toBe(total);
  // at street level the assets are drawn one by one
  const lamp = await findAsset(page, token, "kind = 'streetLamp'");
  await streetLevel(page, lamp);
  expect(await drawnCount(page, `objectid = ${lamp.objectid}`)).toBe(1);
  // assets, workers and styles came from us; nothing left our origin
  const foreign = requests.filter((u) => !u.startsWith(origin) && !/^(data|blob):/.test(u));
  expect(foreign).toEqual([]);
  expect(requests.some((u) => u.includes('/remotes/map/arcgis-assets/'))).toBe(true);
  expect(requests.some((u) => u.includes(`${FS}/0/query`))).toBe(true);
  expect(requests.some((u) => /\/FeatureServer\/[45]\/query/.test(u))).toBe(true);
});

test('toggling a kind hides it: in the browser at street level, in the server grid zoomed out', async ({
  page,
}) => {
  await signIn(page);
  await page.waitForURL(/\/home/);
  await page.goto('/bt/map/assets');
  await mapDrawn(page);
  const token = await apiToken(page);
  const total = (await query(page, token, { where: '1=1', returnCountOnly: 'true' })).count!;
  const lampTotal = (await query(page, token, { where: "kind = 'streetLamp'", returnCountOnly: 'true' }))
    .count!;
  // zoomed out: the grid is re-counted by the server without the hidden kind
  await page.getByTestId('layer-kind-streetLamp').click();
  await expect.poll(() => gridTotal(page)).toBe(total - lampTotal);
  await page.getByTestId('layer-kind-streetLamp').click();
  await expect.poll(() => gridTotal(page)).toBe(total);
  await streetLevel(page, await findAsset(page, token, "kind = 'streetLamp'"));
  const lamps = await drawnCount(page, "kind = 'streetLamp'");
  const poles = await drawnCount(page, "kind = 'pole'");
  expect(lamps).toBeGreaterThan(0);
  const queries: string[] = [];
  // no asset is downloaded again (a layer view may still ask the server for a count)
  page.on(
    'request',
    (r) =>
      r.url().includes('/FeatureServer/0/query') &&
      !r.url().includes('returnCountOnly=true') &&
      queries.push(r.url()),
  );
  await page.getByTestId('layer-kind-streetLamp').click();
  await expect.poll(() => drawnCount(page, "kind = 'streetLamp'")).toBe(0);
  expect(await drawnCount(page, "kind = 'pole'")).toBe(poles);
  await page.getByTestId('layer-kind-streetLamp').click();
  await expect.poll(() => drawnCount(page, "kind = 'streetLamp'")).toBe(lamps);
  expect(queries).toEqual([]);
});

test('a status change made through the API recolours the asset on an open map', async ({ page }) => {
  await signIn(page);
  await page.waitForURL(/\/home/);
  await page.goto('/bt/map/assets');
  await mapDrawn(page);
  await page.evaluate(() => ((window as HookWindow).__noReload = 1));
  const token = await apiToken(page);
  // lamps are on or off by the time of day
  const a = await findAsset(page, token, "kind = 'streetLamp' AND status IN ('lightOn', 'lightOff')");
  await streetLevel(page, a);
  expect(await drawnStatus(page, a.objectid)).toBe(a.status);
  await api(page, token, 'PUT', `/map/assets/${a.objectid}/status`, { status: 'offline' });
  await expect.poll(() => drawnStatus(page, a.objectid)).toBe('offline');
  expect(await page.evaluate(() => (window as HookWindow).__noReload)).toBe(1);
  // hiding its new status hides it, stale copy included, before and after the layer is re-read
  const one = `objectid = ${a.objectid}`;
  await page.getByTestId('layer-status-offline').click();
  await expect.poll(() => drawnCount(page, one)).toBe(0);
  await page.getByTestId('layer-status-offline').click();
  await expect.poll(() => drawnCount(page, one)).toBe(1);
  await api(page, token, 'PUT', `/map/assets/${a.objectid}/status`, { status: a.status });
  await expect.poll(() => drawnStatus(page, a.objectid)).toBe(a.status);
});

test('topology highlights everything a control box feeds', async ({ page }) => {
  await signIn(page);
  await page.waitForURL(/\/home/);
  await page.goto('/bt/map/assets');
  await mapDrawn(page);
  const token = await apiToken(page);
  const box = await findAsset(page, token, "kind = 'controlBox'");
  const fed = await api<{ assetIds: number[] }>(
    page,
    token,
    'GET',
    `/map/topology/downstream?objectid=${box.objectid}`,
  );
  expect(fed.assetIds.length).toBeGreaterThan(0);
  await page.getByTestId('asset-search').locator('input').fill(box.code);
  await page.locator('.ant-select-item-option', { hasText: box.code }).first().click();
  await expect(page.getByTestId('asset-panel')).toContainText(box.code);
  await page.getByTestId('topology-downstream').click();
  await expect
    .poll(() => page.evaluate(() => (window as HookWindow).__lightingMap!.highlightedCount()))
    .toBe(fed.assetIds.length);
});

test('a repair order created from a fault and completed restores the asset on the map', async ({ page }) => {
  await signIn(page);
  await page.waitForURL(/\/home/);
  const token = await apiToken(page);
  const lamp = await findAsset(page, token, "kind = 'courtyardLamp' AND status IN ('lightOn', 'lightOff')");
  await api(page, token, 'POST', '/map/faults', {
    assetId: lamp.objectid,
    typeCode: 'lampOff',
    urgency: 3,
    source: 'patrol',
    description: 'e2e',
  });
  // the fault page lists it first (newest); create the order from it
  await page.goto('/bt/map/fault');
  const row = page.getByTestId('fault-list').locator('tr', { hasText: lamp.code }).first();
  await row.getByTestId('fault-create-order').click();
  await expect(row.getByTestId('fault-create-order')).toHaveCount(0);
  // dispatch, start and complete it from the order list; its map follows
  await page.goto('/bt/map/repair');
  await mapDrawn(page);
  expect(await drawnStatus(page, lamp.objectid)).toBe('fault');
  // the order made from the fault, by its number (the panel shows the asset column only when it has room)
  const made = await api<{ list: Array<{ billNo: string }> }>(
    page,
    token,
    'GET',
    `/map/repair-orders?assetId=${lamp.objectid}&pageSize=1`,
  );
  const order = page.getByTestId('order-list').locator('tr', { hasText: made.list[0]!.billNo }).first();
  await order.getByTestId('order-crew').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await order.getByTestId('order-dispatch').click();
  await order.getByTestId('order-start').click();
  await order.getByTestId('order-complete').click();
  await expect(order.getByTestId('order-verify')).toBeVisible();
  await expect.poll(() => drawnStatus(page, lamp.objectid)).toMatch(/^light(On|Off)$/);
});

test('the standalone kiosk URL signs in and shows the live map', async ({ page }) => {
  await signIn(page, 'admin', '/remotes/map/');
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page.getByTestId('kiosk-side')).toBeVisible();
  await mapDrawn(page);
  expect(await gridTotal(page)).toBeGreaterThan(0);
  await detectedFaultShowsLive(page, 'wallLamp');
});

test('the kiosk reconnects after the server closes its socket and stays live', async ({ page }) => {
  // the page's socket through Playwright, so the test can close it as a server restart would
  const sockets: { route: WebSocketRoute; greeted: boolean }[] = [];
  await page.routeWebSocket(/\/api\/message\/websocket/, (route) => {
    const s = { route, greeted: false };
    sockets.push(s);
    const server = route.connectToServer();
    server.onMessage((m) => {
      if (typeof m === 'string' && m.includes('"initMessage"')) s.greeted = true;
      route.send(m);
    });
  });
  await signIn(page, 'admin', '/remotes/map/');
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  await mapDrawn(page);
  await expect.poll(() => sockets.some((s) => s.greeted)).toBe(true);
  const before = sockets.length;
  for (const s of sockets) await s.route.close({ code: 1001, reason: 'server restart' });
  // a new socket is opened and signed in again (backoff: 1 s)
  await expect.poll(() => sockets.slice(before).some((s) => s.greeted), { timeout: 15_000 }).toBe(true);
  await detectedFaultShowsLive(page, 'courtyardLamp');
});
