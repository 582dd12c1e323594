// Data permissions (issue 24) in the browser: the administrator manages a page's data-permission
// fields and schemes from the menu page (conditions edited as groups, saved in the JNPF 3.x shape,
// shown in words), and the seeded district operator `east` (本区数据 on the map's faults, repair
// orders and assets) sees 东城区's rows only on the fault list, the repair orders and the asset search;
// the crew leader `crew1` (本班组工单 on the repair orders) sees their crew's orders only.
import { expect, test, type Page } from './fixtures';
import ExcelJS from 'exceljs';
import { apiToken, signIn } from './helpers';

const EAST = '东城区';

/** The rows the page's list call answered (the answer the table draws). */
async function listed(page: Page, path: string, open: () => Promise<unknown>) {
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().method() === 'GET',
  );
  await open();
  const body = (await (await answer).json()) as {
    data: { list: Array<{ district: string }>; pagination: { total: number } };
  };
  return body.data;
}

test('the menu page edits a page’s data-permission fields and schemes', async ({ page }) => {
  const s = Math.random().toString(36).slice(2, 6);
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto('/system/menu');
  const list = page.getByTestId('menu-list');
  await list.locator('input').first().fill('故障研判');
  await list.locator('input').first().press('Enter');
  const row = list.locator('tr', { hasText: '故障研判' }).first();
  await row.getByTestId('row-data-scope').click();
  const drawer = page.getByTestId('menu-data-scope');
  await expect(drawer.getByTestId('ds-schemes')).toContainText('本区数据');
  await expect(drawer.getByTestId('ds-schemes')).toContainText('全部数据');

  // a field the faults offer: urgency, any number
  await drawer.getByRole('tab', { name: '数据字段' }).click();
  await expect(drawer.getByTestId('ds-fields')).toContainText('所属区域');
  await drawer.getByTestId('ds-add-field').click();
  const fieldForm = page.getByTestId('ds-field-form');
  await fieldForm.getByTestId('ds-field-code').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('urgency', { exact: true }).click();
  await fieldForm.locator('#fullName').fill('紧急程度');
  await fieldForm.getByRole('button', { name: /确\s*定|保\s*存|OK/ }).click();
  await expect(fieldForm).toBeHidden();
  await expect(drawer.getByTestId('ds-fields')).toContainText('紧急程度');

  // a scheme: urgency = 3 (the field's symbols: 等于 and the others a new field starts with), in words
  await drawer.getByRole('tab', { name: '数据方案' }).click();
  await drawer.getByTestId('ds-add-scheme').click();
  const schemeForm = page.getByTestId('ds-scheme-form');
  await schemeForm.locator('#fullName').fill(`紧急故障${s}`);
  await schemeForm.locator('#enCode').fill(`urgent${s}`);
  const item = schemeForm.getByTestId('ds-item-0-0');
  await item.getByTestId('ds-item-field').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('紧急程度', { exact: true }).click();
  await item.getByTestId('ds-item-op').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('等于', { exact: true }).click();
  await item.getByTestId('ds-item-value').fill('3');
  await schemeForm.getByRole('button', { name: /确\s*定|保\s*存|OK/ }).click();
  await expect(schemeForm).toBeHidden();
  const added = drawer.getByTestId('ds-schemes').locator('tr', { hasText: `紧急故障${s}` });
  await expect(added).toContainText('紧急程度 等于 3');

  // stored in the 3.x shape the server runs
  const token = await apiToken(page, 'admin');
  // seeded menus' ids are menu-<code>
  const id = 'menu-bt.map.fault';
  const schemes = (await (
    await page.request.get(`/api/system/Base/ModuleDataAuthorizeScheme/${id}/List`, {
      headers: { authorization: token },
    })
  ).json()) as { data: { list: Array<{ enCode: string; conditionJson: string }> } };
  const saved = schemes.data.list.find((x) => x.enCode === `urgent${s}`);
  expect(JSON.parse(String(saved?.conditionJson))).toEqual([
    { logic: 'and', groups: [{ id: 'urgency', field: 'urgency', type: 'String', op: '==', value: '3' }] },
  ]);
});

test('the district operator sees 东城区 only: the fault list and the repair orders', async ({ page }) => {
  await signIn(page, 'east');
  await expect(page.getByTestId('home')).toBeVisible();
  const faults = await listed(page, '/api/map/faults', () => page.goto('/bt/map/fault'));
  expect(faults.list.length).toBeGreaterThan(0);
  expect(faults.list.every((f) => f.district === EAST)).toBe(true);
  const rows = page.getByTestId('fault-list').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(Math.min(faults.list.length, faults.pagination.total));
  // the administrator's list holds more
  const admin = await apiToken(page, 'admin');
  const all = (await (
    await page.request.get('/api/map/faults?pageSize=1', { headers: { authorization: admin } })
  ).json()) as { data: { pagination: { total: number } } };
  expect(all.data.pagination.total).toBeGreaterThan(faults.pagination.total);

  const orders = await listed(page, '/api/map/repair-orders', () => page.goto('/bt/map/repair'));
  expect(orders.list.every((o) => o.district === EAST)).toBe(true);
  await expect(page.getByTestId('order-list').locator('tbody tr.ant-table-row')).toHaveCount(
    Math.min(orders.list.length, orders.pagination.total),
  );
});

