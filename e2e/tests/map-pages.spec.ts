// The other map pages, through the map remote's own app (/remotes/map/…): statistics with the
// map beside them, shared-cause fault judgement, and the tools (track, compare).
import { expect, test, type Page } from './fixtures';
import { apiToken, signIn } from './helpers';

type HookWindow = Window & {
  __lightingMap?: {
    whenDrawn(): Promise<void>;
    drawnCount(where?: string): Promise<number>;
    shownTotal(): Promise<number>;
    highlightedCount(): number;
    highlightedInView(): number;
  };
};

async function openKiosk(page: Page, path: string) {
  await signIn(page, 'admin', `/remotes/map/${path}`);
  await expect(page.getByTestId('standalone-map')).toBeVisible();
  await page.goto(`/remotes/map/${path}`);
  await page.waitForFunction(() => Boolean((window as HookWindow).__lightingMap), null, { timeout: 60_000 });
  await page.evaluate(() => (window as HookWindow).__lightingMap!.whenDrawn());
}

test.describe.configure({ timeout: 180_000 });

test('statistics: charts beside the map; a district filters both', async ({ page }) => {
  await openKiosk(page, 'bt/gzyp/statistic');
  await expect(page.getByTestId('stat-chart-districts')).toHaveAttribute('data-chart-state', 'ready');
  await expect(page.getByTestId('stat-chart-kinds')).toHaveAttribute('data-chart-state', 'ready');
  // each chart is an image named by its title first, so it is named even while it draws nothing
  for (const [chart, title] of [
    ['districts', /^亮灯率 · 按区县/],
    ['kinds', /^按类型/],
    ['statuses', /^按状态/],
  ] as const)
    await expect(page.getByTestId(`stat-chart-${chart}`)).toHaveAttribute('aria-label', title);
  const first = page.getByTestId('stat-districts').locator('tbody tr').first();
  const name = (await first.locator('td').first().innerText()).trim();
  const total = Number((await first.locator('td').nth(1).innerText()).trim());
  expect(total).toBeGreaterThan(0);
  await first.click();
  await expect(page.getByTestId('stat-district')).toContainText(name);
  await expect(page.getByTestId('stat-total')).toContainText(total.toLocaleString('en-US'));
  await expect
    .poll(() => page.evaluate(() => (window as HookWindow).__lightingMap!.shownTotal()))
    .toBe(total);
});

test('fault judgement: shared causes are found and shown on the map', async ({ page }) => {
  await openKiosk(page, 'bt/map/fault');
  await page.getByRole('tab', { name: '共因研判' }).click();
  await page.getByTestId('fault-analyse').click();
  const first = page.getByTestId('shared-causes').locator('.ant-list-item').first();
  await expect(first).toBeVisible();
  // named by the element's code and translated type ("控制箱 CB-000026", not "控制箱9719"), no English word
  // in the Chinese text (not "疑似故障点: cable CA-004115")
  await expect(first.getByTestId('shared-cause-title')).toHaveText(/^(回路|控制箱|变压器) [A-Z]{2}-\d+/);
  for (const text of await page.getByTestId('shared-cause').allInnerTexts())
    expect(text.replace(/[A-Z]{2}-\d+(-\d+)?/g, '')).not.toMatch(/[A-Za-z]/);
  await first.click();
  // every lamp of the cause is drawn highlighted, and the view goes where they are (a control box
  // can stand far from its circuits' lamps: zoomed to the box alone, none of them showed)
  const lamps = Number((await first.innerText()).match(/(\d+)\/\d+/)![1]);
  await expect
    .poll(() => page.evaluate(() => (window as HookWindow).__lightingMap!.highlightedCount()))
    .toBe(lamps);
  await expect
    .poll(() => page.evaluate(() => (window as HookWindow).__lightingMap!.highlightedInView()))
    .toBe(lamps);
});

test('tools: a crew track from stored positions', async ({ page }) => {
  const token = await apiToken(page);
  const res = await page.request.get('/api/map/crews', { headers: { Authorization: token } });
  const crews = ((await res.json()) as { data: { id: string; name: string }[] }).data;
  expect(crews.length).toBeGreaterThan(0);
  await openKiosk(page, 'bt/map/tools');
  await page.getByText('轨迹', { exact: true }).click();
  await page.getByTestId('track-crew').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByTestId('track-show').click();
  await expect(page.getByTestId('track-info')).toContainText('个位置点');
});

test('tools: compare two layers side by side with a swipe', async ({ page }) => {
  const token = await apiToken(page);
  const count = async (where: string) => {
    const res = await page.request.get('/api/map/rest/services/lighting/FeatureServer/0/query', {
      params: { f: 'json', token, where, returnCountOnly: 'true' },
    });
    return ((await res.json()) as { count: number }).count;
  };
  const faults = await count("status = 'fault'");
  expect(faults).toBeGreaterThan(0);
  await openKiosk(page, 'bt/map/tools');
  await page.getByText('对比', { exact: true }).click();
  await expect(page.getByTestId('compare-left')).toBeVisible();
  await expect(page.getByTestId('compare-right')).toBeVisible();
  // the hook follows the last mounted map: the right side, which shows the faulty assets only
  // (zoomed out, the server's grid counts them)
  await expect
    .poll(() => page.evaluate(() => (window as HookWindow).__lightingMap?.shownTotal() ?? null), {
      timeout: 60_000,
    })
    .toBe(faults);
  // dragging the divider moves the edge of the right side's clip
  const divider = page.getByTestId('swipe-divider');
  await expect(divider).toHaveAttribute('aria-valuenow', '50');
  const box = (await page.getByTestId('compare').boundingBox())!;
  const d = (await divider.boundingBox())!;
  await page.mouse.move(d.x + d.width / 2, d.y + d.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, d.y + d.height / 2, { steps: 5 });
  await page.mouse.up();
  const at = Number(await divider.getAttribute('aria-valuenow'));
  expect(Math.abs(at - 25)).toBeLessThanOrEqual(1);
  const clip = await page
    .getByTestId('compare-right')
    .evaluate((el) => (el.parentElement as HTMLElement).style.clipPath);
  const edge = Number(/inset\(0px 0px 0px ([\d.]+)%\)/.exec(clip)?.[1]);
  expect(Math.abs(edge - at)).toBeLessThan(1);
});
