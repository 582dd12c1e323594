/**
 * Open311 GeoReport v2 for the city's other systems, under /api/open311/v2: services, one service's
 * definition, posting a request (with an API key an administrator issued; form-encoded or JSON),
 * querying requests with the standard's filters, and one request. Errors are the standard's array of
 * {code, description} (config.errorFormat 'open311', answered by the app's error handler).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { citizenCategory } from '@lighting/shared/core';
import { ApiError, Code, badRequest, notFound } from '../http/envelope';
import { typed } from '../http/typed';
import { emptyArgsAreAbsent } from '../http/empty-args';
import { linkField } from '../http/validation';
import { answers } from '../http/response';
import { dueAtFor, mercatorToLonLat } from '../map';
import type { FastifyReply } from 'fastify';
import {
  OPEN311_BASE,
  OPEN311_SERVICES,
  open311Request,
  requestSelection,
  showsPrivateParts,
  serviceDefinition,
  serviceNotice,
  codesIn,
} from './open311';
import { XML_CONTENT_TYPE, XML_ROOT, splitFormat, xmlDocument, type Open311Format } from './open311-xml';
import { OPEN311_ANSWERS, OPEN311_XML } from './responses';
import { sha256, type CitizenService, type ReportRow, type Site } from './service';
import { roadNamed, UNPLACED_NOTE } from './unplaced';
import { roadNames, unplacedByRef, unplacedMatching, type UnplacedRow } from './unplaced-store';
import { keyByHash, touchKey } from './open311-key-store';
import { reportByRef, reportSite, reportsMatching } from './report-store';

const config = { public: true, errorFormat: 'open311' } as const;
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const FORMATS = ['json', 'xml'] as const;

/** What a resource answers (http/response.ts): the specification's JSON, or its XML document as text. */
const answered = <const S>(format: Open311Format, json: S) =>
  format === 'xml' ? { response: answers(OPEN311_XML) } : { response: answers(json) };

/** A resource named `name.json` or `name.xml` in the path answers either. */
const eitherFormat = <const S>(json: S) => answers({ anyOf: [json, OPEN311_XML] });

/** The answer in the format asked for: JSON as it is, XML as the specification's document. */
function answer<T>(reply: FastifyReply, format: Open311Format, root: string, value: T): T | FastifyReply {
  if (format === 'json') return value;
  return reply.type(XML_CONTENT_TYPE).send(xmlDocument(root, value));
}

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

/** `name.json` / `name.xml` (the schema's pattern holds it). */
const resource = (file: string): { name: string; format: Open311Format } =>
  splitFormat(file) ?? { name: file, format: 'json' };

