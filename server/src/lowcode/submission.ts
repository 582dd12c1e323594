/**
 * A submitted record, made ready to store (effects). The client's checks are convenience; here:
 *
 * 1. keys that are not the form's value fields, system controls and display-only calculates are
 *    dropped (formcore `stripSystemAndDisplay`);
 * 2. the values are checked against the form (formcore `validateSubmission`: required, regList,
 *    types, sizes, sub-table rows), with the options of dictionary and data-interface fields loaded
 *    from the real dictionary items and interface answers;
 * 3. what the values name must exist: users, units, positions, areas, the related model's record,
 *    uploaded files (a file new to the record must be the saver's own upload);
 * 4. calculates are recomputed (formcore `applyCalculations`), and system fields filled;
 * 5. bill numbers (in the record's transaction, `fillBillNumbers`): a number the rule issued when the
 *    form opened is used once; a missing, foreign or used one is replaced by a new one.
 *
 * Every refusal is a 400 naming the data path (`items[2].qty: 不能为空`) before anything is written.
 * `checkRecord` answers every problem of 1–3 (an import lists them all per row); `prepareRecord`
 * refuses the first.
 */
import {
  applyCalculations,
  planCalculations,
  serverFilledFields,
  stripSystemAndDisplay,
  validateSubmission,
  valueFields,
  walkFields,
  type FormData,
  type FormField,
  type SubmissionProblem,
  type ValueField,
} from '@lighting/shared/formcore';
import type { AppContext } from '../context';
import type { Db } from '../database';
import type { User } from '../system';
import { ApiError, badRequest } from '../http/envelope';
import { allocateBillNumber } from '../system';
import { STORED_NAME, UPLOAD_TYPES } from '../files';
import type { SlotMap } from '@lighting/shared/formcore';
import { writeKeys } from './keys';
import { optionLoader, type OptionLoader } from './options';
import { systemValue, wasIssued, type Saver } from './rules';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'config'>;
type Data = Record<string, unknown>;

const isObj = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);

/** Where the saver sits: their unit, its company, their position. */
export async function saverOf(db: Db, user: Readonly<User>): Promise<Saver> {
  let companyId: string | null = null;
  let departmentId: string | null = null;
  let at = user.organizeId;
  for (let hops = 0; at && hops < 50; hops++) {
    const o = await db
      .selectFrom('organize')
      .select(['id', 'parentId', 'category'])
      .where('id', '=', at)
      .executeTakeFirst();
    if (!o) break;
    if (o.category === 'company') {
      companyId = o.id;
      break;
    }
    departmentId ??= o.id;
    at = o.parentId;
  }
  return { userId: user.id, companyId, departmentId, positionId: user.positionId };
}

/** Each value field with its value and data path, sub-table cells included. */
function* cells(
  fields: readonly ValueField[],
  data: Data,
): Generator<{ field: FormField; value: unknown; at: string }> {
  for (const v of fields) {
    if (v.field.__config__.jnpfKey !== 'table') {
      yield { field: v.field, value: data[v.key], at: v.key };
      continue;
    }
    const rows = data[v.key];
    if (!Array.isArray(rows)) continue;
    for (const [i, row] of rows.entries())
      if (isObj(row))
        for (const c of v.columns ?? []) {
          const name = String(c.field.__vModel__);
          yield { field: c.field, value: row[name], at: `${v.key}[${i}].${name}` };
        }
  }
}

const asIds = (v: unknown): unknown[] => (Array.isArray(v) ? v.flat(2) : [v]);

