/**
 * The FeatureServer-compatible endpoint (docs/api/map.md): service and layer info, and `query` over
 * GET and POST (form-encoded). Envelope filters go through the R*Tree (SQLite) or the GiST index
 * (PostgreSQL). Errors are Esri JSON `{ error: { code, message, details } }` with HTTP 200.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { menuScope, type User } from '../system';
import { scopeWhere } from './scope';
import { MENU_ASSETS } from './store';
import { extractToken } from '../auth';
import { typed } from '../http/typed';
import type { Db } from '../database';
import { WEB_MERCATOR, WGS84, emptyEnvelope, isEmptyEnvelope, mercatorToLonLat, type Envelope } from './geo';
import {
  StampedCache,
  cellFromRow,
  cellStatistics,
  cellsExtent,
  distinctCells,
  filterCells,
  sortCells,
  type GridCell,
} from './grid';
import {
  LAYERS,
  SERVICE_NAME,
  layerById,
  layerInfo,
  serviceInfo,
  sourceLayerId,
  type LayerDef,
} from './layers';
import { EsriError, esriBad, parseQuery, type QuerySpec } from './query-params';
import { quantizePaths, quantizePoint, ringCentroid } from './quantize';
import { isTrivial, whereToSql, type WhereNode } from './where';
import { answers } from '../http/response';
import { FEATURE_SERVER_ANSWERS } from './responses';
import type { FromSchema } from 'json-schema-to-ts';

export const FS_BASE = `/api/map/rest/services/${SERVICE_NAME}/FeatureServer`;

type Row = Record<string, unknown>;

/** The spatial condition for an envelope (index first, then the exact test on the row). */
export function envelopeCondition(layer: LayerDef, e: Envelope, pg: boolean): RawBuilder<unknown> {
  const point = layer.geometry.kind === 'point';
  if (pg) {
    const col = point
      ? sql`box(point("x", "y"), point("x", "y"))`
      : sql`box(point("minx", "miny"), point("maxx", "maxy"))`;
    return sql`${col} && box(point(${e.xmin}::float8, ${e.ymin}::float8), point(${e.xmax}::float8, ${e.ymax}::float8))`;
  }
  const rtree = sql.table(`${layer.table}_rtree`);
  const exact = point
    ? sql`"x" >= ${e.xmin} AND "x" <= ${e.xmax} AND "y" >= ${e.ymin} AND "y" <= ${e.ymax}`
    : sql`"minx" <= ${e.xmax} AND "maxx" >= ${e.xmin} AND "miny" <= ${e.ymax} AND "maxy" >= ${e.ymin}`;
  return sql`"objectid" IN (SELECT id FROM ${rtree} WHERE minx <= ${e.xmax} AND maxx >= ${e.xmin} AND miny <= ${e.ymax} AND maxy >= ${e.ymin}) AND ${exact}`;
}

/**
 * The caller's data permissions on assets (map/scope.ts): a WHERE clause on map_asset's own columns
 * and a key naming it for the grid cache. Only the asset layer and the grids of it are scoped; the
 * city's geography and cables are everyone's.
 */
export interface AssetScope {
  key: string;
  where: Expression<SqlBool>;
}

