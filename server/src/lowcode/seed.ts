/**
 * Seeds the low-code demo on every start, each part only when missing, so a fresh database and one
 * made before migration 0012 end the same way: the model categories (dictionary
 * visualDevCategory), the material requisition's bill rule, the categories of older seeded models
 * (stored by name then), and the demo forms (seed-forms.ts) as each model's first version. Each
 * form goes through normalizeForm and validateFormDesign first: an invalid demo form stops the seed.
 */
import { normalizeForm, validateFormDesign } from '@lighting/shared/formcore';
import type { Db } from '../db';
import { insertDictionaries } from '../db/dictionary-seed';
import { CATEGORY_BY_NAME, CATEGORY_DICTIONARY_SEED, MATERIAL_RULE, demoModels } from './seed-forms';

const SYSTEM_USER = null;

export async function seedLowcodeIfEmpty(db: Db, now: number = Date.now()): Promise<boolean> {
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
            columnData: '',
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
          columnData: '',
          createdAt: now,
          createdBy: SYSTEM_USER,
        })
        .execute();
    });
    changed = true;
  }
  return changed;
}
