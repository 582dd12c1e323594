/**
 * Seeds the demo city's assets, network, base geography, faults and repair orders once (when
 * map_asset is empty). MAP_ASSETS sets the city's size (default 300000). One transaction, multi-row
 * prepared inserts: 300k assets take seconds.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database, Db } from '../database';
import { dialectOf } from '../db';
import { generateCity, isLampKind, type City } from './city';
import { CREW_USER } from '../system';
import { generateHistory } from './history';
import {
  ASSET_INDEXES,
  CABLE_INDEXES,
  GEOGRAPHY_TABLES,
  SPATIAL_TABLES,
  createIndexes,
  dropIndexes,
} from './migration';

export const REPAIR_ORDER_RULE = 'RepairOrder';

export function isPostgresDb(db: Kysely<Database>): boolean {
  return dialectOf(db) === 'postgres';
}

/**
 * Inserts rows with few statements: on SQLite multi-row `INSERT … VALUES (…), (…)` of up to 1000 rows
 * (the fastest way through a driver that prepares per call: measured against json_each and row-by-row),
 * on PostgreSQL chunks of 5000 rows sent as ONE JSON parameter unpacked by json_populate_recordset.
 */
export async function bulkInsert<T extends object>(
  db: Kysely<Database>,
  table: string,
  columns: ReadonlyArray<keyof T & string>,
  rows: readonly T[],
): Promise<void> {
  if (!rows.length) return;
  const colList = columns.map((c) => `"${c}"`).join(', ');
  const value = (row: T, c: keyof T & string): unknown => (row as Record<string, unknown>)[c] ?? null;
  if (isPostgresDb(db)) {
    const text = `INSERT INTO "${table}" (${colList}) SELECT ${colList} FROM json_populate_recordset(NULL::"${table}", $1::json)`;
    for (let i = 0; i < rows.length; i += 5000) {
      const part = rows
        .slice(i, i + 5000)
        .map((row) => Object.fromEntries(columns.map((c) => [c, value(row, c)])));
      await db.executeQuery(CompiledQuery.raw(text, [JSON.stringify(part)]));
    }
    return;
  }
  const per = Math.max(1, Math.min(1000, Math.floor(30_000 / columns.length)));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const textFor = (n: number): string =>
    `INSERT INTO "${table}" (${colList}) VALUES ${Array.from({ length: n }, () => tuple).join(', ')}`;
  const full = textFor(per);
  for (let i = 0; i < rows.length; i += per) {
    const part = rows.slice(i, i + per);
    const params: unknown[] = [];
    for (const row of part) for (const c of columns) params.push(value(row, c));
    await db.executeQuery(CompiledQuery.raw(part.length === per ? full : textFor(part.length), params));
  }
}

const ASSET_COLUMNS = [
  'objectid',
  'code',
  'kind',
  'status',
  'symbol',
  'x',
  'y',
  'district',
  'road',
  'roadClass',
  'installDate',
  'powerW',
  'lampType',
  'heightM',
  'capacityKva',
  'depthM',
  'controlBoxId',
  'circuitId',
  'transformerId',
  'updatedAt',
] as const;

export interface MapSeedReport {
  assets: number;
  cables: number;
  faults: number;
  orders: number;
  ms: number;
}

/** Creates the RepairOrder bill rule when the system seed has not (numbers like GD202611210001). */
export async function ensureRepairOrderRule(db: Db, now: number): Promise<void> {
  const has = await db
    .selectFrom('bill_rule')
    .select('id')
    .where('enCode', '=', REPAIR_ORDER_RULE)
    .executeTakeFirst();
  if (has) return;
  await db
    .insertInto('bill_rule')
    .values({
      id: 'bill-repair-order',
      fullName: '维修工单',
      enCode: REPAIR_ORDER_RULE,
      prefix: 'GD',
      dateFormat: 'yyyyMMdd',
      digit: 4,
      startNumber: 1,
      suffix: '',
      description: '照明地图维修工单编号',
      currentDate: '',
      periodKey: 0,
      currentSeq: 0,
      issued: 0,
      sortCode: 50,
      enabledMark: 1,
      createdAt: now,
    })
    .execute();
}

