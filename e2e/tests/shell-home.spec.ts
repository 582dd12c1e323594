// The home dashboard and the article pages against the real server: every widget shows the
// server's numbers, charts arrive after the numbers, articles page, switch category and open.
import { expect, test, type Page } from './fixtures';
import { apiToken, signIn } from './helpers';

const WIDGETS = [
  'notices',
  'plans',
  'safety',
  'faults',
  'calendar',
  'cableLine',
  'power',
  'production',
  'party',
  'feedback',
  'messages',
] as const;

async function api<T>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { Authorization: token } });
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(200);
  return body.data;
}

/** A KPI's text as a number ('1,234' → 1234). */
async function kpi(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Number(text.replace(/[,%\s]/g, ''));
}

test('/home shows every widget with the server numbers, then the charts', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const token = await apiToken(page);

  for (const id of WIDGETS) {
    await expect(page.getByTestId(`widget-${id}`)).toHaveAttribute('data-state', 'ok');
  }
  await expect(page.getByTestId('widget-error')).toHaveCount(0);

  const faults = await api<{ open: number; today: number; closedThisMonth: number }>(
    page,
    token,
    '/api/home/Faults',
  );
  expect(await kpi(page, 'faults-open')).toBe(faults.open);
  expect(await kpi(page, 'faults-today')).toBe(faults.today);
  expect(await kpi(page, 'faults-closed')).toBe(faults.closedThisMonth);

  const safety = await api<{ safeDays: number }>(page, token, '/api/home/Safety');
  expect(await kpi(page, 'safety-safeDays')).toBe(safety.safeDays);

  const power = await api<{ monthKwh: number; lightsOnRate: number }>(page, token, '/api/home/Power');
  expect(await kpi(page, 'power-month')).toBe(power.monthKwh);
  expect(await kpi(page, 'power-lightsOnRate')).toBeCloseTo(power.lightsOnRate, 1);
  const level = power.lightsOnRate >= 98 ? 'good' : power.lightsOnRate >= 96 ? 'warn' : 'bad';
  await expect(page.getByTestId('power-level')).toHaveAttribute('data-level', level);

  const production = await api<{ ordersThisMonth: number }>(page, token, '/api/home/Production');
  expect(await kpi(page, 'production-orders')).toBe(production.ordersThisMonth);

  const cable = await api<{ totalKm: number }>(page, token, '/api/home/CableLine');
  expect(await kpi(page, 'cable-total')).toBeCloseTo(cable.totalKm, 1);

  const feedback = await api<{ pending: number }>(page, token, '/api/home/Feedback');
  expect(await kpi(page, 'feedback-pending')).toBe(feedback.pending);

  const notices = await api<{ list: { title: string }[] }>(page, token, '/api/home/Notices');
  if (notices.list[0]) await expect(page.getByTestId('widget-notices')).toContainText(notices.list[0].title);
  const plans = await api<{ list: { title: string }[] }>(page, token, '/api/home/Plans');
  if (plans.list[0]) await expect(page.getByTestId('widget-plans')).toContainText(plans.list[0].title);
  const messages = await api<{ list: { title: string }[] }>(page, token, '/api/home/Messages');
  if (messages.list[0])
    await expect(page.getByTestId('widget-messages')).toContainText(messages.list[0].title);

  // charts come after the numbers, drawn on canvas
  await expect(page.getByTestId('chart-fault-trend').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-power-trend').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-production').locator('canvas')).toBeVisible();

  // links: faults → the fault map, power → statistics, messages → message record
  await expect(page.getByTestId('widget-faults').getByRole('link', { name: '故障研判' })).toHaveAttribute(
    'href',
    '/bt/map/fault',
  );
  await expect(page.getByTestId('widget-power').getByRole('link', { name: '统计分析' })).toHaveAttribute(
    'href',
    '/bt/gzyp/statistic',
  );
  await expect(page.getByTestId('widget-messages').getByRole('link', { name: '全部消息' })).toHaveAttribute(
    'href',
    '/messageRecord',
  );
});

