// The citizens' pages on a phone (375×812) against the real server: a pole's QR code read from a
// fake camera, a report with a photo appearing on an open console map, an offline submit sent once
// when the network returns (however often the button is tapped), a forged or unreadable code, "me
// too", the no-chat-app path with a code, feedback arriving live on both sides, and the host's
// router reaching /bt/gzh without the console's bundle.
import { join } from 'node:path';
import { chromium, expect, test } from './fixtures';
import { chromiumLaunch } from '../chromium.mjs';
import { signIn } from './helpers';
import {
  PHONE,
  chinaTime,
  dbGet,
  imageCode,
  jpeg,
  lngLat,
  pole,
  qrVideo,
  signedPole,
  verifiedPhone,
} from './citizen-helpers';

const HOUR = 3_600_000;

/** The success page's expected date is the report's time plus the target of its fault type. */
async function expectTarget(page: import('@playwright/test').Page, hours: number) {
  const ref = (await page.getByTestId('citizen-ref').textContent()) ?? '';
  const createdAt = Number(dbGet('select "createdAt" as t from citizen_report where "refNo" = ?', ref)?.t);
  const expected = page.getByTestId('citizen-expected');
  await expect(expected).toHaveAttribute('data-at', String(createdAt + hours * HOUR));
  await expect(expected).toHaveText(chinaTime(createdAt + hours * HOUR));
}

/** How many submits wait in the phone's outbox (IndexedDB, as the pages keep it). */
const waitingInOutbox = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('lighting-citizen');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('outbox');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            resolve(Array.isArray(get.result) ? get.result.length : 0);
            open.result.close();
          };
        };
      }),
  );

const reportsAt = (code: string) =>
  Number(
    dbGet(
      'select count(*) as n from citizen_report r join map_asset a on a.objectid = r."siteAssetId" where a.code = ?',
      code,
    )?.n,
  );