/** Water and parks (layers 6, 7) with their R*Tree rows on SQLite (PostgreSQL's GiST follows by itself). */
async function insertGeography(db: Kysely<Database>, city: City, pg: boolean): Promise<void> {
  await bulkInsert(
    db,
    'map_water',
    ['objectid', 'name', 'kind', 'rings', 'minx', 'miny', 'maxx', 'maxy'],
    city.water,
  );
  await bulkInsert(db, 'map_park', ['objectid', 'name', 'rings', 'minx', 'miny', 'maxx', 'maxy'], city.parks);
  if (!pg)
    for (const t of GEOGRAPHY_TABLES)
      await sql
        .raw(
          `INSERT INTO ${t}_rtree (id, minx, maxx, miny, maxy) SELECT objectid, minx, maxx, miny, maxy FROM ${t}`,
        )
        .execute(db);
}

/**
 * A city seeded before water and parks existed (migration 0011) gets them once: the generator is
 * deterministic, so the city of the configured size is regenerated and, when it is the stored one
 * (same number of assets, same first and last code), its water and parks are added. True when added.
 */
export async function addGeographyIfMissing(
  db: Db,
  size: number,
  now: number = Date.now(),
): Promise<boolean> {
  if (size === 0) return false;
  if (await db.selectFrom('map_water').select('objectid').limit(1).executeTakeFirst()) return false;
  const stored = await db
    .selectFrom('map_asset')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('code').as('maxCode')])
    .executeTakeFirst();
  const n = Number(stored?.n ?? 0);
  if (n === 0) return false;
  const city = generateCity({ assets: size, now });
  const maxCode = city.assets.reduce((m, a) => (a.code > m ? a.code : m), '');
  if (city.assets.length !== n || maxCode !== stored?.maxCode) return false;
  const pg = isPostgresDb(db);
  await db.transaction().execute(async (trx) => {
    await insertGeography(trx, city, pg);
    for (const layerId of [6, 7])
      await trx
        .insertInto('map_layer_state')
        .values({ layerId, lastEditDate: now })
        .onConflict((oc) => oc.column('layerId').doNothing())
        .execute();
  });
  return true;
}

