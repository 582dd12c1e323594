/**
 * Seeds the low-code demo on every start, each part only when missing, so a fresh database and one
 * made before migrations 0012 and 0015 end the same way: the model categories (dictionary
 * visualDevCategory), the material requisition's bill rule, the categories of older seeded models
 * (stored by name then), and the demo forms and lists (seed-forms.ts) as each model's first
 * version. Each form goes through normalizeForm and validateFormDesign first: an invalid demo form
 * stops the seed. Then (issue 13): the design menu's release button, the 报修登记 model released
 * onto its seeded function menu, and every model's list keys (a list saved before 0015 gets its
 * slots and keys here, once).
 */
import {
  listDesignProblems,
  normalizeColumnData,
  normalizeForm,
  validateFormDesign,
} from '@lighting/shared/formcore';
import type { Db } from '../database';
import { insertChunked } from '../kernel';
import type { SeedContext } from '../kernel';
import { insertDictionaries } from '../system';
import {
  CATEGORY_BY_NAME,
  CATEGORY_DICTIONARY_SEED,
  FAULT_REPORT,
  FAULT_REPORT_INTERFACE,
  MATERIAL_RULE,
  demoModels,
} from './seed-forms';
import { releaseReport } from './routes-report';
import {
  menuOfModule,
  ADMIN_ROLE,
  ensureKeySlots,
  functionMenuOf,
  publishedLists,
  releaseModel,
} from './publish';
import { DESIGN_MENU, REPORT_MENU_TYPE } from './access';
import { loadModel } from './store';

/** The design menu's release button (routes-base.ts RELEASE_BUTTON). */
const RELEASE = { enCode: 'btn_release', fullName: '发布' };
/** The demo model published by the seed, onto the function menu db/seed-data.ts makes for it. */
const SEEDED_RELEASE = 'vd-repair';

const SYSTEM_USER = null;

export const VISUALDEV_BASES = [
  {
    id: 'vd-repair',
    fullName: '报修登记',
    enCode: 'repairReport',
    type: 2,
    category: '运维',
    state: 1,
    description: '市民与巡查员报修登记',
  },
  {
    id: 'vd-inspection',
    fullName: '巡检记录',
    enCode: 'inspectionRecord',
    type: 2,
    category: '运维',
    state: 1,
    description: '日常巡检记录表',
  },
  {
    id: 'vd-asset',
    fullName: '资产台账',
    enCode: 'assetLedger',
    type: 2,
    category: '资产',
    state: 0,
    description: '路灯、灯杆、井等资产台账',
  },
];

/** The models a new database starts with (in the first start's transaction). */
export async function seedLowcodeFresh(trx: Db, s: SeedContext): Promise<void> {
  await insertChunked(
    trx,
    'visualdev_base',
    VISUALDEV_BASES.map((v, i) => ({ ...v, sortCode: i, createdAt: s.now })),
  );
}

