// In-app messages and the personal profile (spec §2 message drawer, /messageRecord, /profile; §4
// read rules; §5 password rule). Needs the console wiring: <MessageBell /> in the navbar and the
// /messageRecord and /profile routes rendering MessageRecordPage and ProfilePage.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { apiToken, signIn } from './helpers';

const OPERATOR_ID = 'u-operator';

/** Admin creates and releases a notice to the operator through the API; answers its title. */
async function releaseNotice(request: APIRequestContext, token: string, title: string, bodyText: string) {
  const created = await request.post('/api/system/Message', {
    headers: { Authorization: token },
    data: { title, bodyText, toUserIds: [OPERATOR_ID] },
  });
  const body = (await created.json()) as { code: number; data: { id: string } };
  expect(body.code).toBe(200);
  const released = await request.put(`/api/system/Message/${body.data.id}/Actions/Release`, {
    headers: { Authorization: token },
  });
  expect(((await released.json()) as { code: number }).code).toBe(200);
  return body.data.id;
}

/** The operator's unread messages according to the list call (what initMessage counts). */
async function unreadViaApi(request: APIRequestContext, token: string): Promise<number> {
  let unread = 0;
  for (let currentPage = 1; ; currentPage++) {
    const res = await request.get(`/api/system/Message?currentPage=${currentPage}&pageSize=100`, {
      headers: { Authorization: token },
    });
    const body = (await res.json()) as { data: { list: { isRead: string }[] } };
    unread += body.data.list.filter((m) => m.isRead !== '1').length;
    if (body.data.list.length < 100) return unread;
  }
}

const count = (page: Page) => page.getByTestId('message-count');
const countValue = async (page: Page) => Number(await count(page).getAttribute('data-count'));

async function signInOperator(page: Page) {
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('message-bell')).toBeVisible();
}

