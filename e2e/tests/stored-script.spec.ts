// Stored scripts (issue 11): payloads saved through every user-writable text field are shown as
// text on the pages that show them, never run; links with javascript: or data: are never stored;
// a framed menu link can never reach the console.
//
// The text fields come from the server's own API description (/api/docs/json: string body fields
// of POST/PUT routes that can hold markup), so a field added later fails this test until it is
// exercised here or listed in NOT_SHOWN with the reason no page shows it as text. Every payload
// saved is looked for on a page (a payload saved but never looked for fails too), and calls
// window.__x(key) if it ever runs; the page fails on any such call or dialog.
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { dbGet, imageCode, pole } from './citizen-helpers';
import { apiToken, signIn } from './helpers';

const s = Math.random().toString(36).slice(2, 7);
/** Payloads saved, by key; a key is crossed off when a page shows it. */
const saved = new Set<string>();
const seen = new Set<string>();
/** A payload that runs `__x(key)` if it is ever treated as HTML, and shows `key` when shown as text. */
const P = (key: string) => {
  saved.add(key);
  return `<img src=x onerror=__x('${key}')>${key}${s}`;
};
const shown = (key: string) => `${key}${s}`;
/** The text a custom payload shows (for fields that take a payload of their own shape). */
const mark = (key: string) => {
  saved.add(key);
  return shown(key);
};

/**
 * Text fields a person can write that no page shows as text (or that cannot hold markup after
 * all), with the reason. `*` stands for every field of the route. Keys are canonical: an edit
 * (`PUT …/{id}`) writes the same column as the create (`POST …`) and is listed under the create.
 */
