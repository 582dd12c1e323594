/**
 * Parses and checks the parameters of a FeatureServer `query` request (GET query string or POST form)
 * into a QuerySpec. Errors are Esri-style (code 400, message, details). Pure.
 */
import { envelopeToMercator, srKind, type Envelope, type SrKind } from './geo';
import { MAX_RECORD_COUNT, whereFieldsOf, type LayerDef } from './layers';
import { parseWhere, WhereError, type WhereNode } from './where';

export class EsriError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'EsriError';
  }
}

export const esriBad = (detail: string): EsriError =>
  new EsriError(400, 'Unable to complete operation.', [detail]);

export type StatType = 'count' | 'sum' | 'min' | 'max' | 'avg';
export interface StatDef {
  type: StatType;
  field: string;
  outName: string;
}

import type { Quantization } from './quantize';
export type { Quantization } from './quantize';

export interface QuerySpec {
  where: WhereNode;
  objectIds: number[] | null;
  envelope: Envelope | null;
  outFields: string[];
  returnGeometry: boolean;
  outSr: SrKind;
  outWkid: number;
  orderBy: Array<{ field: string; dir: 'asc' | 'desc' }>;
  offset: number;
  limit: number;
  mode: 'features' | 'count' | 'ids' | 'extent' | 'stats';
  stats: StatDef[];
  groupBy: string[];
  quantization: Quantization | null;
  distinct: boolean;
  /** polygons: a `centroid` per feature (the SDK places polygon labels there) */
  returnCentroid: boolean;
}

type Params = Readonly<Record<string, unknown>>;

const str = (p: Params, k: string): string | undefined => {
  const v = p[k];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw esriBad(`'${k}' must be a string`);
};

function bool(p: Params, k: string, dflt: boolean): boolean {
  const v = str(p, k);
  if (v === undefined || v === '') return dflt;
  const l = v.toLowerCase();
  if (l === 'true') return true;
  if (l === 'false') return false;
  throw esriBad(`'${k}' must be true or false`);
}

function int(p: Params, k: string, min: number, max: number): number | undefined {
  const v = str(p, k);
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d+$/.test(v.trim())) throw esriBad(`'${k}' must be an integer`);
  const n = Number(v);
  if (n < min || n > max) throw esriBad(`'${k}' must be between ${min} and ${max}`);
  return n;
}

function json(p: Params, k: string): unknown {
  const v = str(p, k);
  if (v === undefined || v === '') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    throw esriBad(`'${k}' is not valid JSON`);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function srOf(v: unknown, k: string): { kind: SrKind; wkid: number } | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  let wkid: number | undefined;
  if (typeof v === 'number') wkid = v;
  else if (typeof v === 'string') {
    const t = v.trim();
    if (/^\d+$/.test(t)) wkid = Number(t);
    else {
      let o: unknown;
      try {
        o = JSON.parse(t);
      } catch {
        throw esriBad(`'${k}' is not a spatial reference`);
      }
      return srOf(o, k);
    }
  } else if (isObj(v)) {
    const w = finite(v.latestWkid) && srKind(v.latestWkid) ? v.latestWkid : v.wkid;
    if (finite(w)) wkid = w;
  }
  if (wkid === undefined) throw esriBad(`'${k}' is not a spatial reference`);
  const kind = srKind(wkid);
  if (!kind) throw esriBad(`'${k}': spatial reference ${wkid} is not supported (use 102100, 3857 or 4326)`);
  return { kind, wkid };
}

