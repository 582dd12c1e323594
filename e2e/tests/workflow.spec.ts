// Workflow (issue 14) in several browsers against the real server: a flow designed with a condition
// and a countersign, released, launched by the operator; the manager's to-do badge rises live;
// rejected back to the initiator, resubmitted, approved to the end. The seeded repair-dispatch
// flow dispatches its order on the map; an expensive order asks for that approval from the map's
// order list; a delegation lets the delegate act; the monitor cancels; the designer's JSON goes out
// and comes back in.
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { apiToken, type Account } from './helpers';

/** A signed-in console page for `account` at `path`. */
async function consoleAs(browser: Browser, account: Account, path: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const token = await apiToken(page, account);
  await page.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
  await page.goto(path);
  return page;
}

const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Chooses an option of a Select by its text (the visible option, not its screen-reader twin). */
async function pick(page: Page, select: Locator, option: string) {
  // a dropdown closed under the pointer while the page re-renders beside it (the repair list reloading
  // after the map follows an order) is opened again, as a user would
  await expect(async () => {
    if ((await dropdown(page).count()) === 0) await select.click();
    await dropdown(page)
      .locator('.ant-select-item-option-content', { hasText: exactly(option) })
      .first()
      .click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Chooses users in a (multiple) TreeSelect by searching each name. */
async function pickUsers(page: Page, select: Locator, names: string[]) {
  for (const name of names) {
    // the list may close under the pointer as the tree re-renders after the previous choice: open it
    // again and search again, as a user would
    await expect(async () => {
      if ((await dropdown(page).count()) === 0) await select.click();
      await select.locator('input').fill(name);
      await dropdown(page)
        .locator('.ant-select-tree-title', { hasText: name })
        .first()
        .click({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(select).toContainText(name);
  }
  await page.keyboard.press('Escape');
}

/** The input of a control whose test id sits on the input itself or on a box around it. */
const inputOf = (scope: Locator, testId: string) =>
  scope.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

async function fillDate(page: Page, item: Locator, text: string) {
  await item.locator('input').click();
  await item.locator('input').fill(text);
  await page.keyboard.press('Enter');
}

/** The server's answer to a call made with the page's session. */
async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('lighting_token__String'));
  const res = await page.request.fetch(`/api${url}`, {
    method,
    headers: { Authorization: token ?? '' },
    ...(data ? { data } : {}),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

async function openTodo(page: Page, title: string) {
  const list = page.getByTestId('flow-todo-list');
  await list.getByTestId('list-keyword').locator('input').fill(title);
  await list.getByTestId('list-keyword').locator('input').press('Enter');
  await list.getByTestId('row-title').filter({ hasText: title }).first().click();
  await expect(page.getByTestId('task-view')).toBeVisible();
  await expect(page.getByTestId('task-actions')).toBeVisible();
}

async function approve(page: Page, title: string, opinion: string) {
  await openTodo(page, title);
  await page.getByTestId('task-opinion').fill(opinion);
  await page.getByTestId('act-audit').click();
  await expect(page.getByTestId('task-view')).toBeHidden();
}

// Cold console pages in three browsers, the designer and the form renderer: minutes on a busy
// 2-core machine, seconds on a quiet one.
test.setTimeout(420_000);
// a step that cannot happen fails in reasonable time instead of at the test's end
test.use({ actionTimeout: 45_000 });

test('design with a condition and a countersign, release, launch, live badge, reject, resubmit, approve to the end', async ({
  browser,
}) => {
  const n = Date.now().toString(36);
  const name = `E2E请假${n}`;
  const code = `e2eLeave${n}`;

  // ---- admin designs the flow
  const admin = await consoleAs(browser, 'admin', '/workFlow/flowEngine');
  const flows = admin.getByTestId('flow-engine-list');
  await expect(flows).toBeVisible({ timeout: 60_000 });
  await flows.getByTestId('btn-add').click();
  const form = admin.getByTestId('flow-form');
  await form.getByTestId('field-fullName').fill(name);
  await form.getByTestId('field-enCode').fill(code);
  await form.getByTestId('field-category').locator('input').fill('E2E');
  // the category's suggestions would cover the next field (Escape would close the dialog)
  await form.locator('.ant-modal-title').click();
  await pick(admin, form.getByTestId('field-formId'), '请假申请（系统表单）');
  await form.locator('.ant-modal-footer .ant-btn-primary').click();

  const designer = admin.getByTestId('flow-designer');
  await expect(designer).toBeVisible({ timeout: 30_000 });
  const first = designer.locator('[data-node-type="approver"]').first();
  const drawer = admin.getByTestId('node-drawer');
  // named people without anybody chosen: the node is marked and the release refused
  await first.click();
  await drawer.getByTestId('assignee-type').getByText('指定成员', { exact: true }).click();
  await drawer.getByTestId('node-drawer-ok').click();
  await expect(first).toHaveAttribute('data-invalid', 'true');
  await expect(designer.getByTestId('problem-count')).toHaveAttribute('data-count', '1');
  await designer.getByTestId('designer-release').click();
  await expect(designer.getByTestId('design-problems')).toContainText('请设置审批人');
  await first.click();
  await drawer.getByTestId('node-title').fill('主管审批');
  await pickUsers(admin, drawer.getByTestId('approvers-users'), ['王志刚']);
  await drawer.getByTestId('node-drawer-ok').click();
  await expect(first).not.toHaveAttribute('data-invalid', 'true');
  await expect(first).toContainText('王志刚');

  // a condition group after it: 请假天数 >= 3 goes to a countersign of the manager and the admin
  const firstId = (await first.getAttribute('data-testid'))!.replace('flow-node-', '');
  await designer.getByTestId(`add-after-${firstId}`).click();
  await admin.locator('.ant-popover:visible').getByTestId('add-condition').click();
  const group = designer.locator('[data-testid^="flow-group-"]');
  await expect(group).toHaveCount(1);
  const cond = group.locator('[data-node-type="condition"]').first();
  await cond.click();
  await drawer.getByTestId('condition-add').click();
  await pick(admin, drawer.getByTestId('condition-field'), '请假天数');
  await pick(admin, drawer.getByTestId('condition-symbol'), '>=');
  await inputOf(drawer, 'condition-value').fill('3');
  await drawer.getByTestId('node-drawer-ok').click();
  await expect(cond).toContainText('请假天数 >= 3');

  const condId = (await cond.getAttribute('data-testid'))!.replace('flow-node-', '');
  await designer.getByTestId(`add-after-${condId}`).click();
  await admin.locator('.ant-popover:visible').getByTestId('add-approver').click();
  const counter = group.locator('[data-node-type="approver"]').first();
  await counter.click();
  await drawer.getByTestId('node-title').fill('会签审批');
  await pickUsers(admin, drawer.getByTestId('approvers-users'), ['王志刚', '系统管理员']);
  await drawer.getByTestId('sign-mode').getByText('会签', { exact: true }).click();
  await expect(inputOf(drawer, 'countersign-ratio')).toHaveValue('100');
  await drawer.getByTestId('node-drawer-ok').click();
  await expect(counter).toContainText('会签 100%');
  await expect(designer.getByTestId('problem-count')).toHaveAttribute('data-count', '0');

  // zoom changes the drawing's scale, not its content
  await designer.getByTestId('zoom-out').click();
  await expect(designer.getByTestId('zoom-value')).toHaveText('90%');

  await designer.getByTestId('designer-release').click();
  await expect(admin.getByText('发布成功')).toBeVisible();
  await designer.getByTestId('designer-back').click();
  await expect(designer).toBeHidden();
  const row = flows.locator('tr', { hasText: code });
  await expect(row).toContainText('已发布');

  // ---- the manager watches the to-do list; the operator launches
  const manager = await consoleAs(browser, 'manager', '/workFlow/flowTodo');
  const badge = manager.getByTestId('todo-badge');
  await expect(manager.getByTestId('flow-todo-list')).toBeVisible({ timeout: 60_000 });
  // the badge shows the server's count once its first read arrives: start from there (read too early,
  // it was the 0 it shows before)
  const counted = await manager.request.get('/api/workflow/Engine/FlowBefore/Count', {
    headers: { Authorization: await apiToken(manager, 'manager') },
  });
  const before = ((await counted.json()) as { data: { todo: number } }).data.todo;
  await expect(badge).toHaveAttribute('data-count', String(before));
  const bellBefore = Number(await manager.getByTestId('message-count').getAttribute('data-count'));

  const operator = await consoleAs(browser, 'operator', '/workFlow/flowLaunch');
  await operator.getByTestId(`launch-${code}`).click({ timeout: 60_000 });
  const launch = operator.getByTestId('launch-form');
  await expect(launch.getByTestId('item-leaveType')).toBeVisible({ timeout: 30_000 });
  const title = `年假 ${n}`;
  await launch.getByTestId('launch-title').fill(title);
  // an empty form is refused by the form's own rules
  await launch.getByTestId('launch-submit').click();
  await expect(launch.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await pick(operator, launch.getByTestId('item-leaveType').locator('.ant-select'), '年假');
  await launch.getByTestId('item-leaveDays').locator('input').fill('5');
  await fillDate(operator, launch.getByTestId('item-startTime'), '2026-03-02 09:00');
  await fillDate(operator, launch.getByTestId('item-endTime'), '2026-03-06 18:00');
  await launch.getByTestId('item-reason').locator('textarea').fill('回老家');
  await launch.getByTestId('launch-submit').click();
  await expect(launch).toBeHidden();
  const mine = operator.getByTestId('flow-mine-list');
  await expect(mine.locator('tr', { hasText: title }).getByTestId('status-tag')).toHaveAttribute(
    'data-status',
    '1',
  );

  // the badge and the bell rise without a reload, and the row is there
  await expect(badge).toHaveAttribute('data-count', String(before + 1));
  await expect(manager.getByTestId('message-count')).toHaveAttribute('data-count', String(bellBefore + 1));
  await expect(
    manager.getByTestId('flow-todo-list').getByTestId('row-title').filter({ hasText: title }),
  ).toBeVisible();

  // ---- the manager rejects it back to the initiator
  await openTodo(manager, title);
  await expect(manager.getByTestId('task-form')).toContainText('回老家');
  // the chart names the people of the nodes not reached yet, as the design resolves them now
  await manager.getByTestId('task-view').getByRole('tab', { name: '流程信息' }).click();
  const chartNow = manager.getByTestId('task-view').getByTestId('flow-chart');
  await expect(chartNow.locator('[data-node-type="start"]')).toContainText('李明');
  await expect(chartNow.locator('[data-node-type="approver"]', { hasText: '会签审批' })).toContainText(
    '王志刚、系统管理员',
  );
  await manager.getByTestId('task-view').getByRole('tab', { name: '表单信息' }).click();
  await manager.getByTestId('task-opinion').fill('请补充交接安排');
  await manager.getByTestId('act-reject').click();
  await manager.getByTestId('task-ask').locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(manager.getByTestId('task-view')).toBeHidden();
  await expect(badge).toHaveAttribute('data-count', String(before));

  // ---- the operator sees it rejected, edits and submits again
  const mineRow = mine.locator('tr', { hasText: title });
  await expect(mineRow.getByTestId('status-tag')).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  await mineRow.getByTestId('row-edit').click();
  await expect(launch.getByTestId('item-reason').locator('textarea')).toHaveValue('回老家');
  // why it came back: the node, who, and their opinion
  await expect(launch.getByTestId('launch-rejection')).toContainText('主管审批');
  await expect(launch.getByTestId('launch-rejection')).toContainText('王志刚');
  await expect(launch.getByTestId('launch-rejection')).toContainText('请补充交接安排');
  await launch.getByTestId('item-reason').locator('textarea').fill('回老家，工作已交接给张伟');
  await launch.getByTestId('launch-submit').click();
  await expect(launch).toBeHidden();
  await expect(mineRow.getByTestId('status-tag')).toHaveAttribute('data-status', '1');

  // ---- approved: the first node, then the countersign needs both
  await expect(badge).toHaveAttribute('data-count', String(before + 1));
  await approve(manager, title, '同意');
  // the condition (5 days ≥ 3) sends it to the countersign: the manager's vote alone is not enough
  await expect(badge).toHaveAttribute('data-count', String(before + 1));
  await approve(manager, title, '会签同意');
  await expect(mineRow.getByTestId('status-tag')).toHaveAttribute('data-status', '1');
  await admin.goto('/workFlow/flowTodo');
  await approve(admin, title, '同意');
  await operator.reload();
  await operator.getByText('我发起的').click();
  await expect(mine.locator('tr', { hasText: title }).getByTestId('status-tag')).toHaveAttribute(
    'data-status',
    '2',
    {
      timeout: 30_000,
    },
  );

  // the record timeline keeps every step, the reject included, and the chart shows every node passed
  await mine.locator('tr', { hasText: title }).getByTestId('row-open').click();
  const view = operator.getByTestId('task-view');
  await view.getByRole('tab', { name: /流转记录/ }).click();
  const records = view.getByTestId('task-record');
  await expect(records).toHaveCount(6); // submit, reject, submit, agree, agree, agree
  await expect(records.nth(1)).toHaveAttribute('data-action', '0');
  // each record says what, where, who and when: nothing else (a stray 0 followed every name)
  await expect(records.first()).toContainText('李明');
  expect(await records.locator('.ant-space-item').allTextContents()).not.toContain('0');
  await expect(view.getByTestId('task-records')).toContainText('请补充交接安排');
  await view.getByRole('tab', { name: '流程信息' }).click();
  await expect(
    view.getByTestId('flow-chart').locator('[data-node-type="approver"][data-state="2"]'),
  ).toHaveCount(2);

  await Promise.all([admin.context().close(), manager.context().close(), operator.context().close()]);
});

test('the seeded repair-dispatch flow: approved, the order is dispatched on the map', async ({ browser }) => {
  const operator = await consoleAs(browser, 'operator', '/workFlow/flowLaunch');
  // a new pending repair order of a lamp of the demo city, for this test alone
  const [asset] = await api<Array<{ objectid: number }>>(
    operator,
    'GET',
    '/map/assets/search?code=SL-&limit=1',
  );
  expect(asset).toBeTruthy();
  const order = await api<{ id: string; billNo: string; state: string }>(
    operator,
    'POST',
    '/map/repair-orders',
    {
      assetId: asset!.objectid,
      title: `E2E 派工 ${Date.now().toString(36)}`,
    },
  );
  expect(order.state).toBe('pending');

  await operator.getByTestId('launch-repairOrder').click({ timeout: 60_000 });
  const launch = operator.getByTestId('launch-form');
  await expect(launch.getByTestId('item-orderId')).toBeVisible({ timeout: 30_000 });
  const title = `派工 ${Date.now().toString(36)}`;
  await launch.getByTestId('launch-title').fill(title);
  await launch.getByTestId('item-orderId').locator('.ant-select').click();
  await dropdown(operator).locator('.ant-select-item-option-content', { hasText: order.billNo }).click();
  // the order's list closes (animated) before the crew's opens, or its options would be picked
  await expect(dropdown(operator)).toHaveCount(0);
  await launch.getByTestId('item-crewId').locator('.ant-select').click();
  await dropdown(operator).locator('.ant-select-item-option').first().click();
  await launch.getByTestId('item-estimatedCost').locator('input').fill('8000');
  await launch.getByTestId('launch-submit').click();
  await expect(launch).toBeHidden();
  const orderId = order.id;

  // while it waits the map refuses to dispatch the order by hand
  const token = await operator.evaluate(() => localStorage.getItem('lighting_token__String'));
  const refused = await operator.request.put(`/api/map/repair-orders/${orderId}/Actions/Dispatch`, {
    headers: { Authorization: token ?? '' },
    data: { crewId: 'crew-1' },
  });
  expect(((await refused.json()) as { msg: string }).msg).toContain('派工审批中');
  expect((await api<{ state: string }>(operator, 'GET', `/map/repair-orders/${orderId}`)).state).toBe(
    'pending',
  );

  const manager = await consoleAs(browser, 'manager', '/workFlow/flowTodo');
  await expect(manager.getByTestId('flow-todo-list')).toBeVisible({ timeout: 60_000 });
  await approve(manager, title, '同意派工');

  // the map shows the order dispatched to the crew
  await manager.goto(`/bt/map/repair?order=${encodeURIComponent(orderId)}`);
  await expect
    .poll(async () => (await api<{ state: string }>(manager, 'GET', `/map/repair-orders/${orderId}`)).state, {
      timeout: 30_000,
    })
    .toBe('dispatched');
  const orderRow = manager.locator('tr', { hasText: order.billNo });
  await expect(orderRow).toContainText('已派单', { timeout: 60_000 });
  // its crew in the order's drawer (the panel shows the crew column only when it has room)
  await orderRow.getByTestId('order-open').click();
  await expect(manager.getByTestId('order-drawer')).toContainText('抢修一队');
  await Promise.all([manager.context().close(), operator.context().close()]);
});

test('an expensive repair order: the map asks for approval, the manager’s approval dispatches it', async ({
  browser,
}) => {
  const operator = await consoleAs(browser, 'operator', '/home');
  // a new pending repair order without a cost, for this test alone
  const [asset] = await api<Array<{ objectid: number }>>(
    operator,
    'GET',
    '/map/assets/search?code=SL-&limit=1',
  );
  expect(asset).toBeTruthy();
  const order = await api<{ id: string; billNo: string; title: string; estimatedCost: number | null }>(
    operator,
    'POST',
    '/map/repair-orders',
    { assetId: asset!.objectid, title: `E2E 高额 ${Date.now().toString(36)}` },
  );
  expect(order.estimatedCost).toBeNull();

  // on the map's order list it is dispatched directly until its estimated cost reaches the threshold
  await operator.goto(`/bt/map/repair?order=${encodeURIComponent(order.id)}`);
  const row = operator.getByTestId('order-list').locator('tr', { hasText: order.billNo });
  await expect(row.getByTestId('order-dispatch')).toBeVisible({ timeout: 60_000 });
  // the estimated cost as the order's drawer shows it (the panel's cost column shows only when it has room)
  const costInDrawer = async (text: string) => {
    await row.getByTestId('order-open').click();
    await expect(operator.getByTestId('order-drawer-cost')).toHaveText(text);
    const drawer = operator.locator('.ant-drawer-open').filter({ has: operator.getByTestId('order-drawer') });
    await drawer.locator('.ant-drawer-close').click();
    await expect(operator.getByTestId('order-drawer')).toHaveCount(0);
  };
  await costInDrawer('-');
  await row.getByTestId('order-edit-open').click();
  const dialog = operator.getByRole('dialog');
  await inputOf(dialog, 'order-edit-cost').fill('8000');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await costInDrawer('8,000.00');
  await expect(row.getByTestId('order-dispatch')).toHaveCount(0);
  await expect(row.getByTestId('order-launch-approval')).toHaveText('发起审批');

  // the server refuses a direct dispatch all the same
  const token = await operator.evaluate(() => localStorage.getItem('lighting_token__String'));
  const refused = await operator.request.put(`/api/map/repair-orders/${order.id}/Actions/Dispatch`, {
    headers: { Authorization: token ?? '' },
    data: { crewId: 'crew-1' },
  });
  expect(((await refused.json()) as { msg: string }).msg).toContain('须经理审批后派工');

  // 发起审批 with a crew launches the repair flow; the order then waits (审批中, no dispatch control)
  await pick(operator, row.getByTestId('order-crew'), '抢修一队');
  await row.getByTestId('order-launch-approval').click();
  await expect(row.getByTestId('order-approval-waiting')).toHaveText('审批中');
  await expect(row.getByTestId('order-launch-approval')).toHaveCount(0);
  await expect(row.getByTestId('order-crew')).toHaveCount(0);

  const manager = await consoleAs(browser, 'manager', '/workFlow/flowTodo');
  await expect(manager.getByTestId('flow-todo-list')).toBeVisible({ timeout: 60_000 });
  await approve(manager, `派工审批：${order.title}`, '同意派工');

  // the approval dispatches it to the crew chosen on the map; the operator's list follows
  await expect
    .poll(
      async () => (await api<{ state: string }>(manager, 'GET', `/map/repair-orders/${order.id}`)).state,
      {
        timeout: 30_000,
      },
    )
    .toBe('dispatched');
  await expect(row).toContainText('已派单', { timeout: 60_000 });
  // its crew and the approval in the order's drawer (the narrow panel shows neither column)
  await row.getByTestId('order-open').click();
  await expect(operator.getByTestId('order-drawer')).toContainText('抢修一队');
  await expect(operator.getByTestId('order-drawer')).toContainText('已审批');
  await Promise.all([manager.context().close(), operator.context().close()]);
});

test('entrust: the delegate sees the delegator’s to-do and acts for them', async ({ browser }) => {
  const manager = await consoleAs(browser, 'manager', '/workFlow/entrust');
  const list = manager.getByTestId('flow-delegate-list');
  await expect(list).toBeVisible({ timeout: 60_000 });
  await list.getByTestId('btn-add').click();
  const form = manager.getByTestId('delegate-form');
  await pickUsers(manager, form.getByTestId('field-toUserId'), ['系统管理员']);
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(form).toBeHidden();
  // the manager's own delegation to the administrator (the list also holds the ones made to the
  // manager, a month ahead, by other tests of this worker)
  const own = list.locator('tr', { hasText: /王志刚[\s\S]*系统管理员/ });
  const row = own.first();
  await expect(row.getByTestId('delegate-state')).toHaveText('生效中');

  // the operator's leave request goes to the manager (the seeded leave flow)
  const operator = await consoleAs(browser, 'operator', '/workFlow/flowLaunch');
  await operator.getByTestId('launch-leaveApply').click({ timeout: 60_000 });
  const launch = operator.getByTestId('launch-form');
  await expect(launch.getByTestId('item-leaveType')).toBeVisible({ timeout: 30_000 });
  const title = `病假 ${Date.now().toString(36)}`;
  await launch.getByTestId('launch-title').fill(title);
  await pick(operator, launch.getByTestId('item-leaveType').locator('.ant-select'), '病假');
  await launch.getByTestId('item-leaveDays').locator('input').fill('1');
  await fillDate(operator, launch.getByTestId('item-startTime'), '2026-04-01 09:00');
  await fillDate(operator, launch.getByTestId('item-endTime'), '2026-04-01 18:00');
  await launch.getByTestId('item-reason').locator('textarea').fill('发烧');
  await launch.getByTestId('launch-submit').click();
  await expect(launch).toBeHidden();

  // the admin (the delegate) sees it marked as the manager's and approves it
  const admin = await consoleAs(browser, 'admin', '/workFlow/flowTodo');
  await expect(admin.getByTestId('flow-todo-list')).toBeVisible({ timeout: 60_000 });
  const todoRow = admin.getByTestId('flow-todo-list').locator('tr', { hasText: title });
  await expect(todoRow).toContainText('代 王志刚');
  await approve(admin, title, '代为同意');

  await operator.getByText('我发起的').click();
  const mine = operator.getByTestId('flow-mine-list').locator('tr', { hasText: title });
  await mine.getByTestId('row-open').click();
  const view = operator.getByTestId('task-view');
  await view.getByRole('tab', { name: /流转记录/ }).click();
  await expect(view.getByTestId('task-records')).toContainText('系统管理员（代 王志刚）');

  // the delegation ends when it is deleted: the next to-do stays the manager's alone
  await row.getByTestId('row-remove').click();
  await manager.locator('.ant-modal-confirm .ant-btn-dangerous').click();
  await expect(own).toHaveCount(0);
  await Promise.all([admin.context().close(), manager.context().close(), operator.context().close()]);
});

test('the monitor cancels a waiting task', async ({ browser }) => {
  const operator = await consoleAs(browser, 'operator', '/workFlow/flowLaunch');
  await operator.getByTestId('launch-leaveApply').click({ timeout: 60_000 });
  const launch = operator.getByTestId('launch-form');
  await expect(launch.getByTestId('item-leaveType')).toBeVisible({ timeout: 30_000 });
  const title = `调休 ${Date.now().toString(36)}`;
  await launch.getByTestId('launch-title').fill(title);
  await pick(operator, launch.getByTestId('item-leaveType').locator('.ant-select'), '调休');
  await launch.getByTestId('item-leaveDays').locator('input').fill('1');
  await fillDate(operator, launch.getByTestId('item-startTime'), '2026-05-06 09:00');
  await fillDate(operator, launch.getByTestId('item-endTime'), '2026-05-06 18:00');
  await launch.getByTestId('item-reason').locator('textarea').fill('加班调休');
  await launch.getByTestId('launch-submit').click();
  await expect(launch).toBeHidden();

  const admin = await consoleAs(browser, 'admin', '/workFlow/flowMonitor');
  const list = admin.getByTestId('flow-monitor-list');
  await expect(list).toBeVisible({ timeout: 60_000 });
  await list.getByTestId('list-keyword').locator('input').fill(title);
  await list.getByTestId('list-keyword').locator('input').press('Enter');
  const row = list.locator('tr', { hasText: title });
  await expect(row.getByTestId('status-tag')).toHaveAttribute('data-status', '1');
  await row.getByTestId('row-cancel').click();
  const dialog = admin.getByTestId('cancel-dialog');
  await dialog.getByTestId('cancel-opinion').fill('重复申请');
  await dialog.locator('.ant-modal-footer .ant-btn-dangerous').click();
  await expect(row.getByTestId('status-tag')).toHaveAttribute('data-status', '5');

  await operator.getByText('我发起的').click();
  await expect(
    operator.getByTestId('flow-mine-list').locator('tr', { hasText: title }).getByTestId('status-tag'),
  ).toHaveAttribute('data-status', '5');
  await Promise.all([admin.context().close(), operator.context().close()]);
});

test('the designer exports the JSON, imports it back (one undoable step) and refuses what is not a flow', async ({
  browser,
}) => {
  const admin = await consoleAs(browser, 'admin', '/workFlow/flowEngine?design=fe-leave');
  const designer = admin.getByTestId('flow-designer');
  await expect(designer.locator('[data-node-type="start"]')).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    designer.getByTestId('export-json').click(),
  ]);
  expect(download.suggestedFilename()).toBe('leaveApply.flow.json');
  const path = await download.path();
  const def = JSON.parse(readFileSync(path, 'utf8')) as {
    type: string;
    childNode: { type: string; properties: { title: string } };
  };
  expect(def.type).toBe('start');
  const original = def.childNode.properties.title;
  def.childNode.properties.title = '导入的审批';

  await designer.getByTestId('open-import').click();
  const dialog = admin.locator('.ant-modal', { hasText: '导入流程 JSON' });
  await dialog.getByTestId('import-text').fill('{"type":"approver","nodeId":"x","properties":{}}');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog.getByTestId('import-error')).toContainText('流程必须以发起节点开始');
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'edited.flow.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(def)),
  });
  await expect(dialog).toBeHidden();
  const first = designer.locator('[data-node-type="approver"]').first();
  await expect(first).toContainText('导入的审批');
  await designer.getByTestId('undo').click();
  await expect(first).toContainText(original);
  await designer.getByTestId('redo').click();
  await expect(first).toContainText('导入的审批');
  // leaving with the change asks first; the flow is left as it was saved
  await designer.getByTestId('designer-back').click();
  await expect(admin.locator('.ant-modal-confirm')).toContainText('有未保存的修改');
  await admin
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /离\s*开/ })
    .click();
  await expect(designer).toBeHidden();
  await admin.context().close();
});

/** A JNPF 3.x designer form (formType 2), as its client saves one: 巡检路段 (text) and 灯数 (number). */
function form3x(): object {
  const config = (jnpfKey: string, label: string, formId: number, tag: string) => ({
    jnpfKey,
    label,
    showLabel: true,
    tag,
    required: false,
    layout: 'colFormItem',
    span: 24,
    regList: [],
    trigger: 'blur',
    formId,
    renderKey: 1_637_000_000_000 + formId,
  });
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    labelWidth: 100,
    gutter: 15,
    span: 24,
    idGlobal: 103,
    fields: [
      { __config__: config('comInput', '巡检路段', 101, 'el-input'), clearable: true, __vModel__: 'road' },
      { __config__: config('numInput', '灯数', 102, 'el-input-number'), step: 1, __vModel__: 'lamps' },
    ],
  };
}

/** A 3.x approver node naming its approvers. */
const approver3x = (
  nodeId: string,
  prevId: string,
  title: string,
  approvers: string[],
  childNode?: object,
) => ({
  type: 'approver',
  content: title,
  properties: {
    title,
    approvers,
    approverPos: [],
    assigneeType: 6,
    formOperates: [],
    progress: '50',
    rejectStep: '0',
  },
  nodeId,
  prevId,
  ...(childNode ? { childNode } : {}),
});

const start3x = (nodeId: string, childNode: object) => ({
  type: 'start',
  content: '所有人',
  properties: { title: '发起节点', initiator: [], initiatePos: [], formOperates: [] },
  nodeId,
  childNode,
});

test('a JNPF 3.x sub-flow: its card in the designer, the child linked to its parent, the parent waits for it', async ({
  browser,
}) => {
  const s = Math.random().toString(36).slice(2, 6);
  const childName = `巡检确认${s}`;
  const parentName = `路段整改${s}`;
  const admin = await consoleAs(browser, 'admin', '/workFlow/flowEngine');
  const create = async (fullName: string, enCode: string, tpl: object) => {
    const created = await api<{ id: string }>(admin, 'POST', '/workflow/Engine/FlowEngine', {
      id: '',
      category: 'maintenance',
      fullName,
      enCode,
      type: 0,
      formData: JSON.stringify(form3x()),
      description: '',
      formType: 2,
      enabledMark: 1,
      sortCode: 0,
      icon: 'icon-ym icon-ym-flowDesign',
      iconBackground: '#008cff',
      tables: '[]',
      flowTemplateJson: JSON.stringify(tpl),
    });
    await api(admin, 'POST', `/workflow/Engine/FlowEngine/Release/${created.id}`);
    return created.id;
  };
  const childId = await create(
    childName,
    `check${s}`,
    start3x('C0', approver3x('C1', 'C0', '巡检确认', ['u-admin'])),
  );
  // 主管审批 (the manager) → 路段巡检 (a synchronous sub-flow the administrator launches, submitted at
  // once, the road and the lamp count passed on) → 验收 (the administrator), as 3.x's designer saves it
  const subFlow = {
    type: 'subFlow',
    content: '系统管理员',
    properties: {
      title: '路段巡检',
      errorRule: 1,
      errorRuleUser: [],
      initiateType: 6,
      managerLevel: 1,
      formField: '',
      nodeId: '',
      initiator: ['u-admin'],
      flowId: childId,
      flowName: childName,
      assignList: [
        {
          nodeId: 'A',
          title: '主管审批',
          ruleList: [
            { parentField: 'road', childField: 'road' },
            { parentField: 'lamps', childField: 'lamps' },
          ],
        },
      ],
      isAsync: false,
      autoSubmit: true,
    },
    nodeId: 'S',
    prevId: 'A',
    childNode: approver3x('B', 'S', '验收', ['u-admin']),
  };
  const parentId = await create(
    parentName,
    `fix${s}`,
    start3x('P0', approver3x('A', 'P0', '主管审批', ['u-manager'], subFlow)),
  );

  // the designer draws it as a sub-flow card naming its child flow; its drawer edits the child flow
  await admin.goto(`/workFlow/flowEngine?design=${parentId}`);
  const designer = admin.getByTestId('flow-designer');
  const card = designer.locator('[data-node-type="subFlow"]');
  await expect(card).toContainText(childName, { timeout: 60_000 });
  await expect(card).toContainText('等待完成');
  await card.click();
  await expect(admin.getByTestId('subflow-flow')).toContainText(childName);

  // the operator launches; the manager approves the first step
  const operator = await consoleAs(browser, 'operator', '/workFlow/flowLaunch');
  const task = await api<{ id: string }>(operator, 'POST', '/workflow/Engine/FlowTask', {
    flowId: parentId,
    status: 0,
    data: JSON.stringify({ road: '解放路', lamps: 12 }),
  });
  const manager = await consoleAs(browser, 'manager', '/workFlow/flowTodo');
  await approve(manager, parentName, '同意');

  // the child, submitted by the server for its launcher, reaches the administrator's to-do
  type TodoRow = { taskId: string; parentTaskId: string | null; thisStep: string };
  const todos = () =>
    api<{ list: TodoRow[] }>(admin, 'GET', '/workflow/Engine/FlowBefore/List/1?pageSize=100').then(
      (d) => d.list,
    );
  await expect.poll(async () => (await todos()).filter((r) => r.parentTaskId === task.id).length).toBe(1);
  await admin.goto('/workFlow/flowTodo');
  await openTodo(admin, childName);
  await expect(admin.getByTestId('task-parent')).toContainText(parentName);
  await expect(admin.getByTestId('task-parent')).toContainText('路段巡检');
  await admin.getByTestId('task-opinion').fill('巡检完成');
  await admin.getByTestId('act-audit').click();
  await expect(admin.getByTestId('task-view')).toBeHidden();

  // its approval moves the parent on to 验收, where its page lists the child as approved
  await expect.poll(async () => (await todos()).find((r) => r.taskId === task.id)?.thisStep).toBe('验收');
  await openTodo(admin, parentName);
  await admin.getByRole('tab', { name: '子流程（1）' }).click();
  const child = admin.getByTestId('task-children').getByTestId('task-child');
  await expect(child).toContainText(childName);
  await expect(child.getByTestId('status-tag')).toHaveAttribute('data-status', '2');
  // finished, so nothing of it waits in a to-do list the later tests walk
  await admin.getByTestId('task-opinion').fill('验收通过');
  await admin.getByTestId('act-audit').click();
  await expect(admin.getByTestId('task-view')).toBeHidden();
  await expect.poll(async () => (await todos()).some((r) => r.taskId === task.id)).toBe(false);
  for (const p of [admin, operator, manager]) await p.context().close();
});
