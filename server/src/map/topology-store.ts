/** The network as the topology and judgement routes read it: cable edges under a transformer or on a circuit, what a node feeds, cables' codes and the extent of a path. */
import type { Db } from '../database';
import { emptyEnvelope, extendEnvelope, isEmptyEnvelope, type Envelope } from './geo';
import type { Edge } from './network';

/** The box around some assets (null when none has a place), read 900 ids at a time. */
export async function extentOfAssets(db: Db, ids: readonly number[]): Promise<Envelope | null> {
  const e = emptyEnvelope();
  for (let i = 0; i < ids.length; i += 900) {
    const r = await db
      .selectFrom('map_asset')
      .select((eb) => [
        eb.fn.min('x').as('xmin'),
        eb.fn.min('y').as('ymin'),
        eb.fn.max('x').as('xmax'),
        eb.fn.max('y').as('ymax'),
      ])
      .where('objectid', 'in', ids.slice(i, i + 900))
      .executeTakeFirst();
    if (r?.xmin !== null && r?.xmin !== undefined) {
      extendEnvelope(e, Number(r.xmin), Number(r.ymin));
      extendEnvelope(e, Number(r.xmax), Number(r.ymax));
    }
  }
  return isEmptyEnvelope(e) ? null : e;
}

/** The cable edges of the network below a transformer (its feeders and every circuit of its boxes). */
export async function edgesUnderTransformer(db: Db, transformerId: number): Promise<Edge[]> {
  return db
    .selectFrom('map_cable')
    .select(['objectid', 'fromId', 'toId'])
    .where('transformerId', '=', transformerId)
    .execute();
}

/** A cable's ends, code and transformer, or undefined. */
export async function cableById(db: Db, objectid: number) {
  return db
    .selectFrom('map_cable')
    .select(['objectid', 'fromId', 'toId', 'code', 'transformerId'])
    .where('objectid', '=', objectid)
    .executeTakeFirst();
}

/** The assets on the circuits below a transformer or a control box (poles, wells and meters included). */
export async function assetsBelow(
  db: Db,
  by: 'transformerId' | 'controlBoxId',
  id: number,
): Promise<number[]> {
  const rows = await db.selectFrom('map_asset').select('objectid').where(by, '=', id).execute();
  return rows.map((r) => r.objectid);
}

/** Some cables' codes. */
export async function cableCodes(db: Db, ids: number[]) {
  return ids.length
    ? db.selectFrom('map_cable').select(['objectid', 'code']).where('objectid', 'in', ids).execute()
    : [];
}

/** A circuit's cables with their ends and geometry. */
export async function circuitCables(db: Db, circuitId: string) {
  return db
    .selectFrom('map_cable')
    .select(['objectid', 'fromId', 'toId', 'code', 'paths'])
    .where('circuitId', '=', circuitId)
    .execute();
}
