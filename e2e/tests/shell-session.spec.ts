// Shell features beyond the first pass (issue 3): the navbar's feedback entry, the fixed-header
// setting, a tab keeping its query, the profile's avatar / settings / subordinates / log sections,
// a dashboard widget's error and retry, and a workflow message opening its flow page.
import { expect, test, type Page } from './fixtures';
import { apiToken, signIn } from './helpers';

// the profile test changes the operator's saved layout and language: put them back whatever happened
test.afterEach(async ({ page }) => {
  const token = await apiToken(page, 'operator');
  const headers = { Authorization: token };
  await page.request.put('/api/system/Permission/Users/Current/SystemTheme', {
    headers,
    data: { theme: 'classic' },
  });
  await page.request.put('/api/system/Permission/Users/Current/SystemLanguage', {
    headers,
    data: { language: 'zh' },
  });
});

async function signedIn(page: Page, account: 'admin' | 'operator' | 'manager') {
  await signIn(page, account);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('message-bell')).toBeVisible();
}

const countOf = async (page: Page) =>
  Number(await page.getByTestId('message-count').getAttribute('data-count'));

/** A 1×1 PNG, optionally padded past `size` bytes. */
function png(size = 0): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return size > base.length ? Buffer.concat([base, Buffer.alloc(size - base.length)]) : base;
}

test('feedback from the navbar reaches an administrator’s bell without reload', async ({ browser, page }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signedIn(admin, 'admin');
    await expect(admin.getByTestId('message-count')).toHaveAttribute('data-count', /\d+/);
    // the count settles once initMessage arrived
    await expect.poll(() => countOf(admin)).toBeGreaterThanOrEqual(0);
    const before = await countOf(admin);

    await signedIn(page, 'operator');
    await page.getByTestId('feedback-entry').click();
    const dialog = page.getByRole('dialog', { name: '意见反馈' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(dialog.getByText('请输入标题')).toBeVisible();
    const title = `地图卡顿-${Date.now()}`;
    await page.getByTestId('feedback-title').fill(title);
    await page.getByTestId('feedback-content').fill('早上打开照明地图 <b>很慢</b>');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(dialog).toBeHidden();

    await expect(admin.getByTestId('message-count')).toHaveAttribute('data-count', String(before + 1));
    await admin.getByTestId('message-bell').click();
    await admin.getByTestId('message-item').filter({ hasText: title }).click();
    const view = admin.getByRole('dialog', { name: '查看消息' });
    await expect(view).toContainText('早上打开照明地图 <b>很慢</b>');
    await expect(view.locator('b')).toHaveCount(0);
  } finally {
    await adminContext.close();
  }
});

test('fixed header keeps the navbar in view while the page scrolls; off, it scrolls away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await signedIn(page, 'admin');
  const column = page.getByTestId('main-column');
  await expect(column).toHaveAttribute('data-fixed-header', 'false');
  const navbarTop = () =>
    page.getByTestId('feedback-entry').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  const top0 = await navbarTop();
  // (the dashboard grows as its widgets load, so scroll again until there is room to)
  await expect
    .poll(async () => {
      await column.evaluate((el) => el.scrollTo(0, 300));
      return navbarTop();
    })
    .toBeLessThan(top0);

  await page.getByTestId('settings-open').click();
  await page.getByTestId('switch-fixedHeader').click();
  await expect(column).toHaveAttribute('data-fixed-header', 'true');
  await page.keyboard.press('Escape');
  const content = page.getByTestId('page-content');
  await expect
    .poll(async () => content.evaluate((el) => (el.scrollTo(0, 300), el.scrollTop)))
    .toBeGreaterThan(0);
  expect(await navbarTop()).toBe(top0);
  await page.reload();
  await expect(page.getByTestId('main-column')).toHaveAttribute('data-fixed-header', 'true');
});

test('a tab returns to the query it was left with', async ({ page }) => {
  await signedIn(page, 'operator');
  await page.goto('/profile');
  await page.getByRole('tab', { name: '系统日志' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=log$/);
  await page.getByTestId('tab').filter({ hasText: '首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.locator('[data-testid="tab"][data-path="/profile"]').click();
  await expect(page).toHaveURL(/\/profile\?tab=log$/);
  await expect(page.getByTestId('profile-log')).toBeVisible();
});

test('/profile: avatar upload with its size rule, layout and language saved on the server', async ({
  page,
}) => {
  await signedIn(page, 'operator');
  await page.goto('/profile?tab=avatar');
  const input = page.getByTestId('profile-avatar').locator('input[type="file"]');
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(2 * 1024 * 1024 + 1) });
  await expect(page.getByText('文件大小超过2MB')).toBeVisible();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
  const img = page.getByTestId('profile-avatar-img').locator('img');
  await expect(img).toHaveAttribute('src', /\/api\/file\/Image\/userAvatar\//);
  await expect(img).toHaveJSProperty('naturalWidth', 1);
  const token = await apiToken(page, 'operator');
  const info = async () =>
    (
      (await (
        await page.request.get('/api/oauth/CurrentUser', { headers: { Authorization: token } })
      ).json()) as { data: { userInfo: { headIcon: string; theme: string } } }
    ).data.userInfo;
  expect((await info()).headIcon).toMatch(/userAvatar/);

  await page.getByRole('tab', { name: '系统设置' }).click();
  await page.getByTestId('profile-theme').getByText('功能布局').click();
  await expect(page.locator('[data-layout="functional"]')).toBeVisible();
  await expect.poll(async () => (await info()).theme).toBe('functional');

  await page.getByTestId('profile-language').click();
  await page.getByTitle('English').click();
  await expect(page.getByRole('tab', { name: 'System log' })).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-layout="functional"]')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'System log' })).toBeVisible();
});

test('/profile: subordinates and my system log with my sign-in', async ({ page }) => {
  await signedIn(page, 'manager');
  await page.goto('/profile?tab=subordinate');
  const subs = page.getByTestId('profile-subordinates');
  await expect(subs.locator('tbody tr').first()).toBeVisible();
  await expect(subs).toContainText('operator');
  await page.getByRole('tab', { name: '系统日志' }).click();
  const log = page.getByTestId('profile-log');
  await expect(log.locator('tbody tr').first()).toBeVisible();
  await expect(log.locator('tbody')).toContainText('127.0.0.1');
  await expect(log.locator('.ant-pagination')).toBeVisible();
});

test('a dashboard widget that fails shows the error and recovers on retry', async ({ page }) => {
  let fail = true;
  await page.route('**/api/home/Notices**', (route) =>
    fail ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
  );
  await signedIn(page, 'admin');
  const widget = page.getByTestId('widget-notices');
  await expect(widget.getByTestId('widget-error')).toBeVisible();
  fail = false;
  await widget
    .getByRole('button')
    .filter({ hasText: /重\s*试/ })
    .click();
  await expect(widget.getByTestId('widget-error')).toHaveCount(0);
  await expect(widget.getByTestId('widget-item').first()).toBeVisible();
});

test('a workflow to-do message opens its flow page', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.getByTestId('message-bell').click();
  const item = page.getByTestId('message-item').filter({ hasText: '路灯故障维修申请' });
  await item.click();
  await expect(page).toHaveURL(/\/workFlow\/flowTodo\?flowId=flow-001&taskId=task-1000$/);
});