test('scan a pole from the camera, verify the phone, report with a photo: the fault appears on an open map', async ({
  browser,
  server: { baseURL },
}) => {
  // the console's map page and a second browser with a camera: more than the default minute here
  test.setTimeout(180_000);
  // staff: the fault page open in the console
  const staff = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const console_ = await staff.newPage();
  await signIn(console_, 'operator', '/login?redirect=/bt/map/fault');
  await expect(console_.getByTestId('fault-list')).toBeVisible({ timeout: 60_000 });

  const code = pole(500);
  const probe = await staff.newPage();
  const token = await signedPole(probe, code);
  const video = qrVideo(
    `${baseURL}/bt/gzh/repair/repair-report?qr=${encodeURIComponent(token)}`,
    join(__dirname, '..', 'test-results', 'qr-camera.y4m'),
  );
  const phoneBrowser = await chromium.launch({
    ...chromiumLaunch,
    args: [
      ...chromiumLaunch.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const ctx = await phoneBrowser.newContext({ ...PHONE, baseURL, permissions: ['camera'] });
    const page = await ctx.newPage();
    await page.goto('/bt/gzh');
    await page.getByTestId('citizen-scan').click();
    // the camera reads the plate; the report page opens with the pole filled in
    await expect(page.getByTestId('citizen-site-code')).toHaveText(code, { timeout: 30_000 });
    const where = dbGet('select district, road from map_asset where code = ?', code);
    await expect(page.getByTestId('citizen-site')).toContainText(String(where?.district));
    await expect(page.getByTestId('citizen-site')).toContainText(String(where?.road));
    await page.getByTestId('citizen-type-notLit').click();
    await page.getByTestId('citizen-description').fill('整晚都不亮');
    await page.getByTestId('citizen-photo-input').setInputFiles(await jpeg(page));
    await expect(page.getByTestId('citizen-photo')).toHaveCount(1);
    await page.getByTestId('citizen-contact-name').fill('张先生');
    await page.getByTestId('citizen-contact-phone').fill('13912349999');
    // no chat app: the phone number and the image code
    await page.getByTestId('citizen-phone').fill('13912340001');
    await page.getByTestId('citizen-code').fill('wxyz');
    await page.getByTestId('citizen-verify').click();
    await expect(page.getByTestId('citizen-identity').getByRole('alert')).toContainText('验证码错误');
    const ts = (await page.getByTestId('citizen-code-image').getAttribute('data-timestamp')) ?? '';
    await expect.poll(() => imageCode(ts)).not.toBe('');
    await page.getByTestId('citizen-code').fill(imageCode(ts));
    await page.getByTestId('citizen-verify').click();
    await expect(page.getByTestId('citizen-identity')).toHaveCount(0);
    await page.getByTestId('citizen-submit').click();
    await expect(page.getByTestId('citizen-ref')).toHaveText(/^BX\d{12}$/);
    // "light not working": 24 hours
    await expectTarget(page, 24);
    const refNo = (await page.getByTestId('citizen-ref').textContent()) ?? '';
    const lamp = String(
      dbGet(
        'select a.code from citizen_report r join map_asset a on a.objectid = r."assetId" join map_asset s on s.objectid = r."siteAssetId" where s.code = ?',
        code,
      )?.code,
    );
    // live on the console's map page, with its photo
    const row = console_.getByTestId('fault-list').locator('tr', { hasText: lamp });
    await expect(row).toContainText('市民上报');
    await expect(row).toContainText(refNo);
    await row.locator('.ant-table-row-expand-icon').click();
    const detail = console_.getByTestId('fault-detail');
    await expect(detail.locator('img')).toHaveCount(1);
    await expect(detail.getByRole('img', { name: '照片 1' })).toBeVisible();
    await expect(detail).toContainText('整晚都不亮');
    // staff see the reference, the support count and the private contact
    await expect(detail.getByTestId('fault-citizen-ref')).toHaveText(refNo);
    await expect(detail.getByTestId('fault-citizen-supports')).toHaveText('1 人反馈');
    await expect(detail.getByTestId('fault-citizen-contact')).toHaveText('张先生 · 13912349999');
    // and find the fault by the number the citizen quotes
    await console_.getByTestId('fault-keyword').locator('input').fill(refNo.toLowerCase());
    await console_.getByTestId('fault-keyword').locator('input').press('Enter');
    await expect(console_.getByTestId('fault-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(console_.getByTestId('fault-list').locator('tbody tr.ant-table-row')).toContainText(lamp);
  } finally {
    await phoneBrowser.close();
    await staff.close();
  }
});

test('a report submitted offline waits beside its button and is sent once, however often it is tapped', async ({
  browser,
  server: { baseURL },
}) => {
  const code = pole(510);
  const ctx = await verifiedPhone(browser, baseURL, '13912340002');
  const page = await ctx.newPage();
  await page.goto(`/bt/gzh/repair/repair-report-nowx?code=${code}`);
  await expect(page.getByTestId('citizen-site-code')).toHaveText(code);
  // an urgent one: the lantern hangs loose (1 hour)
  await page.getByTestId('citizen-type-lanternHanging').click();
  await expect(page.getByTestId('citizen-danger')).toBeVisible();
  await page.getByTestId('citizen-photo-input').setInputFiles(await jpeg(page));
  await ctx.setOffline(true);
  const submit = page.getByTestId('citizen-submit');
  await submit.click();
  // the waiting state beside the button, which stays off
  const queued = page.getByTestId('citizen-queued');
  await expect(queued).toContainText('网络恢复后会自动提交');
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveText('等待网络恢复');
  const [q, b] = [(await queued.boundingBox())!, (await submit.boundingBox())!];
  expect(b.y - (q.y + q.height)).toBeGreaterThanOrEqual(0);
  expect(b.y - (q.y + q.height)).toBeLessThan(40);
  // more taps queue nothing more
  await submit.click({ force: true });
  await submit.dblclick({ force: true });
  expect(await waitingInOutbox(page)).toBe(1);
  expect(reportsAt(code)).toBe(0);
  await ctx.setOffline(false);
  await expect(page.getByTestId('citizen-ref')).toHaveText(/^BX/);
  await expectTarget(page, 1);
  // one report: no second submit folded into it as "me too"
  const refNo = (await page.getByTestId('citizen-ref').textContent()) ?? '';
  await expect(page.getByTestId('citizen-success')).not.toContainText('已有人报修');
  expect(
    Number(
      dbGet(
        'select count(*) as n from citizen_report_note n join citizen_report r on r.id = n."reportId" where r."refNo" = ?',
        refNo,
      )?.n,
    ),
  ).toBe(0);
  // the page opened again (another trigger to send) files nothing more
  await page.goto('/bt/gzh/repair/my-log');
  await expect(page.getByTestId('citizen-my-reports').locator('li')).toHaveCount(1);
  expect(reportsAt(code)).toBe(1);
  await ctx.close();
});

test('a forged or unreadable code clears the scanned pole and says so at the top', async ({
  browser,
  server: { baseURL },
}) => {
  const ctx = await browser.newContext({ ...PHONE, baseURL });
  const page = await ctx.newPage();
  const [code, other] = [pole(550), pole(551)];
  const token = await signedPole(page, code);
  await page.goto(`/bt/gzh/repair/repair-report-nowx?qr=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('citizen-site-code')).toHaveText(code);
  const atTop = async () => {
    const error = page.getByTestId('citizen-site-error');
    const e = (await error.boundingBox())!;
    const place = (await page.getByTestId('citizen-location').boundingBox())!;
    expect(e.y + e.height).toBeLessThanOrEqual(place.y);
    // nothing of the pole scanned before stays, and the message is not down by the button
    await expect(page.getByTestId('citizen-site-code')).toHaveCount(0);
    await expect(page.getByTestId('citizen-go-scan')).toBeVisible();
    await expect(page.getByTestId('citizen-error')).toHaveCount(0);
    return error;
  };
  // another pole's number under this pole's signature
  const forged = `${other}.${token.split('.')[1] ?? ''}`;
  await page.goto(`/bt/gzh/repair/repair-report-nowx?qr=${encodeURIComponent(forged)}`);
  await expect(page.getByTestId('citizen-site-error')).toHaveText(
    '二维码无效或已被篡改，请重新扫描，或输入灯杆上的编号',
  );
  await atTop();
  // scanned again properly, then a code that is not one of ours at all
  await page.goto(`/bt/gzh/repair/repair-report-nowx?qr=${encodeURIComponent(token)}`);
  await expect(page.getByTestId('citizen-site-code')).toHaveText(code);
  await expect(page.getByTestId('citizen-site-error')).toHaveCount(0);
  await page.goto('/bt/gzh/repair/repair-report-nowx?qr=not-a-plate');
  await expect(page.getByTestId('citizen-site-error')).toHaveText('这不是路灯杆上的二维码');
  await atTop();
  await ctx.close();
});

test('"me too" on a pole someone already reported', async ({ browser, server: { baseURL } }) => {
  const code = pole(520);
  const first = await browser.newContext({ ...PHONE, baseURL });
  const res = await first.request.post('/api/public/reports', {
    headers: { 'x-device-id': 'e2e-first-reporter-0001' },
    data: { idemKey: 'e2e-me-too-first-0001', category: 'notLit', locationSource: 'code', assetCode: code },
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
  const ctx = await verifiedPhone(browser, baseURL, '13912340003');
  const page = await ctx.newPage();
  await page.goto(`/bt/gzh/repair/repair-report-nowx?code=${code}`);
  const open = page.getByTestId('citizen-open-reports');
  await expect(open).toContainText('1 人反馈');
  await page.getByTestId('citizen-me-too').click();
  await expect(page.getByTestId('citizen-me-too')).toHaveText('已记录，感谢您的反馈');
  await expect(open).toContainText('2 人反馈');
  expect(
    Number(
      // the first phone's report, found by the key it was filed with (the kernel's one key store)
      dbGet(
        `select "supportCount" as n from citizen_report where id =
           (select json_extract(answer, '$.id') from request_key where key = ?)`,
        'e2e-me-too-first-0001',
      )?.n,
    ),
  ).toBe(2);
  expect(reportsAt(code)).toBe(1);
  // the report is in my list, following its status
  await page.goto('/bt/gzh/repair/my-log');
  await expect(page.getByTestId('citizen-my-reports').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('citizen-me-too-badge')).toHaveText('我也遇到');
  await expect(page.getByTestId('citizen-my-reports')).toContainText('已受理');
  await first.close();
  await ctx.close();
});

test('no GPS: pick the place on the plan, choose the light there and report it', async ({
  browser,
  server: { baseURL },
}) => {
  const code = pole(530);
  const at = dbGet('select x, y from map_asset where code = ?', code);
  const [lng, lat] = lngLat(Number(at?.x), Number(at?.y));
  const ctx = await verifiedPhone(browser, baseURL, '13912340005');
  const page = await ctx.newPage();
  await page.goto('/bt/gzh/repair/repair-report-nowx');
  // no permission for the position
  await page.getByTestId('citizen-gps').click();
  await expect(page.getByRole('status').filter({ hasText: '平面图上选择位置' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByTestId('citizen-pick-plan').click();
  const plan = page.getByTestId('citizen-plan');
  await expect(plan).toBeVisible();
  // tap where the pole stands, as a person would find it: zoom, zoom, then the pin
  const tapPole = async () => {
    const [vx, vy, vw, vh] = ((await plan.getAttribute('viewBox')) ?? '').split(' ').map(Number);
    const [lng0, lat0] = ((await plan.getAttribute('data-origin')) ?? '').split(' ').map(Number);
    const k = 111_320 * Math.cos((lat0! * Math.PI) / 180);
    const x = (lng - lng0!) * k;
    const y = -(lat - lat0!) * 110_574;
    const box = (await plan.boundingBox())!;
    await plan.click({
      position: { x: ((x - vx!) / vw!) * box.width, y: ((y - vy!) / vh!) * box.height },
    });
  };
  for (let i = 0; i < 4 && !(await page.getByTestId('citizen-pin').count()); i++) await tapPole();
  await expect(page.getByTestId('citizen-pin')).toHaveCount(1);
  expect(Number(await plan.getAttribute('data-view-width'))).toBeLessThanOrEqual(1500);
  await page.getByTestId('citizen-pin-nearby').getByRole('button', { name: code }).click();
  await expect(page.getByTestId('citizen-site-code')).toHaveText(code);
  await expect(page.getByTestId('citizen-site')).toContainText('已在平面图上选择');
  await page.getByTestId('citizen-type-dayBurning').click();
  await page.getByTestId('citizen-submit').click();
  await expect(page.getByTestId('citizen-ref')).toHaveText(/^BX/);
  await expectTarget(page, 24);
  const r = dbGet(
    'select r."locationSource" as src, r.lat, r.lng from citizen_report r join map_asset a on a.objectid = r."siteAssetId" where a.code = ?',
    code,
  );
  expect(r?.src).toBe('pin');
  expect(Math.abs(Number(r?.lat) - lat)).toBeLessThan(0.001);
  expect(Math.abs(Number(r?.lng) - lng)).toBeLessThan(0.001);
  await ctx.close();
});

test('no citizen page scrolls sideways on a 375 px phone', async ({ browser, server: { baseURL } }) => {
  const ctx = await verifiedPhone(browser, baseURL, '13912340006');
  const page = await ctx.newPage();
  const code = pole(540);
  const filed = await page.request.post('/api/public/reports', {
    headers: { 'x-device-id': 'e2e-overflow-device-0001' },
    data: {
      idemKey: 'e2e-overflow-report-0001',
      category: 'rowOut',
      locationSource: 'code',
      assetCode: code,
    },
  });
  const reportId = ((await filed.json()) as { data: { report: { id: string } } }).data.report.id;
  await page.goto('/bt/gzh/feedback/feedback-add');
  await page.getByTestId('citizen-feedback-title').fill('一段很长的标题'.repeat(8));
  await page.getByTestId('citizen-feedback-content').fill('很长的内容没有空格'.repeat(40));
  await page.getByTestId('citizen-feedback-submit').click();
  await expect(page.getByTestId('citizen-thread')).toBeVisible();
  const feedbackId = new URL(page.url()).searchParams.get('id');
  const pages = [
    '',
    `success?id=${reportId}`,
    'repair/repair-report/scan',
    `repair/repair-report-nowx?code=${code}`,
    'repair/repair-report',
    `repair/repair-log?id=${reportId}`,
    'repair/my-log',
    'feedback/feedback-add',
    'feedback/feedback-list',
    `feedback/feedback-reply?id=${feedbackId}`,
  ];
  const overflow = async (what: string) => {
    const o = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: document.documentElement.clientWidth,
    }));
    expect([what, o.scroll]).toEqual([what, o.width]);
  };
  for (const p of pages) {
    await page.goto(`/bt/gzh/${p}`);
    await expect(page.getByTestId('citizen-page')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await overflow(p);
  }
  // the report page with its pin picker and the urgent warning open
  await page.goto('/bt/gzh/repair/repair-report-nowx');
  await page.getByTestId('citizen-type-poleDamaged').click();
  // the form kept from the visit above has a pole: change it
  await page.getByTestId('citizen-change-site').click();
  await page.getByTestId('citizen-pick-plan').click();
  await expect(page.getByTestId('citizen-plan')).toBeVisible();
  await overflow('pin picker');
  await ctx.close();
});

test('feedback arrives live: in the console’s list as it is sent, and the reply on the citizen’s open thread', async ({
  browser,
  server: { baseURL },
}) => {
  // the console's 市民反馈 page is open before the citizen writes
  const staff = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const admin = await staff.newPage();
  await signIn(admin, 'operator', '/login?redirect=/bt/citizen/feedback');
  const list = admin.getByTestId('citizen-feedback-admin');
  // the console's remote page on a busy machine: more than the default wait (as the map test above)
  await expect(list.locator('tbody')).toBeVisible({ timeout: 60_000 });

  const ctx = await verifiedPhone(browser, baseURL, '13912340004');
  const page = await ctx.newPage();
  // the phone's clock is ours to move: the thread asks for replies every 15 s
  await page.clock.install();
  await page.goto('/bt/gzh/feedback/feedback-add');
  await page.getByTestId('citizen-feedback-title').fill('小区门口路灯太暗');
  await page.getByTestId('citizen-feedback-content').fill('<b>晚上</b>看不清路');
  await page.getByTestId('citizen-feedback-submit').click();
  await expect(page.getByTestId('citizen-thread')).toContainText('<b>晚上</b>看不清路');

  // in the console's list without pressing 查询
  const row = list.locator('tr', { hasText: '小区门口路灯太暗' });
  await expect(row).toBeVisible();
  await row.getByRole('button').click();
  await expect(admin.getByTestId('citizen-feedback-thread')).toContainText('<b>晚上</b>看不清路');
  await admin.getByTestId('citizen-feedback-reply-text').fill('已安排更换灯具，谢谢反馈');
  await admin.getByTestId('citizen-feedback-reply-send').click();
  await expect(admin.getByTestId('citizen-feedback-thread')).toContainText('已安排更换灯具');

  // on the citizen's open thread at the next poll, without a reload
  await expect(page.getByTestId('citizen-reply-staff')).toHaveCount(0);
  await page.clock.fastForward(15_000);
  await expect(page.getByTestId('citizen-reply-staff')).toContainText('已安排更换灯具，谢谢反馈');
  // the citizen's follow-up reaches the thread open in the console
  await page.locator('textarea').fill('什么时候来修？');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(admin.getByTestId('citizen-feedback-thread')).toContainText('什么时候来修？');
  await staff.close();
  await ctx.close();
});

test('the host’s router reaches /bt/gzh without the console’s antd', async ({
  browser,
  server: { baseURL },
}) => {
  const ctx = await browser.newContext({ ...PHONE, baseURL });
  const page = await ctx.newPage();
  const manifest = (await (await page.request.get('/mf-manifest.json')).json()) as {
    shared: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  };
  const antd = manifest.shared.find((s) => s.name === 'antd')?.assets.js.sync ?? [];
  expect(antd.length).toBeGreaterThan(0);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor();
  await page.evaluate(() => {
    history.pushState(null, '', '/bt/gzh');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('citizen-report')).toBeVisible();
  expect(scripts.some((u) => u.includes('/remotes/citizen/'))).toBe(true);
  expect(scripts.filter((u) => antd.some((a) => u.endsWith(a)))).toEqual([]);
  await ctx.close();
});