const NOT_SHOWN: Record<string, string> = {
  'POST /api/oauth/Login *': 'sign-in: the image code is compared, never stored',
  'POST /api/oauth/Apply code': 'the image code, compared and never stored',
  'POST /api/public/session/sms *': 'the image code, compared and never stored',
  'POST /api/public/session/phone *': 'the SMS code, compared and never stored',
  'POST /api/map/rest/services/lighting/FeatureServer/{layerId}/query *':
    'FeatureServer query parameters: they select features and are never stored',
  'POST /api/system/Permission/Users description':
    'kept for the JNPF contract; no page shows or edits it (the user form has no such field)',
  'POST /api/system/Permission/Users quickQuery':
    'a search key: the chat contact search matches it, no page shows it',
  'PUT /api/system/Permission/Users/{id} account': 'the edit form echoes the account back; it is ignored',
  'POST /api/system/Base/DataInterface requestParameters[].defaultValue':
    "kept for the interface's callers; the page's test dialog asks for values and shows none",
  'POST /api/system/Menu propertyJson':
    'parsed as JSON with a moduleId (types 3–6) and used to route, never shown as text',
  'POST /api/system/Menu linkTarget': "_self or _blank (type 7), an anchor's target name, never shown",
  'POST /api/system/Menu description':
    'kept for the JNPF 3.x menu form, which sends it; not stored (the menu table has no such column)',
  'POST /api/system/Base/Menu *':
    'the JNPF 3.x path of POST /api/system/Menu: the same handler and the same columns (exercised there)',
  'POST /api/system/Base/ModuleButton fullName':
    'the same column as PUT /api/system/Menu/{id}/Button list[].fullName (shown and exercised there)',
  'POST /api/system/Base/ModuleButton description': 'read by name for the JNPF 3.x page; not stored',
  'POST /api/system/Base/ModuleButton icon': 'read by name for the JNPF 3.x page; not stored',
  'POST /api/system/Base/ModuleColumn fullName':
    'the same column as PUT /api/system/Menu/{id}/Column list[].fullName (shown and exercised there)',
  'POST /api/system/Base/ModuleColumn description': 'read by name for the JNPF 3.x page; not stored',
  'POST /api/system/Base/ModuleColumn bindTable': 'read by name for the JNPF 3.x page; not stored',
  'POST /api/system/Base/ModuleColumn bindTableName': 'read by name for the JNPF 3.x page; not stored',
  'POST /api/system/Base/ModuleColumn/Actions/Batch *':
    'the JNPF 3.x batch of ModuleColumn entries: a name is the same column as PUT /api/system/Menu/{id}/Column list[].fullName (exercised there); the rest is not stored',
  'POST /api/map/repair-orders remark': 'kept with the order for the record; no page shows it',
  'POST /api/system/Permission/Organize district':
    'must name a district of the 行政区 dictionary (refused otherwise)',
  'POST /api/system/Permission/Organize/Department district':
    'must name a district of the 行政区 dictionary (refused otherwise)',
  'POST /api/system/Base/ModuleDataAuthorize type':
    "the field's type as the JNPF 3.x client sent it (String, Int32…), kept for that client; no page of ours shows it",
  'POST /api/system/Base/ModuleDataAuthorize conditionSymbol':
    'a comma list of symbols, each one JNPF 3.x knows (refused otherwise)',
  'POST /api/system/Base/ModuleDataAuthorize bindTable': 'read by name for the JNPF 3.4 client; not stored',
  'POST /api/system/Base/ModuleDataAuthorize childTableKey':
    'read by name for the JNPF 3.4 client; not stored',
  'POST /api/system/Base/ModuleDataAuthorizeScheme childTableKey':
    'read by name for the JNPF 3.4 client; not stored',
  'PUT /api/map/repair-orders/{id}/Actions/Complete remark': 'the same column as a new order’s remark',
  'POST /api/public/reports assetCode': 'must name a pole of the city (refused otherwise)',
  'POST /api/public/reports contactName':
    "the citizen's name for a call-back: on no page (the report form is the citizen's own input)",
  'POST /api/public/feedback district': 'must name a district of the city (refused otherwise)',
  'POST /api/citizen/unplaced-reports/{id}/place assetCode':
    'must name a pole or light of the city (refused otherwise)',
  'POST /api/open311/v2/requests.json api_key': 'compared with the stored hash, never stored',
  'POST /api/open311/v2/requests.json service_code': 'must name a service of the city (404 otherwise)',
  'POST /api/open311/v2/requests.json jurisdiction_id': 'must be this city (refused otherwise)',
  'POST /api/open311/v2/requests.json lat': 'a number (refused otherwise)',
  'POST /api/open311/v2/requests.json long': 'a number (refused otherwise)',
  'POST /api/open311/v2/requests.json address_id': 'must name a pole of the city (refused otherwise)',
  'POST /api/open311/v2/requests.json email': 'not stored',
  'POST /api/open311/v2/requests.json device_id': 'not stored',
  'POST /api/open311/v2/requests.json account_id': 'not stored',
  'POST /api/open311/v2/requests.json last_name':
    'joined to first_name as the contact name (50 characters): shown and exercised as first_name',
  'POST /api/open311/v2/requests.json phone':
    'kept only when it is a mobile number (digits), dropped otherwise',
  'POST /api/visualdev/Base category':
    'must name an item of the visualDevCategory dictionary (refused otherwise)',
  'POST /api/visualdev/OnlineDev/{modelId}/Actions/Export *':
    "the export's filters: they select the records written to the file and are never stored",
  'POST /api/visualdev/Report description': 'kept with the report for its designers; no page shows it',
  'POST /api/visualdev/Dictionary/{typeId} description':
    'the same column as POST /api/system/Base/DictionaryData description (shown and exercised there)',
  'POST /api/visualdev/Dictionary/{typeId} fullNameZhtw':
    'the same column as the dictionary page’s Traditional Chinese name, shown only in that language',
  'POST /api/visualdev/Dictionary/{typeId} fullNameEn':
    'the same column as the dictionary page’s English name, shown only in that language',
  'POST /api/visualdev/Base tables':
    'the tables note (a JSON list the server parses and checks); no page shows it as text',
  'POST /api/visualdev/Base categoryName':
    'what GET answered, sent back by the JNPF 3.x designer: ignored by name, never stored',
  'POST /api/visualdev/Base creatorUser': 'what GET answered, sent back: ignored by name, never stored',
  'POST /api/visualdev/Base lastModifyUser': 'what GET answered, sent back: ignored by name, never stored',
  'POST /api/visualdev/Base releaseMenu.enCode': 'what GET answered, sent back: ignored, never stored',
  'POST /api/visualdev/Base releaseMenu.fullName': 'what GET answered, sent back: ignored, never stored',
  'POST /api/visualdev/Base releaseMenu.icon': 'what GET answered, sent back: ignored, never stored',
  'POST /api/visualdev/Base releaseMenu.urlAddress': 'what GET answered, sent back: ignored, never stored',
  'POST /api/visualdev/Generater/{id}/Actions/CodePreview description':
    'not stored: echoed into the generated files of that one answer, shown in the code view as highlighted text',
  'POST /api/visualdev/Generater/{id}/Actions/DownloadCode description':
    'not stored: written into the files of the zip the caller downloads',
  'POST /api/workflow/Engine/FlowEngine icon':
    "kept for the JNPF contract (an icon's class name); no page shows it: the launch cards draw one icon on the flow's colour and the flow form has no icon field",
  'POST /api/workflow/Engine/FlowEngine tables':
    "JNPF 3.x: the tables a flow's form bound, read by name and not stored",
  'POST /api/workflow/Engine/FlowEngine formName':
    'what GET answered, sent back: ignored by name, never stored',
  'POST /api/workflow/Engine/FlowEngine creatorUser':
    'what GET answered, sent back: ignored by name, never stored',
  'POST /api/workflow/Engine/FlowEngine fields[].key':
    "what GET answered (the form's fields), sent back: ignored by name, never stored",
  'POST /api/workflow/Engine/FlowEngine fields[].label':
    "what GET answered (the form's fields), sent back: ignored by name, never stored",
  'POST /api/workflow/Engine/FlowEngine fields[].table':
    "what GET answered (the form's fields), sent back: ignored by name, never stored",
  'POST /api/workflow/Engine/FlowEngineForm description':
    "kept with the form; no page shows it: no page lists the flow forms, and the flow form's choice of form reads their names only (FlowEngineForm/ListAll)",
  'POST /api/workflow/Engine/FlowBefore/Reject/{id} rejectStep':
    'where a rejection goes: 0, 1 or the id of a node the task can go back to (refused otherwise); the record keeps the node id and no page shows it',
  // Chat text travels over the socket, not an HTTP route: chat.spec.ts shows it as text.
};

type Schema = Record<string, unknown>;
const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** Whether a string field's schema lets a payload in (no enum, format or character pattern). */
function holdsMarkup(f: Schema): boolean {
  // a field of several shapes (a JSON text or its object) holds markup when one of its shapes does
  const shapes = [f.oneOf, f.anyOf].find(Array.isArray);
  if (shapes) return shapes.some((b) => isObj(b) && holdsMarkup(b));
  const types = Array.isArray(f.type) ? f.type : [f.type];
  if (!types.includes('string') || f.enum !== undefined || f.const !== undefined || f.format) return false;
  return (
    typeof f.pattern !== 'string' || new RegExp(f.pattern, 'u').test(`<img src=x onerror=__x('K')>K${s}`)
  );
}

/**
 * Every text field a person can write, from the API description: string body fields of POST and
 * PUT routes (one level into objects and lists) that can hold markup, ids excepted. Keys are
 * `METHOD path field`, an edit's fields under the create's route when both have them.
 */
