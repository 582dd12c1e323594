/**
 * Open311 GeoReport v2 for the city's other systems, under /api/open311/v2: services, one service's
 * definition, posting a request (with an API key an administrator issued; form-encoded or JSON),
 * querying requests with the standard's filters, and one request. Errors are the standard's array of
 * {code, description} (config.errorFormat 'open311', answered by the app's error handler).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CITIZEN_CATEGORY_CODES, citizenCategory } from '@lighting/shared/core';
import { ApiError, Code, badRequest, notFound } from '../http/envelope';
import { typed } from '../http/typed';
import { linkField } from '../http/validation';
import { mercatorToLonLat } from '../map';
import {
  OPEN311_BASE,
  OPEN311_SERVICES,
  open311Request,
  parseW3c,
  showsPrivateParts,
  serviceDefinition,
  serviceNotice,
} from './open311';
import { sha256, type CitizenService, type ReportRow } from './service';

const DAY = 86_400_000;
const MAX_SPAN_DAYS = 90;
const config = { public: true, errorFormat: 'open311' } as const;

const fileParam = (what: string) =>
  ({
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'string',
        maxLength: 80,
        pattern: '^[A-Za-z0-9_-]{1,70}\\.(json|xml)$',
        'x-msg': `${what}.json`,
      },
    },
  }) as const;

const jurisdiction = { type: 'string', maxLength: 50 } as const;
const textOrNumber = { type: ['string', 'number'], maxLength: 40 } as const;
const apiKeyField = { type: 'string', maxLength: 100 } as const;

const jsonOnly = (file: string): string => {
  if (file.endsWith('.xml')) throw badRequest('format: only json is served (use .json)');
  return file.slice(0, -'.json'.length);
};

export function registerOpen311Routes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const { db, clock } = app.ctx;

  /** A request as `callerKeyId` (the GET's api_key, or null) may read it: showsPrivateParts. */
  const facts = async (row: ReportRow, callerKeyId: string | null) => {
    const p = await svc.progress(row);
    const site = await db
      .selectFrom('map_asset')
      .select(['code', 'road', 'district', 'x', 'y'])
      .where('objectid', '=', row.siteAssetId)
      .executeTakeFirst();
    const [lng, lat] = site ? mercatorToLonLat(Number(site.x), Number(site.y)) : [null, null];
    return open311Request(
      {
        refNo: row.refNo,
        category: row.category,
        state: p.state,
        description: row.description,
        agency: p.agency,
        createdAt: row.createdAt,
        updatedAt: Math.max(row.updatedAt, ...p.steps.map((s) => s.at ?? 0)),
        expectedAt: p.expectedAt,
        urgency: p.urgency,
        address: site ? `${site.district}${site.road}` : '',
        poleCode: site?.code ?? '',
        lat: lat === null ? null : Math.round(lat * 1e6) / 1e6,
        lng: lng === null ? null : Math.round(lng * 1e6) / 1e6,
        // only an Open311 request's own link is ever shown (a citizen's photos never are)
        mediaUrl: row.mediaUrl,
      },
      showsPrivateParts(row, callerKeyId),
    );
  };

  r.get(
    `${OPEN311_BASE}/discovery.json`,
    {
      config: { ...config, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { querystring: { type: 'object', properties: {} } },
    },
    async (req) => {
      const origin = app.ctx.config.citizen.publicUrl || `${req.protocol}://${req.host}`;
      return {
        changeset: '2026-11-23T00:00:00+08:00',
        contact: `hotline ${app.ctx.config.citizen.hotline}`,
        key_service: '由系统管理员在“市民服务 › Open311 接口密钥”签发',
        endpoints: [
          {
            specification: 'http://wiki.open311.org/GeoReport_v2',
            url: `${origin}${OPEN311_BASE}`,
            changeset: '2026-11-23T00:00:00+08:00',
            type: 'production',
            formats: ['application/json'],
          },
        ],
      };
    },
  );

  r.get(
    `${OPEN311_BASE}/services.json`,
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { querystring: { type: 'object', properties: { jurisdiction_id: jurisdiction } } },
    },
    async () => OPEN311_SERVICES,
  );

  r.get(
    `${OPEN311_BASE}/services/:file`,
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        params: fileParam('service_code'),
        querystring: { type: 'object', properties: { jurisdiction_id: jurisdiction } },
      },
    },
    async (req) => {
      const code = jsonOnly(req.params.file);
      if (!citizenCategory(code)) throw notFound(`service_code: ${code} is not a service`);
      return serviceDefinition(code);
    },
  );

  /** The key's id; 403 when it is missing, unknown or revoked. */
  const keyOf = async (apiKey: string | undefined) => {
    if (!apiKey) throw new ApiError(Code.FORBIDDEN, 'api_key: required');
    const k = await db
      .selectFrom('open311_key')
      .select(['id', 'revokedAt'])
      .where('keyHash', '=', sha256(apiKey))
      .executeTakeFirst();
    if (!k || k.revokedAt !== null) throw new ApiError(Code.FORBIDDEN, 'api_key: invalid or revoked');
    await db.updateTable('open311_key').set({ lastUsedAt: clock() }).where('id', '=', k.id).execute();
    return k.id;
  };
  /** A GET's optional key (it only adds the caller's own requests' words and photo). */
  const callerKey = (apiKey: string | undefined) => (apiKey ? keyOf(apiKey) : Promise.resolve(null));

  r.post(
    `${OPEN311_BASE}/requests.json`,
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        body: {
          type: 'object',
          'x-form': true,
          additionalProperties: false,
          required: ['service_code'],
          properties: {
            api_key: apiKeyField,
            jurisdiction_id: jurisdiction,
            service_code: { type: 'string', enum: [...CITIZEN_CATEGORY_CODES] },
            lat: textOrNumber,
            long: textOrNumber,
            address_string: { type: 'string', maxLength: 300 },
            address_id: { type: 'string', maxLength: 32 },
            email: { type: 'string', maxLength: 100 },
            device_id: { type: 'string', maxLength: 64 },
            account_id: { type: 'string', maxLength: 64 },
            first_name: { type: 'string', maxLength: 50 },
            last_name: { type: 'string', maxLength: 50 },
            phone: { type: 'string', maxLength: 20 },
            description: { type: 'string', maxLength: 4000 },
            media_url: linkField,
          },
          patternProperties: {
            '^attribute\\[[A-Za-z0-9_]{1,40}\\]$': { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const keyId = await keyOf(b.api_key ?? (req.query as { api_key?: string } | undefined)?.api_key);
      const num = (v: string | number | undefined): number | null => {
        if (v === undefined || v === '') return null;
        const n = typeof v === 'number' ? v : Number(v);
        return Number.isFinite(n) ? n : NaN;
      };
      const lat = num(b.lat);
      const lng = num(b.long);
      if (Number.isNaN(lat) || (lat !== null && Math.abs(lat) > 90))
        throw badRequest('lat: must be a latitude (WGS84)');
      if (Number.isNaN(lng) || (lng !== null && Math.abs(lng) > 180))
        throw badRequest('long: must be a longitude (WGS84)');
      if ((lat === null) !== (lng === null)) throw badRequest('long: lat and long go together');
      const poleCode = b.address_id || (b as Record<string, string | undefined>)['attribute[pole_code]'];
      let site;
      if (poleCode) site = await svc.siteByCode(poleCode, 'address_id');
      else if (lat !== null && lng !== null) {
        const near = await svc.nearby(lat, lng, 100, 1);
        if (!near[0])
          throw badRequest('lat: no street light within 100 m; give address_id (the pole number)');
        site = await svc.siteByCode(near[0].code, 'lat');
      } else
        throw badRequest('address_id: a location is required (lat + long, or address_id: the pole number)');
      const description = (b.description ?? '').replace(/<[^>]*>/g, '').trim();
      const idem = req.headers['idempotency-key'];
      const idemKey =
        typeof idem === 'string' && idem
          ? `o311-${createHash('sha256').update(`${keyId}:${idem}`).digest('hex').slice(0, 40)}`
          : `o311-${randomUUID()}`;
      const name = [b.first_name, b.last_name].filter(Boolean).join(' ').trim();
      const { report } = await svc.fileReport({
        idemKey,
        deviceId: `open311:${keyId}`,
        citizenId: null,
        channel: 'open311',
        open311KeyId: keyId,
        category: b.service_code,
        site,
        locationSource: 'open311',
        lat,
        lng,
        description,
        photos: [],
        mediaUrl: b.media_url ?? '',
        contactName: name.slice(0, 50),
        contactPhone: /^1[3-9]\d{9}$/.test(b.phone ?? '') ? (b.phone ?? '') : '',
      });
      const { urgency } = await svc.progress(report);
      return [
        {
          service_request_id: report.refNo,
          service_notice: serviceNotice(urgency),
          account_id: null,
        },
      ];
    },
  );

  r.get(
    `${OPEN311_BASE}/requests.json`,
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            jurisdiction_id: jurisdiction,
            api_key: apiKeyField,
            service_request_id: { type: 'string', maxLength: 1000 },
            service_code: { type: 'string', maxLength: 300 },
            start_date: { type: 'string', maxLength: 40 },
            end_date: { type: 'string', maxLength: 40 },
            status: {
              type: 'string',
              maxLength: 20,
              pattern: '^(open|closed)(,(open|closed))?$',
              'x-msg': 'open, closed or open,closed',
            },
          },
        },
      },
    },
    async (req) => {
      const q = req.query;
      const caller = await callerKey(q.api_key);
      const list = (s: string | undefined) =>
        s
          ? s
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : [];
      const ids = list(q.service_request_id);
      if (ids.length > 50) throw badRequest('service_request_id: at most 50');
      const codes = list(q.service_code);
      for (const c of codes) if (!citizenCategory(c)) throw badRequest(`service_code: ${c} is not a service`);
      const end = q.end_date ? parseW3c(q.end_date) : clock();
      if (end === null) throw badRequest('end_date: must be a W3C date');
      const start = q.start_date ? parseW3c(q.start_date) : end - MAX_SPAN_DAYS * DAY;
      if (start === null) throw badRequest('start_date: must be a W3C date');
      if (end < start) throw badRequest('end_date: before start_date');
      if (end - start > MAX_SPAN_DAYS * DAY) throw badRequest('start_date: the span may be at most 90 days');
      let qb = db.selectFrom('citizen_report').selectAll();
      if (ids.length) qb = qb.where('refNo', 'in', ids);
      else qb = qb.where('createdAt', '>=', start).where('createdAt', '<=', end);
      if (codes.length) qb = qb.where('category', 'in', codes);
      const rows = await qb.orderBy('createdAt', 'desc').limit(1000).execute();
      const statuses = list(q.status);
      const out = [];
      for (const row of rows) {
        const f = await facts(row, caller);
        if (statuses.length && !statuses.includes(f.status)) continue;
        out.push(f);
        if (out.length >= 200) break;
      }
      return out;
    },
  );

  r.get(
    `${OPEN311_BASE}/requests/:file`,
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        params: fileParam('service_request_id'),
        querystring: { type: 'object', properties: { jurisdiction_id: jurisdiction, api_key: apiKeyField } },
      },
    },
    async (req) => {
      const id = jsonOnly(req.params.file);
      const caller = await callerKey(req.query.api_key);
      const row = await db
        .selectFrom('citizen_report')
        .selectAll()
        .where('refNo', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound(`service_request_id: ${id} not found`);
      return [await facts(row, caller)];
    },
  );
}