function parseEnvelope(p: Params): Envelope | null {
  const raw = str(p, 'geometry');
  if (raw === undefined || raw.trim() === '') return null;
  const gtype = str(p, 'geometryType') ?? '';
  if (gtype && gtype !== 'esriGeometryEnvelope' && gtype !== 'esriGeometryPoint')
    throw esriBad(`'geometryType' ${gtype} is not supported (envelope or point)`);
  const rel = str(p, 'spatialRel') ?? '';
  const rels = [
    '',
    'esriSpatialRelIntersects',
    'esriSpatialRelEnvelopeIntersects',
    'esriSpatialRelContains',
    'esriSpatialRelWithin',
    'esriSpatialRelIndexIntersects',
  ];
  if (!rels.includes(rel)) throw esriBad(`'spatialRel' ${rel} is not supported`);
  let sr = srOf(p.inSR, 'inSR') ?? { kind: 'mercator' as SrKind, wkid: 102100 };
  let env: Envelope;
  const t = raw.trim();
  if (t.startsWith('{')) {
    let g: unknown;
    try {
      g = JSON.parse(t);
    } catch {
      throw esriBad(`'geometry' is not valid JSON`);
    }
    if (!isObj(g)) throw esriBad(`'geometry' must be an object`);
    if (g.spatialReference !== undefined) sr = srOf(g.spatialReference, 'geometry.spatialReference') ?? sr;
    if (finite(g.xmin) && finite(g.ymin) && finite(g.xmax) && finite(g.ymax))
      env = { xmin: g.xmin, ymin: g.ymin, xmax: g.xmax, ymax: g.ymax };
    else if (finite(g.x) && finite(g.y)) env = { xmin: g.x, ymin: g.y, xmax: g.x, ymax: g.y };
    else throw esriBad(`'geometry' must be an envelope {xmin,ymin,xmax,ymax} or a point {x,y}`);
  } else {
    const parts = t.split(',').map((s) => Number(s.trim()));
    if ((parts.length !== 4 && parts.length !== 2) || parts.some((n) => !Number.isFinite(n)))
      throw esriBad(`'geometry' must be xmin,ymin,xmax,ymax or x,y`);
    const [a = 0, b = 0, c = a, d = b] = parts;
    env = { xmin: a, ymin: b, xmax: c, ymax: d };
  }
  if (env.xmin > env.xmax || env.ymin > env.ymax)
    throw esriBad(`'geometry': xmin/ymin must not exceed xmax/ymax`);
  return envelopeToMercator(env, sr.kind);
}

function fieldList(v: string, layer: LayerDef, k: string): string[] {
  const byLower = new Map(layer.fields.map((f) => [f.name.toLowerCase(), f.name]));
  const out: string[] = [];
  for (const part of v.split(',')) {
    const name = part.trim();
    if (!name) continue;
    if (name === '*') return layer.fields.map((f) => f.name);
    const f = byLower.get(name.toLowerCase());
    if (!f) throw esriBad(`'${k}': unknown field '${name}'`);
    if (!out.includes(f)) out.push(f);
  }
  return out;
}

const STAT_TYPES: readonly StatType[] = ['count', 'sum', 'min', 'max', 'avg'];