async function writableTextFields(request: APIRequestContext): Promise<string[]> {
  const doc = (await (await request.get('/api/docs/json')).json()) as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
    >;
  };
  const fieldsOf = (schema: unknown, prefix = ''): string[] => {
    const props = isObj(schema) && isObj(schema.properties) ? schema.properties : {};
    const out: string[] = [];
    for (const [k, f] of Object.entries(props)) {
      if (!isObj(f) || /(^id$|Id$|Ids$)/.test(k)) continue;
      if (holdsMarkup(f)) out.push(`${prefix}${k}`);
      if (isObj(f.properties)) out.push(...fieldsOf(f, `${prefix}${k}.`));
      if (isObj(f.items)) out.push(...fieldsOf(f.items, `${prefix}${k}[].`));
    }
    return out;
  };
  const byRoute = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths))
    for (const method of ['post', 'put']) {
      const content = ops[method]?.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      const fields = fieldsOf(schema);
      // an Open311 resource's XML twin is the same handler as its JSON one: one set of fields
      const twin = path.replace(/\.xml$/, '.json');
      if (twin !== path && doc.paths[twin]) continue;
      if (fields.length) byRoute.set(`${method.toUpperCase()} ${path}`, fields);
    }
  const out: string[] = [];
  for (const [route, fields] of byRoute) {
    const create = route.replace(/^PUT (.*)\/\{id\}$/, 'POST $1');
    for (const f of fields)
      out.push(create !== route && byRoute.get(create)?.includes(f) ? `${create} ${f}` : `${route} ${f}`);
  }
  return [...new Set(out)];
}

async function api(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: object,
  headers: Record<string, string> = {},
) {
  const res = await request.fetch(`/api${url}`, {
    method,
    headers: { ...(token ? { Authorization: token } : {}), ...headers },
    data,
  });
  return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> | null };
}

