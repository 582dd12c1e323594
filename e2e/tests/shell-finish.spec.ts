// Finishing the shell (issue 17): the favicon, history navigation scrolling to the top (spec §2),
// and self-service account cancellation in /profile (spec §5) restored by an administrator.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import SparkMD5 from 'spark-md5';
import { apiToken, openMenu, signIn } from './helpers';

test('the favicon is ours, linked, and no page asks for a missing one', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  const ico = await page.request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/icon/);
  expect((await ico.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // an ICO header
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  const links = await page
    .locator('link[rel="icon"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLLinkElement).href));
  expect(links.map((h) => new URL(h).pathname)).toEqual(['/favicon.ico', '/favicon.svg']);
  for (const href of links) expect((await page.request.get(href)).status()).toBe(200);
  const svg = await page.request.get('/favicon.svg');
  expect(svg.headers()['content-type']).toMatch(/image\/svg\+xml/);
  expect(missing).toEqual([]);
});

test('history-mode navigation scrolls the page to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  const column = page.getByTestId('main-column');
  await expect(column).toHaveAttribute('data-fixed-header', 'false');
  // (the dashboard grows as its widgets load: scroll until it stays scrolled)
  await expect.poll(() => column.evaluate((el) => (el.scrollTo(0, 300), el.scrollTop))).toBe(300);
  await openMenu(page, '权限管理', '用户管理');
  await expect(page.getByTestId('user-list').locator('tbody tr').nth(10)).toBeVisible();
  // the user list is tall enough to have stayed at 300 had nothing scrolled it
  await expect
    .poll(() => column.evaluate((el) => el.scrollHeight - el.clientHeight))
    .toBeGreaterThanOrEqual(300);
  await expect.poll(() => column.evaluate((el) => el.scrollTop)).toBe(0);

  // back in history too
  await expect.poll(() => column.evaluate((el) => (el.scrollTo(0, 300), el.scrollTop))).toBe(300);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => column.evaluate((el) => el.scrollTop)).toBe(0);
});

async function makeUser(request: APIRequestContext, token: string, account: string, password: string) {
  const res = await request.post('/api/system/Permission/Users', {
    headers: { Authorization: token },
    data: {
      account,
      password: SparkMD5.hash(password),
      realName: `注销${account.slice(-4)}`,
      organizeId: 'dept-east',
      roleIds: ['role-operator'],
    },
  });
  const body = (await res.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
}

async function signInAs(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('/profile: a user cancels the account and an administrator restores it', async ({ page, browser }) => {
  test.setTimeout(120_000); // three sign-ins and the user list: past a minute on a loaded machine
  const account = `cancel${Math.random().toString(36).slice(2, 8)}`;
  const password = 'cancel123';
  await makeUser(page.request, await apiToken(page, 'admin'), account, password);
  // another session of the same user: it ends too
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await signInAs(otherPage, account, password);
    await expect(otherPage).toHaveURL(/\/home$/);

    await signInAs(page, account, password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/profile?tab=cancel');
    const form = page.getByTestId('profile-cancel-form');
    // a wrong password changes nothing
    await form.getByTestId('profile-cancel-password').fill('wrong1234');
    await form.getByTestId('profile-cancel-submit').click();
    await expect(page.getByRole('dialog')).toContainText('确定要注销账号吗？');
    await page.getByTestId('profile-cancel-ok').click();
    await expect(page.getByText('password: 密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\?tab=cancel$/);

    await form.getByTestId('profile-cancel-password').fill(password);
    await form.getByTestId('profile-cancel-submit').click();
    await page.getByTestId('profile-cancel-ok').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('账号已注销')).toBeVisible();
    // the other session was signed out by the server's push
    await expect(otherPage).toHaveURL(/\/login/);
    // and the account cannot sign in
    await signInAs(page, account, password);
    await expect(page.getByText('账户已被禁用，请联系管理员')).toBeVisible();
  } finally {
    await other.close();
  }

  // the administrator switches it back on in the user list
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/home$/);
  await openMenu(page, '权限管理', '用户管理');
  const list = page.getByTestId('user-list');
  await list.getByTestId('list-keyword').locator('input').fill(account);
  await list.getByTestId('list-keyword').locator('input').press('Enter');
  const row = list.locator('tr').filter({ hasText: account });
  const toggle = row.getByTestId('state-switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, account, password);
  await expect(page).toHaveURL(/\/home$/);
});