export function parseQuery(p: Params, layer: LayerDef): QuerySpec {
  const f = (str(p, 'f') ?? 'json').toLowerCase();
  if (f !== 'json' && f !== 'pjson') throw esriBad(`'f' ${f} is not supported (json)`);
  let where: WhereNode;
  try {
    where = parseWhere(str(p, 'where'), whereFieldsOf(layer));
  } catch (e) {
    if (e instanceof WhereError)
      throw esriBad(
        layer.aggregate
          ? `${e.message} (a grid layer's where filters the assets: layer 0's fields)`
          : e.message,
      );
    throw e;
  }
  let objectIds: number[] | null = null;
  const ids = str(p, 'objectIds');
  if (ids !== undefined && ids.trim() !== '') {
    objectIds = ids.split(',').map((s) => {
      const t = s.trim();
      if (!/^\d+$/.test(t)) throw esriBad(`'objectIds' must be a comma list of integers`);
      return Number(t);
    });
    if (objectIds.length > 10_000) throw esriBad(`'objectIds': at most 10000`);
  }
  const envelope = parseEnvelope(p);
  const out = str(p, 'outFields');
  const outFields =
    out === undefined || out.trim() === '' ? ['objectid'] : fieldList(out, layer, 'outFields');
  const distinct = bool(p, 'returnDistinctValues', false);
  if (!distinct && !outFields.includes('objectid')) outFields.unshift('objectid');
  const outSrParsed = srOf(p.outSR, 'outSR') ?? { kind: 'mercator' as SrKind, wkid: 102100 };
  const orderBy: QuerySpec['orderBy'] = [];
  const ob = str(p, 'orderByFields');
  if (ob && ob.trim()) {
    for (const part of ob.split(',')) {
      const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(ASC|DESC)?\s*$/i.exec(part);
      if (!m?.[1]) throw esriBad(`'orderByFields' must be 'field [ASC|DESC], …'`);
      const [name] = fieldList(m[1], layer, 'orderByFields');
      if (name) orderBy.push({ field: name, dir: m[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc' });
    }
  }
  const factor = int(p, 'maxRecordCountFactor', 1, 5) ?? 1;
  const cap = MAX_RECORD_COUNT * factor;
  const offset = int(p, 'resultOffset', 0, 1_000_000_000) ?? 0;
  const count = int(p, 'resultRecordCount', 0, 1_000_000_000);
  const limit = Math.min(cap, count === undefined || count === 0 ? cap : count);

  let stats: StatDef[] = [];
  const os = json(p, 'outStatistics');
  if (os !== undefined) {
    if (!Array.isArray(os) || os.length === 0 || os.length > 20)
      throw esriBad(`'outStatistics' must be a list of 1–20 statistics`);
    stats = os.map((s: unknown, i) => {
      if (!isObj(s)) throw esriBad(`'outStatistics[${i}]' must be an object`);
      const type = String(s.statisticType ?? '').toLowerCase() as StatType;
      if (!STAT_TYPES.includes(type))
        throw esriBad(`'outStatistics[${i}].statisticType' must be one of ${STAT_TYPES.join(', ')}`);
      const fieldName = String(s.onStatisticField ?? '');
      const [field] =
        fieldName === '*' || fieldName === '1'
          ? ['objectid']
          : fieldList(fieldName, layer, `outStatistics[${i}].onStatisticField`);
      if (!field) throw esriBad(`'outStatistics[${i}].onStatisticField' is required`);
      const outName = String(s.outStatisticFieldName ?? `${type}_${field}`);
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(outName))
        throw esriBad(`'outStatistics[${i}].outStatisticFieldName' must be a plain name`);
      return { type, field, outName };
    });
  }
  const gb = str(p, 'groupByFieldsForStatistics');
  const groupBy = gb && gb.trim() ? fieldList(gb, layer, 'groupByFieldsForStatistics') : [];
  if (groupBy.length && !stats.length) throw esriBad(`'groupByFieldsForStatistics' needs 'outStatistics'`);

  let quantization: Quantization | null = null;
  const q = json(p, 'quantizationParameters');
  if (q !== undefined) {
    if (!isObj(q)) throw esriBad(`'quantizationParameters' must be an object`);
    const tol = q.tolerance;
    const ext = q.extent;
    const origin = String(q.originPosition ?? 'upperLeft');
    if (!finite(tol) || tol <= 0)
      throw esriBad(`'quantizationParameters.tolerance' must be a positive number`);
    if (!isObj(ext) || !finite(ext.xmin) || !finite(ext.ymax) || !finite(ext.ymin) || !finite(ext.xmax))
      throw esriBad(`'quantizationParameters.extent' must be an envelope`);
    if (origin !== 'upperLeft' && origin !== 'bottomLeft')
      throw esriBad(`'quantizationParameters.originPosition' must be upperLeft or bottomLeft`);
    // Only honoured in the layer's own SR with upperLeft origin; otherwise full coordinates are sent.
    const esr =
      ext.spatialReference === undefined
        ? { kind: 'mercator' as SrKind }
        : srOf(ext.spatialReference, 'quantizationParameters.extent.spatialReference');
    if (esr?.kind === 'mercator' && outSrParsed.kind === 'mercator' && origin === 'upperLeft')
      quantization = { tolerance: tol, originX: ext.xmin, originY: ext.ymax };
  }

  const returnGeometry = bool(p, 'returnGeometry', true);
  const countOnly = bool(p, 'returnCountOnly', false);
  const idsOnly = bool(p, 'returnIdsOnly', false);
  const extentOnly = bool(p, 'returnExtentOnly', false);
  const rt = str(p, 'resultType');
  if (rt && rt !== 'tile' && rt !== 'standard' && rt !== 'none')
    throw esriBad(`'resultType' must be tile, standard or none`);
  const mode: QuerySpec['mode'] = stats.length
    ? 'stats'
    : countOnly
      ? extentOnly
        ? 'extent'
        : 'count'
      : idsOnly
        ? 'ids'
        : extentOnly
          ? 'extent'
          : 'features';
  return {
    where,
    objectIds,
    envelope,
    outFields,
    returnGeometry,
    outSr: outSrParsed.kind,
    outWkid: outSrParsed.wkid,
    orderBy,
    offset,
    limit,
    mode,
    stats,
    groupBy,
    quantization,
    distinct,
    returnCentroid: bool(p, 'returnCentroid', false),
  };
}
