/**
 * Flows and the forms they use, in and out of the database: flow_engine rows (the working copy),
 * their released versions (flow_version) and flow_form rows. The FlowEngine and FlowEngineForm
 * routes call these.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { TaskStatus } from '@lighting/shared/flowcore';
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { badRequest, notFound } from '../http/envelope';
import { newId, rememberAnswer, type RequestKey } from '../kernel';
import type { FlowEngineTable, FlowFormTable, FlowVersionTable } from './schema';

export type FlowRow = Selectable<FlowEngineTable>;
export type FlowFormRow = Selectable<FlowFormTable>;

/* ---------------- flows ---------------- */

/** A flow by id, or 404. */
export async function loadFlow(db: Db, id: string): Promise<FlowRow> {
  const f = await db.selectFrom('flow_engine').selectAll().where('id', '=', id).executeTakeFirst();
  if (!f) throw notFound('流程不存在');
  return f;
}

/** The definition text of a flow's released version (null when never released). */
export async function releasedText(db: Db, flowId: string, version: number): Promise<string | null> {
  if (!version) return null;
  const v = await db
    .selectFrom('flow_version')
    .select('flowTemplateJson')
    .where('flowId', '=', flowId)
    .where('version', '=', version)
    .executeTakeFirst();
  return v?.flowTemplateJson ?? null;
}

/** Whether a flow's working copy differs from its released version (always when never released). */
export async function hasUnreleasedChanges(db: Db, f: FlowRow): Promise<boolean> {
  return Number(f.version) === 0 || (await releasedText(db, f.id, Number(f.version))) !== f.flowTemplateJson;
}

/** Every flow form's name by id. */
export async function formNames(db: Db): Promise<Map<string, string>> {
  return new Map(
    (await db.selectFrom('flow_form').select(['id', 'fullName']).execute()).map((x) => [x.id, x.fullName]),
  );
}

/** How many tasks of each of these flows are running. */
export async function runningCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('flow_task')
    .select(['flowId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('flowId', 'in', ids)
    .where('status', '=', TaskStatus.WAITING)
    .groupBy('flowId')
    .execute();
  return new Map(rows.map((x) => [x.flowId, Number(x.n)]));
}

/** The system key of a flow form (null when the form is not a system form or is gone). */
export async function systemKeyOfForm(db: Db, formId: string): Promise<string | null> {
  return (
    (await db.selectFrom('flow_form').select('systemKey').where('id', '=', formId).executeTakeFirst())
      ?.systemKey ?? null
  );
}

/** The system key of a flow's form ({ systemKey: null } for a designed form), or undefined when the flow or its form is gone. */
export async function systemKeyOfFlow(
  db: Db,
  flowId: string,
): Promise<{ systemKey: string | null } | undefined> {
  return db
    .selectFrom('flow_engine as f')
    .innerJoin('flow_form as ff', 'ff.id', 'f.formId')
    .select('ff.systemKey')
    .where('f.id', '=', flowId)
    .executeTakeFirst();
}

export interface FlowFilter extends PageQuery {
  keyword?: string;
  category?: string;
  type?: number;
  enabledMark?: number;
}

/** One page of flows, filtered. */
export async function pageFlows(db: Db, q: FlowFilter) {
  let base = db.selectFrom('flow_engine');
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
  if (q.category) base = base.where('category', '=', q.category);
  if (q.type !== undefined) base = base.where('type', '=', q.type);
  if (q.enabledMark !== undefined) base = base.where('enabledMark', '=', q.enabledMark);
  return paged(base, q, (b) => b.selectAll().orderBy('sortCode').orderBy('id'));
}

/** Enabled launch flows with the definition text of their released version, in sort order. */
export async function enabledLaunchFlows(db: Db) {
  return db
    .selectFrom('flow_engine as f')
    .innerJoin('flow_version as v', (j) =>
      j.onRef('v.flowId', '=', 'f.id').onRef('v.version', '=', 'f.version'),
    )
    .select([
      'f.id',
      'f.fullName',
      'f.enCode',
      'f.category',
      'f.type',
      'f.formType',
      'f.icon',
      'f.iconBackground',
      'f.description',
      'v.flowTemplateJson',
    ])
    .where('f.enabledMark', '=', 1)
    .where('f.type', '=', 0)
    .orderBy('f.sortCode')
    .orderBy('f.id')
    .execute();
}

/** Every flow (of one type when given) as a selector lists it, in sort order. */
export async function selectorFlows(db: Db, type: number | undefined) {
  let q = db
    .selectFrom('flow_engine')
    .select(['id', 'fullName', 'enCode', 'type', 'formType', 'enabledMark', 'category']);
  if (type !== undefined) q = q.where('type', '=', type);
  return q.orderBy('sortCode').orderBy('id').execute();
}

/** Inserts a flow and remembers the request's answer, in one transaction. */
/** A new flow (with the flow form of its own, a JNPF 3.x flow's designed form) and its request key. */
export async function insertFlow(
  db: Db,
  row: Insertable<FlowEngineTable>,
  idem: RequestKey,
  answer: unknown,
  now: number,
  ownForm?: Insertable<FlowFormTable>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (ownForm) await trx.insertInto('flow_form').values(ownForm).execute();
    await trx.insertInto('flow_engine').values(row).execute();
    await rememberAnswer(trx, idem, answer, now);
  });
}

