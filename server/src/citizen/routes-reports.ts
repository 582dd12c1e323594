/**
 * The citizens' repair reports: a place from a pole's QR code, its number or a GPS point / pin; photos
 * (checked, re-encoded, GPS stripped); filing (idempotent, folded into an open report of the same
 * fault at the same place); "me too"; my reports; a report's progress; "is it fixed?".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CITIZEN_CATEGORY_CODES, CITIZEN_PHONE, QR_TOKEN } from '@lighting/shared/core';
import { ApiError, Code, badRequest, notFound, ok } from '../http/envelope';
import { readUpload } from '../http/upload';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { lineField } from '../http/validation';
import { mercatorToLonLat } from '../map';
import { deviceHeaders, deviceKey, limitBy, limitEach } from './limits';
import { PHOTO_MAX_BYTES, PHOTO_NAME, PhotoError, photoUrl, processPhoto } from './photos';
import { DEVICE_HEADER, type CitizenService, type ReportRow } from './service';
import { idemKeyField } from '../kernel';
import { insertPhoto, reportsOfCitizen } from './report-store';
import { answers, fileAnswer } from '../http/response';
import { CITIZEN_ANSWERS } from './responses';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', maxLength: 64, pattern: '^cr-[0-9a-f-]{36}$', 'x-msg': 'not a report id' },
  },
} as const;

export const photoNamesField = {
  type: 'array',
  maxItems: 3,
  'x-msg': '当前限制最多可以上传3张图片',
  items: { type: 'string', maxLength: 36, pattern: PHOTO_NAME.source, 'x-msg': 'not an uploaded photo' },
} as const;

const latField = { type: 'number', minimum: -90, maximum: 90 } as const;
const lngField = { type: 'number', minimum: -180, maximum: 180 } as const;

function deviceOf(req: FastifyRequest): string {
  const d = req.headers[DEVICE_HEADER];
  return typeof d === 'string' ? d : '';
}

/**
 * Reports are throttled per phone number: the one a citizen verified (the -nowx path; a chat-app user
 * by their openid's citizen) and the optional contact phone, so naming someone's number as the
 * contact spends that number's budget too.
 */
const phoneKeys =
  (svc: CitizenService) =>
  async (req: FastifyRequest): Promise<string[]> => {
    const keys: string[] = [];
    const session = await svc.session(req);
    if (session) keys.push(session.kind === 'phone' ? `ph:${session.subject}` : `cz:${session.citizenId}`);
    const contact = (req.body as { contactPhone?: unknown } | undefined)?.contactPhone;
    if (typeof contact === 'string' && contact.trim()) keys.push(`ph:${contact.trim()}`);
    return keys;
  };