/** The `{type, name}` a file value's url names, or null when it is not one of our stored files. */
function storedFileOf(url: unknown): { type: string; name: string } | null {
  if (typeof url !== 'string') return null;
  const m = /^(?:\/api)?\/file\/(?:Image|Download)\/([A-Za-z]+)\/([^/?#]+)$/.exec(url);
  if (!m || !(UPLOAD_TYPES as readonly string[]).includes(m[1] ?? '') || !STORED_NAME.test(m[2] ?? ''))
    return null;
  return { type: m[1] ?? '', name: m[2] ?? '' };
}

const REF_TABLE: Readonly<
  Record<string, { table: 'user' | 'organize' | 'position' | 'area'; what: string }>
> = {
  userSelect: { table: 'user', what: '用户' },
  organizeSelect: { table: 'organize', what: '组织' },
  depSelect: { table: 'organize', what: '部门' },
  posSelect: { table: 'position', what: '岗位' },
  areaSelect: { table: 'area', what: '地区' },
};

/** Every value naming a row, record or file that does not exist (or is not the saver's). */
async function referenceProblems(
  ctx: Ctx,
  form: FormData,
  data: Data,
  previous: Data | null,
  user: Readonly<User>,
): Promise<SubmissionProblem[]> {
  const problems: SubmissionProblem[] = [];
  const fields = valueFields(form);
  const keptFiles = new Set<string>();
  if (previous)
    for (const { field, value } of cells(fields, previous))
      if (field.__config__.jnpfKey === 'uploadFile' || field.__config__.jnpfKey === 'uploadImg')
        for (const f of Array.isArray(value) ? value : [])
          if (isObj(f) && typeof f.url === 'string') keptFiles.add(f.url);

  for (const { field, value, at } of cells(fields, data)) {
    if (value === null || value === undefined || value === '') continue;
    const key = field.__config__.jnpfKey;
    const ref = REF_TABLE[key];
    if (ref) {
      const want = [...new Set(asIds(value).map(String))];
      if (!want.length) continue;
      const found = await ctx.db.selectFrom(ref.table).select('id').where('id', 'in', want).execute();
      const have = new Set(found.map((r) => r.id));
      const missing = want.find((id) => !have.has(id));
      if (missing !== undefined) problems.push({ field: at, message: `${ref.what}不存在 (${missing})` });
      continue;
    }
    if (key === 'relationForm') {
      const row = await ctx.db
        .selectFrom('lowcode_record')
        .select('id')
        .where('modelId', '=', String(field.modelId))
        .where('id', '=', String(value))
        .executeTakeFirst();
      if (!row) problems.push({ field: at, message: '关联的记录不存在' });
      continue;
    }
    if (key === 'uploadFile' || key === 'uploadImg') {
      for (const f of Array.isArray(value) ? value : []) {
        const url = isObj(f) ? f.url : undefined;
        if (typeof url === 'string' && keptFiles.has(url)) continue;
        const stored = storedFileOf(url);
        const file = stored
          ? await ctx.db
              .selectFrom('file')
              .select(['ownerId', 'mime'])
              .where('type', '=', stored.type)
              .where('name', '=', stored.name)
              .executeTakeFirst()
          : undefined;
        if (!file || file.ownerId !== user.id) {
          problems.push({ field: at, message: '文件不存在或不是本人上传' });
          break;
        }
        if (key === 'uploadImg' && !file.mime.startsWith('image/')) {
          problems.push({ field: at, message: '只能上传图片' });
          break;
        }
      }
    }
  }
  return problems;
}

/**
 * A submission stripped to what the client may write, and every problem of it: the form's own
 * checks (`validateSubmission`), then, when those pass, what its values name. Empty: it may be saved.
 */
export async function checkRecord(
  ctx: Ctx,
  form: FormData,
  submitted: Data,
  previous: Data | null,
  user: Readonly<User>,
  /** options already loaded for this form (an import checks many rows with one load) */
  loaded?: OptionLoader,
): Promise<{ clean: Data; problems: SubmissionProblem[] }> {
  const clean = stripSystemAndDisplay(form, submitted);
  const options = loaded ?? optionLoader(ctx);
  const choice: FormField[] = [];
  walkFields(form, ({ field }) => choice.push(field));
  await options.load(choice);
  const problems = validateSubmission(form, clean, { options: (field) => options.get(field) });
  // a value the form refuses is not looked up
  const refused = new Set(problems.map((p) => p.field));
  for (const p of await referenceProblems(ctx, form, clean, previous, user))
    if (!refused.has(p.field)) problems.push(p);
  return { clean, problems };
}

/**
 * The values to store for a create (`previous` null) or an update: stripped, validated, references
 * checked (the first problem refused), calculates recomputed, system fields filled. Bill numbers are
 * left to `fillBillNumbers`.
 */
export async function prepareRecord(
  ctx: Ctx,
  form: FormData,
  submitted: Data,
  previous: Data | null,
  user: Readonly<User>,
  now: number,
  loaded?: OptionLoader,
): Promise<Data> {
  const { clean, problems } = await checkRecord(ctx, form, submitted, previous, user, loaded);
  const problem = problems[0];
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`);
  return completeRecord(ctx, form, clean, previous, user, now);
}

/** A checked submission (`checkRecord` found nothing) with its calculates and system fields. */
export async function completeRecord(
  ctx: Ctx,
  form: FormData,
  clean: Data,
  previous: Data | null,
  user: Readonly<User>,
  now: number,
): Promise<Data> {
  const calculated = stripSystemAndDisplay(form, applyCalculations(planCalculations(form), clean));
  const saver = await saverOf(ctx.db, user);
  const rowsBefore = (table: string): Data[] => {
    const rows = previous?.[table];
    return Array.isArray(rows) ? rows.filter(isObj) : [];
  };
  for (const f of serverFilledFields(form)) {
    if (f.kind !== 'system') continue;
    const name = String(f.field.__vModel__);
    const dot = f.key.indexOf('.');
    if (dot < 0) {
      calculated[name] = systemValue(f.field.__config__.jnpfKey, saver, now, previous, name);
      continue;
    }
    // a system column fills every row (rows kept from before keep their creator)
    const table = f.key.slice(0, dot);
    const rows = calculated[table];
    if (!Array.isArray(rows)) continue;
    const before = rowsBefore(table);
    calculated[table] = rows.map((row: unknown, i) =>
      isObj(row)
        ? { ...row, [name]: systemValue(f.field.__config__.jnpfKey, saver, now, before[i] ?? null, name) }
        : row,
    );
  }
  return calculated;
}

/**
 * Bill numbers, inside the record's transaction: a main-form number is kept once the record has one;
 * otherwise (and for each sub-table row) the submitted number is used when the rule issued it and no
 * record has used it, else a new one is drawn. Every number used is recorded, so none is used twice.
 */
export async function fillBillNumbers(
  trx: Db,
  form: FormData,
  data: Data,
  previous: Data | null,
  recordId: string,
  now: number,
): Promise<Data> {
  const out: Data = { ...data };
  const claim = async (rule: string, wanted: unknown, at: string): Promise<string> => {
    if (typeof wanted === 'string' && wanted) {
      const mine = await trx
        .selectFrom('lowcode_bill_number')
        .select('recordId')
        .where('rule', '=', rule)
        .where('number', '=', wanted)
        .executeTakeFirst();
      if (mine?.recordId === recordId) return wanted;
      if (!mine) {
        const state = await trx
          .selectFrom('bill_rule')
          .select([
            'prefix',
            'suffix',
            'digit',
            'dateFormat',
            'startNumber',
            'currentDate',
            'currentSeq',
            'issued',
          ])
          .where('enCode', '=', rule)
          .executeTakeFirst();
        if (
          state &&
          wasIssued(
            { ...state, startNumber: Number(state.startNumber), currentSeq: Number(state.currentSeq) },
            wanted,
          )
        ) {
          const r = await trx
            .insertInto('lowcode_bill_number')
            .values({ rule, number: wanted, recordId, createdAt: now })
            .onConflict((oc) => oc.columns(['rule', 'number']).doNothing())
            .executeTakeFirst();
          if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return wanted;
        }
      }
    }
    let drawn: string;
    try {
      drawn = await allocateBillNumber(trx, rule, now);
    } catch (e) {
      if (e instanceof ApiError) throw badRequest(`${at}: 单据规则 "${rule}" 不存在或已禁用`);
      throw e;
    }
    await trx
      .insertInto('lowcode_bill_number')
      .values({ rule, number: drawn, recordId, createdAt: now })
      .execute();
    return drawn;
  };
  for (const f of serverFilledFields(form)) {
    if (f.kind !== 'billRule') continue;
    const rule = String(f.field.__config__.rule ?? '');
    const name = String(f.field.__vModel__);
    const dot = f.key.indexOf('.');
    if (dot < 0) {
      const kept = previous?.[name];
      out[name] = typeof kept === 'string' && kept ? kept : await claim(rule, data[name], f.key);
      continue;
    }
    const table = f.key.slice(0, dot);
    const rows = out[table];
    if (!Array.isArray(rows)) continue;
    const next: unknown[] = [];
    for (const [i, row] of rows.entries())
      next.push(
        isObj(row) ? { ...row, [name]: await claim(rule, row[name], `${table}[${i}].${name}`) } : row,
      );
    out[table] = next;
  }
  return out;
}

/**
 * A new record, inside the caller's transaction: stored, its bill numbers drawn, its key columns
 * written (an added record and each row of an import alike).
 */
export async function insertRecord(
  trx: Db,
  slots: Readonly<SlotMap>,
  r: { id: string; modelId: string; version: number; form: FormData; values: Data; user: User; now: number },
): Promise<void> {
  await trx
    .insertInto('lowcode_record')
    .values({
      id: r.id,
      modelId: r.modelId,
      version: r.version,
      data: JSON.stringify(r.values),
      createdBy: r.user.id,
      createdAt: r.now,
      updatedBy: null,
      updatedAt: null,
      organizeId: r.user.organizeId,
    })
    .execute();
  const filled = await fillBillNumbers(trx, r.form, r.values, null, r.id, r.now);
  await trx
    .updateTable('lowcode_record')
    .set({ data: JSON.stringify(filled) })
    .where('id', '=', r.id)
    .execute();
  await writeKeys(trx, slots, { id: r.id, modelId: r.modelId, createdAt: r.now }, filled);
}
