/**
 * The console's side of the citizens' service (staff tokens, guarded by the 市民服务 menus): the
 * citizens' feedback and replies, the QR plate sheets, and the Open311 keys.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { keywordQuery, lineField, pagingQuery } from '../http/validation';
import { MENU_FAULT } from '../map';
import { MENU_FEEDBACK, MENU_OPEN311, MENU_PLATES } from './menus';
import { PLATES_PER_PAGE, platesPdf } from './plates';
import { qrUrl } from './qr';
import { REPLY_BODY, feedbackChanged, feedbackIdParams, FEEDBACK_KINDS } from './routes-feedback';
import { addStaffReply, citizenIdentity, feedbackHead, feedbackThread, pageFeedback } from './feedback-store';
import { insertKey, listKeys, revokeKey } from './open311-key-store';
import { platePoles } from './plate-store';
import { STAFF_REPLY_NAME, citizenAuthor, plateCodes } from './rules';
import { sha256, type CitizenService } from './service';
import { feedbackScope, passes, placingScopes } from './scope';
import { citizenCategory } from '@lighting/shared/core';
import type { Predicate } from '../kernel';
import { unplacedScopeRow } from './unplaced';
import { unplacedById, unplacedList, userName, type UnplacedRow } from './unplaced-store';
import { keyName } from './open311-key-store';
import { answers, fileAnswer } from '../http/response';
import { CITIZEN_ANSWERS } from './responses';

export const MAX_PLATES = 600;

export function registerConsoleRoutes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const { db, clock } = app.ctx;

  /* ---------------- feedback ---------------- */

  r.get(
    '/api/citizen/feedback',
    {
      onRequest: requirePermission({ menu: MENU_FEEDBACK }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            state: { type: 'string', enum: ['pending', 'replied'] },
            kind: { type: 'string', enum: [...FEEDBACK_KINDS] },
            keyword: keywordQuery,
          },
        },
        response: answers(CITIZEN_ANSWERS.feedbackPage),
      },
    },
    async (req) => {
      const q = req.query;
      const { list, pagination } = await pageFeedback(db, {
        ...q,
        currentPage: q.currentPage ?? 1,
        pageSize: q.pageSize ?? 20,
        scope: await feedbackScope(req),
      });
      return page(list, pagination);
    },
  );

  const staffThread = async (id: string) => {
    const t = await feedbackThread(db, id, true);
    if (!t) throw notFound('反馈不存在');
    const { citizenId, ...rest } = t;
    const c = citizenId ? await citizenIdentity(db, citizenId) : undefined;
    // staff see who wrote (a phone number, masked; a chat-app user by kind only)
    return { ...rest, author: c ? citizenAuthor(c) : '' };
  };

  r.get(
    '/api/citizen/feedback/:id',
    {
      onRequest: requirePermission({ menu: MENU_FEEDBACK }),
      schema: { params: feedbackIdParams, response: answers(CITIZEN_ANSWERS.staffFeedback) },
    },
    async (req) => {
      // a feedback outside the caller's data permissions is not there
      if (!(await feedbackHead(db, req.params.id, await feedbackScope(req)))) throw notFound('反馈不存在');
      return ok(await staffThread(req.params.id));
    },
  );

  r.post(
    '/api/citizen/feedback/:id/replies',
    {
      onRequest: requirePermission({ menu: MENU_FEEDBACK, button: 'btn_reply' }),
      schema: {
        params: feedbackIdParams,
        body: REPLY_BODY,
        response: answers(CITIZEN_ANSWERS.staffFeedback),
      },
    },
    async (req) => {
      const { user } = authOf(req);
      const content = req.body.content.trim();
      if (!content) throw badRequest('content: must not be empty');
      const f = await feedbackHead(db, req.params.id, await feedbackScope(req));
      if (!f) throw notFound('反馈不存在');
      const now = clock();
      await addStaffReply(db, {
        id: `fr-${randomUUID()}`,
        feedbackId: f.id,
        userId: user.id,
        // the citizen sees the service's name; who wrote it is `userId` (the console shows it)
        authorName: STAFF_REPLY_NAME,
        content,
        now,
      });
      await feedbackChanged(app, f.id, 'replied');
      return ok(await staffThread(f.id), '回复成功');
    },
  );

  /* ---------------- a fault's citizen report (the map's fault view) ---------------- */

  r.get(
    '/api/citizen/faults/:faultId/report',
    {
      // whoever may see faults may see who reported one and how to reach them (never a citizen)
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        params: {
          type: 'object',
          required: ['faultId'],
          properties: { faultId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: answers(CITIZEN_ANSWERS.staffReport),
      },
    },
    async (req) => {
      const report = await svc.staffReport(req.params.faultId);
      if (!report) throw notFound('该故障不是市民报修');
      return ok(report);
    },
  );

  /* ---------------- Open311 requests kept without a place ---------------- */

  /** What the console shows of a kept request (its contact too: staff who see faults see it). */
  const unplacedView = async (u: UnplacedRow) => {
    const placedReport = u.reportId ? await svc.reportById(u.reportId) : undefined;
    return {
      id: u.id,
      refNo: u.refNo,
      category: u.category,
      address: u.address,
      roadHint: u.roadHint,
      districtHint: u.districtHint,
      lat: u.lat === null ? null : Number(u.lat),
      lng: u.lng === null ? null : Number(u.lng),
      description: u.description,
      mediaUrl: u.mediaUrl,
      contactName: u.contactName,
      contactPhone: u.contactPhone,
      reporter: u.open311KeyId ? await keyName(db, u.open311KeyId) : '',
      createdAt: Number(u.createdAt),
      placedAt: u.placedAt === null ? null : Number(u.placedAt),
      placedCode: u.placedCode,
      placedByName: u.placedBy ? await userName(db, u.placedBy) : '',
      folded: Number(u.folded) === 1,
      faultId: placedReport?.faultId ?? null,
      reportRefNo: placedReport?.refNo ?? null,
    };
  };

  /** Whether the caller's fault permissions reach a kept request (scope.ts, unplaced.ts). */
  const visible = (faults: Predicate | null, u: UnplacedRow) => {
    const cat = citizenCategory(u.category);
    return !!cat && passes(faults, unplacedScopeRow(u, cat));
  };

  r.get(
    '/api/citizen/unplaced-reports',
    {
      // whoever may see faults sees the requests that are to become faults
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        querystring: {
          type: 'object',
          properties: { state: { type: 'string', enum: ['unplaced', 'placed'], default: 'unplaced' } },
        },
        response: answers(CITIZEN_ANSWERS.unplacedList),
      },
    },
    async (req) => {
      const { faults } = await placingScopes(req);
      const rows = (await unplacedList(db, req.query.state === 'placed')).filter((u) => visible(faults, u));
      const out = [];
      for (const u of rows) out.push(await unplacedView(u));
      return ok(out);
    },
  );

  r.post(
    '/api/citizen/unplaced-reports/:id/place',
    {
      // placing files a fault: the fault page's "new" permission, as POST /api/map/faults
      onRequest: requirePermission({ menu: MENU_FAULT, button: 'btn_add' }),
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['assetCode'],
          properties: { assetCode: lineField(32, 1) },
        },
        response: answers(CITIZEN_ANSWERS.unplaced),
      },
    },
    async (req) => {
      const { user } = authOf(req);
      const scopes = await placingScopes(req);
      const u = await unplacedById(db, req.params.id);
      // a request outside the caller's data permissions is not there for them
      if (!u || !visible(scopes.faults, u)) throw notFound('报修不存在');
      // placed already: the first placing stands, a repeat answers it
      if (u.placedAt !== null) return ok(await unplacedView(u), '已确定位置');
      const cat = citizenCategory(u.category);
      if (!cat) throw notFound('报修不存在');
      const site = await svc.findSite(req.body.assetCode);
      const target = site ? svc.faultAsset(site, cat) : null;
      // an asset outside the caller's assets is not there for them; a fault they could not see is refused
      if (
        !site ||
        !target ||
        !passes(scopes.assets, {
          district: site.asset.district,
          kind: site.asset.kind,
          road: site.asset.road,
        })
      )
        throw badRequest('assetCode: 没有这个编号的路灯或灯杆');
      if (
        !passes(scopes.faults, {
          district: target.district,
          source: 'citizen',
          typeCode: cat.typeCode,
          urgency: cat.urgency,
          assetKind: target.kind,
        })
      )
        throw badRequest('assetCode: 此故障不在您的数据权限内');
      const placed = await svc.place(u, site, user.id);
      return ok(await unplacedView(placed), '已确定位置');
    },
  );

  /* ---------------- QR plates ---------------- */

  r.get(
    '/api/citizen/plates.pdf',
    {
      onRequest: requirePermission({ menu: MENU_PLATES, button: 'btn_export' }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            district: lineField(50, 1),
            road: lineField(100, 1),
            codes: { type: 'string', maxLength: 20_000, 'x-msg': 'comma-separated pole numbers' },
          },
        },
        response: answers(fileAnswer('application/pdf', 'the QR plates, A4 sheets (PDF)')),
      },
    },
    async (req, reply) => {
      const q = req.query;
      const codes = plateCodes(q.codes ?? '');
      if (!codes.length && !q.district) throw badRequest('district: choose a district or list pole numbers');
      if (codes.length > MAX_PLATES) throw badRequest(`codes: at most ${MAX_PLATES} per sheet`);
      const rows = await platePoles(db, { codes, district: q.district, road: q.road }, MAX_PLATES + 1);
      if (codes.length) {
        const found = new Set(rows.map((x) => x.code));
        const missing = codes.filter((c) => !found.has(c));
        if (missing.length) throw badRequest(`codes: 没有这些灯杆: ${missing.slice(0, 10).join(', ')}`);
      }
      if (!rows.length) throw badRequest('district: no poles there');
      if (rows.length > MAX_PLATES)
        throw badRequest(`district: more than ${MAX_PLATES} poles; narrow it to a road or list pole numbers`);
      const secret = await svc.qrSecret();
      const base = app.ctx.config.citizen.publicUrl || `${req.protocol}://${req.host}`;
      const pdf = await platesPdf(
        rows.map((x) => ({ code: x.code, road: x.road, url: qrUrl(base, x.code, secret) })),
        app.ctx.config.citizen.hotline,
        `QR plates ${q.district ?? ''} (${rows.length})`,
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="qr-plates-${rows.length}.pdf"`)
        .header('Cache-Control', 'no-store')
        .header('X-Plates', String(rows.length))
        .header('X-Pages', String(Math.ceil(rows.length / PLATES_PER_PAGE)))
        .send(pdf);
    },
  );

  /* ---------------- Open311 keys ---------------- */

  r.get(
    '/api/citizen/open311-keys',
    {
      onRequest: requirePermission({ menu: MENU_OPEN311 }),
      schema: { querystring: { type: 'object', properties: {} }, response: answers(CITIZEN_ANSWERS.keys) },
    },
    async () => {
      return ok(await listKeys(db));
    },
  );

  r.post(
    '/api/citizen/open311-keys',
    {
      onRequest: requirePermission({ menu: MENU_OPEN311, button: 'btn_add' }),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: lineField(100, 1) },
        },
        response: answers(CITIZEN_ANSWERS.keyIssued),
      },
    },
    async (req) => {
      const { user } = authOf(req);
      const name = req.body.name.trim();
      if (!name) throw badRequest('name: must not be empty');
      const key = `o311_${randomBytes(24).toString('base64url')}`;
      const id = `k-${randomUUID()}`;
      await insertKey(db, {
        id,
        name,
        keyHash: sha256(key),
        keyPrefix: key.slice(0, 10),
        createdBy: user.id,
        createdAt: clock(),
      });
      // the key itself is shown this once; only its hash is kept
      return ok({ id, name, key }, '密钥已生成，请立即复制保存');
    },
  );

  r.delete(
    '/api/citizen/open311-keys/:id',
    {
      onRequest: requirePermission({ menu: MENU_OPEN311, button: 'btn_remove' }),
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 64, minLength: 1 } },
        },
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: answers(CITIZEN_ANSWERS.nothing),
      },
    },
    async (req) => {
      if (!(await revokeKey(db, req.params.id, clock()))) throw notFound('密钥不存在或已吊销');
      return ok(null, '已吊销');
    },
  );
}