export function registerReportRoutes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const ctx = app.ctx;
  const store = svc.photos;

  r.get(
    '/api/public/sites',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            qr: { type: 'string', maxLength: 60, pattern: QR_TOKEN.source, 'x-msg': '二维码无效或已被篡改' },
            code: lineField(32, 1),
          },
        },
        response: answers(CITIZEN_ANSWERS.site),
      },
    },
    async (req) => {
      const { qr, code } = req.query;
      if (!qr && !code) throw badRequest('code: required (or qr)');
      const site = qr ? await svc.siteByQr(qr) : await svc.siteByCode(code ?? '', 'code');
      return ok(await svc.siteView(site));
    },
  );

  r.get(
    '/api/public/sites/nearby',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        querystring: {
          type: 'object',
          required: ['lat', 'lng'],
          properties: { lat: latField, lng: lngField },
        },
        response: answers(CITIZEN_ANSWERS.nearby),
      },
    },
    async (req) => {
      const list = await svc.nearby(req.query.lat, req.query.lng);
      return ok(
        list.map((a) => {
          const [lng, lat] = mercatorToLonLat(a.x, a.y);
          return {
            code: a.code,
            kind: a.kind,
            road: a.road,
            district: a.district,
            distance: a.distance,
            lat: Math.round(lat * 1e6) / 1e6,
            lng: Math.round(lng * 1e6) / 1e6,
          };
        }),
      );
    },
  );

  r.post(
    '/api/public/photos',
    {
      config: { public: true, bodyKind: 'multipart', rateLimit: { max: 60, timeWindow: 3_600_000 } },
      preHandler: limitBy(app, 'photo-device', 30, 3_600_000, deviceKey),
      schema: { headers: deviceHeaders, response: answers(CITIZEN_ANSWERS.photo) },
    },
    async (req) => {
      const { data } = await readUpload(req, {
        maxBytes: PHOTO_MAX_BYTES,
        fields: 2,
        tooLarge: '文件大小超过8MB',
      });
      let photo;
      try {
        photo = await processPhoto(data);
      } catch (e) {
        if (e instanceof PhotoError) throw badRequest(e.message);
        throw e;
      }
      const row = { deviceId: deviceOf(req), size: photo.data.length, createdAt: ctx.clock() };
      const name = await store.save(photo.data, (n, db) => insertPhoto(db, { ...row, name: n }));
      return ok(
        { name, url: photoUrl(name), width: photo.width, height: photo.height, gps: photo.gps },
        '上传成功',
      );
    },
  );

  r.get(
    '/api/public/photos/:name',
    {
      config: { public: true },
      schema: {
        params: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 36, pattern: PHOTO_NAME.source, 'x-msg': 'not a photo' },
          },
        },
        response: answers(fileAnswer('image/jpeg', 'the photo (JPEG)')),
      },
    },
    async (req, reply) => {
      const photo = await store.open(req.params.name);
      if (!photo) throw notFound('照片不存在');
      return reply
        .type('image/jpeg')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(photo.body);
    },
  );

  r.post(
    '/api/public/reports',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 3_600_000 } },
      preHandler: [
        limitBy(app, 'report-device', 10, 3_600_000, deviceKey),
        limitEach(app, 'report-phone', 10, 3_600_000, phoneKeys(svc)),
      ],
      schema: {
        headers: deviceHeaders,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idemKey', 'category', 'locationSource'],
          properties: {
            idemKey: idemKeyField,
            channel: { type: 'string', enum: ['gzh', 'nowx'] },
            category: { type: 'string', enum: [...CITIZEN_CATEGORY_CODES] },
            locationSource: { type: 'string', enum: ['qr', 'code', 'gps', 'pin'] },
            qr: { type: 'string', maxLength: 60, pattern: QR_TOKEN.source, 'x-msg': '二维码无效或已被篡改' },
            assetCode: lineField(32, 1),
            lat: latField,
            lng: lngField,
            description: { type: 'string', maxLength: 500 },
            photos: photoNamesField,
            contactName: lineField(50),
            contactPhone: {
              type: 'string',
              maxLength: 11,
              pattern: `^(${CITIZEN_PHONE.source.slice(1, -1)})?$`,
              'x-msg': '请输入正确的手机号码',
            },
          },
        },
        response: answers(CITIZEN_ANSWERS.filed),
      },
    },
    async (req) => {
      const b = req.body;
      const session = await svc.session(req);
      if (b.locationSource === 'qr' && !b.qr) throw badRequest('qr: required');
      if (b.locationSource !== 'qr' && !b.assetCode) throw badRequest('assetCode: 请选择路灯或输入灯杆编号');
      const site =
        b.locationSource === 'qr' ? await svc.siteByQr(b.qr ?? '') : await svc.siteByCode(b.assetCode ?? '');
      if (
        (b.locationSource === 'gps' || b.locationSource === 'pin') &&
        (b.lat === undefined || b.lng === undefined)
      )
        throw badRequest('lat: required for a GPS or pinned location');
      if (
        b.lat !== undefined &&
        b.lng !== undefined &&
        b.locationSource !== 'qr' &&
        b.locationSource !== 'code'
      ) {
        const near = await svc.nearby(b.lat, b.lng);
        if (!near.some((a) => a.objectid === site.asset.objectid))
          throw badRequest('assetCode: 这盏灯不在您标注的位置附近，请重新选择');
      }
      const { report, folded } = await svc.fileReport({
        idemKey: b.idemKey,
        deviceId: deviceOf(req),
        citizenId: session?.citizenId ?? null,
        channel: b.channel ?? (session?.kind === 'openid' ? 'gzh' : 'nowx'),
        category: b.category,
        site,
        locationSource: b.locationSource,
        lat: b.lat ?? null,
        lng: b.lng ?? null,
        description: b.description ?? '',
        photos: b.photos ?? [],
        contactName: b.contactName ?? '',
        contactPhone: b.contactPhone ?? '',
      });
      const mine = svc.isOwner(report, session, deviceOf(req));
      return ok(
        { folded, report: await svc.citizenView(report, mine, folded) },
        folded ? '该位置已有人报修，已为您记录“我也遇到”' : '报修已提交',
      );
    },
  );

  r.post(
    '/api/public/reports/:id/support',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: 3_600_000 } },
      preHandler: limitBy(app, 'support-device', 30, 3_600_000, deviceKey),
      schema: {
        headers: deviceHeaders,
        params: idParams,
        body: NO_BODY,
        response: answers(CITIZEN_ANSWERS.supported),
      },
    },
    async (req) => {
      const report = await svc.reportById(req.params.id);
      if (!report) throw notFound('报修不存在');
      const progress = await svc.progress(report);
      if (progress.faultClosedAt !== null) throw badRequest('id: 该报修已处理完毕');
      const session = await svc.session(req);
      const counted = await ctx.db
        .transaction()
        .execute((trx) =>
          svc.support(
            trx,
            report.id,
            svc.supporterKey(session?.citizenId ?? null, deviceOf(req)),
            ctx.clock(),
          ),
        );
      const fresh = (await svc.reportById(report.id)) as ReportRow;
      return ok(
        { counted, report: await svc.citizenView(fresh, svc.isOwner(fresh, session, deviceOf(req)), true) },
        counted ? '已记录，感谢您的反馈' : '您已经反馈过了',
      );
    },
  );

  r.get(
    '/api/public/reports/mine',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        headers: deviceHeaders,
        querystring: { type: 'object', properties: {} },
        response: answers(CITIZEN_ANSWERS.reports),
      },
    },
    async (req) => {
      const session = await svc.session(req);
      const device = deviceOf(req);
      const keys = svc.supporterKeys(session, device);
      const rows = await reportsOfCitizen(ctx.db, {
        citizenId: session ? session.citizenId : null,
        deviceId: device,
        supporterKeys: keys,
      });
      const list = [];
      for (const row of rows) {
        const mine = svc.isOwner(row, session, device);
        list.push(await svc.citizenView(row, mine, !mine));
      }
      return ok(list);
    },
  );

  r.get(
    '/api/public/reports/:id',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        params: idParams,
        headers: { type: 'object', properties: { [DEVICE_HEADER]: { type: 'string', maxLength: 64 } } },
        response: answers(CITIZEN_ANSWERS.report),
      },
    },
    async (req) => {
      const report = await svc.reportById(req.params.id);
      if (!report) throw notFound('报修不存在');
      const session = await svc.session(req);
      const mine = svc.isOwner(report, session, deviceOf(req));
      const supported =
        !mine && (await svc.hasSupported(report.id, svc.supporterKeys(session, deviceOf(req))));
      return ok(await svc.citizenView(report, mine, supported));
    },
  );

  r.post(
    '/api/public/reports/:id/confirm',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 3_600_000 } },
      schema: {
        headers: deviceHeaders,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['fixed'],
          properties: { fixed: { type: 'boolean' } },
        },
        response: answers(CITIZEN_ANSWERS.report),
      },
    },
    async (req) => {
      const report = await svc.reportById(req.params.id);
      const session = await svc.session(req);
      if (!report || !svc.isOwner(report, session, deviceOf(req))) throw notFound('报修不存在');
      const p = await svc.progress(report);
      if (p.state !== 'fixed' && p.state !== 'verified') throw badRequest('fixed: 维修尚未完成');
      if (report.fixedConfirmed !== null) throw new ApiError(Code.BAD_REQUEST, 'fixed: 您已经确认过了');
      await svc.confirm(report, req.body.fixed);
      const fresh = (await svc.reportById(report.id)) as ReportRow;
      return ok(
        await svc.citizenView(fresh, true),
        req.body.fixed ? '感谢您的确认' : '已重新报修，我们会尽快处理',
      );
    },
  );
}