export function registerOpen311Routes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const { db, clock } = app.ctx;

  /** A request as `callerKeyId` (the GET's api_key, or null) may read it: showsPrivateParts. */
  const facts = async (row: ReportRow, callerKeyId: string | null) => {
    const p = await svc.progress(row);
    const site = await reportSite(db, row.siteAssetId);
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
        lat: lat === null ? null : round6(lat),
        lng: lng === null ? null : round6(lng),
        // only an Open311 request's own link is ever shown (a citizen's photos never are)
        mediaUrl: row.mediaUrl,
      },
      showsPrivateParts(row, callerKeyId),
    );
  };

  /**
   * A request kept as given: open, its address the text given, lat/long only when given; once staff
   * placed it, its state, dates and pole those of the report it became or was folded into (the
   * address stays the text given, the reference the one the client holds).
   */
  const unplacedFacts = async (u: UnplacedRow, callerKeyId: string | null) => {
    const cat = citizenCategory(u.category);
    const placed = u.reportId ? await svc.reportById(u.reportId) : undefined;
    const own = {
      refNo: u.refNo,
      category: u.category,
      description: u.description,
      createdAt: u.createdAt,
      address: u.address,
      mediaUrl: u.mediaUrl,
    };
    const priv = showsPrivateParts(u, callerKeyId);
    if (!placed) {
      const urgency = cat?.urgency ?? 1;
      return open311Request(
        {
          ...own,
          state: 'received',
          notes: UNPLACED_NOTE,
          agency: '',
          updatedAt: u.updatedAt,
          expectedAt: dueAtFor(urgency, u.createdAt),
          urgency,
          poleCode: '',
          lat: u.lat === null ? null : round6(Number(u.lat)),
          lng: u.lng === null ? null : round6(Number(u.lng)),
        },
        priv,
      );
    }
    const p = await svc.progress(placed);
    const site = await reportSite(db, placed.siteAssetId);
    const [lng, lat] = site ? mercatorToLonLat(Number(site.x), Number(site.y)) : [null, null];
    return open311Request(
      {
        ...own,
        state: p.state,
        agency: p.agency,
        updatedAt: Math.max(u.updatedAt, placed.updatedAt, ...p.steps.map((s) => s.at ?? 0)),
        expectedAt: p.expectedAt,
        urgency: p.urgency,
        poleCode: site?.code ?? '',
        lat: lat === null ? null : round6(lat),
        lng: lng === null ? null : round6(lng),
      },
      priv,
    );
  };

  for (const format of FORMATS)
    r.get(
      `${OPEN311_BASE}/discovery.${format}`,
      {
        config: { ...config, rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: {
          querystring: { type: 'object', properties: {} },
          ...answered(format, OPEN311_ANSWERS.discovery),
        },
      },
      async (req, reply) => {
        const origin = app.ctx.config.citizen.publicUrl || `${req.protocol}://${req.host}`;
        return answer(reply, format, XML_ROOT.discovery, {
          changeset: '2026-11-29T00:00:00+08:00',
          contact: `hotline ${app.ctx.config.citizen.hotline}`,
          key_service: '由系统管理员在“市民服务 › Open311 接口密钥”签发',
          endpoints: [
            {
              specification: 'http://wiki.open311.org/GeoReport_v2',
              url: `${origin}${OPEN311_BASE}`,
              changeset: '2026-11-29T00:00:00+08:00',
              type: 'production',
              formats: ['text/xml', 'application/json'],
            },
          ],
        });
      },
    );

  for (const format of FORMATS)
    r.get(
      `${OPEN311_BASE}/services.${format}`,
      {
        config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
        preValidation: emptyArgsAreAbsent,
        schema: {
          querystring: { type: 'object', properties: { jurisdiction_id: jurisdiction } },
          ...answered(format, OPEN311_ANSWERS.services),
        },
      },
      async (_req, reply) => answer(reply, format, XML_ROOT.services, OPEN311_SERVICES),
    );

  r.get(
    `${OPEN311_BASE}/services/:file`,
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        params: fileParam('service_code'),
        querystring: { type: 'object', properties: { jurisdiction_id: jurisdiction } },
        response: eitherFormat(OPEN311_ANSWERS.serviceDefinition),
      },
      preValidation: emptyArgsAreAbsent,
    },
    async (req, reply) => {
      const { name: code, format } = resource(req.params.file);
      if (!citizenCategory(code)) throw notFound(`service_code: ${code} is not a service`);
      return answer(reply, format, XML_ROOT.serviceDefinition, serviceDefinition(code));
    },
  );

  /** The key's id; 403 when it is missing, unknown or revoked. */
  const keyOf = async (apiKey: string | undefined) => {
    if (!apiKey) throw new ApiError(Code.FORBIDDEN, 'api_key: required');
    const k = await keyByHash(db, sha256(apiKey));
    if (!k || k.revokedAt !== null) throw new ApiError(Code.FORBIDDEN, 'api_key: invalid or revoked');
    await touchKey(db, k.id, clock());
    return k.id;
  };
  /** A GET's optional key (it only adds the caller's own requests' words and photo). */
  const callerKey = (apiKey: string | undefined) => (apiKey ? keyOf(apiKey) : Promise.resolve(null));

  for (const format of FORMATS)
    r.post(
      `${OPEN311_BASE}/requests.${format}`,
      {
        config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
        preValidation: emptyArgsAreAbsent,
        schema: {
          body: {
            type: 'object',
            'x-form': true,
            additionalProperties: false,
            required: ['service_code'],
            properties: {
              api_key: apiKeyField,
              jurisdiction_id: jurisdiction,
              service_code: { type: 'string', maxLength: 40 },
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
          ...answered(format, OPEN311_ANSWERS.posted),
        },
      },
      async (req, reply) => {
        const b = req.body;
        const keyId = await keyOf(b.api_key ?? (req.query as { api_key?: string } | undefined)?.api_key);
        // an unknown service is 404 in GeoReport v2 (a missing one is the schema's 400)
        if (!citizenCategory(b.service_code))
          throw notFound(`service_code: ${b.service_code} is not a service`);
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
        const addressText = (b.address_string ?? '').trim();
        const poleCode = b.address_id || (b as Record<string, string | undefined>)['attribute[pole_code]'];
        let site: Site | null = null;
        if (poleCode) site = await svc.siteByCode(poleCode, 'address_id');
        else if (lat !== null && lng !== null) {
          const near = await svc.nearby(lat, lng, 100, 1);
          if (near[0]) site = await svc.siteByCode(near[0].code, 'lat');
          // no light there and no address either: nothing staff could place it by
          else if (!addressText)
            throw badRequest('lat: no street light within 100 m; give address_id (the pole number)');
        }
        if (!site && addressText) {
          // an address: the pole or light whose number it names, else kept as given (below)
          for (const code of codesIn(addressText)) {
            site = await svc.findSite(code);
            if (site) break;
          }
        } else if (!site)
          throw badRequest(
            'address_id: a location is required (lat + long, address_string or address_id: the pole number)',
          );
        const description = (b.description ?? '').replace(/<[^>]*>/g, '').trim();
        const idem = req.headers['idempotency-key'];
        const idemKey =
          typeof idem === 'string' && idem
            ? `o311-${createHash('sha256').update(`${keyId}:${idem}`).digest('hex').slice(0, 40)}`
            : `o311-${randomUUID()}`;
        const name = [b.first_name, b.last_name].filter(Boolean).join(' ').trim();
        const common = {
          idemKey,
          deviceId: `open311:${keyId}`,
          channel: 'open311' as const,
          open311KeyId: keyId,
          category: b.service_code,
          lat,
          lng,
          description,
          mediaUrl: b.media_url ?? '',
          contactName: name.slice(0, 50),
          contactPhone: /^1[3-9]\d{9}$/.test(b.phone ?? '') ? (b.phone ?? '') : '',
        };
        let report: ReportRow;
        if (site)
          report = (
            await svc.fileReport({ ...common, citizenId: null, site, locationSource: 'open311', photos: [] })
          ).report;
        else {
          // an address naming no pole or light we know: kept as given (with the road it names, a
          // hint for staff) until staff place it; GeoReport v2 makes the city take it
          const kept = await svc.fileUnplaced({
            ...common,
            address: addressText,
            road: roadNamed(addressText, await roadNames(db)),
          });
          if ('unplaced' in kept) {
            const cat = citizenCategory(kept.unplaced.category);
            return answer(reply, format, XML_ROOT.requests, [
              {
                service_request_id: kept.unplaced.refNo,
                service_notice: serviceNotice(cat?.urgency ?? 1),
                account_id: null,
              },
            ]);
          }
          report = kept.report;
        }
        const { urgency } = await svc.progress(report);
        return answer(reply, format, XML_ROOT.requests, [
          {
            service_request_id: report.refNo,
            service_notice: serviceNotice(urgency),
            account_id: null,
          },
        ]);
      },
    );

  for (const format of FORMATS)
    r.get(
      `${OPEN311_BASE}/requests.${format}`,
      {
        config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
        preValidation: emptyArgsAreAbsent,
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
          ...answered(format, OPEN311_ANSWERS.requests),
        },
      },
      async (req, reply) => {
        const q = req.query;
        const caller = await callerKey(q.api_key);
        const sel = requestSelection(q, clock(), (c) => Boolean(citizenCategory(c)));
        if ('status' in sel) throw sel.status === 404 ? notFound(sel.msg) : badRequest(sel.msg);
        // the ids alone choose: every other filter is ignored (GeoReport v2)
        const match =
          sel.kind === 'ids'
            ? { refNos: sel.ids, start: 0, end: 0, categories: [] }
            : { refNos: [], start: sel.start, end: sel.end, categories: sel.codes };
        const kept = await unplacedMatching(db, match);
        // a kept request placed as a report of its own shares its reference: answered once, as kept
        const keptRefs = new Set(kept.map((u) => u.refNo));
        const rows = [
          ...(await reportsMatching(db, match))
            .filter((row) => !keptRefs.has(row.refNo))
            .map((row) => ({ at: row.createdAt, id: row.refNo, one: () => facts(row, caller) })),
          ...kept.map((u) => ({ at: u.createdAt, id: u.refNo, one: () => unplacedFacts(u, caller) })),
        ].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
        const statuses = sel.kind === 'filter' ? sel.statuses : [];
        const out = [];
        for (const row of rows) {
          const f = await row.one();
          if (statuses.length && !statuses.includes(f.status)) continue;
          out.push(f);
          if (out.length >= 200) break;
        }
        return answer(reply, format, XML_ROOT.requests, out);
      },
    );

  r.get(
    `${OPEN311_BASE}/requests/:file`,
    {
      config: { ...config, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        params: fileParam('service_request_id'),
        querystring: { type: 'object', properties: { jurisdiction_id: jurisdiction, api_key: apiKeyField } },
        response: eitherFormat(OPEN311_ANSWERS.requests),
      },
      preValidation: emptyArgsAreAbsent,
    },
    async (req, reply) => {
      const { name: id, format } = resource(req.params.file);
      const caller = await callerKey(req.query.api_key);
      const kept = await unplacedByRef(db, id);
      if (kept) return answer(reply, format, XML_ROOT.requests, [await unplacedFacts(kept, caller)]);
      const row = await reportByRef(db, id);
      if (!row) throw notFound(`service_request_id: ${id} not found`);
      return answer(reply, format, XML_ROOT.requests, [await facts(row, caller)]);
    },
  );
}