export async function seedLowcodeIfEmpty(db: Db, now: number): Promise<boolean> {
  let changed = false;
  const dict = await db
    .selectFrom('dictionary_type')
    .select('id')
    .where('enCode', '=', CATEGORY_DICTIONARY_SEED.enCode)
    .executeTakeFirst();
  if (!dict) {
    await db.transaction().execute((trx) => insertDictionaries(trx, [CATEGORY_DICTIONARY_SEED], 150));
    changed = true;
  }
  const rule = await db
    .selectFrom('bill_rule')
    .select('id')
    .where('enCode', '=', MATERIAL_RULE.enCode)
    .executeTakeFirst();
  if (!rule) {
    await db
      .insertInto('bill_rule')
      .values({
        ...MATERIAL_RULE,
        currentDate: '',
        periodKey: 0,
        currentSeq: 0,
        issued: 0,
        sortCode: 50,
        enabledMark: 1,
        createdAt: now,
      })
      .execute();
    changed = true;
  }
  for (const [name, id] of Object.entries(CATEGORY_BY_NAME)) {
    const r = await db
      .updateTable('visualdev_base')
      .set({ category: id })
      .where('category', '=', name)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) changed = true;
  }

  const rows = await db.selectFrom('visualdev_base').select(['id', 'enCode', 'version']).execute();
  const have = new Map(rows.map((m) => [m.id, Number(m.version)]));
  const codes = new Map(rows.map((m) => [m.enCode, m.id]));
  const models = demoModels();
  for (const [i, m] of models.entries()) {
    // designed already, or its code taken by a model someone made
    if ((have.get(m.id) ?? 0) > 0 || (codes.has(m.enCode) && codes.get(m.enCode) !== m.id)) continue;
    const form = normalizeForm(m.formData);
    const problem = validateFormDesign(form)[0];
    if (problem) throw new Error(`demo form ${m.id}: ${problem.message}`);
    const formData = JSON.stringify(form);
    const columnData = m.columnData ? JSON.stringify(m.columnData) : '';
    if (m.columnData) {
      const listProblem = listDesignProblems(m.columnData, form)[0];
      if (listProblem) throw new Error(`demo list ${m.id}: ${listProblem.message}`);
    }
    await db.transaction().execute(async (trx) => {
      if (have.has(m.id))
        // a seeded model never designed: it becomes the demo (name, category, form)
        await trx
          .updateTable('visualdev_base')
          .set({
            fullName: m.fullName,
            description: m.description,
            category: m.category,
            formData,
            columnData,
            version: 1,
          })
          .where('id', '=', m.id)
          .execute();
      else
        await trx
          .insertInto('visualdev_base')
          .values({
            id: m.id,
            fullName: m.fullName,
            enCode: m.enCode,
            type: m.type,
            category: m.category,
            state: 0,
            description: m.description,
            sortCode: 10 + i,
            createdAt: now,
            createdBy: SYSTEM_USER,
            updatedAt: null,
            updatedBy: null,
            formData,
            columnData,
            tables: '[]',
            version: 1,
          })
          .execute();
      await trx
        .insertInto('lowcode_model_version')
        .values({
          modelId: m.id,
          version: 1,
          formData,
          columnData,
          createdAt: now,
          createdBy: SYSTEM_USER,
        })
        .execute();
    });
    changed = true;
  }
  if (await seedDemoLists(db)) changed = true;
  if (await seedReleaseButton(db)) changed = true;
  // the first seed marked models 已发布 that no release made: released means releasedVersion now
  const unreleased = await db
    .updateTable('visualdev_base')
    .set({ state: 0 })
    .where('state', '=', 1)
    .where('releasedVersion', 'is', null)
    .executeTakeFirst();
  if (Number(unreleased.numUpdatedRows) > 0) changed = true;
  if (await seedRelease(db, now)) changed = true;
  if (await seedReport(db, now)) changed = true;
  await ensureAllKeys(db);
  return changed;
}

/** Demo models seeded before their lists existed (still at their first version) get the list. */
async function seedDemoLists(db: Db): Promise<boolean> {
  let changed = false;
  for (const m of demoModels()) {
    if (!m.columnData || normalizeColumnData(m.columnData) === null) continue;
    const row = await db
      .selectFrom('visualdev_base')
      .select(['version', 'columnData'])
      .where('id', '=', m.id)
      .executeTakeFirst();
    if (!row || Number(row.version) !== 1 || row.columnData !== '') continue;
    const columnData = JSON.stringify(m.columnData);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('visualdev_base').set({ columnData }).where('id', '=', m.id).execute();
      await trx
        .updateTable('lowcode_model_version')
        .set({ columnData })
        .where('modelId', '=', m.id)
        .where('version', '=', 1)
        .execute();
    });
    changed = true;
  }
  return changed;
}