test('the crew leader sees the repair orders of 抢修一队 only', async ({ page }) => {
  await signIn(page, 'crew1');
  await expect(page.getByTestId('home')).toBeVisible();
  const orders = (await listed(page, '/api/map/repair-orders', () =>
    page.goto('/bt/map/repair'),
  )) as unknown as {
    list: Array<{ crewId: string | null }>;
    pagination: { total: number };
  };
  expect(orders.list.length).toBeGreaterThan(0);
  expect(orders.list.every((o) => o.crewId === 'crew-1')).toBe(true);
  await expect(page.getByTestId('order-list').locator('tbody tr.ant-table-row')).toHaveCount(
    Math.min(orders.list.length, orders.pagination.total),
  );
  const admin = await apiToken(page, 'admin');
  const all = (await (
    await page.request.get('/api/map/repair-orders?pageSize=1', { headers: { authorization: admin } })
  ).json()) as { data: { pagination: { total: number } } };
  expect(all.data.pagination.total).toBeGreaterThan(orders.pagination.total);
});

test('the district operator’s low-code list and its export hold 东城区’s records only', async ({ page }) => {
  const s = Math.random().toString(36).slice(2, 6);
  const admin = await apiToken(page, 'admin');
  const api = async (method: string, url: string, data?: object) => {
    const res = await page.request.fetch(`/api${url}`, {
      method,
      headers: { authorization: admin },
      ...(data ? { data } : {}),
    });
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
    expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
    return body.data;
  };
  const f = (jnpfKey: string, vModel: string, label: string) => ({
    __config__: { jnpfKey, label },
    __vModel__: vModel,
  });
  const enCode = `patrol${s}`;
  const model = await api('POST', '/visualdev/Base', {
    fullName: `巡查台账${s}`,
    enCode,
    category: 'dt-visualDevCategory:ops',
    type: 2,
    formData: JSON.stringify({ fields: [f('comInput', 'district', '区域'), f('comInput', 'note', '说明')] }),
    columnData: JSON.stringify({
      type: 1,
      columnList: [
        { prop: 'district', label: '区域' },
        { prop: 'note', label: '说明' },
      ],
      searchList: [{ prop: 'note', label: '说明' }],
      btnsList: [{ value: 'download' }],
      columnBtnsList: [],
    }),
  });
  const modelId = String(model.id);
  const menuId = String(
    (await api('POST', `/visualdev/Base/${modelId}/Actions/Release`, { parentId: 'menu-onlineDev' })).menuId,
  );
  for (const [district, note] of [
    [EAST, `东一${s}`],
    ['西城区', `西一${s}`],
    [EAST, `东二${s}`],
    ['西城区', `西二${s}`],
  ])
    await api('POST', `/visualdev/OnlineDev/${modelId}`, { data: JSON.stringify({ district, note }) });
  await api('POST', '/system/Base/ModuleDataAuthorize', {
    moduleId: menuId,
    enCode: 'district',
    fullName: '区域',
    conditionSymbol: '==',
    conditionText: '@district',
  });
  await api('POST', '/system/Base/ModuleDataAuthorizeScheme', {
    moduleId: menuId,
    enCode: 'mine',
    fullName: '本区台账',
    conditionJson: JSON.stringify([
      { logic: 'and', groups: [{ field: 'district', op: '==', value: '@district' }] },
    ]),
  });
  // the district role: the page with its buttons and columns (as the administrators hold them), the scheme
  const held = (await api('GET', '/system/Permission/Authority/Data/Role/role-admin')).ids as Record<
    string,
    string[]
  >;
  const ofPage = (ids: string[] | undefined) => (ids ?? []).filter((id) => id.startsWith(`${menuId}:`));
  const role = '/system/Permission/Authority/Data/Role/role-district';
  const ids = (await api('GET', role)).ids as Record<string, string[]>;
  await api('PUT', role, {
    module: [...(ids.module ?? []), 'menu-onlineDev', menuId],
    button: [...(ids.button ?? []), ...ofPage(held.button)],
    column: [...(ids.column ?? []), ...ofPage(held.column)],
    resource: [...(ids.resource ?? []), `${menuId}:d:mine`],
  });

  try {
    await signIn(page, 'east');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.goto(`/dynamicModel/${enCode}`);
    const list = page.getByTestId('lowcode-list');
    const rows = list.locator('tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    for (const r of await rows.all()) await expect(r).toContainText(EAST);
    await expect(list).not.toContainText('西城区');
    const download = page.waitForEvent('download');
    await list.getByTestId('btn-export').click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await (await download).path());
    const sheet: unknown[][] = [];
    book.worksheets[0]?.eachRow((r) => sheet.push((r.values as unknown[]).slice(1)));
    expect(sheet.slice(1).map((r) => r[0])).toEqual([EAST, EAST]);
  } finally {
    // the page leaves with the test: later tests in this worker walk the low-code menu (the kiosk
    // app's first page was this one, its name in Chinese in the English walk)
    await api('DELETE', `/system/Base/Menu/${menuId}`);
    await api('DELETE', `/visualdev/Base/${modelId}`);
  }
});