function conditions(
  layer: LayerDef,
  q: QuerySpec,
  pg: boolean,
  scope: AssetScope | null = null,
): RawBuilder<unknown> {
  const parts: Array<RawBuilder<unknown> | Expression<SqlBool>> = [];
  if (scope && layer.table === 'map_asset') parts.push(scope.where);
  if (!isTrivial(q.where)) parts.push(whereToSql(q.where, (f) => f));
  if (q.objectIds)
    parts.push(q.objectIds.length ? sql`"objectid" IN (${sql.join(q.objectIds)})` : sql`1 = 0`);
  if (q.envelope) parts.push(envelopeCondition(layer, q.envelope, pg));
  return parts.length ? sql.join(parts, sql` AND `) : sql`1 = 1`;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function extentOfRow(r: Row): Envelope | null {
  const e = { xmin: num(r.xmin), ymin: num(r.ymin), xmax: num(r.xmax), ymax: num(r.ymax) };
  if (e.xmin === null || e.ymin === null || e.xmax === null || e.ymax === null) return null;
  return e as Envelope;
}

function srJson(q: QuerySpec): Record<string, number> {
  return q.outSr === 'wgs84'
    ? { ...WGS84 }
    : q.outWkid === 102100 || q.outWkid === 3857
      ? { ...WEB_MERCATOR }
      : { wkid: q.outWkid };
}

function outExtent(e: Envelope, q: QuerySpec): Record<string, unknown> {
  if (q.outSr === 'wgs84') {
    const [xmin, ymin] = mercatorToLonLat(e.xmin, e.ymin);
    const [xmax, ymax] = mercatorToLonLat(e.xmax, e.ymax);
    return { xmin, ymin, xmax, ymax, spatialReference: srJson(q) };
  }
  return { ...e, spatialReference: srJson(q) };
}

type FieldDefs = (names: readonly string[]) => Array<Record<string, unknown>>;

/** The `fields` entries of an answer for some of the layer's field names. */
function fieldDefsOf(layer: LayerDef): FieldDefs {
  return (names) =>
    names.map((n) => {
      const f = layer.fields.find((x) => x.name === n);
      return {
        name: n,
        type: f?.type ?? 'esriFieldTypeString',
        alias: f?.alias ?? n,
        ...(f?.length ? { length: f.length } : {}),
      };
    });
}

/** `returnExtentOnly` answer. */
function extentAnswer(count: number, e: Envelope | null, q: QuerySpec): Record<string, unknown> {
  return {
    count,
    extent: e
      ? outExtent(e, q)
      : { xmin: 'NaN', ymin: 'NaN', xmax: 'NaN', ymax: 'NaN', spatialReference: srJson(q) },
  };
}

/** `outStatistics` answer from the grouped rows (group values and one value per statistic). */
function statsAnswer(q: QuerySpec, rows: readonly Row[], fieldDefs: FieldDefs): Record<string, unknown> {
  const fields = [
    ...fieldDefs(q.groupBy),
    ...q.stats.map((s) => ({
      name: s.outName,
      alias: s.outName,
      type: s.type === 'count' ? 'esriFieldTypeInteger' : 'esriFieldTypeDouble',
    })),
  ];
  return {
    displayFieldName: '',
    fields,
    features: rows.map((row) => {
      const attributes: Row = {};
      for (const g of q.groupBy) attributes[g] = row[g] ?? null;
      for (const s of q.stats) {
        const v = row[s.outName];
        attributes[s.outName] = typeof v === 'string' && Number.isNaN(Number(v)) ? v : num(v);
      }
      return { attributes };
    }),
  };
}

function encodeFeatures(
  layer: LayerDef,
  q: QuerySpec,
  all: readonly Row[],
  geomCols: readonly string[],
  fieldDefs: FieldDefs,
): Record<string, unknown> {
  const point = layer.geometry.kind === 'point';
  const exceeded = all.length > q.limit;
  const rows = exceeded ? all.slice(0, q.limit) : all;
  const quant = q.quantization;
  const rings = layer.geometry.kind === 'rings';
  const wgs = q.outSr === 'wgs84';
  const dateFields = new Set(layer.fields.filter((f) => f.type === 'esriFieldTypeDate').map((f) => f.name));
  const numericFields = new Set(
    layer.fields.filter((f) => f.type !== 'esriFieldTypeString').map((f) => f.name),
  );
  const convertPaths = (paths: number[][][]): number[][][] =>
    wgs ? paths.map((p) => p.map(([x = 0, y = 0]) => mercatorToLonLat(x, y))) : paths;
  const features = rows.map((row) => {
    const attributes: Row = {};
    for (const f of q.outFields) {
      const v = row[f];
      attributes[f] =
        v === null || v === undefined ? null : numericFields.has(f) || dateFields.has(f) ? Number(v) : v;
    }
    if (!geomCols.length) return { attributes };
    let geometry: Record<string, unknown>;
    if (point) {
      const x = Number(row.x);
      const y = Number(row.y);
      if (quant) {
        const [qx, qy] = quantizePoint(x, y, quant);
        geometry = { x: qx, y: qy };
      } else if (wgs) {
        const [lon, lat] = mercatorToLonLat(x, y);
        geometry = { x: lon, y: lat };
      } else geometry = { x, y };
    } else {
      const parsed = JSON.parse(String(row[geomCols[0] ?? ''] ?? '[]')) as number[][][];
      const coords = quant ? quantizePaths(parsed, quant, rings) : convertPaths(parsed);
      geometry = rings ? { rings: coords } : { paths: coords };
      if (rings && q.returnCentroid && parsed[0]) {
        const [cx, cy] = ringCentroid(parsed[0]);
        const c = quant ? quantizePoint(cx, cy, quant) : wgs ? mercatorToLonLat(cx, cy) : [cx, cy];
        return { attributes, geometry, centroid: { x: c[0], y: c[1] } };
      }
    }
    return { attributes, geometry };
  });
  return {
    objectIdFieldName: 'objectid',
    uniqueIdField: { name: 'objectid', isSystemMaintained: true },
    globalIdFieldName: '',
    geometryType: layer.geometryType,
    spatialReference: srJson(q),
    ...(quant
      ? {
          transform: {
            originPosition: 'upperLeft',
            scale: [quant.tolerance, quant.tolerance, 0, 0],
            translate: [quant.originX, quant.originY, 0, 0],
          },
        }
      : {}),
    fields: fieldDefs(q.outFields),
    features,
    ...(exceeded ? { exceededTransferLimit: true } : {}),
  };
}

export async function runQuery(
  db: Db,
  pg: boolean,
  layer: LayerDef,
  q: QuerySpec,
  scope: AssetScope | null = null,
): Promise<Record<string, unknown>> {
  if (layer.aggregate) throw new Error(`layer ${layer.id} is a grid layer: query it through GridLayers`);
  const table = sql.table(layer.table);
  const where = conditions(layer, q, pg, scope);
  const point = layer.geometry.kind === 'point';
  const fieldDefs = fieldDefsOf(layer);

  if (q.mode === 'count') {
    const r = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${table} WHERE ${where}`.execute(
      db,
    );
    return { count: Number(r.rows[0]?.n ?? 0) };
  }
  if (q.mode === 'ids') {
    const r = await sql<{
      objectid: number;
    }>`SELECT "objectid" FROM ${table} WHERE ${where} ORDER BY "objectid"`.execute(db);
    return { objectIdFieldName: 'objectid', objectIds: r.rows.map((x) => Number(x.objectid)) };
  }
  if (q.mode === 'extent') {
    const cols = point
      ? sql`min("x") AS xmin, min("y") AS ymin, max("x") AS xmax, max("y") AS ymax`
      : sql`min("minx") AS xmin, min("miny") AS ymin, max("maxx") AS xmax, max("maxy") AS ymax`;
    const r = await sql<Row>`SELECT count(*) AS n, ${cols} FROM ${table} WHERE ${where}`.execute(db);
    const row = r.rows[0] ?? {};
    return extentAnswer(Number(row.n ?? 0), extentOfRow(row), q);
  }
  if (q.mode === 'stats') {
    const aggs = q.stats.map((s) => {
      const ref = sql.ref(s.field);
      const fn = s.type === 'count' ? sql`count(${ref})` : sql`${sql.raw(s.type)}(${ref})`;
      return sql`${fn} AS ${sql.ref(s.outName)}`;
    });
    const groups = q.groupBy.map((g) => sql.ref(g));
    const select = sql.join([...groups, ...aggs]);
    const tail = groups.length ? sql` GROUP BY ${sql.join(groups)} ORDER BY ${sql.join(groups)}` : sql``;
    const r =
      await sql<Row>`SELECT ${select} FROM ${table} WHERE ${where}${tail} LIMIT ${q.limit} OFFSET ${q.offset}`.execute(
        db,
      );
    return statsAnswer(q, r.rows, fieldDefs);
  }

  // Features.
  const g = layer.geometry;
  const geomCols = !q.returnGeometry || q.distinct ? [] : g.kind === 'point' ? ['x', 'y'] : [g.column];
  const cols = [...new Set([...q.outFields, ...geomCols])];
  const order = q.distinct
    ? q.outFields.map((f) => sql`${sql.ref(f)}`)
    : [
        ...q.orderBy.map((o) => sql`${sql.ref(o.field)} ${sql.raw(o.dir === 'desc' ? 'DESC' : 'ASC')}`),
        ...(q.orderBy.some((o) => o.field === 'objectid') ? [] : [sql`"objectid" ASC`]),
      ];
  // Snapshot pages (everything, by objectid): on SQLite, skip the offset on the objectid index.
  const plainPage =
    !pg &&
    layer.table === 'map_asset' &&
    !q.distinct &&
    q.offset > 0 &&
    isTrivial(q.where) &&
    !scope &&
    !q.objectIds &&
    !q.envelope &&
    q.orderBy.every((o) => o.field === 'objectid' && o.dir === 'asc');
  if (plainPage) {
    const page =
      await sql<Row>`SELECT ${sql.join(cols.map((c) => sql.ref(c)))} FROM ${table} WHERE "objectid" >= (SELECT "objectid" FROM ${table} INDEXED BY map_asset_oid ORDER BY "objectid" LIMIT 1 OFFSET ${q.offset}) ORDER BY "objectid" LIMIT ${q.limit + 1}`.execute(
        db,
      );
    return encodeFeatures(layer, q, page.rows, geomCols, fieldDefs);
  }
  const r =
    await sql<Row>`SELECT ${sql.raw(q.distinct ? 'DISTINCT ' : '')}${sql.join(cols.map((c) => sql.ref(c)))} FROM ${table} WHERE ${where} ORDER BY ${sql.join(order)} LIMIT ${q.limit + 1} OFFSET ${q.offset}`.execute(
      db,
    );
  return encodeFeatures(layer, q, r.rows, geomCols, fieldDefs);
}

/** Layer extents are fixed once seeded (assets do not move): computed once per app. */
export class LayerExtents {
  private readonly cache = new Map<number, Envelope>();
  constructor(private readonly db: Db) {}
  async of(layer: LayerDef): Promise<Envelope> {
    // A grid layer's extent is its source's (layer 0's).
    const src = layer.aggregate ? layerById(sourceLayerId(layer)) : undefined;
    if (src) return this.of(src);
    const hit = this.cache.get(layer.id);
    if (hit) return hit;
    const t = sql.table(layer.table);
    const r =
      layer.geometry.kind === 'point'
        ? await sql<Row>`SELECT min("x") AS xmin, min("y") AS ymin, max("x") AS xmax, max("y") AS ymax FROM ${t}`.execute(
            this.db,
          )
        : await sql<Row>`SELECT min("minx") AS xmin, min("miny") AS ymin, max("maxx") AS xmax, max("maxy") AS ymax FROM ${t}`.execute(
            this.db,
          );
    const e = extentOfRow(r.rows[0] ?? {});
    if (!e) return { xmin: 0, ymin: 0, xmax: 0, ymax: 0 };
    this.cache.set(layer.id, e);
    return e;
  }
  async all(): Promise<Envelope> {
    const e = emptyEnvelope();
    for (const l of LAYERS) {
      const x = await this.of(l);
      if (x.xmax === 0 && x.xmin === 0) continue;
      e.xmin = Math.min(e.xmin, x.xmin);
      e.ymin = Math.min(e.ymin, x.ymin);
      e.xmax = Math.max(e.xmax, x.xmax);
      e.ymax = Math.max(e.ymax, x.ymax);
    }
    return isEmptyEnvelope(e) ? { xmin: 0, ymin: 0, xmax: 0, ymax: 0 } : e;
  }
}

/**
 * The grid layers (4, 5): cells aggregated in SQL (GROUP BY the cell indices over map_asset, `where`
 * applied to the assets first), cached per (layer, where) until layer 0's lastEditDate changes; every
 * other part of a query runs on the cached cells.
 */
export class GridLayers {
  private readonly cache = new StampedCache<Promise<GridCell[]>>(32);
  constructor(
    private readonly db: Db,
    private readonly pg: boolean,
    private readonly extents: LayerExtents,
  ) {}

  /** The non-empty cells of a grid layer for the assets matching `where` (and the caller's scope). */
  async cells(layer: LayerDef, where: WhereNode, scope: AssetScope | null = null): Promise<GridCell[]> {
    const stamp = await lastEditDate(this.db, 0);
    const key = `${layer.id}|${JSON.stringify(where)}|${scope?.key ?? ''}`;
    const hit = this.cache.get(key, stamp);
    if (hit) return hit;
    const p = this.aggregate(layer, where, scope);
    this.cache.set(key, stamp, p);
    void p.catch(() => this.cache.drop(key, p));
    return p;
  }

  private async aggregate(layer: LayerDef, where: WhereNode, scope: AssetScope | null): Promise<GridCell[]> {
    const size = layer.aggregate?.cellM;
    const assets = layerById(0);
    if (!size || !assets) throw new Error(`layer ${layer.id} is not a grid layer`);
    const o = await this.extents.of(assets);
    // floor((v - origin) / size); every asset is at or above the origin (layer 0's extent minimum), so
    // SQLite's truncating CAST is floor there. PostgreSQL's CAST rounds, hence floor().
    const cell = (col: 'x' | 'y', origin: number) =>
      this.pg
        ? sql`floor((${sql.ref(col)} - ${origin}::float8) / ${sql.lit(size)})`
        : sql`CAST((${sql.ref(col)} - ${origin}) / ${sql.lit(size)} AS INTEGER)`;
    const is = (statuses: readonly string[]) =>
      sql`sum(CASE WHEN "status" IN (${sql.join(statuses.map((v) => sql.lit(v)))}) THEN 1 ELSE 0 END)`;
    const asked = isTrivial(where) ? sql`1 = 1` : whereToSql(where, (f) => f);
    const cond = scope ? sql`${asked} AND ${scope.where}` : asked;
    const r = await sql<Row>`SELECT "ix", "iy", count(*) AS "n", avg("x") AS "mx", avg("y") AS "my",
        ${is(['fault'])} AS "faults", ${is(['offline'])} AS "offline",
        ${is(['pendingUpload', 'pendingAttributes', 'pendingLabel'])} AS "pending",
        ${is(['lightOn'])} AS "lon", ${is(['lightOff'])} AS "loff"
      FROM (SELECT ${cell('x', o.xmin)} AS "ix", ${cell('y', o.ymin)} AS "iy", "x", "y", "status"
        FROM "map_asset" WHERE ${cond}) AS "c"
      GROUP BY "ix", "iy" ORDER BY "ix", "iy"`.execute(this.db);
    return r.rows.map(cellFromRow);
  }

  /** A FeatureServer query on a grid layer (same answers as runQuery's, on the cells). */
  async query(
    layer: LayerDef,
    q: QuerySpec,
    scope: AssetScope | null = null,
  ): Promise<Record<string, unknown>> {
    const cells = filterCells(await this.cells(layer, q.where, scope), q);
    const fieldDefs = fieldDefsOf(layer);
    if (q.mode === 'count') return { count: cells.length };
    if (q.mode === 'ids')
      return { objectIdFieldName: 'objectid', objectIds: cells.map((c) => c.objectid).sort((a, b) => a - b) };
    if (q.mode === 'extent') return extentAnswer(cells.length, cellsExtent(cells), q);
    if (q.mode === 'stats') {
      const strings = new Set(
        layer.fields.filter((f) => f.type === 'esriFieldTypeString').map((f) => f.name),
      );
      return statsAnswer(q, cellStatistics(cells, q, strings), fieldDefs);
    }
    if (q.distinct) {
      const rows = distinctCells(cells, q.outFields).slice(q.offset, q.offset + q.limit + 1);
      return encodeFeatures(layer, q, rows, [], fieldDefs);
    }
    const rows = sortCells(cells, q.orderBy).slice(q.offset, q.offset + q.limit + 1);
    return encodeFeatures(layer, q, rows, q.returnGeometry ? ['x', 'y'] : [], fieldDefs);
  }
}

export async function lastEditDate(db: Db, layerId: number): Promise<number> {
  const r = await db
    .selectFrom('map_layer_state')
    .select('lastEditDate')
    .where('layerId', '=', layerId)
    .executeTakeFirst();
  return Number(r?.lastEditDate ?? 0);
}

/**
 * PostgreSQL's answer to a where literal of the wrong type (`powerW = 'abc'`): a data exception (class
 * 22, e.g. 22P02) or a type mismatch (42804, 42883). Bad input, so an Esri 400, not a 5xx.
 */
function isBadValueError(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '42804' || code === '42883');
}

const esriError = (e: EsriError) => ({ error: { code: e.code, message: e.message, details: e.details } });

/** Query/body schema: every known parameter is a bounded string; unknown ones are tolerated (the SDK sends many). */
const PARAM_NAMES = [
  'f',
  'where',
  'objectIds',
  'geometry',
  'geometryType',
  'inSR',
  'spatialRel',
  'outFields',
  'returnGeometry',
  'outSR',
  'orderByFields',
  'resultOffset',
  'resultRecordCount',
  'returnCountOnly',
  'returnIdsOnly',
  'returnExtentOnly',
  'outStatistics',
  'groupByFieldsForStatistics',
  'resultType',
  'quantizationParameters',
  'returnCentroid',
  'maxRecordCountFactor',
  'returnDistinctValues',
  'token',
  'returnZ',
  'returnM',
  'sqlFormat',
  'cacheHint',
  'maxAllowableOffset',
  'geometryPrecision',
  'returnExceededLimitFeatures',
] as const;
export const QUERY_PARAMS_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(
    PARAM_NAMES.map((n) => [
      n,
      { type: 'string', maxLength: n === 'objectIds' || n === 'where' ? 200_000 : 10_000 },
    ]),
  ),
} as const;

/** A form-encoded query (POST when the URL would be too long): the same parameters, all text. */
const QUERY_FORM_SCHEMA = {
  ...QUERY_PARAMS_SCHEMA,
  'x-form': true,
  additionalProperties: { type: 'string', maxLength: 10_000 },
} as const;

/**
 * The Esri JSON the builders above make (as Record<string, unknown>) is what the routes declare
 * (responses.ts, FEATURE_SERVER_ANSWERS): the type says so, and every server test checks each
 * answer against the schema.
 */
type Declared<K extends keyof typeof FEATURE_SERVER_ANSWERS> = FromSchema<(typeof FEATURE_SERVER_ANSWERS)[K]>;
type LayerInfo = Exclude<Declared<'layer'>, { error: unknown }>;

export function registerFeatureServer(app: FastifyInstance): void {
  const r = typed(app);
  const { db, dialect, tokens, access } = app.ctx;
  const pg = dialect === 'postgres';
  const extents = new LayerExtents(db);
  const grids = new GridLayers(db, pg, extents);

  /** Who asked (set by esriAuth): their data permissions on assets scope the asset layer. */
  const callers = new WeakMap<FastifyRequest, Readonly<User>>();
  const assetScope = async (req: FastifyRequest): Promise<AssetScope | null> => {
    const user = callers.get(req);
    if (!user) return null;
    const p = await menuScope(app.ctx, user, MENU_ASSETS);
    return p ? { key: JSON.stringify(p), where: scopeWhere(MENU_ASSETS, p, true) } : null;
  };

  /** Token from the header, the query or a form body; the caller must be a signed-in, enabled user. */
  async function esriAuth(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const token = extractToken(req.headers.authorization, q.token ?? b.token);
    if (!token)
      return reply
        .header('Cache-Control', 'no-store')
        .send({ error: { code: 499, message: 'Token Required', details: [] } });
    const check = await tokens.check(token);
    const snap = check.status === 'ok' && check.row ? await access.user(check.row.userId) : null;
    if (!snap || snap.user.enabledMark !== 1)
      return reply
        .header('Cache-Control', 'no-store')
        .send({ error: { code: 498, message: 'Invalid Token', details: [] } });
    callers.set(req, snap.user);
    return undefined;
  }

  const common = {
    // an Esri protocol endpoint: its errors are Esri's { error: { code, message } }, not our envelope
    config: { public: true, errorFormat: 'esri' },
    preHandler: esriAuth,
    attachValidation: true,
  } as const;

  r.get(
    '/api/map/rest/info',
    {
      config: { public: true, errorFormat: 'esri' },
      schema: { querystring: QUERY_PARAMS_SCHEMA, response: answers(FEATURE_SERVER_ANSWERS.info) } as const,
    },
    async () => ({
      currentVersion: 11.1,
      fullVersion: '11.1.0',
      authInfo: { isTokenBasedSecurity: false },
    }),
  );

  r.get(
    FS_BASE,
    {
      ...common,
      schema: {
        querystring: QUERY_PARAMS_SCHEMA,
        response: answers(FEATURE_SERVER_ANSWERS.service),
      } as const,
    },
    async (req) => {
      if (req.validationError) return esriError(esriBad(req.validationError.message));
      return serviceInfo(await extents.all()) as Declared<'service'>;
    },
  );

  r.get(
    `${FS_BASE}/layers`,
    {
      ...common,
      schema: { querystring: QUERY_PARAMS_SCHEMA, response: answers(FEATURE_SERVER_ANSWERS.layers) } as const,
    },
    async (req) => {
      if (req.validationError) return esriError(esriBad(req.validationError.message));
      const layers = [];
      for (const l of LAYERS)
        layers.push(layerInfo(l, await extents.of(l), await lastEditDate(db, sourceLayerId(l))) as LayerInfo);
      return { layers, tables: [] };
    },
  );

  const layerParams = {
    type: 'object',
    required: ['layerId'],
    properties: { layerId: { type: 'string', maxLength: 3, pattern: '^[0-9]{1,3}$' } },
  } as const;

  r.get(
    `${FS_BASE}/:layerId`,
    {
      ...common,
      schema: {
        params: layerParams,
        querystring: QUERY_PARAMS_SCHEMA,
        response: answers(FEATURE_SERVER_ANSWERS.layer),
      } as const,
    },
    async (req) => {
      if (req.validationError) return esriError(esriBad(req.validationError.message));
      const layer = layerById(Number(req.params.layerId));
      if (!layer)
        return esriError(new EsriError(400, 'Invalid or missing input parameters.', ['Invalid layer id']));
      return layerInfo(
        layer,
        await extents.of(layer),
        await lastEditDate(db, sourceLayerId(layer)),
      ) as Declared<'layer'>;
    },
  );

  /** A layer query: the request's validation error (answered the Esri way), its layer, its parameters. */
  const query = async (
    req: FastifyRequest & { validationError?: Error; params: { layerId: string } },
    params: Record<string, unknown>,
  ): Promise<Declared<'query'>> => {
    if (req.validationError) return esriError(esriBad(req.validationError.message));
    const layer = layerById(Number(req.params.layerId));
    if (!layer)
      return esriError(new EsriError(400, 'Invalid or missing input parameters.', ['Invalid layer id']));
    try {
      const spec = parseQuery(params, layer);
      const scope = await assetScope(req);
      return (await (layer.aggregate
        ? grids.query(layer, spec, scope)
        : runQuery(db, pg, layer, spec, scope))) as Declared<'query'>;
    } catch (e) {
      if (e instanceof EsriError) return esriError(e);
      if (isBadValueError(e))
        return esriError(
          esriBad("where: a value does not fit its field's type (e.g. text for a number field)"),
        );
      throw e;
    }
  };

  r.get(
    `${FS_BASE}/:layerId/query`,
    {
      ...common,
      schema: {
        params: layerParams,
        querystring: QUERY_PARAMS_SCHEMA,
        response: answers(FEATURE_SERVER_ANSWERS.query),
      } as const,
    },
    async (req) => query(req, (req.query ?? {}) as Record<string, unknown>),
  );

  r.post(
    `${FS_BASE}/:layerId/query`,
    {
      ...common,
      config: { ...common.config, bodyKind: 'form' },
      schema: {
        params: layerParams,
        querystring: QUERY_PARAMS_SCHEMA,
        body: QUERY_FORM_SCHEMA,
        response: answers(FEATURE_SERVER_ANSWERS.query),
      } as const,
    },
    async (req) =>
      query(req, {
        ...((req.query ?? {}) as Record<string, unknown>),
        ...((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>),
      }),
  );
}
