/**
 * The models and their form versions (effects): loading a model, checking a designed form (its
 * shape and design through @lighting/shared/formcore, then what it names: related models and their
 * fields, dictionaries, data interfaces, bill rules), and saving it as a new version when it changed.
 */
import {
  FormShapeError,
  normalizeForm,
  validateFormDesign,
  valueFields,
  walkFields,
  type FormData,
  type FormField,
} from '@lighting/shared/formcore';
import type { Db } from '../database';
import { badRequest, notFound } from '../http/envelope';
import { sql, type Selectable } from 'kysely';
import { contains } from '../db/search';
import { documentContains } from './json-column';
import type { VisualdevBaseTable } from './schema';
import {
  COLUMN_DATA_MAX,
  FORM_DATA_MAX,
  columnDataProblem,
  jsonProblem,
  parseJsonField,
  type Json,
} from './rules';

export const MODEL_COLUMNS = [
  'id',
  'fullName',
  'enCode',
  'type',
  'category',
  'state',
  'description',
  'sortCode',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'formData',
  'formSource',
  'columnData',
  'tables',
  'version',
  'releasedVersion',
  'releasedAt',
  'keySlots',
] as const;

/** A model as loadModel reads it: the table's columns MODEL_COLUMNS names, as selected. */
export type ModelRow = Pick<Selectable<VisualdevBaseTable>, (typeof MODEL_COLUMNS)[number]>;