async function watchForScripts(page: Page): Promise<string[]> {
  const fired: string[] = [];
  await page.exposeFunction('__xssFired', (key: string) => fired.push(key));
  await page.addInitScript(() => {
    (window as unknown as { __x: (k: string) => void }).__x = (k: string) =>
      (window as unknown as { __xssFired: (k: string) => void }).__xssFired(k);
  });
  page.on('dialog', (d) => {
    fired.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return fired;
}

test('payloads in every writable text field are shown as text wherever a page shows them; unsafe links are refused; framed links cannot reach the console', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000); // many pages (the map's among them): 310 s on a loaded machine
  const admin = await apiToken(page, 'admin');
  /** Canonical `METHOD route field` keys that received a payload. */
  const exercised = new Set<string>();
  /** Saves `data` through the API (expecting success) and records which fields carry a payload (`__x(`). */
  const save = async (
    method: string,
    route: string,
    data: Record<string, unknown>,
    opts: { url?: string; token?: string; headers?: Record<string, string> } = {},
  ) => {
    const body = await api(request, opts.token ?? admin, method, opts.url ?? route, data, opts.headers);
    expect(body.code, `${method} ${route}: ${body.msg}`).toBe(200);
    for (const [k, v] of Object.entries(data)) {
      if (typeof v === 'string' && v.includes('__x(')) exercised.add(`${method} /api${route} ${k}`);
      if (Array.isArray(v))
        for (const item of v)
          if (isObj(item))
            for (const [ik, iv] of Object.entries(item))
              if (typeof iv === 'string' && iv.includes('__x('))
                exercised.add(`${method} /api${route} ${k}[].${ik}`);
    }
    return body.data ?? {};
  };

  // unsafe links are refused by the server, naming the field
  for (const urlAddress of [
    'javascript:__x(1)',
    ' JaVaScRiPt:__x(1)',
    'data:text/html,<script>__x(1)</script>',
  ]) {
    const res = await api(request, admin, 'POST', '/system/Menu', {
      type: 7,
      enCode: `link${s}${urlAddress.length}`,
      fullName: '坏链接',
      urlAddress,
      linkTarget: '_self',
    });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^urlAddress: /);
  }
  // names of organisations, departments and areas are letters and digits only: markup is refused
  const markup = `<img src=x onerror=__x('NAME')>名称${s}`;
  for (const [url, body] of [
    ['/system/Permission/Organize', { parentId: '-1', fullName: markup, enCode: `xorg${s}` }],
    [
      '/system/Permission/Organize/Department',
      { parentId: 'org-root', fullName: markup, enCode: `xdep${s}` },
    ],
    ['/system/Base/Area', { parentId: '-1', fullName: markup, enCode: `xarea${s}` }],
  ] as const) {
    const res = await api(request, admin, 'POST', url, body);
    expect(res.code, url).toBe(400);
    expect(res.msg).toMatch(/^fullName: /);
  }

  /* ---- workflow (issue 14): a flow, tasks through every action with an opinion, a delegation ---- */
  // first: the to-do and outcome messages it sends the admin come before the notice and the
  // feedback, which the message centre's first page shows
  const E = '/workflow/Engine';
  const approver = (nodeId: string, prevId: string, title: string, formOperates: object[] = []) => ({
    type: 'approver',
    nodeId,
    prevId,
    properties: {
      title,
      assigneeType: 6, // named users: the admin
      approvers: ['u-admin'],
      counterSign: 0,
      rejectStep: '0',
      formOperates,
      hasAuditBtn: true,
      hasRejectBtn: true,
      hasRevokeBtn: true,
      hasTransferBtn: true,
    },
  });
  // the seeded leave form; the first node (its title a payload) may write the reason
  const flow = await save('POST', `${E}/FlowEngine`, {
    fullName: `脚本流程${s}`,
    enCode: `xssFlow${s}`,
    category: P('XFEC'),
    description: P('XFED'),
    formId: 'ff-leaveApply',
    flowTemplateJson: JSON.stringify({
      type: 'start',
      nodeId: 'start',
      prevId: null,
      properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
      childNode: {
        ...approver('first', 'start', P('XFNT'), [
          { id: 'reason', read: true, write: true, required: false },
        ]),
        childNode: approver('second', 'first', '复核'),
      },
    }),
  });
  expect((await api(request, admin, 'POST', `${E}/FlowEngine/Release/${String(flow.id)}`)).code).toBe(200);
  const leave = (reason: string) => ({
    leaveType: 'annual',
    leaveDays: 1,
    startTime: Date.UTC(2026, 5, 1, 1),
    endTime: Date.UTC(2026, 5, 1, 10),
    reason,
  });
  /** The admin's waiting row of a task and the vote they may take back. */
  const taskPage = async (id: unknown) => {
    const view = (await api(request, admin, 'GET', `${E}/FlowBefore/${String(id)}`)).data as {
      operator: { id: string } | null;
      recall: { recordId: string } | null;
    };
    return { operator: String(view.operator?.id), recall: String(view.recall?.recordId) };
  };
  const act = async (action: string, id: string, data: Record<string, unknown>) =>
    save('POST', `${E}/FlowBefore/${action}/{id}`, data, { url: `${E}/FlowBefore/${action}/${id}` });
  // a task's title and form data; approved with an opinion, taken back with one, approved again: it
  // waits at the second node (the admin's to-do) and the admin handled it (their done list)
  const t1 = await save('POST', `${E}/FlowTask`, {
    flowId: flow.id,
    status: 0,
    fullName: P('XFTN'),
    data: JSON.stringify(leave(P('XFTD'))),
  });
  await act('Audit', (await taskPage(t1.id)).operator, { handleOpinion: P('XAUO') });
  await act('Recall', (await taskPage(t1.id)).recall, { handleOpinion: P('XRCO') });
  await act('Audit', (await taskPage(t1.id)).operator, { handleOpinion: '同意' });
  // the first node writes the reason as it approves; the second rejects with an opinion
  const t2 = await save('POST', `${E}/FlowTask`, {
    flowId: flow.id,
    status: 0,
    fullName: `脚本任务二${s}`,
    data: JSON.stringify(leave('回家')),
  });
  await act('Audit', (await taskPage(t2.id)).operator, { formData: JSON.stringify({ reason: P('XAFD') }) });
  await act('Reject', (await taskPage(t2.id)).operator, { handleOpinion: P('XRJO') });
  // launched through the system form's own path; handed over, assigned back by the monitor, withdrawn
  const t3 = await save(
    'POST',
    '/workflow/Form/{key}',
    { flowId: flow.id, status: 0, fullName: P('XFKN'), ...leave('调休') },
    { url: '/workflow/Form/LeaveApply' },
  );
  await act('Transfer', (await taskPage(t3.id)).operator, {
    freeApproverUserId: 'u-manager',
    handleOpinion: P('XTRO'),
  });
  await save(
    'POST',
    `${E}/FlowMonitor/{id}/Actions/Assign`,
    { nodeId: 'first', freeApproverUserId: 'u-admin', handleOpinion: P('XASO') },
    { url: `${E}/FlowMonitor/${String(t3.id)}/Actions/Assign` },
  );
  await save(
    'PUT',
    `${E}/FlowLaunch/{id}/Actions/Withdraw`,
    { handleOpinion: P('XWDO') },
    { url: `${E}/FlowLaunch/${String(t3.id)}/Actions/Withdraw` },
  );
  // cancelled by the monitor
  const t4 = await save('POST', `${E}/FlowTask`, {
    flowId: flow.id,
    status: 0,
    fullName: `脚本任务四${s}`,
    data: JSON.stringify(leave('事由')),
  });
  await act('Cancel', String(t4.id), { handleOpinion: P('XCNO') });
  // a delegation of this flow, a month ahead (no to-do moves meanwhile)
  await save('POST', `${E}/FlowDelegate`, {
    toUserId: 'u-manager',
    flowId: flow.id,
    startTime: Date.now() + 30 * 86_400_000,
    endTime: Date.now() + 31 * 86_400_000,
    description: P('XDLG'),
  });

  // a JNPF 3.x designer-form flow (formType 2): its own form's label shows on the launch form
  const own = await save('POST', `${E}/FlowEngine`, {
    id: '',
    fullName: `脚本表单流程${s}`,
    enCode: `xssOwnFlow${s}`,
    category: '脚本',
    formType: 2,
    formData: JSON.stringify({
      fields: [{ __config__: { jnpfKey: 'comInput', label: P('XFOL') }, __vModel__: 'note' }],
    }),
    tables: '[]',
    flowTemplateJson: JSON.stringify({
      type: 'start',
      nodeId: 'start',
      prevId: null,
      properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
      childNode: approver('only', 'start', '审批'),
    }),
  });
  expect((await api(request, admin, 'POST', `${E}/FlowEngine/Release/${String(own.id)}`)).code).toBe(200);

  /* ---- the console's administration ---- */
  const type = await save('POST', '/system/Base/DictionaryType', {
    fullName: `脚本字典${s}`,
    enCode: `xss${s}`,
    description: P('XDT'),
  });
  await save('POST', '/system/Base/DictionaryData', {
    dictionaryTypeId: type.id,
    fullName: P('XDD'),
    fullNameZhtw: P('XDDZ'),
    fullNameEn: P('XDDE'),
    enCode: `x${s}`,
    description: P('XDDD'),
  });
  await save('POST', '/system/Permission/Role', {
    fullName: `脚本角色${s}`,
    enCode: `xssrole${s}`,
    description: P('XROLE'),
  });
  await save('POST', '/system/Permission/Position', {
    fullName: `脚本岗位${s}`,
    enCode: `xsspos${s}`,
    organizeId: 'dept-east',
    description: P('XPOS'),
  });
  await save('POST', '/system/Base/BillRule', {
    fullName: `脚本单据${s}`,
    enCode: `XssRule${s}`,
    digit: 4,
    description: P('XBILL'),
  });
  await save('POST', '/system/Base/DataInterface', {
    fullName: `脚本接口${s}`,
    enCode: `xssdi${s}`,
    dataType: 1,
    query: `select '<img src=x onerror=__x(''XDIQ'')>${mark('XDIQ')}' as v`,
    description: P('XDI'),
  });
  const menu = await save('POST', '/system/Menu', {
    type: 2,
    parentId: 'menu-system',
    enCode: `system.xss${s}`,
    fullName: P('XMENU'),
    icon: P('XICON'),
    urlAddress: `system/xss${s}`,
  });
  await save(
    'PUT',
    '/system/Menu/{id}/Button',
    { list: [{ enCode: 'btn_xss', fullName: P('XBTN') }] },
    { url: `/system/Menu/${String(menu.id)}/Button` },
  );
  await save(
    'PUT',
    '/system/Menu/{id}/Column',
    { list: [{ enCode: 'xssColumn', fullName: P('XCOL') }] },
    { url: `/system/Menu/${String(menu.id)}/Column` },
  );
  // an external link may carry markup after its host: stored as typed, shown as text
  await save('POST', '/system/Menu', {
    type: 7,
    parentId: 'menu-system',
    enCode: `system.xsslink${s}`,
    fullName: `外部链接${s}`,
    urlAddress: `https://example.org/<svg/onload=__x('XURL')>${mark('XURL')}`,
    linkTarget: '_blank',
  });
  // a page's data-permission field and scheme (issue 24): their names, words, notes and values
  const FAULTS = 'menu-bt.map.fault';
  await save('POST', '/system/Base/ModuleDataAuthorize', {
    moduleId: FAULTS,
    enCode: 'source',
    fullName: P('XDFN'),
    conditionSymbol: '==',
    conditionText: 'text',
    description: P('XDFD'),
  });
  await save('POST', '/system/Base/ModuleDataAuthorizeScheme', {
    moduleId: FAULTS,
    enCode: `xss${s}`,
    fullName: P('XDSN'),
    conditionText: P('XDST'),
    description: P('XDSD'),
    conditionJson: JSON.stringify([
      {
        logic: 'and',
        groups: [{ id: 'source', field: 'source', type: 'String', op: '==', value: P('XDSV') }],
      },
    ]),
  });
  const notice = await save('POST', '/system/Message', {
    title: P('XNT'),
    bodyText: `<p>${P('XNB')}</p><a href="javascript:__x('XHREF')">link${s}</a><img src=x onerror="__x('XIMG')">`,
  });
  expect(
    (await api(request, admin, 'PUT', `/system/Message/${String(notice.id)}/Actions/Release`)).code,
  ).toBe(200);
  // the administrator keeps the seeded name: later tests in this worker pick them by it
  await save('PUT', '/system/Permission/Users/Current/BaseInfo', {
    realName: '系统管理员',
    signature: P('XSIG'),
    postalAddress: P('XADDR'),
  });
  // feedback reaches every administrator as a notice (the sender is one)
  await save('POST', '/system/Feedback', { title: P('XFBT'), content: P('XFBC') });
  // an uncaught error a page reported (spec §8): its message, stack and component stack
  await save('POST', '/system/ErrorLog', {
    message: P('XERM'),
    stack: P('XERS'),
    componentStack: P('XERC'),
    url: '/home',
    source: 'react',
  });
  // a designed form: its description, a field's label, and a record's value
  const model = await save('POST', '/visualdev/Base', {
    fullName: `脚本表单${s}`,
    enCode: `xssForm${s}`,
    category: 'dt-visualDevCategory:ops',
    type: 1,
    description: P('XVDD'),
    formData: JSON.stringify({
      fields: [{ __config__: { jnpfKey: 'comInput', label: P('XVLB') }, __vModel__: 'note' }],
    }),
  });
  const record = await save(
    'POST',
    '/visualdev/OnlineDev/{modelId}',
    { data: JSON.stringify({ note: P('XREC') }) },
    { url: `/visualdev/OnlineDev/${String(model.id)}` },
  );
  // a published list: its column and search labels, the page's menu icon (issue 13)
  const listed = await save('POST', '/visualdev/Base', {
    fullName: `脚本列表${s}`,
    enCode: `xssList${s}`,
    category: 'dt-visualDevCategory:ops',
    type: 2,
    formData: JSON.stringify({
      fields: [{ __config__: { jnpfKey: 'input', label: '名称' }, __vModel__: 'name' }],
    }),
    columnData: JSON.stringify({
      columnList: [{ prop: 'name', label: P('XVCL') }],
      searchList: [{ prop: 'name', label: P('XVSL') }],
    }),
  });
  await save(
    'POST',
    '/visualdev/Base/{id}/Actions/Release',
    { parentId: 'menu-onlineDev', icon: P('XVRI') },
    { url: `/visualdev/Base/${String(listed.id)}/Actions/Release` },
  );
  // a data report: its column and filter labels, its menu icon
  const report = await save('POST', '/visualdev/Report', {
    fullName: `脚本报表${s}`,
    enCode: `xssReport${s}`,
    dataInterfaceId: 'di-users-by-org',
    config: JSON.stringify({
      columns: [{ prop: 'realName', label: P('XRPC') }],
      filters: [{ param: 'organizeId', label: P('XRPF'), kind: 'text' }],
      chart: { type: 'none' },
    }),
  });
  await save(
    'POST',
    '/visualdev/Report/{id}/Actions/Release',
    { parentId: 'menu-onlineDev', icon: P('XRRI') },
    { url: `/visualdev/Report/${String(report.id)}/Actions/Release` },
  );
  // a dictionary page's item (menu type 4: the seeded 资产字典)
  await save(
    'POST',
    '/visualdev/Dictionary/{typeId}',
    { fullName: P('XVDI'), enCode: `xssItem${s}` },
    { url: '/visualdev/Dictionary/dt-assetKind' },
  );
  // the notice's stored HTML kept no script and no javascript: link
  const stored = await api(request, admin, 'GET', `/system/Message/${String(notice.id)}`);
  expect(String(stored.data?.bodyText)).not.toMatch(/javascript:|onerror/i);

  /* ---- the map ---- */
  const lamps = [0, 1].map((i) =>
    Number(
      dbGet(
        "select objectid from map_asset where kind = 'streetLamp' and status in ('lightOn', 'lightOff') order by objectid desc limit 1 offset ?",
        40 + i,
      )?.objectid,
    ),
  );
  await save('POST', '/map/faults', {
    assetId: lamps[0],
    typeCode: 'lampOff',
    urgency: 1,
    source: 'patrol',
    description: P('XFLT'),
  });
  const xord = (await save('POST', '/map/repair-orders', { assetId: lamps[1], title: P('XORD') })) as {
    billNo?: string;
  };

  /* ---- citizens: a report, feedback (with a verified phone), an Open311 key and request ---- */
  const device = { 'x-device-id': `e2e-xss-device-${s}-0001` };
  await save(
    'POST',
    '/public/reports',
    {
      idemKey: `e2e-xss-report-${s}-0001`,
      category: 'notLit',
      locationSource: 'code',
      assetCode: pole(610),
      description: P('XREP'),
    },
    { token: '', headers: device },
  );
  const ts = String(Date.now());
  await request.get(`/api/public/session/image-code/${ts}`);
  const session = await api(request, '', 'POST', '/public/session/phone', {
    phone: '13912340610',
    code: imageCode(ts),
    timestamp: ts,
  });
  const citizen = { ...device, 'x-citizen-token': String(session.data?.token) };
  const fb = await save(
    'POST',
    '/public/feedback',
    { idemKey: `e2e-xss-feedback-${s}-01`, kind: 'suggestion', title: P('XCFT'), content: P('XCFC') },
    { token: '', headers: citizen },
  );
  await save(
    'POST',
    '/public/feedback/{id}/replies',
    { content: P('XCFR') },
    { token: '', headers: citizen, url: `/public/feedback/${String(fb.id)}/replies` },
  );
  await save(
    'POST',
    '/citizen/feedback/{id}/replies',
    { content: P('XSTR') },
    { url: `/citizen/feedback/${String(fb.id)}/replies` },
  );
  const key = await save('POST', '/citizen/open311-keys', { name: P('XKEY') });
  const o311 = await request.post('/api/open311/v2/requests.json', {
    form: {
      api_key: String(key.key),
      service_code: 'notLit',
      address_id: pole(611),
      description: P('XO311'),
    },
  });
  expect(o311.status(), await o311.text()).toBe(200);
  exercised.add('POST /api/open311/v2/requests.json description');
  // an address naming no pole or light: kept as given, shown on the fault page's 待定位报修 tab
  const kept = await request.post('/api/open311/v2/requests.json', {
    form: {
      api_key: String(key.key),
      service_code: 'notLit',
      address_string: P('XOAD'),
      description: P('XOUD'),
      first_name: P('XOFN'),
    },
  });
  expect(kept.status(), await kept.text()).toBe(200);
  exercised.add('POST /api/open311/v2/requests.json address_string');
  exercised.add('POST /api/open311/v2/requests.json first_name');

  // every writable text field is exercised above or explained in NOT_SHOWN, and NOT_SHOWN is current
  const fields = await writableTextFields(request);
  const explained = (f: string) =>
    NOT_SHOWN[f] !== undefined || NOT_SHOWN[`${f.split(' ').slice(0, 2).join(' ')} *`] !== undefined;
  expect(
    fields.filter((f) => !exercised.has(f) && !explained(f)),
    'text fields neither exercised here nor listed in NOT_SHOWN',
  ).toEqual([]);
  expect(
    Object.keys(NOT_SHOWN).filter((k) =>
      k.endsWith(' *') ? !fields.some((f) => f.startsWith(k.slice(0, -1))) : !fields.includes(k),
    ),
    'NOT_SHOWN entries that are no longer writable text fields',
  ).toEqual([]);
  expect(
    [...exercised].filter((f) => !fields.includes(f)),
    'exercised fields the API does not list',
  ).toEqual([]);

  /* ---- the pages ---- */
  const fired = await watchForScripts(page);
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();

  /** Waits until the page shows each key as text, and checks that nothing ran. */
  const sees = async (keys: string[], where: Locator = page.locator('body')) => {
    for (const k of keys) {
      await expect(where.getByText(shown(k)).filter({ visible: true }).first()).toBeVisible();
      seen.add(k);
    }
    expect(fired, `after ${keys.join(', ')}`).toEqual([]);
  };
  /** Opens a page and checks that each key shows as text and nothing ran. */
  const visit = async (path: string, keys: string[]) => {
    await page.goto(path);
    await sees(keys);
  };
  /** Waits until one of the fields in `where` holds each key, and checks that nothing ran. */
  const holds = async (where: Locator, keys: string[]) => {
    for (const k of keys) {
      await expect
        .poll(() =>
          where
            .locator('input, textarea')
            .evaluateAll((els, t) => els.some((e) => (e as HTMLInputElement).value.includes(t)), shown(k)),
        )
        .toBe(true);
      seen.add(k);
    }
    expect(fired, `after ${keys.join(', ')}`).toEqual([]);
  };
  /** Waits until the open dialog's form holds each key in one of its fields, and nothing ran. */
  const formHolds = async (keys: string[]) => {
    const dialog = page.getByRole('dialog').filter({ visible: true }).last();
    await expect(dialog).toBeVisible();
    await holds(dialog, keys);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  /** Opens the edit dialog of the row showing `rowText` and checks its form. */
  const editForm = async (rowText: string, keys: string[]) => {
    await page.getByRole('row').filter({ hasText: rowText }).getByTestId('row-edit').click();
    await formHolds(keys);
  };

  await visit('/home', ['XNT']);
  await visit('/messageRecord', ['XNT', 'XFBT']);
  await visit('/system/notice', ['XNT']);
  await visit('/profile', ['XSIG', 'XADDR']);
  await page.getByRole('tab', { name: '我的权限' }).click();
  await sees(['XBTN', 'XCOL']);
  await visit('/permission/role', ['XROLE']);
  await visit('/permission/position', ['XPOS']);
  await visit('/system/billRule', ['XBILL']);
  // the menu tree opens expanded
  await visit('/system/menu', ['XMENU', 'XICON', 'XURL', 'XVRI', 'XRRI']);
  // the fault page's data permissions: the scheme's name and words, its note and value in its form;
  // the field's name, its note in its form
  await page
    .getByTestId('menu-list')
    .locator('tr', { hasText: '故障研判' })
    .first()
    .getByTestId('row-data-scope')
    .click();
  const scoping = page.getByTestId('menu-data-scope');
  await sees(['XDSN', 'XDST'], scoping.getByTestId('ds-schemes'));
  await scoping
    .getByTestId('ds-schemes')
    .locator('tr', { hasText: shown('XDSN') })
    .getByTestId('row-edit')
    .click();
  // the dialogs open over the drawer: each is found by its own name, closed with Escape
  const dialogHolds = async (testId: string, keys: string[]) => {
    await holds(page.getByTestId(testId), keys);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(testId)).toBeHidden();
  };
  await dialogHolds('ds-scheme-form', ['XDSD', 'XDSV']);
  await scoping.getByRole('tab', { name: '数据字段' }).click();
  await sees(['XDFN'], scoping.getByTestId('ds-fields'));
  await scoping
    .getByTestId('ds-fields')
    .locator('tr', { hasText: shown('XDFN') })
    .getByTestId('row-edit')
    .click();
  await dialogHolds('ds-field-form', ['XDFD']);
  await page.keyboard.press('Escape');
  await expect(scoping).toBeHidden();
  // the menu's name is shown in the side menu as text
  // (the section may already be open for the current page: open it only when it is closed)
  const sideItem = page.getByTestId('side-menu').getByText(shown('XMENU'));
  await expect(async () => {
    if (!(await sideItem.isVisible()))
      await page.getByTestId('side-menu').getByText('系统管理', { exact: true }).click();
    await expect(sideItem).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await visit('/systemData/dictionary', []);
  await page.getByText(`脚本字典${s}`).filter({ visible: true }).click();
  // the item's name and its translations are columns of the item list
  await sees(['XDD', 'XDDZ', 'XDDE'], page.getByTestId('dictionary-data'));
  await page.getByTestId('type-edit').click();
  await formHolds(['XDT']);
  await editForm(shown('XDD'), ['XDDZ', 'XDDE', 'XDDD']);
  await visit('/systemData/dataInterface', []);
  await editForm(`脚本接口${s}`, ['XDI', 'XDIQ']);
  // the released notice and the feedback, opened from the message centre: sanitised HTML, escaped text
  await page.goto('/messageRecord');
  await page.getByText(shown('XNT')).filter({ visible: true }).first().click();
  await sees(['XNB']);
  await page.goto('/messageRecord');
  await page.getByText(shown('XFBT')).filter({ visible: true }).first().click();
  await sees(['XFBC']);

  // the error log: the message in the list, the stacks in the expanded row
  await visit('/system/log', []);
  await page.getByTestId('log-tabs').getByRole('tab', { name: '异常日志' }).click();
  const errors = page.getByTestId('log-list-4');
  await sees(['XERM'], errors);
  await errors
    .locator('tr')
    .filter({ hasText: shown('XERM') })
    .locator('.ant-table-row-expand-icon')
    .click();
  await sees(['XERS', 'XERC'], errors.getByTestId('error-detail'));
  // the designed form: the description in its edit dialog, the label on the form, the record's value
  await visit('/onlineDev/webDesign', []);
  const models = page.getByTestId('webdesign-list');
  await models.getByTestId('list-keyword').locator('input').fill(`脚本表单${s}`);
  await models.getByTestId('list-keyword').locator('input').press('Enter');
  await editForm(`脚本表单${s}`, ['XVDD']);
  await page.goto(`/previewModel?id=${String(model.id)}&record=${String(record.id)}`);
  await sees(['XVLB'], page.getByTestId('form-renderer'));
  await formHolds(['XREC']);

  // the published pages: a list's labels, a report's labels, a dictionary page's item
  await visit(`/dynamicModel/xssList${s}`, ['XVCL', 'XVSL']);
  await visit(`/dynamicModel/report/xssReport${s}`, ['XRPC', 'XRPF']);
  await visit('/dynamicModel/assetKind', ['XVDI']);

  // the map: a fault's, a citizen report's and an Open311 request's words, an order's title
  await visit('/bt/map/fault', []);
  const faults = page.getByTestId('fault-list');
  // the newest three are ours: open their details
  for (let i = 0; i < 3; i++) {
    await faults.getByRole('button', { name: '展开行' }).first().click();
    await expect(faults.getByRole('button', { name: '关闭行' })).toHaveCount(i + 1);
  }
  await sees(['XFLT', 'XREP', 'XO311'], faults);
  await page.getByRole('tab', { name: '待定位报修' }).click();
  await sees(['XOAD', 'XOUD', 'XOFN'], page.getByTestId('unplaced-reports'));
  // an order's title shows in its drawer (the panel's title column only when it has room)
  await visit('/bt/map/repair', []);
  await page
    .getByTestId('order-list')
    .locator('tr', { hasText: String(xord.billNo) })
    .getByTestId('order-open')
    .click({ timeout: 60_000 });
  await sees(['XORD'], page.getByTestId('order-drawer'));

  // the citizens' console: feedback and its thread, the Open311 keys
  await visit('/bt/citizen/feedback', ['XCFT']);
  await page
    .getByTestId('citizen-feedback-admin')
    .locator('tr', { hasText: shown('XCFT') })
    .getByRole('button')
    .click();
  await sees(['XCFC', 'XCFR', 'XSTR'], page.getByTestId('citizen-feedback-thread'));
  await visit('/bt/citizen/open311', ['XKEY']);

  // the workflow: the flow's category and description in its list, its edit dialog and the launch
  // cards; its node's title on the designer, the task's chart and records
  await visit('/workFlow/flowEngine', []);
  const flows = page.getByTestId('flow-engine-list');
  await flows.getByTestId('list-keyword').locator('input').fill(`脚本流程${s}`);
  await flows.getByTestId('list-keyword').locator('input').press('Enter');
  await sees(['XFEC'], flows);
  await editForm(`脚本流程${s}`, ['XFEC', 'XFED']);
  await page.goto(`/workFlow/flowEngine?design=${String(flow.id)}`);
  await sees(['XFNT'], page.getByTestId('flow-designer'));
  await visit('/workFlow/flowLaunch', []);
  await sees(['XFEC', 'XFED'], page.getByTestId('flow-cards'));
  await page.getByTestId(`launch-xssOwnFlow${s}`).click();
  await sees(['XFOL'], page.getByTestId('launch-form'));
  // the tasks' titles in my launches, the to-do and done lists and the admin's messages
  await visit('/workFlow/flowLaunch?tab=mine', ['XFTN', 'XFKN']);
  await visit('/workFlow/flowTodo', ['XFTN']);
  await visit('/workFlow/flowDone', ['XFTN']);
  await visit('/messageRecord', []);
  await page.getByTestId('record-keyword').fill(shown('XFTN'));
  await page.getByTestId('record-search').click();
  await sees(['XFTN'], page.getByTestId('message-record'));
  /** Opens a task of mine: its title, the form's values, its chart's and records' words. */
  const task = async (id: unknown, title: string[], form: string[], chart: string[], records: string[]) => {
    await page.goto(`/workFlow/flowLaunch?taskId=${String(id)}`);
    const view = page.getByTestId('task-view');
    await sees(title, view.locator('header'));
    await holds(view.getByTestId('task-form'), form);
    if (chart.length) {
      await view.getByRole('tab', { name: '流程信息' }).click();
      await sees(chart, view.getByTestId('flow-chart'));
    }
    await view.getByRole('tab', { name: /流转记录/ }).click();
    await sees(records, view.getByTestId('task-records'));
  };
  await task(t1.id, ['XFTN'], ['XFTD'], ['XFNT'], ['XFNT', 'XAUO', 'XRCO']);
  await task(t2.id, [], ['XAFD'], [], ['XRJO']);
  await task(t3.id, ['XFKN'], [], [], ['XTRO', 'XASO', 'XWDO']);
  await task(t4.id, [], [], [], ['XCNO']);
  await visit('/workFlow/entrust', ['XDLG']);

  expect(
    [...saved].filter((k) => !seen.has(k)),
    'payloads saved but never looked for on a page',
  ).toEqual([]);
  expect(fired).toEqual([]);
});

test('a framed menu link never reaches the console: our paths without scripts, other pages without our origin', async ({
  page,
  request,
  server: { baseURL },
}) => {
  const admin = await apiToken(page, 'admin');
  const frameMenu = async (enCode: string, urlAddress: string) => {
    const res = await api(request, admin, 'POST', '/system/Menu', {
      type: 7,
      parentId: 'menu-system',
      enCode,
      fullName: `内嵌${enCode.replace(/[^a-z0-9]/gi, '')}`,
      urlAddress,
      linkTarget: '_self',
    });
    expect(res.code, res.msg).toBe(200);
  };
  await frameMenu(`frameown${s}`, '/home');
  await frameMenu(`frameext${s}`, `${baseURL}/home`);
  await signIn(page, 'admin');
  await expect(page.getByTestId('home')).toBeVisible();

  // a path of ours: shown as a document, no scripts: the console inside never starts
  await page.goto(`/frameown${s}`);
  const own = page.getByTestId('menu-frame');
  await expect(own).toBeVisible();
  const ownSandbox = (await own.getAttribute('sandbox')) ?? '';
  expect(ownSandbox.split(' ')).not.toContain('allow-scripts');
  expect(ownSandbox.split(' ')).not.toContain('allow-same-origin');
  const inner = page.frameLocator('[data-testid="menu-frame"]');
  await expect(inner.locator('#boot')).toBeAttached();
  await expect(inner.getByTestId('side-menu')).toHaveCount(0);

  // another page (here our own origin written as a full URL): its scripts run in an opaque origin,
  // so it cannot read the console's storage or reach the page around it
  await page.goto(`/frameext${s}`);
  const ext = page.getByTestId('menu-frame');
  await expect(ext).toBeVisible();
  const extSandbox = (await ext.getAttribute('sandbox')) ?? '';
  expect(extSandbox.split(' ')).toContain('allow-scripts');
  expect(extSandbox.split(' ')).not.toContain('allow-same-origin');
  // the frame is visible before its document has navigated: wait for it to be the page
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${baseURL}/home`))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith(`${baseURL}/home`));
  expect(frame).toBeDefined();
  expect(await frame?.evaluate(() => window.origin)).toBe('null');
  expect(
    await frame?.evaluate(() => {
      try {
        return window.parent.document.title;
      } catch {
        return 'blocked';
      }
    }),
  ).toBe('blocked');
});