/** Saves a flow, and the JSON of its own form (or that form, new) when given, in one transaction. */
export async function updateFlow(
  db: Db,
  id: string,
  set: Updateable<FlowEngineTable>,
  ownForm?: { insert: Insertable<FlowFormTable> } | { id: string; formJson: string; now: number },
): Promise<void> {
  if (!ownForm) {
    await db.updateTable('flow_engine').set(set).where('id', '=', id).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    if ('insert' in ownForm) await trx.insertInto('flow_form').values(ownForm.insert).execute();
    else
      await trx
        .updateTable('flow_form')
        .set({ formJson: ownForm.formJson, updatedAt: ownForm.now })
        .where('id', '=', ownForm.id)
        .execute();
    await trx.updateTable('flow_engine').set(set).where('id', '=', id).execute();
  });
}

/** Whether a flow has ever been launched. */
export async function flowHasTasks(db: Db, flowId: string): Promise<boolean> {
  return !!(await db.selectFrom('flow_task').select('id').where('flowId', '=', flowId).executeTakeFirst());
}

/** Deletes a flow with its versions and delegations. */
export async function deleteFlow(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('flow_delegate').where('flowId', '=', id).execute();
    await trx.deleteFrom('flow_version').where('flowId', '=', id).execute();
    await trx.deleteFrom('flow_engine').where('id', '=', id).execute();
  });
}

/** The names and the codes every flow uses. */
export async function flowNamesAndCodes(db: Db): Promise<{ names: Set<string>; codes: Set<string> }> {
  const names = new Set(
    (await db.selectFrom('flow_engine').select('fullName').execute()).map((x) => x.fullName),
  );
  const codes = new Set((await db.selectFrom('flow_engine').select('enCode').execute()).map((x) => x.enCode));
  return { names, codes };
}

/**
 * Releases a flow: freezes its working copy and form as the next version and enables it, in one
 * transaction. Returns the new version's number.
 */
export async function releaseFlow(
  db: Db,
  flowId: string,
  frozen: Omit<Insertable<FlowVersionTable>, 'id' | 'flowId' | 'version'>,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const cur = await trx
      .selectFrom('flow_engine')
      .select('version')
      .where('id', '=', flowId)
      .executeTakeFirstOrThrow();
    const next = Number(cur.version) + 1;
    await trx
      .insertInto('flow_version')
      .values({ id: newId(), flowId, version: next, ...frozen })
      .execute();
    await trx
      .updateTable('flow_engine')
      .set({
        version: next,
        enabledMark: 1,
        flowTemplateJson: frozen.flowTemplateJson,
        formType: frozen.formType,
        updatedAt: now,
        updatedBy: frozen.createdBy,
      })
      .where('id', '=', flowId)
      .execute();
    return next;
  });
}

/** One page of a flow's approved tasks' data (newest completion first), searched in the data. */
export async function pageApprovedData(db: Db, flowId: string, q: PageQuery & { keyword?: string }) {
  let base = db
    .selectFrom('flow_task')
    .where('flowId', '=', flowId)
    .where('status', '=', TaskStatus.APPROVED);
  const kw = q.keyword?.trim();
  if (kw) base = base.where(contains('data', kw));
  return paged(base, q, (b) => b.select(['id', 'data']).orderBy('completionTime', 'desc').orderBy('id'));
}

