/** Migration 0005: the lighting-map tables and their spatial index (R*Tree on SQLite, GiST on PostgreSQL). */
import { sql, type Kysely, type Migration } from 'kysely';

/** The tables that have a spatial index, with their bounding-box columns. */
export const SPATIAL_TABLES = ['map_asset', 'map_cable', 'map_district', 'map_road'] as const;
export type SpatialTable = (typeof SPATIAL_TABLES)[number];

export interface IndexDef {
  name: string;
  table: 'map_asset' | 'map_cable';
  columns: string[];
  unique?: boolean;
}

/** The secondary indexes of the big tables: the seed drops them for the bulk load and builds them after. */
export const ASSET_INDEXES: readonly IndexDef[] = [
  { name: 'map_asset_code', table: 'map_asset', columns: ['code'], unique: true },
  // Lets a snapshot page skip `resultOffset` rows on a small b-tree instead of the table (SQLite).
  { name: 'map_asset_oid', table: 'map_asset', columns: ['objectid'] },
  { name: 'map_asset_kind_status', table: 'map_asset', columns: ['kind', 'status'] },
  { name: 'map_asset_box', table: 'map_asset', columns: ['controlBoxId'] },
  { name: 'map_asset_circuit', table: 'map_asset', columns: ['circuitId'] },
  { name: 'map_asset_transformer', table: 'map_asset', columns: ['transformerId'] },
  { name: 'map_asset_district', table: 'map_asset', columns: ['district', 'kind'] },
];
export const CABLE_INDEXES: readonly IndexDef[] = [
  { name: 'map_cable_from', table: 'map_cable', columns: ['fromId'] },
  { name: 'map_cable_to', table: 'map_cable', columns: ['toId'] },
  { name: 'map_cable_circuit', table: 'map_cable', columns: ['circuitId'] },
  { name: 'map_cable_transformer', table: 'map_cable', columns: ['transformerId'] },
];

export async function createIndexes(
  db: Pick<Kysely<unknown>, 'schema'>,
  list: readonly IndexDef[],
): Promise<void> {
  for (const i of list) {
    const b = db.schema.createIndex(i.name).on(i.table).columns(i.columns);
    await (i.unique ? b.unique() : b).execute();
  }
}

