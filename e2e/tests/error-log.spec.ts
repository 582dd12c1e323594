// The production error handler (issue 17, spec §8): an error thrown in a page is recorded with the
// page and the user, counted when it repeats, and shown in 系统日志 → 异常日志.
import { expect, test } from './fixtures';
import { apiToken, openMenu, signIn } from './helpers';

interface Row {
  abstracts: string;
  requestUrl: string;
  userName: string;
  count: number;
  detail: { source?: string; app?: string };
}

test('an error thrown in a page shows up in 异常日志 with the user, page, time and count', async ({
  page,
}) => {
  const marker = `e2e boom ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();

  // the same uncaught error twice (same place in code), and an unhandled rejection
  await page.evaluate((m) => {
    const boom = () => {
      throw new Error(m);
    };
    setTimeout(boom);
    setTimeout(boom);
    void Promise.reject(new Error(`${m} (rejected)`));
  }, marker);

  const token = await apiToken(page, 'admin');
  const rows = async (): Promise<Row[]> => {
    const res = await page.request.get('/api/system/Log?category=4&pageSize=100', {
      headers: { Authorization: token },
    });
    return ((await res.json()) as { data: { list: Row[] } }).data.list.filter((r) =>
      r.abstracts.startsWith(marker),
    );
  };
  // the first of each is reported at once; the repeat goes with the page when it is left
  await expect.poll(async () => (await rows()).length).toBe(2);
  await page.goto('/home');
  await expect.poll(async () => (await rows()).find((r) => r.abstracts === marker)?.count).toBe(2);
  const [thrown] = (await rows()).filter((r) => r.abstracts === marker);
  expect(thrown).toMatchObject({ requestUrl: '/profile', detail: { source: 'error', app: 'host' } });
  expect(thrown?.userName).toMatch(/\/operator$/);
  expect((await rows()).find((r) => r.abstracts.endsWith('(rejected)'))?.detail.source).toBe('rejection');

  // the administrator reads it in the system log's 异常日志 tab
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/home$/);
  await openMenu(page, '系统管理', '系统日志');
  await page.getByTestId('log-tabs').getByRole('tab', { name: '异常日志' }).click();
  const list = page.getByTestId('log-list-4');
  const row = list.locator('tr').filter({ hasText: marker }).filter({ hasNotText: 'rejected' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('/profile');
  await expect(row).toContainText('operator');
  await expect(row.locator('td').nth(5)).toHaveText('2'); // after the expand cell: time, user, page, error, count
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(list.getByTestId('error-detail').first()).toContainText(marker);
});