/** The flows these ids name, with whether each has a released version (sub-flow nodes' children). */
export async function releasedFlags(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { released: boolean }>> {
  const want = [...new Set(ids.filter((id) => id !== ''))];
  if (!want.length) return new Map();
  const rows = await db.selectFrom('flow_engine').select(['id', 'version']).where('id', 'in', want).execute();
  return new Map(rows.map((r) => [r.id, { released: Number(r.version) > 0 }]));
}

/** A flow with its released version (or 400 when there is none). */
export async function releasedVersionOf(db: Db, flowId: string) {
  const f = await loadFlow(db, flowId);
  if (!Number(f.version)) throw badRequest('id: 流程未发布');
  const v = await db
    .selectFrom('flow_version')
    .selectAll()
    .where('flowId', '=', f.id)
    .where('version', '=', Number(f.version))
    .executeTakeFirstOrThrow();
  return { f, v };
}

/** These users as a launch page offers them to choose from. */
export async function usersToChoose(db: Db, ids: string[]) {
  return db
    .selectFrom('user')
    .select(['id', 'realName as fullName', 'account'])
    .where('id', 'in', ids.length ? ids : [''])
    .execute();
}

/* ---------------- flow forms ---------------- */

/** A flow form by id, or 404. */
export async function loadForm(db: Db, id: string): Promise<FlowFormRow> {
  const f = await db.selectFrom('flow_form').selectAll().where('id', '=', id).executeTakeFirst();
  if (!f) throw notFound('表单不存在');
  return f;
}

/** How many flows use each form. */
export async function flowCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('flow_engine')
    .select(['formId', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('formId')
    .execute();
  return new Map(rows.map((x) => [x.formId, Number(x.n)]));
}

/** One page of flow forms, filtered. */
export async function pageForms(db: Db, q: PageQuery & { keyword?: string; formType?: number }) {
  let base = db.selectFrom('flow_form');
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
  if (q.formType) base = base.where('formType', '=', q.formType);
  return paged(base, q, (b) => b.selectAll().orderBy('sortCode').orderBy('id'));
}

/** Every flow form, briefly, in sort order. */
export async function allForms(db: Db) {
  return db
    .selectFrom('flow_form')
    .select(['id', 'fullName', 'enCode', 'formType'])
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
}

/** 400 unless the low-code model exists. */
export async function assertModelExists(db: Db, modelId: string): Promise<void> {
  const m = await db.selectFrom('visualdev_base').select('id').where('id', '=', modelId).executeTakeFirst();
  if (!m) throw badRequest('modelId: 功能不存在');
}

/** Inserts a flow form and remembers the request's answer, in one transaction. */
export async function insertForm(
  db: Db,
  row: Insertable<FlowFormTable>,
  idem: RequestKey,
  answer: unknown,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('flow_form').values(row).execute();
    await rememberAnswer(trx, idem, answer, now);
  });
}

export async function updateForm(db: Db, id: string, set: Updateable<FlowFormTable>): Promise<void> {
  await db.updateTable('flow_form').set(set).where('id', '=', id).execute();
}

/** Whether a flow or a released version uses the form. */
export async function formInUse(db: Db, formId: string): Promise<boolean> {
  const used = await db
    .selectFrom('flow_engine')
    .select('id')
    .where('formId', '=', formId)
    .executeTakeFirst();
  const frozen = await db
    .selectFrom('flow_version')
    .select('id')
    .where('formId', '=', formId)
    .executeTakeFirst();
  return !!(used || frozen);
}

export async function deleteForm(db: Db, id: string): Promise<void> {
  await db.deleteFrom('flow_form').where('id', '=', id).execute();
}

/** Every flow's name by id. */
export async function flowNames(db: Db): Promise<Map<string, string>> {
  return new Map(
    (await db.selectFrom('flow_engine').select(['id', 'fullName']).execute()).map((f) => [f.id, f.fullName]),
  );
}

/** Whether a flow exists. */
export async function flowExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('flow_engine').select('id').where('id', '=', id).executeTakeFirst());
}

/** The system form whose key is `key` (JNPF 3.x binds a system form to the flow by the flow's enCode). */
export async function systemFormIdByKey(db: Db, key: string): Promise<string | null> {
  const f = await db.selectFrom('flow_form').select('id').where('systemKey', '=', key).executeTakeFirst();
  return f?.id ?? null;
}

/** Which of these user, position or role ids name a row (roles: real roles, not a person's own grants). */
export async function existingIds(
  db: Db,
  kind: 'users' | 'positions' | 'roles',
  ids: readonly string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const list = [...new Set(ids)];
  const rows =
    kind === 'users'
      ? await db.selectFrom('user').select('id').where('id', 'in', list).execute()
      : kind === 'positions'
        ? await db.selectFrom('position').select('id').where('id', 'in', list).execute()
        : await db
            .selectFrom('role')
            .select('id')
            .where('id', 'in', list)
            .where('category', '=', 'role')
            .execute();
  return new Set(rows.map((r) => r.id));
}
