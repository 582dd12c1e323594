/**
 * A published list's query (effects): the filters, keyword and sort of a list call turned into one
 * query over `lowcode_record_key` (the records' typed keys, keys.ts) — counted, sorted and paged
 * there — after which only the page's documents are read from `lowcode_record`. The same query
 * feeds the list page, the export (streamed in key order) and the group counts.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  keywordFields,
  mainFields,
  parseListQuery,
  slotKind,
  sortableField,
  type ColumnData,
  type FormData,
  type ListCondition,
  type SlotMap,
} from '@lighting/shared/formcore';
import type { Database } from '../database';
import { badRequest } from '../http/envelope';
import { likePattern } from '../db/search';
import { isSlot, type Slot } from './keys';

/** What a list call is about: its model, the list and form of the version it shows, the slots. */
export interface ListContext {
  modelId: string;
  cd: ColumnData;
  form: FormData;
  slots: SlotMap;
}

export interface ListRequest {
  /** the `queryJson` filters, parsed */
  query?: unknown;
  keyword?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
  /** the caller's data permissions on the model's records (scope.ts `recordScope`) */
  scope?: Expression<SqlBool>;
}

type KeyQuery = SelectQueryBuilder<Database, 'lowcode_record_key', object>;

/** The slot of a field the list filters or sorts by; 400 naming `param` when it has none. */
function slotOf(lc: ListContext, field: string, param: string): Slot {
  const slot = lc.slots[field];
  if (!slot || !isSlot(slot)) throw badRequest(`${param}: "${field}" 不能用于查询或排序`);
  return slot;
}

const ref = (slot: Slot) => sql.ref(`lowcode_record_key.${slot}`);

/** Keys are lower-cased when written (formcore keyOf) and patterns here: plain LIKE on both back ends. */
const keyLike = (slot: Slot, pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`${ref(slot)} like ${pattern} escape '\\'`;

function condition(lc: ListContext, c: ListCondition): Expression<SqlBool> {
  const slot = slotOf(lc, c.field, `queryJson.${c.field}`);
  switch (c.mode) {
    case 'contains':
      return keyLike(slot, likePattern(String(c.value)));
    case 'has':
      return keyLike(slot, `%,${String(c.value).replace(/[\\%_]/g, (x) => `\\${x}`)},%`);
    case 'equals':
      return sql<SqlBool>`${ref(slot)} = ${String(c.value)}`;
    case 'range': {
      const [from, to] = Array.isArray(c.value) ? c.value : [null, null];
      const parts: Expression<SqlBool>[] = [];
      if (from !== null) parts.push(sql<SqlBool>`${ref(slot)} >= ${from}`);
      if (to !== null) parts.push(sql<SqlBool>`${ref(slot)} <= ${to}`);
      return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
    }
    default:
      return sql<SqlBool>`1 = 1`;
  }
}

/** The filters, as conditions (400 naming the field when one is not the list's). */
export function listConditions(lc: ListContext, req: ListRequest): ListCondition[] {
  const parsed = parseListQuery(req.query, lc.cd, lc.form);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.conditions;
}

/** The model's keys filtered by the request (its filters and keyword). */
export function filteredKeys(qb: KeyQuery, lc: ListContext, req: ListRequest): KeyQuery {
  let q = qb.where('lowcode_record_key.modelId', '=', lc.modelId);
  if (req.scope) q = q.where(req.scope);
  for (const c of listConditions(lc, req)) q = q.where(condition(lc, c));
  const keyword = req.keyword?.trim().toLowerCase();
  if (keyword) {
    const fields = keywordFields(lc.cd, lc.form);
    if (!fields.length) throw badRequest('keyword: 该列表没有可按关键字查询的字段');
    const pattern = likePattern(keyword);
    q = q.where((eb) => eb.or(fields.map((f) => keyLike(slotOf(lc, f, 'keyword'), pattern))));
  }
  return q;
}

/**
 * The order of a list call: a grouped list by its group field first; then `sidx` (a sortable
 * column or the default sort field) or the list's default; else newest first. Ties go by record
 * id, so pages never overlap. Nulls first ascending, last descending, on both back ends.
 */
export function orderedKeys(q: KeyQuery, lc: ListContext, req: ListRequest): KeyQuery {
  const fields = mainFields(lc.form);
  const sortable = new Set(lc.cd.columnList.filter((c) => c.sortable).map((c) => c.prop));
  if (lc.cd.defaultSidx) sortable.add(lc.cd.defaultSidx);
  let sidx = req.sidx || lc.cd.defaultSidx || '';
  const dir = req.sidx ? (req.sort ?? 'asc') : (lc.cd.sort ?? 'desc');
  if (req.sidx) {
    const f = fields.get(req.sidx);
    if (!sortable.has(req.sidx) || !f || !sortableField(f)) throw badRequest(`sidx: "${req.sidx}" 不能排序`);
  }
  const by = (slot: Slot, d: 'asc' | 'desc') =>
    d === 'asc' ? sql`${ref(slot)} asc nulls first` : sql`${ref(slot)} desc nulls last`;
  let out = q;
  if (lc.cd.type === 3 && lc.cd.groupField)
    out = out.orderBy(by(slotOf(lc, lc.cd.groupField, 'groupField'), 'asc'));
  if (sidx && !fields.has(sidx)) sidx = '';
  if (sidx) {
    out = out.orderBy(by(slotOf(lc, sidx, 'sidx'), dir));
    return out.orderBy('lowcode_record_key.recordId', dir);
  }
  return out.orderBy('lowcode_record_key.createdAt', 'desc').orderBy('lowcode_record_key.recordId', 'desc');
}

/** A slot's kind, for callers turning keys back into values. */
export const kindOfSlot = (slot: string) => slotKind(slot);
