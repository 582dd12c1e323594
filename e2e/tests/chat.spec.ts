// Internal chat (issue 15) in two browsers against the real server: the navbar entry opens the chat
// remote's 280 px drawer; text with emoji, markup shown as text, an image, the unread badge and its
// blink, read state synced to a second tab, history search, an asset card that opens the map.
import zlib from 'node:zlib';
import { expect, test, type Browser, type Page } from './fixtures';
import { apiToken, type Account } from './helpers';

/** A signed-in console page for `account` (token put where the session store reads it). */
async function consoleAs(browser: Browser, account: Account): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const token = await apiToken(page, account);
  await page.addInitScript((t) => localStorage.setItem('lighting_token__String', t), token);
  await page.goto('/home');
  // the console's first paint (a cold start of the built app on a busy machine)
  await expect(page.getByTestId('chat-entry')).toBeVisible({ timeout: 60_000 });
  return page;
}

async function openChatWith(page: Page, search: string, userId: string) {
  await page.getByTestId('chat-entry').click();
  const drawer = page.getByTestId('chat-drawer');
  await expect(drawer).toBeVisible({ timeout: 30_000 }); // the chat remote loads on the first click
  await drawer.getByTestId('chat-search').locator('input').fill(search);
  await drawer.locator(`[data-testid="chat-contact"][data-user="${userId}"]`).click({ timeout: 45_000 });
  await expect(page.getByTestId('chat-window')).toHaveAttribute('data-peer', userId);
}

