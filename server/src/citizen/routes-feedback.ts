/**
 * Citizens' feedback (suggestions and complaints, photos optional) and its thread with the staff's
 * replies. Rows live in the dashboard's `feedback` table, so the home page counts real feedback. Text
 * is stored as typed and always shown as text.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskPhone } from '@lighting/shared/core';
import { badRequest, notFound, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { lineField } from '../http/validation';
import { deviceHeaders, deviceKey, limitBy } from './limits';
import {
  addCitizenReply,
  citizenFeedbacks,
  feedbackHead,
  feedbackThread,
  insertFeedback,
  setSatisfaction,
} from './feedback-store';
import { isDistrict } from './place-store';
import { idemKeyField, priorAnswer, rememberAnswer, type RequestKey } from '../kernel';
import { photoNamesField } from './routes-reports';
import { DEVICE_HEADER, type CitizenSession, type CitizenService } from './service';
import { answers } from '../http/response';
import { CITIZEN_ANSWERS } from './responses';

export const feedbackIdParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      maxLength: 64,
      minLength: 1,
      pattern: '^[A-Za-z0-9_-]+$',
      'x-msg': 'not a feedback id',
    },
  },
} as const;

export const FEEDBACK_KINDS = ['suggestion', 'complaint'] as const;

/** A reply in a feedback thread, from the citizen or the staff. */
export const REPLY_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: { content: { type: 'string', minLength: 1, maxLength: 2000 } },
} as const;

/**
 * Tells every open console that a feedback thread changed (created, answered, rated): the
 * 市民反馈 list and an open thread reload what their reader may see. No content travels.
 */
export function feedbackChanged(
  app: FastifyInstance,
  id: string,
  action: 'created' | 'replied' | 'rated',
): Promise<void> {
  return app.ctx.realtime.pushToAll({ method: 'citizenFeedbackChange', id, action });
}

export function registerFeedbackRoutes(app: FastifyInstance, svc: CitizenService): void {
  const r = typed(app);
  const { db, clock } = app.ctx;
  const device = (req: FastifyRequest): string => {
    const d = req.headers[DEVICE_HEADER];
    return typeof d === 'string' ? d : '';
  };
  const mineOrThrow = async (req: FastifyRequest, id: string): Promise<CitizenSession> => {
    const s = await svc.requireSession(req);
    const f = await feedbackHead(db, id);
    if (!f || f.citizenId !== s.citizenId) throw notFound('反馈不存在');
    return s;
  };
  const citizenThread = async (id: string) => {
    const t = await feedbackThread(db, id);
    if (!t) throw notFound('反馈不存在');
    const { citizenId: _omit, ...rest } = t;
    return rest;
  };

  r.post(
    '/api/public/feedback',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: 3_600_000 } },
      preHandler: limitBy(app, 'feedback-device', 10, 3_600_000, deviceKey),
      schema: {
        headers: deviceHeaders,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['idemKey', 'kind', 'title', 'content'],
          properties: {
            idemKey: idemKeyField,
            kind: { type: 'string', enum: [...FEEDBACK_KINDS] },
            title: lineField(100, 1),
            content: { type: 'string', minLength: 1, maxLength: 2000 },
            district: lineField(50),
            photos: photoNamesField,
          },
        },
        response: answers(CITIZEN_ANSWERS.feedback),
      },
    },
    async (req) => {
      const s = await svc.requireSession(req);
      const b = req.body;
      if (!b.title.trim()) throw badRequest('title: must not be empty');
      if (!b.content.trim()) throw badRequest('content: must not be empty');
      // the citizen's key in the kernel's one store: a repeat answers the thread the first one made
      const rk: RequestKey = {
        owner: `c:${s.citizenId}`,
        key: b.idemKey,
        kind: 'citizen.feedback',
        exclusive: true,
      };
      const again = await priorAnswer<{ id: string }>(db, rk);
      if (again) return ok(await citizenThread(again.id), '反馈已提交');
      if (b.district && !(await isDistrict(db, b.district))) throw badRequest('district: 没有这个区');
      const id = `fb-${randomUUID()}`;
      const now = clock();
      try {
        await db.transaction().execute(async (trx) => {
          const photos = await svc.claimPhotos(trx, b.photos ?? [], device(req), id);
          await insertFeedback(trx, {
            id,
            title: b.title.trim(),
            district: b.district ?? '',
            createdAt: now,
            state: 'pending',
            repliedAt: null,
            satisfaction: null,
            citizenId: s.citizenId,
            kind: b.kind,
            content: b.content.trim(),
            photos: JSON.stringify(photos),
            // the legacy key column stays empty: keys live in request_key
            idemKey: null,
          });
          await rememberAnswer(trx, rk, { id }, now);
        });
      } catch (e) {
        // a concurrent retry with the same key won the race: answer its thread
        const won = await priorAnswer<{ id: string }>(db, rk).catch(() => undefined);
        if (won) return ok(await citizenThread(won.id), '反馈已提交');
        throw e;
      }
      await feedbackChanged(app, id, 'created');
      return ok(await citizenThread(id), '反馈已提交');
    },
  );

  r.get(
    '/api/public/feedback/mine',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        querystring: { type: 'object', properties: {} },
        response: answers(CITIZEN_ANSWERS.myFeedback),
      },
    },
    async (req) => {
      const s = await svc.requireSession(req);
      return ok(await citizenFeedbacks(db, s.citizenId));
    },
  );

  r.get(
    '/api/public/feedback/:id',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { params: feedbackIdParams, response: answers(CITIZEN_ANSWERS.feedback) },
    },
    async (req) => {
      await mineOrThrow(req, req.params.id);
      return ok(await citizenThread(req.params.id));
    },
  );

  r.post(
    '/api/public/feedback/:id/replies',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 3_600_000 } },
      schema: {
        params: feedbackIdParams,
        body: REPLY_BODY,
        response: answers(CITIZEN_ANSWERS.feedback),
      },
    },
    async (req) => {
      const s = await mineOrThrow(req, req.params.id);
      if (!req.body.content.trim()) throw badRequest('content: must not be empty');
      // the citizen answered: the thread waits for the staff again
      await addCitizenReply(db, {
        id: `fr-${randomUUID()}`,
        feedbackId: req.params.id,
        authorName: s.kind === 'phone' ? maskPhone(s.subject) : '市民',
        content: req.body.content.trim(),
        now: clock(),
      });
      await feedbackChanged(app, req.params.id, 'replied');
      return ok(await citizenThread(req.params.id), '已发送');
    },
  );

  r.post(
    '/api/public/feedback/:id/rate',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: 3_600_000 } },
      schema: {
        params: feedbackIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['satisfaction'],
          properties: { satisfaction: { type: 'integer', minimum: 1, maximum: 5 } },
        },
        response: answers(CITIZEN_ANSWERS.feedback),
      },
    },
    async (req) => {
      await mineOrThrow(req, req.params.id);
      const f = await feedbackHead(db, req.params.id);
      if (!f?.repliedAt) throw badRequest('satisfaction: 收到回复后才能评价');
      await setSatisfaction(db, req.params.id, req.body.satisfaction);
      await feedbackChanged(app, req.params.id, 'rated');
      return ok(await citizenThread(req.params.id), '感谢您的评价');
    },
  );
}
