/**
 * /api/visualdev/OnlineDev/{modelId} (spec §7): the runtime of a model — its current form and list
 * JSON (Config), the options of a choice field (Options), and its records: create, read (with the
 * form of the record's own version), update, delete, and display values (DataChange).
 *
 * Every call is checked in the handler by `mayUseModel` (access.ts: the design menu, or a menu
 * that publishes the model, with the action's button); DataChange also answers those who fill a
 * form relating to the model, with only the fields that form shows.
 */
import type { FastifyInstance } from 'fastify';
import { valueFields } from '@lighting/shared/formcore';
import { authOf } from '../context';
import type { User } from '../system';
import { badRequest, notFound, ok } from '../http/envelope';
import { NO_BODY } from '../http/route-table';
import { typed } from '../http/typed';
import { idemKeyField, newId, once, rememberAnswer, rowInScope, userKey } from '../kernel';
import { designOrPage, type ModelAccess } from './access';
import { displayRecords } from './display';
import { recordData } from './json-column';
import { deleteRecord, loadRecordRow, recordsInScope, updateRecordData } from './record-store';
import { recordScope } from './scope';
import { optionLoader } from './options';
import { RECORD_BODY_LIMIT, RECORD_DATA_MAX, parseJsonField } from './rules';
import { loadModel, versionForm, type ModelRow } from './store';
import { fillBillNumbers, insertRecord, prepareRecord } from './submission';
import { slotsInTransaction, writeKeys } from './keys';
import { listOf, runtimeVersion } from './publish';
import { answers } from '../http/response';
import { LOWCODE_ANSWERS } from './responses';

const ONLINE = '/api/visualdev/OnlineDev';

const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const modelParams = { type: 'object', required: ['modelId'], properties: { modelId: idField } } as const;
const recordParams = {
  type: 'object',
  required: ['modelId', 'id'],
  properties: { modelId: idField, id: idField },
} as const;
const recordBody = {
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: {
    /** the values as JSON text (JNPF's contract) */
    data: { type: 'string', minLength: 2, maxLength: RECORD_DATA_MAX },
    idemKey: idemKeyField,
  },
} as const;

/**
 * `?preview=1`: the current (unreleased) version, for designers; published pages omit it. On a
 * record call it picks the version only: who may act is the pages' check (access.ts).
 */
export const previewQuery = {
  type: 'object',
  properties: { preview: { type: 'integer', enum: [0, 1] } },
} as const;

const CHECKED =
  'checked in the handler: the design menu or a menu publishing the model, with the action’s button (mayUseModel)';

type Data = Record<string, unknown>;

/** The submitted `data` text → an object, or a 400 naming the path. */
function submitted(text: string): Data {
  const parsed = parseJsonField(text, 'data');
  if (!parsed.ok) throw badRequest(parsed.message);
  const v = parsed.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest('data: must be a JSON object');
  return v as Data;
}