test('the echarts chunk is requested only after the dashboard numbers painted', async ({ page }) => {
  const order: string[] = [];
  page.on('request', (r) => {
    const u = r.url();
    if (u.includes('/api/home/Faults')) order.push('faults-api');
    if (/home-charts\.[0-9a-f]+\.js/.test(u)) order.push('charts');
  });
  await signIn(page);
  await expect(page.getByTestId('faults-open')).toBeVisible();
  await expect(page.getByTestId('chart-fault-trend').locator('canvas')).toBeVisible();
  expect(order.indexOf('faults-api')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('charts')).toBeGreaterThan(order.indexOf('faults-api'));
});

test('a party-building item on /home opens in the article reader', async ({ page }) => {
  await signIn(page);
  const item = page.getByTestId('widget-party').getByTestId('widget-item').first().getByRole('link');
  const title = (await item.textContent()) ?? '';
  await item.click();
  await expect(page).toHaveURL(/\/bt\/article\/more\?category=party&id=/);
  const reader = page.getByTestId('article-reader');
  await expect(reader.getByTestId('article-content')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(title.trim());
});

test('/bt/article/more lists articles with paging, switches category and opens one', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const token = await apiToken(page);
  await page.goto('/bt/article/more?category=notice');
  const list = page.getByTestId('article-more');
  await expect(list.getByRole('tab', { name: '通知公告', selected: true })).toBeVisible();

  const first = await api<{ list: { title: string }[]; pagination: { total: number } }>(
    page,
    token,
    '/api/home/Articles?category=notice&currentPage=1&pageSize=10',
  );
  await expect(list.getByTestId('article-title').first()).toHaveText(first.list[0]?.title ?? '');
  await expect(list.getByText(`共 ${first.pagination.total} 条`)).toBeVisible();

  // page size 10 → at most 10 rows; page 2 shows the rest
  await list.locator('.ant-pagination-options .ant-select').click();
  await page.getByTitle('10 条/页').click();
  await expect(list.getByTestId('article-title')).toHaveCount(Math.min(10, first.pagination.total));
  if (first.pagination.total > 10) {
    await list.locator('.ant-pagination-item-2').click();
    await expect(list.getByTestId('article-title')).toHaveCount(Math.min(10, first.pagination.total - 10));
  }

  // switch to 安全生产
  await list.getByRole('tab', { name: '安全生产' }).click();
  await expect(page).toHaveURL(/category=safety/);
  const safety = await api<{ list: { id: string; title: string; author: string }[] }>(
    page,
    token,
    '/api/home/Articles?category=safety&currentPage=1&pageSize=20',
  );
  const top = safety.list[0];
  expect(top).toBeTruthy();
  await expect(list.getByTestId('article-title').first()).toHaveText(top?.title ?? '');

  // open it: the reader shows its HTML content and publish time
  await list.getByTestId('article-title').first().click();
  await expect(page).toHaveURL(new RegExp(`id=${top?.id ?? ''}`));
  const detail = await api<{ title: string; contentHtml: string }>(
    page,
    token,
    `/api/home/Articles/${top?.id}`,
  );
  const content = page.getByTestId('article-content');
  await expect(content).toBeVisible();
  const plain = detail.contentHtml.replace(/<[^>]+>/g, '').slice(0, 10);
  await expect(content).toContainText(plain);
  await expect(page.getByTestId('article-meta')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(content.locator('script')).toHaveCount(0);

  // keyword search narrows the list
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/id=/);
  const word = (top?.title ?? '').slice(0, 4);
  await list.getByTestId('article-search').locator('input').fill(word);
  await list.getByTestId('article-search').locator('input').press('Enter');
  await expect(list.getByTestId('article-title').first()).toContainText(word);
});

test('arriving with ?id= opens the article', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const token = await apiToken(page);
  const party = await api<{ list: { id: string; title: string }[] }>(
    page,
    token,
    '/api/home/Articles?category=party&currentPage=1&pageSize=10',
  );
  const a = party.list[1] ?? party.list[0];
  await page.goto(`/bt/article/more?category=party&id=${a?.id}`);
  await expect(
    page.getByTestId('article-more').getByRole('tab', { name: '党建园地', selected: true }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(a?.title ?? '');
  await expect(page.getByTestId('article-content')).not.toBeEmpty();
});
