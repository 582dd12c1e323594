/**
 * Open311 requests located by an address we cannot place (issue 23, item 6): GeoReport v2 makes
 * `address_string` a location on its own, so a request whose address names no pole or light we know
 * is kept as given (with the map's road it names as a hint), answered by GET requests in JSON and
 * XML, and placed by staff on a pole or light (its fault filed then, or folded into an open one);
 * what a district-scoped operator sees of it; and the guards of the placing action.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  login,
  rowCount,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are inspected loosely
type Json = any;

const EAST = '东城区';
const BASE = '/api/open311/v2';

describe.each(TARGETS)('Open311 requests kept without a place (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let east: string;
  let key: string;
  /** A road of 东城区 only, and one of another district only. */
  let eastRoad: string;
  let westRoad: string;

  const staff = async (token: string, method: InjectOptions['method'], url: string, payload?: object) => {
    const res = await app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
    return { status: res.statusCode, ...body(res) };
  };
  /** POST requests.{format} form-encoded, as the GeoReport v2 specification writes it. */
  const post = (format: 'json' | 'xml', o: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${BASE}/requests.${format}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ api_key: key, ...o }).toString(),
    });
  const xml = new XMLParser({ parseTagValue: false });
  const getOne = async (refNo: string, withKey = true) => {
    const res = await app.inject({
      method: 'GET',
      url: `${BASE}/requests/${refNo}.json${withKey ? `?api_key=${key}` : ''}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as Json[])[0];
  };
  const pole = async (district: string, offset = 0) =>
    app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid', 'code', 'district', 'road'])
      .where('kind', '=', 'pole')
      .where('district', '=', district)
      .orderBy('objectid')
      .limit(1)
      .offset(offset)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: '3200' });
    app = env.app;
    admin = await login(app, 'admin', 'admin123');
    east = await login(app, 'east', 'east123');
    key = (await staff(admin, 'POST', '/api/citizen/open311-keys', { name: '12345 热线' })).data
      .key as string;
    const roads = await app.ctx.db.selectFrom('map_road').select(['name', 'district']).distinct().execute();
    const districtsOf = (name: string) =>
      new Set(roads.filter((r) => r.name === name).map((r) => r.district));
    const only = (pred: (d: string) => boolean) =>
      roads.find(
        (r) =>
          pred(r.district) &&
          districtsOf(r.name).size === 1 &&
          r.name.length >= 3 &&
          // no other road's name inside it, nor it inside another's
          !roads.some((o) => o.name !== r.name && (o.name.includes(r.name) || r.name.includes(o.name))),
      )?.name ?? '';
    eastRoad = only((d) => d === EAST);
    westRoad = only((d) => d !== EAST);
  }, 120_000);
  afterAll(() => env.cleanup());

  it('keeps a request whose address names nothing we know, and answers it in JSON and XML', async () => {
    expect(eastRoad).not.toBe('');
    const faults = await rowCount(app.ctx.db, 'fault');
    const res = await post('json', {
      service_code: 'notLit',
      address_string: '某某小区 3 幢门口',
      description: '<b>路灯</b>不亮',
      first_name: '张',
      last_name: '三',
      phone: '13800001111',
      media_url: 'https://example.org/p.jpg',
    });
    expect(res.statusCode).toBe(200);
    const [made] = res.json() as Json[];
    expect(made.service_request_id).toMatch(/^BX/);
    expect(made.service_notice).toMatch(/24 小时/);
    // no fault yet: nothing to put on the map
    expect(await rowCount(app.ctx.db, 'fault')).toBe(faults);

    const one = await getOne(made.service_request_id);
    expect(one).toMatchObject({
      service_request_id: made.service_request_id,
      status: 'open',
      status_notes: '已受理，待工作人员确定灯杆位置',
      service_code: 'notLit',
      address: '某某小区 3 幢门口',
      address_id: '',
      lat: null,
      long: null,
      description: '路灯不亮',
      media_url: 'https://example.org/p.jpg',
    });
    expect(one.expected_datetime).toMatch(/\+08:00$/);
    expect(JSON.stringify(one)).not.toContain('13800001111');
    // a stranger (no key) sees the public part only
    const pub = await getOne(made.service_request_id, false);
    expect(pub.description).toBeUndefined();
    expect(pub.address).toBe('某某小区 3 幢门口');

    // in the list: by id, and by the filters
    const byId = await app.inject({
      method: 'GET',
      url: `${BASE}/requests.json?service_request_id=${made.service_request_id}`,
    });
    expect((byId.json() as Json[]).map((x) => x.service_request_id)).toEqual([made.service_request_id]);
    const open = await app.inject({
      method: 'GET',
      url: `${BASE}/requests.json?service_code=notLit&status=open`,
    });
    expect((open.json() as Json[]).some((x) => x.service_request_id === made.service_request_id)).toBe(true);
    const closed = await app.inject({ method: 'GET', url: `${BASE}/requests.json?status=closed` });
    expect((closed.json() as Json[]).some((x) => x.service_request_id === made.service_request_id)).toBe(
      false,
    );

    // the XML resource: POST's answer and the request, as the specification's documents
    const x = await post('xml', { service_code: 'flickering', address_string: 'Unit 4, the old market' });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toMatch(/^text\/xml/);
    const posted = xml.parse(x.body) as Json;
    const ref = posted.service_requests.request.service_request_id as string;
    expect(ref).toMatch(/^BX/);
    const rx = await app.inject({ method: 'GET', url: `${BASE}/requests/${ref}.xml` });
    const r = (xml.parse(rx.body) as Json).service_requests.request;
    expect(r).toMatchObject({ service_request_id: ref, status: 'open', address: 'Unit 4, the old market' });
    expect(r.address_id).toBe('');
    expect(r.lat).toBe('');
  });

  it('keeps the road the address names as a hint, and lat/long only when given', async () => {
    const res = await post('json', {
      service_code: 'notLit',
      address_string: `${eastRoad} 公交站对面`,
      lat: '10',
      long: '10',
    });
    expect(res.statusCode).toBe(200);
    const [made] = res.json() as Json[];
    const one = await getOne(made.service_request_id);
    expect(one).toMatchObject({ address: `${eastRoad} 公交站对面`, address_id: '', lat: 10, long: 10 });
    const list = (await staff(admin, 'GET', '/api/citizen/unplaced-reports')).data as Json[];
    expect(list.find((u) => u.refNo === made.service_request_id)).toMatchObject({
      roadHint: eastRoad,
      districtHint: EAST,
      lat: 10,
      lng: 10,
      contactName: '',
      reporter: '12345 热线',
      placedAt: null,
    });
    // lat/long alone far from every light is still refused (nothing to place it by)
    const far = await post('json', { service_code: 'notLit', lat: '10', long: '10' });
    expect(far.statusCode).toBe(400);
    expect((far.json() as Json[])[0].description).toMatch(/^lat: /);
  });

  it('answers a retry with the same Idempotency-Key once', async () => {
    const o = { service_code: 'notLit', address_string: '东门外第二根' };
    const a = (await post('json', o, { 'idempotency-key': 'same-1' })).json() as Json[];
    const before = await rowCount(app.ctx.db, 'citizen_report_unplaced');
    const b = (await post('json', o, { 'idempotency-key': 'same-1' })).json() as Json[];
    expect(b[0].service_request_id).toBe(a[0].service_request_id);
    expect(await rowCount(app.ctx.db, 'citizen_report_unplaced')).toBe(before);
  });

  it('lets staff place it: the fault is filed then, once; a later one on the same light is folded', async () => {
    const [made] = (
      await post('json', {
        service_code: 'poleDamaged',
        address_string: `${eastRoad} 北口`,
        description: '歪了',
      })
    ).json() as Json[];
    const list = (await staff(admin, 'GET', '/api/citizen/unplaced-reports')).data as Json[];
    const u = list.find((x) => x.refNo === made.service_request_id);
    const url = `/api/citizen/unplaced-reports/${u.id}/place`;

    // guards: no grants 403; a bad code named; the schema names a missing one
    const nobody = await tokenWithoutGrants(app, admin);
    expect((await staff(nobody, 'POST', url, { assetCode: 'PL-000001' })).status).toBe(403);
    const bad = await staff(admin, 'POST', url, { assetCode: 'PL-99999999' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('assetCode: 没有这个编号的路灯或灯杆');
    const missing = await staff(admin, 'POST', url, {});
    expect(missing.status).toBe(400);
    expect(missing.msg).toMatch(/assetCode/);
    expect(
      (await staff(admin, 'POST', '/api/citizen/unplaced-reports/cu-nope/place', { assetCode: 'x' })).status,
    ).toBe(404);

    const p = await pole(EAST, 3);
    const faults = await rowCount(app.ctx.db, 'fault');
    const placed = await staff(admin, 'POST', url, { assetCode: p.code.toLowerCase() });
    expect(placed.status).toBe(200);
    expect(placed.data).toMatchObject({
      refNo: made.service_request_id,
      placedCode: p.code,
      folded: false,
      reportRefNo: made.service_request_id,
    });
    expect(placed.data.placedAt).toEqual(expect.any(Number));
    expect(placed.data.placedByName).not.toBe('');
    expect(await rowCount(app.ctx.db, 'fault')).toBe(faults + 1);
    const fault = await app.ctx.db
      .selectFrom('fault')
      .select(['id', 'source', 'sourceRef', 'assetId', 'district'])
      .where('id', '=', placed.data.faultId)
      .executeTakeFirstOrThrow();
    expect(fault).toMatchObject({ source: 'citizen', sourceRef: made.service_request_id, district: EAST });
    // the fault's report, as the map's fault view reads it
    const rep = await staff(admin, 'GET', `/api/citizen/faults/${fault.id}/report`);
    expect(rep.data).toMatchObject({
      refNo: made.service_request_id,
      channel: 'open311',
      description: '歪了',
    });

    // again (a double click, a retry): the first placing stands, nothing more is filed
    const again = await staff(admin, 'POST', url, { assetCode: p.code });
    expect(again.status).toBe(200);
    expect(again.data.faultId).toBe(placed.data.faultId);
    expect(await rowCount(app.ctx.db, 'fault')).toBe(faults + 1);
    // no longer in the queue; in the placed list
    expect(
      ((await staff(admin, 'GET', '/api/citizen/unplaced-reports')).data as Json[]).some(
        (x) => x.id === u.id,
      ),
    ).toBe(false);
    expect(
      ((await staff(admin, 'GET', '/api/citizen/unplaced-reports?state=placed')).data as Json[]).some(
        (x) => x.id === u.id,
      ),
    ).toBe(true);

    // Open311 now answers it on its pole, the address still as given, and once in the list
    const one = await getOne(made.service_request_id);
    expect(one).toMatchObject({
      status: 'open',
      status_notes: '已受理，等待派单',
      address: `${eastRoad} 北口`,
      description: '歪了',
    });
    expect(one.address_id).not.toBe('');
    expect(one.lat).toEqual(expect.any(Number));
    const listed = (
      await app.inject({
        method: 'GET',
        url: `${BASE}/requests.json?service_request_id=${made.service_request_id}`,
      })
    ).json() as Json[];
    expect(listed).toHaveLength(1);

    // a second kept request of the same category placed on the same pole: a "me too" on it
    const [second] = (
      await post('json', { service_code: 'poleDamaged', address_string: '不知道在哪' })
    ).json() as Json[];
    const u2 = ((await staff(admin, 'GET', '/api/citizen/unplaced-reports')).data as Json[]).find(
      (x) => x.refNo === second.service_request_id,
    );
    const folded = await staff(admin, 'POST', `/api/citizen/unplaced-reports/${u2.id}/place`, {
      assetCode: p.code,
    });
    expect(folded.data).toMatchObject({
      folded: true,
      faultId: placed.data.faultId,
      reportRefNo: made.service_request_id,
    });
    expect(await rowCount(app.ctx.db, 'fault')).toBe(faults + 1);
    // as fileReport folds: what it said kept as a note on the open report (the same Open311 client
    // counts one "me too", as a second submit of one phone does)
    const notes = await app.ctx.db
      .selectFrom('citizen_report_note as n')
      .innerJoin('citizen_report as r', 'r.id', 'n.reportId')
      .select(['n.channel', 'r.supportCount'])
      .where('r.refNo', '=', made.service_request_id)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]?.channel).toBe('open311');

    // the fault closed: both requests' status follow (closed), in both formats
    await app.ctx.db.updateTable('fault').set({ closedAt: Date.now() }).where('id', '=', fault.id).execute();
    expect((await getOne(made.service_request_id)).status).toBe('closed');
    expect((await getOne(second.service_request_id)).status).toBe('closed');
    const rx = await app.inject({ method: 'GET', url: `${BASE}/requests/${second.service_request_id}.xml` });
    expect((xml.parse(rx.body) as Json).service_requests.request.status).toBe('closed');
  });

  it('shows a district-scoped operator the kept requests whose road is in their district only', async () => {
    const [inEast] = (
      await post('json', { service_code: 'notLit', address_string: `${eastRoad} 12 号` })
    ).json() as Json[];
    const [elsewhere] = (
      await post('json', { service_code: 'notLit', address_string: `${westRoad} 8 号` })
    ).json() as Json[];
    const [nowhere] = (
      await post('json', { service_code: 'notLit', address_string: '菜市场后面' })
    ).json() as Json[];
    const all = ((await staff(admin, 'GET', '/api/citizen/unplaced-reports')).data as Json[]).map(
      (x) => x.refNo,
    );
    expect(all).toEqual(
      expect.arrayContaining([
        inEast.service_request_id,
        elsewhere.service_request_id,
        nowhere.service_request_id,
      ]),
    );
    const seen = (await staff(east, 'GET', '/api/citizen/unplaced-reports')).data as Json[];
    const refs = seen.map((x) => x.refNo);
    expect(refs).toContain(inEast.service_request_id);
    expect(refs).not.toContain(elsewhere.service_request_id);
    expect(refs).not.toContain(nowhere.service_request_id);
    expect(seen.every((x) => x.districtHint === EAST)).toBe(true);

    // what they cannot see they cannot place; where their faults are not, they cannot place either
    const adminList = (await staff(admin, 'GET', '/api/citizen/unplaced-reports')).data as Json[];
    const idOf = (ref: string) => adminList.find((x) => x.refNo === ref).id as string;
    const p = await pole(EAST, 5);
    const hidden = await staff(
      east,
      'POST',
      `/api/citizen/unplaced-reports/${idOf(nowhere.service_request_id)}/place`,
      {
        assetCode: p.code,
      },
    );
    expect(hidden.status).toBe(404);
    const other = await app.ctx.db
      .selectFrom('map_asset')
      .select('code')
      .where('kind', '=', 'pole')
      .where('district', '<>', EAST)
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    const outside = await staff(
      east,
      'POST',
      `/api/citizen/unplaced-reports/${idOf(inEast.service_request_id)}/place`,
      {
        assetCode: other.code,
      },
    );
    expect(outside.status).toBe(400);
    expect(outside.msg).toMatch(/^assetCode: /);
    const mine = await staff(
      east,
      'POST',
      `/api/citizen/unplaced-reports/${idOf(inEast.service_request_id)}/place`,
      {
        assetCode: p.code,
      },
    );
    expect(mine.status).toBe(200);
    expect(mine.data.placedCode).toBe(p.code);
  });
});
