// An Open311 request whose address names no pole or light (docs/api/public.md "An address we cannot
// place"): posted form-encoded as GeoReport v2 writes it, it shows on the fault page's 待定位报修 tab
// tagged 待定位; staff type a pole number and place it; the request then answers on that pole and
// its fault is in the fault list under the reference the client holds.
import { expect, test } from './fixtures';
import { pole } from './citizen-helpers';
import { apiToken, signIn } from './helpers';

test.describe.configure({ timeout: 180_000 });

test('a request kept as given is placed from the fault page', async ({ page }) => {
  const token = await apiToken(page, 'admin');
  const issued = await page.request.post('/api/citizen/open311-keys', {
    headers: { Authorization: token },
    data: { name: 'e2e 热线' },
  });
  const key = ((await issued.json()) as { data: { key: string } }).data.key;
  const address = `e2e 小区 ${Math.random().toString(36).slice(2, 7)} 号门口`;
  const posted = await page.request.post('/api/open311/v2/requests.json', {
    form: { api_key: key, service_code: 'notLit', address_string: address, description: '整晚不亮' },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const ref = ((await posted.json()) as Array<{ service_request_id: string }>)[0]?.service_request_id ?? '';
  expect(ref).toMatch(/^BX/);

  await signIn(page, 'admin', '/bt/map/fault');
  await page.getByRole('tab', { name: '待定位报修' }).click();
  const item = page.getByTestId('unplaced-item').filter({ has: page.getByText(address) });
  await expect(item.getByTestId('unplaced-tag')).toHaveText('待定位');
  await expect(item).toContainText(ref);

  // a number that is no pole: the server's message names the field, nothing is placed
  await item.getByTestId('unplaced-code').fill('PL-99999999');
  await item.getByTestId('unplaced-place').click();
  await expect(page.getByText('没有这个编号的路灯或灯杆').first()).toBeVisible();
  await expect(item.getByTestId('unplaced-tag')).toBeVisible();

  const code = pole(640);
  await item.getByTestId('unplaced-code').fill(code.toLowerCase());
  await item.getByTestId('unplaced-place').click();
  await expect(page.getByText(`已定位到 ${code}`).first()).toBeVisible();
  await expect(page.getByTestId('unplaced-item').filter({ has: page.getByText(address) })).toHaveCount(0);
  // the placed ones, with where they went
  await page.getByTestId('unplaced-show-placed').click();
  await expect(
    page
      .getByTestId('unplaced-item')
      .filter({ has: page.getByText(address) })
      .getByTestId('unplaced-placed'),
  ).toContainText(code);

  // Open311 answers it on its pole, the address as given
  const got = await page.request.get(`/api/open311/v2/requests/${ref}.json`);
  const [r] = (await got.json()) as Array<{ status: string; address: string; address_id: string }>;
  expect(r).toMatchObject({ status: 'open', address });
  expect(r?.address_id).not.toBe('');
  // its fault is in the fault list, found by the reference the client holds
  await page.getByRole('tab', { name: '故障列表' }).click();
  await page.getByTestId('fault-keyword').locator('input').fill(ref);
  await page.getByTestId('fault-keyword').locator('input').press('Enter');
  await expect(page.getByTestId('fault-list').locator('tbody tr.ant-table-row')).toHaveCount(1);
});