export function registerRecordRoutes(app: FastifyInstance, access: ModelAccess): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  /** The version a caller works with: designers' previews the current one, pages the released one. */
  const versionFor = async (m: ModelRow, preview?: number) => {
    if (m.version < 1) throw badRequest('modelId: 该功能尚未设计表单');
    const version = runtimeVersion(m, preview === 1);
    return { version, ...(await versionForm(db, m.id, version)) };
  };
  const current = (m: ModelRow) => versionForm(db, m.id, runtimeVersion(m, false));
  /** A record; 404 when there is none or it is outside the caller's data permissions (`user`). */
  const loadRecord = async (modelId: string, id: string, user?: Readonly<User>) => {
    const scope = user ? await recordScope(ctx, user, modelId) : null;
    if (scope && (await recordsInScope(db, modelId, [id], scope.keys)).length === 0)
      throw notFound('数据不存在');
    const rec = await loadRecordRow(db, modelId, id);
    return { ...rec, version: Number(rec.version), data: recordData(rec.data) };
  };

  /**
   * A record as it would be saved must stay inside the caller's data permissions: a new one they
   * could not see, or an edit that moves one out of their sight, is refused naming `data`.
   */
  const assertStaysInScope = async (
    user: Readonly<User>,
    modelId: string,
    values: Record<string, unknown>,
    owner: { createdBy: string; organizeId: string | null },
  ) => {
    const scope = await recordScope(ctx, user, modelId);
    if (
      scope &&
      !rowInScope(scope.predicate, {
        ...values,
        creatorUserId: owner.createdBy,
        organizeId: owner.organizeId,
      })
    )
      throw badRequest('data: 此记录不在您的数据权限内');
  };

  /** What a page runs: the version, its form, and its list with only the columns granted (spec §6). */
  const runtimeOf = async (
    user: Parameters<ModelAccess['visibleColumns']>[0],
    m: ModelRow,
    preview?: number,
  ) => {
    const via = designOrPage(preview);
    await access.assertMayUse(user, m, 'view', via);
    const v = await versionFor(m, preview);
    const columns = await access.visibleColumns(user, m.id, via);
    const cd = m.type === 2 ? listOf(v.columnData) : null;
    const shown =
      cd && columns ? { ...cd, columnList: cd.columnList.filter((c) => columns.has(c.prop)) } : cd;
    return { version: v.version, formData: v.saved, columnData: shown ? JSON.stringify(shown) : '' };
  };

  r.get(
    `${ONLINE}/:modelId/Config`,
    {
      config: { open: CHECKED },
      schema: {
        params: modelParams,
        querystring: previewQuery,
        response: answers(LOWCODE_ANSWERS.config),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      const v = await runtimeOf(authOf(req).user, m, req.query.preview);
      return ok({
        id: m.id,
        fullName: m.fullName,
        enCode: m.enCode,
        type: m.type,
        version: v.version,
        released: m.releasedVersion !== null,
        formData: v.formData,
        columnData: v.columnData,
      });
    },
  );

  // JNPF's separate reads of the same: the form alone, the list alone
  r.get(
    `${ONLINE}/:modelId/FormData`,
    {
      config: { open: CHECKED },
      schema: {
        params: modelParams,
        querystring: previewQuery,
        response: answers(LOWCODE_ANSWERS.formData),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      const v = await runtimeOf(authOf(req).user, m, req.query.preview);
      return ok({ version: v.version, formData: v.formData });
    },
  );

  r.get(
    `${ONLINE}/:modelId/ColumnData`,
    {
      config: { open: CHECKED },
      schema: {
        params: modelParams,
        querystring: previewQuery,
        response: answers(LOWCODE_ANSWERS.columnData),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      const v = await runtimeOf(authOf(req).user, m, req.query.preview);
      return ok({ version: v.version, columnData: v.columnData });
    },
  );

  r.get(
    `${ONLINE}/:modelId/Options`,
    {
      config: { open: CHECKED },
      schema: {
        params: modelParams,
        querystring: {
          type: 'object',
          required: ['field'],
          properties: { field: { type: 'string', minLength: 1, maxLength: 201, 'x-text': 'line' } },
        },
        response: answers(LOWCODE_ANSWERS.options),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      // the form renderer's options: for the pages and the designers' previews alike
      await access.assertMayUse(authOf(req).user, m, 'view', 'either');
      if (m.version < 1) throw badRequest('modelId: 该功能尚未设计表单');
      // the released form's field, or the current one's (a designer previewing a new field)
      const forms = [await current(m)];
      if (m.releasedVersion !== null && m.releasedVersion !== m.version)
        forms.push(await versionForm(db, m.id, m.version));
      const all = forms.flatMap(({ form }) => valueFields(form).flatMap((v) => [v, ...(v.columns ?? [])]));
      const field = all.find((v) => v.key === req.query.field)?.field;
      if (!field) throw badRequest(`field: 字段 "${req.query.field}" 不存在`);
      const loader = optionLoader(ctx);
      await loader.load([field]);
      const list = loader.get(field);
      if (!list) throw badRequest(`field: "${req.query.field}" 不是选择控件`);
      return ok({ list: [...list] });
    },
  );

  r.post(
    `${ONLINE}/:modelId`,
    {
      config: { open: CHECKED },
      bodyLimit: RECORD_BODY_LIMIT,
      schema: {
        params: modelParams,
        querystring: previewQuery,
        body: recordBody,
        response: answers(LOWCODE_ANSWERS.withId),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const m = await loadModel(db, req.params.modelId);
      await access.assertMayUse(user, m, 'add');
      const b = req.body;
      const result = await once(db, userKey(user.id, b.idemKey, 'lowcode.record'), async () => {
        const { form, version } = await versionFor(m, req.query.preview);
        const now = ctx.clock();
        const values = await prepareRecord(ctx, form, submitted(b.data), null, user, now);
        await assertStaysInScope(user, m.id, values, { createdBy: user.id, organizeId: user.organizeId });
        const id = newId();
        await db.transaction().execute(async (trx) => {
          const slots = await slotsInTransaction(trx, ctx.dialect, m.id);
          await insertRecord(trx, slots, { id, modelId: m.id, version, form, values, user, now });
          await rememberAnswer(trx, userKey(user.id, b.idemKey, 'lowcode.record'), id, now);
        });
        return id;
      });
      return ok({ id: result.answer }, '新建成功');
    },
  );

  r.get(
    `${ONLINE}/:modelId/:id`,
    {
      config: { open: CHECKED },
      schema: {
        params: recordParams,
        querystring: previewQuery,
        response: answers(LOWCODE_ANSWERS.record),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      await access.assertMayUse(authOf(req).user, m, 'view');
      const rec = await loadRecord(m.id, req.params.id, authOf(req).user);
      const v = await versionForm(db, m.id, rec.version);
      return ok({
        id: rec.id,
        data: JSON.stringify(rec.data),
        version: rec.version,
        formData: v.saved,
        creatorTime: Number(rec.createdAt),
        lastModifyTime: rec.updatedAt === null ? null : Number(rec.updatedAt),
      });
    },
  );

  r.put(
    `${ONLINE}/:modelId/:id`,
    {
      config: { open: CHECKED },
      bodyLimit: RECORD_BODY_LIMIT,
      schema: {
        params: recordParams,
        querystring: previewQuery,
        body: recordBody,
        response: answers(LOWCODE_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const m = await loadModel(db, req.params.modelId);
      await access.assertMayUse(user, m, 'edit');
      const rec = await loadRecord(m.id, req.params.id, user);
      // the record keeps the form version it was made with
      const { form } = await versionForm(db, m.id, rec.version);
      const now = ctx.clock();
      const values = await prepareRecord(ctx, form, submitted(req.body.data), rec.data, user, now);
      await assertStaysInScope(user, m.id, values, rec);
      await db.transaction().execute(async (trx) => {
        const filled = await fillBillNumbers(trx, form, values, rec.data, rec.id, now);
        await updateRecordData(trx, rec.id, JSON.stringify(filled), user.id, now);
        const slots = await slotsInTransaction(trx, ctx.dialect, m.id);
        await writeKeys(trx, slots, { id: rec.id, modelId: m.id, createdAt: Number(rec.createdAt) }, filled);
      });
      return ok(null, '更新成功');
    },
  );

  r.delete(
    `${ONLINE}/:modelId/:id`,
    {
      config: { open: CHECKED },
      schema: {
        params: recordParams,
        querystring: previewQuery,
        body: NO_BODY,
        response: answers(LOWCODE_ANSWERS.nothing),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      await access.assertMayUse(authOf(req).user, m, 'remove');
      const rec = await loadRecord(m.id, req.params.id, authOf(req).user);
      await deleteRecord(db, rec.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    `${ONLINE}/:modelId/:id/DataChange`,
    {
      config: {
        open: 'checked in the handler: who may use the model, or fill a form relating to it (only the fields that form shows)',
      },
      schema: {
        params: recordParams,
        querystring: { type: 'object' },
        response: answers(LOWCODE_ANSWERS.recordData),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      const readable = await access.readableFields(authOf(req).user, m);
      const rec = await loadRecord(m.id, req.params.id, authOf(req).user);
      const [shown] = await displayRecords(ctx, [{ ...rec, data: rec.data }]);
      const display = shown?.display ?? {};
      // through a relation: only what the relating forms show
      const visible = readable
        ? Object.fromEntries(Object.entries(display).filter(([k]) => readable.has(k)))
        : display;
      return ok({ id: rec.id, data: JSON.stringify(visible) });
    },
  );
}