/** The design menu's 发布 button in the catalogue, granted to the administrators' role. */
async function seedReleaseButton(db: Db): Promise<boolean> {
  const menu = await db.selectFrom('menu').select('id').where('enCode', '=', DESIGN_MENU).executeTakeFirst();
  if (!menu) return false;
  const has = await db
    .selectFrom('menu_button')
    .select('id')
    .where('menuId', '=', menu.id)
    .where('enCode', '=', RELEASE.enCode)
    .executeTakeFirst();
  if (has) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('menu_button')
      .values({ id: `${menu.id}:b:${RELEASE.enCode}`, menuId: menu.id, ...RELEASE, sortCode: 10 })
      .execute();
    await trx
      .insertInto('role_button')
      .values({ roleId: ADMIN_ROLE, menuId: menu.id, ...RELEASE })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return true;
}

/** 报修登记 released onto its seeded function menu (its catalogue then follows its list). */
async function seedRelease(db: Db, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('visualdev_base')
    .select(['releasedVersion', 'version'])
    .where('id', '=', SEEDED_RELEASE)
    .executeTakeFirst();
  if (!row || row.releasedVersion !== null || Number(row.version) < 1) return false;
  const menu = await functionMenuOf(db, SEEDED_RELEASE);
  if (!menu?.parentId) return false;
  const m = await loadModel(db, SEEDED_RELEASE);
  await db
    .transaction()
    .execute((trx) => releaseModel(trx, m, { parentId: menu.parentId as string }, SYSTEM_USER, now));
  return true;
}

/** Every model's slots cover its lists (a list saved before migration 0015 gets its keys once). */
async function ensureAllKeys(db: Db): Promise<void> {
  const ids = await db.selectFrom('visualdev_base').select('id').where('version', '>', 0).execute();
  for (const { id } of ids) {
    const m = await loadModel(db, id);
    const lists = await publishedLists(db, m);
    try {
      await db.transaction().execute((trx) => ensureKeySlots(trx, id, lists));
    } catch {
      // a list needing more keys than there are slots (saved before 0015): its fields without a
      // slot are refused as filters (400) until the designer trims the list
    }
  }
}

/** The fault report (its data interface too), released onto the seeded report menu. */
async function seedReport(db: Db, now: number): Promise<boolean> {
  let changed = false;
  const di = await db
    .selectFrom('data_interface')
    .select('id')
    .where((eb) =>
      eb.or([eb('id', '=', FAULT_REPORT_INTERFACE.id), eb('enCode', '=', FAULT_REPORT_INTERFACE.enCode)]),
    )
    .executeTakeFirst();
  if (!di) {
    await db
      .insertInto('data_interface')
      .values({ ...FAULT_REPORT_INTERFACE, sortCode: 90, enabledMark: 1, createdAt: now })
      .execute();
    changed = true;
  }
  const rep = await db
    .selectFrom('lowcode_report')
    .select('state')
    .where('id', '=', FAULT_REPORT.id)
    .executeTakeFirst();
  if (!rep) {
    const taken = await db
      .selectFrom('lowcode_report')
      .select('id')
      .where('enCode', '=', FAULT_REPORT.enCode)
      .executeTakeFirst();
    if (taken || (di && di.id !== FAULT_REPORT_INTERFACE.id)) return changed;
    await db
      .insertInto('lowcode_report')
      .values({
        ...FAULT_REPORT,
        config: JSON.stringify(FAULT_REPORT.config),
        sortCode: 0,
        state: 0,
        createdAt: now,
        createdBy: SYSTEM_USER,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    changed = true;
  }
  if (rep?.state === 1) return changed;
  const menu = await menuOfModule(db, FAULT_REPORT.id, REPORT_MENU_TYPE);
  if (!menu?.parentId) return changed;
  const parentId = menu.parentId;
  await db
    .transaction()
    .execute((trx) =>
      releaseReport(trx, { ...FAULT_REPORT, config: JSON.stringify(FAULT_REPORT.config) }, { parentId }),
    );
  return true;
}