export async function loadModel(db: Db, id: string): Promise<ModelRow> {
  const row = await db
    .selectFrom('visualdev_base')
    .select(MODEL_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('功能不存在');
  return {
    ...row,
    version: Number(row.version),
    createdAt: Number(row.createdAt),
    releasedVersion: row.releasedVersion === null ? null : Number(row.releasedVersion),
    releasedAt: row.releasedAt === null ? null : Number(row.releasedAt),
  };
}

/** A saved form (always normalised when saved; normalised again so older saves read the same). */
export function formOf(formData: string): FormData {
  return normalizeForm(formData === '' ? { fields: [] } : formData);
}

/** The form text a client reads: as its client saved it (a JNPF 3.x form stays in 3.x's dialect). */
export const savedForm = (v: { formData: string; formSource: string | null }): string =>
  v.formSource ?? v.formData;

/**
 * The form of a model's version (a record's version, or the current one): normalised (`form`,
 * `formData`) and as saved (`saved`, what clients read).
 */
export async function versionForm(
  db: Db,
  modelId: string,
  version: number,
): Promise<{ form: FormData; formData: string; saved: string; columnData: string }> {
  const v = await db
    .selectFrom('lowcode_model_version')
    .select(['formData', 'formSource', 'columnData'])
    .where('modelId', '=', modelId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!v) throw notFound('表单版本不存在');
  return { form: formOf(v.formData), formData: v.formData, saved: savedForm(v), columnData: v.columnData };
}

/**
 * A designed form as a body sent it (`formData`, JSON text) → the normalised form and its text, or
 * a 400 naming the path: not JSON, bad text inside, not a form (FormShapeError), a broken design
 * (validateFormDesign: duplicate names, cycles…), too large once normalised.
 */
export function parseDesignedForm(text: string): { form: FormData; text: string } {
  const parsed = parseJsonField(text, 'formData');
  if (!parsed.ok) throw badRequest(parsed.message);
  let form: FormData;
  try {
    form = normalizeForm(parsed.value);
  } catch (e) {
    if (e instanceof FormShapeError)
      throw badRequest(e.path ? `formData.${e.message}` : `formData: ${e.message}`);
    throw e;
  }
  const problem = validateFormDesign(form)[0];
  if (problem) throw badRequest(`formData.${problem.path}: ${problem.text.en}`);
  const out = JSON.stringify(form);
  if (out.length > FORM_DATA_MAX) throw badRequest(`formData: must be at most ${FORM_DATA_MAX} characters`);
  const inner = jsonProblem(form, 'formData');
  if (inner) throw badRequest(inner);
  return { form, text: out };
}

/** The list JSON as given ('' for none), after its shape check. */
export function parseColumnData(text: string): string {
  if (text.trim() === '') return '';
  const parsed = parseJsonField(text, 'columnData');
  if (!parsed.ok) throw badRequest(parsed.message);
  const problem = columnDataProblem(parsed.value);
  if (problem) throw badRequest(problem);
  if (text.length > COLUMN_DATA_MAX)
    throw badRequest(`columnData: must be at most ${COLUMN_DATA_MAX} characters`);
  return text;
}

/** The tables note as given: a JSON array. */
export function parseTables(text: string): string {
  const parsed = parseJsonField(text, 'tables');
  if (!parsed.ok) throw badRequest(parsed.message);
  if (!Array.isArray(parsed.value)) throw badRequest('tables: must be a JSON array');
  return text;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The main value fields of a model's current form (what a relation may show). */
async function mainFieldsOf(db: Db, modelId: string, cache: Map<string, Set<string> | null>) {
  if (!cache.has(modelId)) {
    const m = await db
      .selectFrom('visualdev_base')
      .select('formData')
      .where('id', '=', modelId)
      .executeTakeFirst();
    cache.set(modelId, m ? new Set(valueFields(formOf(m.formData)).map((v) => v.key)) : null);
  }
  return cache.get(modelId) ?? null;
}

/**
 * What a designed form names must exist: a related model and the fields it shows, a dictionary, a
 * data interface, a bill rule. `selfId` / `selfForm`: a form may relate to its own model.
 */
export async function checkFormReferences(db: Db, form: FormData, selfId: string | null): Promise<void> {
  const cache = new Map<string, Set<string> | null>();
  if (selfId) cache.set(selfId, new Set(valueFields(form).map((v) => v.key)));
  const visits: Array<{ field: FormField; path: string; table: FormField | null }> = [];
  walkFields(form, (v) => visits.push(v));
  const relationModel = new Map<string, string>();
  for (const { field, table } of visits)
    if (field.__config__.jnpfKey === 'relationForm' && field.__vModel__) {
      const key = table?.__vModel__ ? `${table.__vModel__}.${field.__vModel__}` : field.__vModel__;
      relationModel.set(key, str(field.modelId));
      relationModel.set(field.__vModel__, str(field.modelId));
    }
  for (const { field, path, table } of visits) {
    const c = field.__config__;
    const p = `formData.${path}`;
    if (c.dataType === 'dictionary') {
      const t = str(c.dictionaryType);
      const found = await db
        .selectFrom('dictionary_type')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', t), eb('enCode', '=', t)]))
        .executeTakeFirst();
      if (!found) throw badRequest(`${p}.__config__.dictionaryType: 数据字典 "${t}" 不存在`);
    } else if (c.dataType === 'dynamic') {
      const id = str(c.propsUrl);
      const found = await db
        .selectFrom('data_interface')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) throw badRequest(`${p}.__config__.propsUrl: 数据接口 "${id}" 不存在`);
    }
    switch (c.jnpfKey) {
      case 'billRule': {
        const rule = str(c.rule);
        const found = await db
          .selectFrom('bill_rule')
          .select('id')
          .where('enCode', '=', rule)
          .executeTakeFirst();
        if (!found) throw badRequest(`${p}.__config__.rule: 单据规则 "${rule}" 不存在`);
        break;
      }
      case 'relationForm': {
        const fields = await mainFieldsOf(db, str(field.modelId), cache);
        if (!fields) throw badRequest(`${p}.modelId: 关联的功能 "${str(field.modelId)}" 不存在`);
        if (!fields.has(str(field.relationField)))
          throw badRequest(`${p}.relationField: 关联功能中没有字段 "${str(field.relationField)}"`);
        break;
      }
      case 'relationFormAttr': {
        const ref = str(field.relationField);
        const modelId =
          relationModel.get(table?.__vModel__ && !ref.includes('.') ? `${table.__vModel__}.${ref}` : ref) ??
          '';
        const fields = await mainFieldsOf(db, modelId, cache);
        if (fields && !fields.has(str(field.showField)))
          throw badRequest(`${p}.showField: 关联功能中没有字段 "${str(field.showField)}"`);
        break;
      }
      default:
        break;
    }
  }
}

/**
 * Inside a transaction: makes `formData` / `columnData` the model's current form and list JSON, as a
 * new version when they differ from the current one (a save that only renames the model, or repeats
 * the same form, makes no version). The number comes from one `UPDATE … version + 1 … RETURNING`, so
 * two saves at once get two versions instead of one refused. `formSource` is the form as its client
 * saved it when that is not `formData` itself (null otherwise). Returns the model's version.
 */
export async function saveVersion(
  trx: Db,
  modelId: string,
  forms: { formData: string; formSource: string | null; columnData: string },
  userId: string,
  now: number,
): Promise<number> {
  const { formData, formSource, columnData } = forms;
  const cur = await trx
    .selectFrom('visualdev_base')
    .select(['version', 'formData', 'formSource', 'columnData'])
    .where('id', '=', modelId)
    .executeTakeFirstOrThrow();
  if (
    Number(cur.version) > 0 &&
    cur.formData === formData &&
    cur.formSource === formSource &&
    cur.columnData === columnData
  )
    return Number(cur.version);
  const row = await trx
    .updateTable('visualdev_base')
    .set({ version: sql<number>`${sql.ref('version')} + 1`, formData, formSource, columnData })
    .where('id', '=', modelId)
    .returning('version')
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  await trx
    .insertInto('lowcode_model_version')
    .values({ modelId, version, formData, formSource, columnData, createdAt: now, createdBy: userId })
    .execute();
  return version;
}

/** Models whose current form text mentions `needle` (a quick filter before parsing the forms). */
/** The models whose records hold a stored file (its name anywhere in a record's values). */
export async function modelsHoldingFile(db: Db, fileName: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lowcode_record')
    .select('modelId')
    .distinct()
    .where(documentContains(fileName))
    .execute();
  return rows.map((r) => r.modelId);
}

export async function modelsMentioning(
  db: Db,
  needle: string,
): Promise<Array<{ id: string; fullName: string; formData: string }>> {
  return db
    .selectFrom('visualdev_base')
    .select(['id', 'fullName', 'formData'])
    .where(contains('formData', needle))
    .execute();
}

/**
 * The fields of `modelId` a form shows through its relations: each relationForm's shown field and
 * list columns, and the showField of the relationFormAttr fields that read it.
 */
export function exposedFields(form: FormData, modelId: string): Set<string> {
  const out = new Set<string>();
  const relations = new Set<string>();
  walkFields(form, ({ field }) => {
    if (field.__config__.jnpfKey !== 'relationForm' || field.modelId !== modelId) return;
    if (field.__vModel__) relations.add(field.__vModel__);
    out.add(str(field.relationField));
    for (const c of Array.isArray(field.columnOptions) ? (field.columnOptions as unknown[]) : [])
      if (c && typeof c === 'object') out.add(str((c as { value?: unknown }).value));
  });
  walkFields(form, ({ field }) => {
    if (field.__config__.jnpfKey !== 'relationFormAttr') return;
    const ref = str(field.relationField);
    if (relations.has(ref) || relations.has(ref.split('.').pop() ?? '')) out.add(str(field.showField));
  });
  out.delete('');
  return out;
}

/** The relationForm fields of a form (sub-table columns too) that point at `modelId`. */
export function relationsTo(form: FormData, modelId: string): FormField[] {
  const out: FormField[] = [];
  walkFields(form, ({ field }) => {
    if (field.__config__.jnpfKey === 'relationForm' && field.modelId === modelId) out.push(field);
  });
  return out;
}

export type { Json };
