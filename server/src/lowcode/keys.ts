/**
 * A record's index keys (effects; migration 0015's `lowcode_record_key`): the fields its model's
 * lists search, sort, group or filter by tree, each in the slot `visualdev_base.keySlots` gives
 * it, computed by formcore's `keyOf` (so a key and a list filter compare alike). Written in the
 * record's transaction; rebuilt for the whole model when its lists need a field that had no slot.
 */
import { sql } from 'kysely';
import { keyOf, parseSlotMap, slotKind, type SlotMap } from '@lighting/shared/formcore';
import type { Db, Dialect } from '../database';
import type { LowcodeRecordKeyTable } from './schema';
import { recordData } from './json-column';

export const SLOTS = [
  't0',
  't1',
  't2',
  't3',
  't4',
  't5',
  't6',
  't7',
  't8',
  't9',
  'n0',
  'n1',
  'n2',
  'n3',
  'n4',
] as const;
export type Slot = (typeof SLOTS)[number];
export const isSlot = (s: string): s is Slot => (SLOTS as readonly string[]).includes(s);

type SlotValues = Pick<LowcodeRecordKeyTable, Slot>;

/** Every slot's value for a record's data (null for the slots the model does not use). */
export function slotValues(slots: Readonly<SlotMap>, data: Readonly<Record<string, unknown>>): SlotValues {
  const out = Object.fromEntries(SLOTS.map((s) => [s, null])) as Record<Slot, string | number | null>;
  for (const [field, slot] of Object.entries(slots))
    if (isSlot(slot)) out[slot] = keyOf(slotKind(slot), data[field]);
  return out as SlotValues;
}

/**
 * The model's slot map, read inside the record's transaction. On PostgreSQL the row is read FOR
 * SHARE, so a save that changes the map (and rebuilds the keys, holding the row) waits for this
 * write to commit and then sees its record, or this write waits and reads the new map. SQLite
 * runs one write transaction at a time.
 */
export async function slotsInTransaction(trx: Db, dialect: Dialect, modelId: string): Promise<SlotMap> {
  let q = trx.selectFrom('visualdev_base').select('keySlots').where('id', '=', modelId);
  if (dialect === 'postgres') q = q.forShare();
  const row = await q.executeTakeFirst();
  return parseSlotMap(row?.keySlots);
}

/** Writes (or rewrites) a record's keys, in the record's transaction. */
export async function writeKeys(
  trx: Db,
  slots: Readonly<SlotMap>,
  rec: { id: string; modelId: string; createdAt: number },
  data: Readonly<Record<string, unknown>>,
): Promise<void> {
  const values = slotValues(slots, data);
  await trx
    .insertInto('lowcode_record_key')
    .values({ recordId: rec.id, modelId: rec.modelId, createdAt: rec.createdAt, ...values })
    .onConflict((oc) => oc.column('recordId').doUpdateSet(values))
    .execute();
}

/** Rows per read and per multi-row insert while rebuilding (18 parameters a row). */
const REBUILD_BATCH = 500;
/** A rebuild of at least this many records refreshes the planner's statistics. */
const ANALYZE_AFTER = 10_000;

/**
 * Rebuilds the keys of every record of a model with `slots` (inside the transaction that stored
 * the new map): the records read in the order of their (modelId, createdAt, id) index — a keyset,
 * so each batch is an index range, never a sort — and each batch's key rows upserted, setting only
 * the slots in `changed` (those whose field is new: the other slots already hold their keys, and
 * an index is touched only for the columns set). Answers the number of records.
 */
export async function rebuildKeys(
  trx: Db,
  modelId: string,
  slots: Readonly<SlotMap>,
  changed: readonly Slot[] = SLOTS,
): Promise<number> {
  let at: number | null = null;
  let after = '';
  let count = 0;
  const set = Object.fromEntries(changed.map((c) => [c, sql.ref(`excluded.${c}`)]));
  for (;;) {
    let q = trx
      .selectFrom('lowcode_record')
      .select(['id', 'data', 'createdAt'])
      .where('modelId', '=', modelId)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(REBUILD_BATCH);
    if (at !== null)
      q = q.where(sql<boolean>`(${sql.ref('createdAt')}, ${sql.ref('id')}) > (${at}, ${after})`);
    const rows = await q.execute();
    if (!rows.length) {
      // after a bulk rebuild the planner's statistics are stale: without them PostgreSQL cannot
      // pick the key indexes (SQLite keeps its own in sqlite_stat1)
      if (count >= ANALYZE_AFTER) await sql`ANALYZE ${sql.table('lowcode_record_key')}`.execute(trx);
      return count;
    }
    await trx
      .insertInto('lowcode_record_key')
      .values(
        rows.map((r) => ({
          recordId: r.id,
          modelId,
          createdAt: Number(r.createdAt),
          ...slotValues(slots, recordData(r.data)),
        })),
      )
      .onConflict((oc) => oc.column('recordId').doUpdateSet(set))
      .execute();
    count += rows.length;
    const last = rows[rows.length - 1];
    if (last) {
      at = Number(last.createdAt);
      after = last.id;
    }
  }
}

export type { Dialect };
