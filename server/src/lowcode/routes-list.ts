/**
 * A published list's calls (spec §7 OnlineDev): `GET List` (filters, keyword, sort, server paging;
 * rows as display values of the columns the caller may see, spec §6) and `POST batchDelete`.
 * Filtering, sorting, counting and paging run on the records' keys (list-query.ts); only the
 * page's documents are read.
 */
import type { FastifyInstance } from 'fastify';
import { parseSlotMap, type ColumnData } from '@lighting/shared/formcore';
import { authOf } from '../context';
import type { User } from '../system';
import { badRequest, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import type { ModelAccess } from './access';
import { displayRecords } from './display';
import type { ListContext, ListRequest } from './list-query';
import {
  deleteRecords,
  keyPage,
  recordsByIds,
  recordsInScope,
  slotKeyCounts,
  slotKeysOf,
} from './record-store';
import { recordScope } from './scope';
import { isSlot } from './keys';
import { listOf, runtimeVersion } from './publish';
import { parseJsonField } from './rules';
import { loadModel, versionForm, type ModelRow } from './store';
import type { Db } from '../database';
import type { AppContext } from '../context';
import { answers } from '../http/response';
import { LOWCODE_ANSWERS, RECORD_ROW } from './responses';
import type { FromSchema } from 'json-schema-to-ts';

const ONLINE = '/api/visualdev/OnlineDev';
const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const modelParams = { type: 'object', required: ['modelId'], properties: { modelId: idField } } as const;

/** A list call's filters (also the export's body). */
export const listFilterProps = {
  keyword: keywordQuery,
  /** `{ field: value }` of the list's search fields, a range as `[from, to]`, as JSON text */
  queryJson: { type: 'string', maxLength: 4000 },
  sidx: { type: 'string', maxLength: 200, 'x-text': 'line' },
  sort: { enum: ['asc', 'desc'] },
  preview: { type: 'integer', enum: [0, 1] },
} as const;

/** At most this many records in one batch delete. */
export const BATCH_MAX = 500;

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'config' | 'scopeFields' | 'viewerAttributes' | 'access'>;

export interface ListScope {
  m: ModelRow;
  lc: ListContext;
  /** null: every column */
  columns: ReadonlySet<string> | null;
  request: ListRequest;
}

/**
 * Who asks, for which model and list, with which filters: the model's list of the version the
 * caller sees (designers' previews: the current one), the columns they may see, the parsed
 * filters. Refuses models without a list, and bad filters naming the parameter.
 */
export async function listScope(
  ctx: Ctx,
  access: ModelAccess,
  user: Readonly<User>,
  modelId: string,
  action: 'view' | 'export',
  q: { keyword?: string; queryJson?: string; sidx?: string; sort?: 'asc' | 'desc'; preview?: number },
): Promise<ListScope> {
  const m = await loadModel(ctx.db, modelId);
  // preview picks the current version only: a published model's records need its page's grant
  await access.assertMayUse(user, m, action);
  if (m.version < 1) throw badRequest('modelId: 该功能尚未设计表单');
  const v = await versionForm(ctx.db, m.id, runtimeVersion(m, q.preview === 1));
  const cd = m.type === 2 ? listOf(v.columnData) : null;
  if (!cd) throw badRequest('modelId: 该功能没有列表');
  let query: unknown = undefined;
  if (q.queryJson) {
    const parsed = parseJsonField(q.queryJson, 'queryJson');
    if (!parsed.ok) throw badRequest(parsed.message);
    query = parsed.value;
  }
  return {
    m,
    lc: { modelId: m.id, cd, form: v.form, slots: parseSlotMap(m.keySlots) },
    columns: await access.visibleColumns(user, m.id),
    request: {
      query,
      keyword: q.keyword,
      sidx: q.sidx,
      sort: q.sort,
      // the rows the caller's data permissions let them see: the list, its count, groups and export
      scope: (await recordScope(ctx, user, m.id))?.keys,
    },
  };
}

/** The columns shown (and exported): the list's, less those the caller may not see. */
export const shownColumns = (cd: ColumnData, columns: ReadonlySet<string> | null) =>
  cd.columnList.filter((c) => !columns || columns.has(c.prop));

/** Records by id, in the order given, as display values of `props` (with id and creation time). */
/** A list's row: the record's id, when it was made, and each shown column's display value. */
export type RecordRow = FromSchema<typeof RECORD_ROW>;

export async function shownRows(
  ctx: Ctx,
  ids: readonly string[],
  props: readonly string[],
): Promise<RecordRow[]> {
  if (!ids.length) return [];
  const rows = await recordsByIds(ctx.db, ids);
  const created = new Map(rows.map((r) => [r.id, Number(r.createdAt)]));
  const shown = new Map((await displayRecords(ctx, rows)).map((r) => [r.id, r.display]));
  return ids
    .filter((id) => shown.has(id))
    .map((id) => {
      const display = shown.get(id) ?? {};
      const row: RecordRow = { id, creatorTime: created.get(id) ?? null };
      for (const p of props) row[p] = display[p] ?? '';
      return row;
    });
}

/**
 * A grouped list's groups on this page, in page order: each group key, its display value (the
 * group field is one of the list's columns) and its count over every page. None when the caller
 * may not see the group field's column.
 */
async function pageGroups(
  db: Db,
  scope: ListScope,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<Array<{ key: string | number | null; label: string; count: number }>> {
  const field = scope.lc.cd.groupField;
  const slot = field ? scope.lc.slots[field] : undefined;
  if (!field || !slot || !isSlot(slot) || (scope.columns && !scope.columns.has(field)) || !rows.length)
    return [];
  const ids = rows.map((r) => String(r.id));
  const keyOf = await slotKeysOf(db, slot, ids);
  const keys = [...new Set(ids.map((id) => keyOf.get(id) ?? null))];
  const countOf = await slotKeyCounts(db, scope, slot, keys);
  return keys.map((k) => {
    const first = rows.find((r) => (keyOf.get(String(r.id)) ?? null) === k);
    return { key: k, label: first ? String(first[field] ?? '') : '', count: countOf.get(k) ?? 0 };
  });
}

export function registerListRoutes(app: FastifyInstance, access: ModelAccess): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  r.get(
    `${ONLINE}/:modelId/List`,
    {
      config: {
        open: 'checked in the handler: the design menu or a menu publishing the model (mayUseModel view); columns by the column grants',
      },
      schema: {
        params: modelParams,
        querystring: { type: 'object', properties: { ...listFilterProps, ...pagingQuery } },
        response: answers(LOWCODE_ANSWERS.list),
      } as const,
    },
    async (req) => {
      const q = req.query;
      const scope = await listScope(ctx, access, authOf(req).user, req.params.modelId, 'view', q);
      const { ids, total } = await keyPage(db, scope, q);
      const props = shownColumns(scope.lc.cd, scope.columns).map((c) => c.prop);
      // the tree and group fields come along when shown anywhere, for the page's tree and headers
      const list = await shownRows(ctx, ids, props);
      const pagination = { currentPage: q.currentPage, pageSize: q.pageSize, total };
      if (scope.lc.cd.type === 3) return ok({ list, pagination, groups: await pageGroups(db, scope, list) });
      return ok({ list, pagination });
    },
  );

  r.post(
    `${ONLINE}/:modelId/batchDelete`,
    {
      config: { open: 'checked in the handler: mayUseModel remove (btn_remove)' },
      schema: {
        params: modelParams,
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: {
            ids: { type: 'array', minItems: 1, maxItems: BATCH_MAX, uniqueItems: true, items: idField },
          },
        },
        querystring: { type: 'object', properties: { preview: listFilterProps.preview } },
        response: answers(LOWCODE_ANSWERS.deleted),
      } as const,
    },
    async (req) => {
      const m = await loadModel(db, req.params.modelId);
      const { user } = authOf(req);
      await access.assertMayUse(user, m, 'remove');
      // records outside the caller's data permissions are not theirs to delete: they are left alone
      const ids = await recordsInScope(db, m.id, req.body.ids, (await recordScope(ctx, user, m.id))?.keys);
      // records already gone (a retried call) are no error: the effect is the same
      return ok({ deleted: await deleteRecords(db, m.id, ids) }, '删除成功');
    },
  );
}