test('a released notice reaches the bell without reload; opening it shows 查看消息 and drops the count', async ({
  page,
}) => {
  await signInOperator(page);
  const admin = await apiToken(page, 'admin');
  // wait for the socket's initMessage to set the counter
  const before = await unreadViaApi(page.request, await apiToken(page, 'operator'));
  await expect(count(page)).toHaveAttribute('data-count', String(before));
  const title = `停电通知-${Date.now()}`;
  await releaseNotice(
    page.request,
    admin,
    title,
    '<p>明晚<strong>东区停电</strong></p><img src="/x.png" onerror="window.__x=1">',
  );
  await expect(count(page)).toHaveAttribute('data-count', String(before + 1));

  await page.getByTestId('message-bell').click();
  const drawer = page.getByTestId('message-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('message-item').filter({ hasText: title }).click();
  const dialog = page.getByRole('dialog', { name: '查看消息' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('strong')).toHaveText('东区停电');
  await expect(dialog.locator('[onerror]')).toHaveCount(0);
  await expect(count(page)).toHaveAttribute('data-count', String(before));
  await expect(drawer.getByTestId('message-item').filter({ hasText: title })).toHaveAttribute(
    'data-read',
    '1',
  );
});

test('全部已读 asks, then sets the count to 0 and shows every message read', async ({ page }) => {
  await signInOperator(page);
  await releaseNotice(page.request, await apiToken(page, 'admin'), `巡查安排-${Date.now()}`, '<p>x</p>');
  await expect.poll(() => countValue(page)).toBeGreaterThan(0);
  await page.getByTestId('message-bell').click();
  await page.getByTestId('message-read-all').click();
  await expect(page.getByText('您确定全部为已读状态, 是否继续?')).toBeVisible();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(count(page)).toHaveAttribute('data-count', '0');
  const items = page.getByTestId('message-drawer').getByTestId('message-item');
  await expect(items.first()).toBeVisible();
  await expect(items.and(page.locator('[data-read="0"]'))).toHaveCount(0);

  // the 消息中心 link leads to the record page
  await page.getByTestId('message-center').click();
  await expect(page).toHaveURL(/\/messageRecord$/);
  await expect(page.getByTestId('message-record')).toBeVisible();
});

test('/messageRecord searches by keyword and deletes the selected rows after confirmation', async ({
  page,
}) => {
  await signInOperator(page);
  const title = `记录删除-${Date.now()}`;
  await releaseNotice(page.request, await apiToken(page, 'admin'), title, '<p>删除我</p>');
  await page.goto('/messageRecord');
  const record = page.getByTestId('message-record');
  await expect(record).toBeVisible();
  await page.getByTestId('record-keyword').fill(title);
  await page.getByTestId('record-search').click();
  const rows = record.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText('未读');

  await rows.first().locator('.ant-table-selection-column input[type="checkbox"]').check();
  await page.getByTestId('record-delete').click();
  await expect(
    page.getByText('This operation will permanently delete the data. Do you want to continue?'),
  ).toBeVisible();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(record.getByText('无数据')).toBeVisible();
  await page.reload();
  await page.getByTestId('record-keyword').fill(title);
  await page.getByTestId('record-search').click();
  await expect(record.getByText('无数据')).toBeVisible();
});

test('/profile base info edit persists after reload', async ({ page }) => {
  await signInOperator(page);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.getByTestId('profile-edit').click();
  const signature = `夜班巡查-${Date.now()}`;
  await page.getByTestId('profile-input-signature').fill(signature);
  await page.getByTestId('profile-input-mobile').fill('12345');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('please enter your mobile number correctly')).toBeVisible();
  await page.getByTestId('profile-input-mobile').fill('13800000099');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-signature')).toHaveText(signature);
  await page.reload();
  await expect(page.getByTestId('profile-signature')).toHaveText(signature);
  await expect(page.getByTestId('profile-mobile')).toHaveText('13800000099');
});

test('/profile password change with a bad new password shows the rule message', async ({ page }) => {
  await signInOperator(page);
  await page.goto('/profile');
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByTestId('profile-old-password').fill('operator123');
  await page.getByTestId('profile-new-password').fill('abcdef');
  await page.getByTestId('profile-confirm-password').fill('abcdef');
  await page.getByTestId('profile-password-save').click();
  await expect(page.getByText('6-16 character password (digits and letters)')).toBeVisible();
  await page.getByTestId('profile-new-password').fill('abc12345');
  await page.getByTestId('profile-confirm-password').fill('abc12346');
  await page.getByTestId('profile-password-save').click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
});

test("a workflow message is titled in the reader's language: the drawer, the message centre, /home", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'en-US', baseURL });
  const page = await context.newPage();
  // the operator launches a leave: their manager gets its to-do message
  const task = `Leave ${Date.now().toString(36)}`;
  const now = Date.now();
  const launched = await page.request.post('/api/workflow/Engine/FlowTask', {
    headers: { Authorization: await apiToken(page, 'operator') },
    data: {
      flowId: 'fe-leave',
      status: 0,
      fullName: task,
      data: JSON.stringify({
        leaveType: 'personal',
        leaveDays: 1,
        startTime: now + 86_400_000,
        endTime: now + 2 * 86_400_000,
        reason: 'e2e',
      }),
    },
  });
  expect(((await launched.json()) as { code: number }).code).toBe(200);
  // the names (who, the flow, the task) are people's words; the sentence around them is the reader's
  const english = `李明’s “请假申请” awaits your approval: ${task}`;
  const traditional = `李明的「请假申请」待您審批：${task}`;

  await signIn(page, 'manager');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('widget-messages').getByText(task)).toHaveText(english);

  await page.getByTestId('message-bell').click();
  const drawer = page.getByTestId('message-drawer');
  await expect(drawer.getByTestId('message-item').filter({ hasText: task })).toContainText(english);
  await page.keyboard.press('Escape');

  await page.goto('/messageRecord');
  const record = page.getByTestId('message-record');
  await page.getByTestId('record-keyword').fill(task);
  await page.getByTestId('record-search').click();
  const rows = record.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(english);

  await page.getByTestId('language-select').click();
  await page.getByTestId('lang-zhtw').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(rows.first()).toContainText(traditional);
  await context.close();
});