/** A real w × h RGB PNG (decodable by the browser, so the message gets its width and height). */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h, 0x80);
  for (let y = 0; y < h; y++) rows[y * (w * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
// big enough that the sender makes a thumbnail for the list (the preview then shows the full image)
const PNG = png(640, 480);

// Three cold console pages and two chat remotes: minutes on a busy 2-core machine, seconds on a quiet one.
test.setTimeout(300_000);

test('two browsers chat: text, emoji, markup as text, image, unread blink, read in every tab', async ({
  browser,
}) => {
  const admin = await consoleAs(browser, 'admin');
  const operator = await consoleAs(browser, 'operator');
  const operatorTab2 = await operator.context().newPage();
  await operatorTab2.goto('/home');
  await expect(operatorTab2.getByTestId('chat-entry')).toBeVisible({ timeout: 60_000 });
  const tag = `t${Date.now().toString(36)}`;

  // The drawer is the remote's, 280 px wide; the operator is found by a substring of the account.
  await openChatWith(admin, 'operat', 'u-operator');
  expect(Math.round((await admin.locator('.ant-drawer-content-wrapper').boundingBox())!.width)).toBe(280);
  const input = admin.getByTestId('chat-input');
  const all = admin.locator('[data-testid="chat-message"]');
  await expect(admin.getByTestId('chat-messages').locator('.ant-spin')).toHaveCount(0);
  const before = await all.count();
  await input.fill('   ');
  await input.press('Enter'); // an empty text does nothing
  await input.fill(`你好[微笑] ${tag} <img src=x onerror="window.__xss=1"> [不存在]`);
  await input.press('Enter');
  const mine = admin.locator('[data-testid="chat-message"][data-mine="1"]').last();
  await expect(mine).toHaveAttribute('data-state', 'sent');
  await expect(all).toHaveCount(before + 1);

  // The operator's entry blinks in both tabs; the admin is first in the list with one unread.
  for (const p of [operator, operatorTab2]) {
    await expect(p.getByTestId('chat-entry')).toHaveAttribute('data-blink', '1');
    await expect(p.getByTestId('chat-unread')).toHaveAttribute('data-count', '1');
  }
  await operator.getByTestId('chat-entry').click();
  const first = operator.getByTestId('chat-contact').first();
  await expect(first).toHaveAttribute('data-user', 'u-admin', { timeout: 45_000 }); // the user list loads
  await expect(first).toHaveAttribute('data-unread', '1');
  await first.click();

  // Opened: text escaped, only the known code is an image, the unknown bracket stays as typed.
  const text = operator.getByTestId('chat-text').last();
  await expect(text).toContainText(`${tag} <img src=x onerror="window.__xss=1"> [不存在]`);
  await expect(text.locator('img[data-emoji="[微笑]"]')).toHaveAttribute('src', /\/remotes\/chat\/.+\.svg$/);
  expect(await operator.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(text.locator('img')).toHaveCount(1);

  // Reading it clears the badge in both of the operator's tabs.
  for (const p of [operator, operatorTab2]) {
    await expect(p.getByTestId('chat-unread')).toHaveAttribute('data-count', '0');
    await expect(p.getByTestId('chat-entry')).toHaveAttribute('data-blink', '0');
  }

  // An incoming message while the window is open is appended and read at once.
  await admin.getByTestId('chat-emoji').click();
  await admin.locator('[data-testid="chat-emoji-panel"] [data-code="[强]"]').click();
  await expect(input).toHaveValue('[强]');
  await input.press('Enter');
  await expect(operator.getByTestId('chat-text').last().locator('img[data-emoji="[强]"]')).toBeVisible();
  await expect(operator.getByTestId('chat-unread')).toHaveAttribute('data-count', '0');

  // An image: too large is refused with the spec's text; a real one arrives as a thumbnail.
  await admin.getByTestId('chat-file').setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5_242_881),
  });
  await expect(admin.getByText('图片大小不能超过5M')).toBeVisible();
  await admin
    .getByTestId('chat-file')
    .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
  const thumb = operator.locator('[data-testid="chat-message"][data-mine="0"] img.ant-image-img').last();
  await expect(thumb).toHaveAttribute('src', /\/api\/file\/Image\/IM\/[0-9a-f]{32}\.png$/);
  // the thumbnail opens the full image (the uploaded original, not the thumbnail) at its own size
  const thumbSrc = (await thumb.getAttribute('src'))!;
  await thumb.click();
  const full = operator.locator('.ant-image-preview-img');
  await expect(full).toBeVisible();
  await expect(full).toHaveAttribute('src', /\/api\/file\/Image\/IM\/[0-9a-f]{32}\.png$/);
  expect(await full.getAttribute('src')).not.toBe(thumbSrc);
  await expect
    .poll(() => full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([640, 480]);
  await operator.keyboard.press('Escape');
  await expect(full).toBeHidden();

  // History: search finds the first message only, once.
  await operator.getByTestId('chat-history-open').click();
  await operator.getByTestId('chat-history-search').locator('input').fill(tag);
  await operator.getByTestId('chat-history-search').locator('input').press('Enter');
  const found = operator.getByTestId('chat-history-list').getByTestId('chat-message');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(tag);

  await admin.context().close();
  await operator.context().close();
});

/** The admin's call to the API (the items the cards point at). */
async function api(page: Page, url: string, method = 'GET', data?: object) {
  const token = await apiToken(page, 'admin');
  const res = await page.request.fetch(`/api${url}`, { method, headers: { Authorization: token }, data });
  const body = (await res.json()) as { code: number; data: Record<string, unknown> };
  expect(body.code).toBe(200);
  return body.data;
}

/** The admin drops a card of `kind` found by `search` into the open conversation; returns its code. */
async function dropCard(admin: Page, kind: string, search: string): Promise<string> {
  const cards = admin.getByTestId('chat-card');
  const before = await cards.count();
  await admin.getByTestId('chat-card-button').click();
  const picker = admin.getByTestId('chat-card-picker');
  await picker.getByText(kind, { exact: true }).click();
  // the found items arrive from the server while one types; a list that closed under the pointer as
  // they re-rendered is opened and searched again, as a user would
  const found = admin
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: search })
    .first();
  await expect(async () => {
    if (!(await found.isVisible())) {
      await picker.locator('.ant-select').click();
      await picker.locator('.ant-select input').fill(search);
    }
    await found.click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(cards).toHaveCount(before + 1);
  const card = cards.last();
  await expect(card.locator('xpath=ancestor::*[@data-testid="chat-message"]')).toHaveAttribute(
    'data-state',
    'sent',
  );
  return (await card.getByTestId('chat-card-code').textContent())!;
}

test('a dispatcher drops an asset, an order and a fault into the chat; the receiver opens each on the map', async ({
  browser,
}) => {
  const admin = await consoleAs(browser, 'admin');
  const manager = await consoleAs(browser, 'manager');
  // what to share: an open fault, and a repair order made for another asset
  const faults = (await api(admin, '/map/faults?status=open&pageSize=1')) as {
    list: Array<{ id: string; assetCode: string }>;
  };
  const fault = faults.list[0]!;
  const asset = (
    (await api(admin, '/map/assets/search?code=SL-0001&limit=1')) as unknown as Array<{ objectid: number }>
  )[0]!;
  const order = await api(admin, '/map/repair-orders', 'POST', {
    assetId: asset.objectid,
    title: '卡片工单',
  });

  await openChatWith(admin, 'manager', 'u-manager');
  const assetCode = await dropCard(admin, '资产', 'SL-0000');
  expect(assetCode).toMatch(/^SL-0000/);
  expect(await dropCard(admin, '维修工单', String(order.billNo))).toBe(order.billNo);
  expect(await dropCard(admin, '故障', fault.assetCode)).toBe(fault.assetCode);

  await manager.getByTestId('chat-entry').click();
  await manager.locator('[data-testid="chat-contact"][data-user="u-admin"]').click({ timeout: 45_000 });
  const got = manager.getByTestId('chat-card');
  const card = (kind: string) => got.and(manager.locator(`[data-kind="${kind}"]`)).last();
  await expect(card('asset').getByTestId('chat-card-code')).toHaveText(assetCode);
  await expect(card('asset').getByTestId('chat-card-status')).not.toBeEmpty();
  await expect(card('fault').getByTestId('chat-card-status')).toHaveText('未处理');

  // the asset: the map opens as a tab with that asset's drawer (its code in it)
  await card('asset').getByTestId('chat-card-open').click();
  await expect(manager.locator('[data-testid="tab"][data-path="/bt/map/assets"]')).toBeVisible();
  await expect(manager.getByTestId('chat-drawer')).toBeHidden();
  await expect(manager.getByTestId('map-assets')).toBeVisible({ timeout: 90_000 }); // the map remote loads
  await expect(manager.getByTestId('asset-panel')).toContainText(assetCode, { timeout: 30_000 });
  // the link is consumed: the address is the page's own again (the same card opens it again)
  await expect(manager).toHaveURL(/\/bt\/map\/assets$/);

  // the order: the repair page lists it by its number, selected
  const backToAdmin = async () => {
    await manager.getByTestId('chat-entry').click();
    await manager.locator('[data-testid="chat-contact"][data-user="u-admin"]').click();
  };
  await backToAdmin();
  await card('order').getByTestId('chat-card-open').click();
  const selected = manager.getByTestId('order-list').locator('tr.ant-table-row-selected');
  await expect(selected).toHaveCount(1, { timeout: 60_000 });
  await expect(selected).toContainText(String(order.billNo));
  // its title is in the order's drawer (the panel shows the title column only when it has room)
  await selected.getByTestId('order-open').click();
  await expect(manager.getByTestId('order-drawer')).toContainText('卡片工单');

  // the fault: the fault page with its asset's drawer, the fault among its open faults
  await backToAdmin();
  await card('fault').getByTestId('chat-card-open').click();
  await expect(manager.getByTestId('map-fault')).toBeVisible({ timeout: 60_000 });
  const panel = manager.getByTestId('asset-panel').filter({ hasText: fault.assetCode });
  await expect(panel).toBeVisible({ timeout: 30_000 });

  await admin.context().close();
  await manager.context().close();
});
