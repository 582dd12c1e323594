/** The phone sign-in codes (one per phone: its hash, expiry and failed attempts). */
import type { Db } from '../database';

/** Stores a phone's new code, replacing any earlier one. */
export async function putCode(
  db: Db,
  phone: string,
  values: { codeHash: string; expiresAt: number; attempts: number },
): Promise<void> {
  await db
    .insertInto('citizen_code')
    .values({ phone, ...values })
    .onConflict((oc) => oc.column('phone').doUpdateSet(values))
    .execute();
}

/** A phone's code, or undefined. */
export async function codeOf(db: Db, phone: string) {
  return db.selectFrom('citizen_code').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** Counts a failed attempt on a phone's code. */
export async function setCodeAttempts(db: Db, phone: string, attempts: number): Promise<void> {
  await db.updateTable('citizen_code').set({ attempts }).where('phone', '=', phone).execute();
}

/** Forgets a phone's code (used). */
export async function deleteCode(db: Db, phone: string): Promise<void> {
  await db.deleteFrom('citizen_code').where('phone', '=', phone).execute();
}