export async function dropIndexes(
  db: Pick<Kysely<unknown>, 'schema'>,
  list: readonly IndexDef[],
): Promise<void> {
  for (const i of list) await db.schema.dropIndex(i.name).ifExists().execute();
}

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const mapMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const pg = await isPostgres(db);

    await s
      .createTable('map_asset')
      .addColumn('objectid', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('symbol', 'varchar(48)', (c) => c.notNull())
      .addColumn('x', 'double precision', (c) => c.notNull())
      .addColumn('y', 'double precision', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('road', 'varchar(100)', (c) => c.notNull())
      .addColumn('roadClass', 'varchar(8)', (c) => c.notNull())
      .addColumn('installDate', 'varchar(10)', (c) => c.notNull())
      .addColumn('powerW', 'integer')
      .addColumn('lampType', 'varchar(8)')
      .addColumn('heightM', 'double precision')
      .addColumn('capacityKva', 'integer')
      .addColumn('depthM', 'double precision')
      .addColumn('controlBoxId', 'integer')
      .addColumn('circuitId', 'varchar(32)')
      .addColumn('transformerId', 'integer')
      .addColumn('updatedAt', 'bigint', (c) => c.notNull())
      .execute();
    await createIndexes(db, ASSET_INDEXES);
    await s
      .createTable('map_cable')
      .addColumn('objectid', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('cableType', 'varchar(10)', (c) => c.notNull())
      .addColumn('fromId', 'integer', (c) => c.notNull())
      .addColumn('toId', 'integer', (c) => c.notNull())
      .addColumn('circuitId', 'varchar(32)')
      .addColumn('controlBoxId', 'integer')
      .addColumn('transformerId', 'integer')
      .addColumn('lengthM', 'double precision', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('symbol', 'varchar(24)', (c) => c.notNull())
      .addColumn('paths', 'text', (c) => c.notNull())
      .addColumn('minx', 'double precision', (c) => c.notNull())
      .addColumn('miny', 'double precision', (c) => c.notNull())
      .addColumn('maxx', 'double precision', (c) => c.notNull())
      .addColumn('maxy', 'double precision', (c) => c.notNull())
      .execute();
    await createIndexes(db, CABLE_INDEXES);

    for (const t of ['map_district', 'map_road'] as const) {
      let b = s
        .createTable(t)
        .addColumn('objectid', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull());
      b =
        t === 'map_district'
          ? b
              .addColumn('code', 'varchar(32)', (c) => c.notNull())
              .addColumn('roadLengthKm', 'double precision', (c) => c.notNull())
              .addColumn('rings', 'text', (c) => c.notNull())
          : b
              .addColumn('roadClass', 'varchar(8)', (c) => c.notNull())
              .addColumn('district', 'varchar(50)', (c) => c.notNull())
              .addColumn('paths', 'text', (c) => c.notNull());
      await b
        .addColumn('minx', 'double precision', (c) => c.notNull())
        .addColumn('miny', 'double precision', (c) => c.notNull())
        .addColumn('maxx', 'double precision', (c) => c.notNull())
        .addColumn('maxy', 'double precision', (c) => c.notNull())
        .execute();
    }

    // Per layer: when its rows last changed (FeatureServer editingInfo.lastEditDate).
    await s
      .createTable('map_layer_state')
      .addColumn('layerId', 'integer', (c) => c.primaryKey())
      .addColumn('lastEditDate', 'bigint', (c) => c.notNull())
      .execute();

    await s
      .createTable('map_crew')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('leader', 'varchar(50)', (c) => c.notNull())
      .addColumn('phone', 'varchar(20)', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .execute();
    await s
      .createTable('map_track')
      .addColumn('crewId', 'varchar(64)', (c) => c.notNull())
      .addColumn('t', 'bigint', (c) => c.notNull())
      .addColumn('x', 'double precision', (c) => c.notNull())
      .addColumn('y', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('map_track_pk', ['crewId', 't'])
      .execute();

    // The dashboard's faults and work orders become the map's real faults and repair orders.
    await s.alterTable('fault').addColumn('assetId', 'integer').execute();
    await s
      .alterTable('fault')
      .addColumn('typeCode', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s
      .alterTable('fault')
      .addColumn('urgency', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await s
      .alterTable('fault')
      .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('detection'))
      .execute();
    await s
      .alterTable('fault')
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s.alterTable('fault').addColumn('restoreStatus', 'varchar(20)').execute();
    await s.createIndex('fault_asset').on('fault').columns(['assetId', 'closedAt']).execute();
    await s.createIndex('fault_closed').on('fault').column('closedAt').execute();

    await s
      .alterTable('work_order')
      .addColumn('billNo', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s.alterTable('work_order').addColumn('faultId', 'varchar(64)').execute();
    await s.alterTable('work_order').addColumn('assetId', 'integer').execute();
    await s
      .alterTable('work_order')
      .addColumn('urgency', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await s
      .alterTable('work_order')
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .execute();
    await s.alterTable('work_order').addColumn('crewId', 'varchar(64)').execute();
    await s.alterTable('work_order').addColumn('dispatchedAt', 'bigint').execute();
    await s.alterTable('work_order').addColumn('startedAt', 'bigint').execute();
    await s.alterTable('work_order').addColumn('verifiedAt', 'bigint').execute();
    await s
      .alterTable('work_order')
      .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s.createIndex('work_order_state').on('work_order').columns(['state', 'createdAt']).execute();
    await s.createIndex('work_order_fault').on('work_order').column('faultId').execute();
    await s.createIndex('work_order_asset').on('work_order').column('assetId').execute();

    // Spatial indexes: envelope queries go through these (see map/spatial.ts).
    if (pg) {
      await sql`CREATE INDEX map_asset_gist ON map_asset USING gist (box(point(x, y), point(x, y)))`.execute(
        db,
      );
      for (const t of ['map_cable', 'map_district', 'map_road'])
        await sql
          .raw(`CREATE INDEX ${t}_gist ON ${t} USING gist (box(point(minx, miny), point(maxx, maxy)))`)
          .execute(db);
    } else {
      for (const t of SPATIAL_TABLES)
        await sql.raw(`CREATE VIRTUAL TABLE ${t}_rtree USING rtree(id, minx, maxx, miny, maxy)`).execute(db);
    }
  },
};

/** The base geography added after 0005 (water, parks): each with its spatial index. */
export const GEOGRAPHY_TABLES = ['map_water', 'map_park'] as const;

/** Migration 0013: water and parks (FeatureServer layers 6 and 7), seeded with the city. */
export const mapGeographyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const pg = await isPostgres(db);
    for (const t of GEOGRAPHY_TABLES) {
      let b = s
        .createTable(t)
        .addColumn('objectid', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull());
      if (t === 'map_water') b = b.addColumn('kind', 'varchar(16)', (c) => c.notNull());
      await b
        .addColumn('rings', 'text', (c) => c.notNull())
        .addColumn('minx', 'double precision', (c) => c.notNull())
        .addColumn('miny', 'double precision', (c) => c.notNull())
        .addColumn('maxx', 'double precision', (c) => c.notNull())
        .addColumn('maxy', 'double precision', (c) => c.notNull())
        .execute();
      if (pg)
        await sql
          .raw(`CREATE INDEX ${t}_gist ON ${t} USING gist (box(point(minx, miny), point(maxx, maxy)))`)
          .execute(db);
      else
        await sql.raw(`CREATE VIRTUAL TABLE ${t}_rtree USING rtree(id, minx, maxx, miny, maxy)`).execute(db);
    }
  },
};

/**
 * Migration 0018: a repair order's estimated cost (issue 14), in whole cents (bigint, exact on both
 * databases), null when none was entered. At or above REPAIR_APPROVAL_THRESHOLD the order is
 * dispatched only through the manager's approval (workflow 故障维修工单).
 */
export const repairCostMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('work_order').addColumn('estimatedCostCents', 'bigint').execute();
  },
};

/** 0024: the user who leads a crew (data permissions' `@crewId`); null until one is named. */
export const crewLeaderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('map_crew')
      .addColumn('leaderId', 'varchar(64)', (c) => c.references('user.id').onDelete('set null'))
      .execute();
  },
};