/** Seeds a demo city of `size` assets (config.mapAssets) when there is none; 0 seeds none. */
export async function seedMapIfEmpty(
  db: Db,
  size: number,
  now: number = Date.now(),
): Promise<MapSeedReport | false> {
  const has = await db.selectFrom('map_asset').select('objectid').limit(1).executeTakeFirst();
  if (has) {
    await addGeographyIfMissing(db, size, now);
    return false;
  }
  if (size === 0) return false;
  const t0 = performance.now();
  const city = generateCity({ assets: size, now });
  const history = generateHistory(city, now);
  const pg = isPostgresDb(db);
  // A bigger page cache while loading (index builds and the R*Tree touch every page), restored after.
  const cache = pg ? null : await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  if (!pg) await sql`PRAGMA cache_size = -262144`.execute(db);
  await db.transaction().execute(async (trx) => {
    // Bulk load without the secondary indexes, then build them once (much faster than row by row).
    await dropIndexes(trx, [...ASSET_INDEXES, ...CABLE_INDEXES]);
    await bulkInsert(trx, 'map_asset', ASSET_COLUMNS, city.assets);
    await bulkInsert(
      trx,
      'map_cable',
      [
        'objectid',
        'code',
        'cableType',
        'fromId',
        'toId',
        'circuitId',
        'controlBoxId',
        'transformerId',
        'lengthM',
        'status',
        'symbol',
        'paths',
        'minx',
        'miny',
        'maxx',
        'maxy',
      ],
      city.cables,
    );
    await bulkInsert(
      trx,
      'map_district',
      ['objectid', 'name', 'code', 'roadLengthKm', 'rings', 'minx', 'miny', 'maxx', 'maxy'],
      city.districts,
    );
    await bulkInsert(
      trx,
      'map_road',
      ['objectid', 'name', 'roadClass', 'district', 'paths', 'minx', 'miny', 'maxx', 'maxy'],
      city.roads,
    );
    await insertGeography(trx, city, pg);
    await createIndexes(trx, [...ASSET_INDEXES, ...CABLE_INDEXES]);
    if (!pg) {
      await sql`INSERT INTO map_asset_rtree (id, minx, maxx, miny, maxy) SELECT objectid, x, x, y, y FROM map_asset`.execute(
        trx,
      );
      for (const t of SPATIAL_TABLES.filter((x) => x !== 'map_asset'))
        await sql
          .raw(
            `INSERT INTO ${t}_rtree (id, minx, maxx, miny, maxy) SELECT objectid, minx, maxx, miny, maxy FROM ${t}`,
          )
          .execute(trx);
    }
    await trx
      .insertInto('map_layer_state')
      .values([0, 1, 2, 3, 6, 7].map((layerId) => ({ layerId, lastEditDate: now })))
      .execute();
    await trx.insertInto('map_crew').values(history.crews).execute();
    await bulkInsert(trx, 'map_track', ['crewId', 't', 'x', 'y'], history.tracks);

    // The dashboard's faults and work orders are now the city's own.
    await trx.deleteFrom('fault').where('assetId', 'is', null).execute();
    await trx.deleteFrom('work_order').where('assetId', 'is', null).execute();
    await bulkInsert(
      trx,
      'fault',
      [
        'id',
        'assetId',
        'district',
        'faultType',
        'typeCode',
        'urgency',
        'source',
        'description',
        'reportedAt',
        'closedAt',
        'restoreStatus',
      ],
      history.faults,
    );
    await bulkInsert(
      trx,
      'work_order',
      [
        'id',
        'billNo',
        'title',
        'district',
        'faultId',
        'assetId',
        'urgency',
        'state',
        'crewId',
        'createdAt',
        'dueAt',
        'dispatchedAt',
        'startedAt',
        'completedAt',
        'verifiedAt',
        'remark',
      ],
      history.orders,
    );
    // The dashboard's lights-on figures follow the city's lamps.
    const perDistrict = new Map<string, { lamps: number; lit: number }>();
    for (const a of city.assets) {
      if (!isLampKind(a.kind)) continue;
      const d = perDistrict.get(a.district) ?? { lamps: 0, lit: 0 };
      d.lamps++;
      if (a.status !== 'fault' && a.status !== 'offline') d.lit++;
      perDistrict.set(a.district, d);
    }
    await trx.deleteFrom('lamp_status').execute();
    if (perDistrict.size)
      await trx
        .insertInto('lamp_status')
        .values(
          [...perDistrict].map(([district, d]) => ({
            district,
            lampCount: d.lamps,
            litCount: d.lit,
            updatedAt: now,
          })),
        )
        .execute();
  });
  if (cache) await sql.raw(`PRAGMA cache_size = ${Number(cache.rows[0]?.cache_size ?? -2000)}`).execute(db);
  await ensureRepairOrderRule(db, now);
  if (pg) await sql`ANALYZE map_asset`.execute(db);
  return {
    assets: city.assets.length,
    cables: city.cables.length,
    faults: history.faults.length,
    orders: history.orders.length,
    ms: Math.round(performance.now() - t0),
  };
}

/**
 * The demo crew leader (system's CREW_USER, seeded with the data permissions) leads the first crew:
 * once, while no crew has a leader and the user exists; the crew takes the user's name.
 */
/** The crew the demo crew leader leads (history.ts: crew-1, 抢修一队 of 东城区). */
const DEMO_LED_CREW = 'crew-1';

export async function linkDemoCrewLeader(db: Db): Promise<void> {
  const led = await db
    .selectFrom('map_crew')
    .select('id')
    .where('leaderId', 'is not', null)
    .executeTakeFirst();
  if (led) return;
  const user = await db
    .selectFrom('user')
    .select(['id', 'realName', 'mobile'])
    .where('id', '=', CREW_USER.id)
    .executeTakeFirst();
  if (!user) return;
  await db
    .updateTable('map_crew')
    .set({ leaderId: user.id, leader: user.realName, phone: user.mobile ?? '' })
    .where('id', '=', DEMO_LED_CREW)
    .execute();
}
