/** The FeatureServer's layers: tables, fields (Esri types) and the layer info JSON. Pure. */
import { WEB_MERCATOR, type Envelope } from './geo';

export type EsriFieldType =
  | 'esriFieldTypeOID'
  | 'esriFieldTypeString'
  | 'esriFieldTypeInteger'
  | 'esriFieldTypeDouble'
  | 'esriFieldTypeDate';

export interface FieldDef {
  name: string;
  type: EsriFieldType;
  alias: string;
  length?: number;
}

export type LayerTable = 'map_asset' | 'map_cable' | 'map_district' | 'map_road' | 'map_water' | 'map_park';

export interface LayerDef {
  id: number;
  name: string;
  table: LayerTable;
  geometryType: 'esriGeometryPoint' | 'esriGeometryPolyline' | 'esriGeometryPolygon';
  /** For points: x/y columns; otherwise the JSON column holding paths or rings. */
  geometry: { kind: 'point' } | { kind: 'paths'; column: 'paths' } | { kind: 'rings'; column: 'rings' };
  fields: FieldDef[];
  displayField: string;
  /**
   * Set on the grid layers (4, 5): one point per non-empty cell of `cellM` metres, aggregated from
   * layer 0's assets (`table` stays map_asset; `where` is evaluated on layer 0's fields).
   */
  aggregate?: { cellM: number };
}

const oid: FieldDef = { name: 'objectid', type: 'esriFieldTypeOID', alias: 'OBJECTID' };
const str = (name: string, alias: string, length = 100): FieldDef => ({
  name,
  type: 'esriFieldTypeString',
  alias,
  length,
});
const int = (name: string, alias: string): FieldDef => ({ name, type: 'esriFieldTypeInteger', alias });
const dbl = (name: string, alias: string): FieldDef => ({ name, type: 'esriFieldTypeDouble', alias });

/** The fields of a grid layer (the client's renderer reads `state` and `count`). */
const GRID_FIELDS: FieldDef[] = [
  oid,
  int('count', '资产数'),
  int('faults', '故障'),
  int('offline', '离线'),
  int('pending', '待完善'),
  int('lightOn', '亮灯'),
  int('lightOff', '灭灯'),
  str('state', '状态', 8),
];

const gridLayer = (id: number, name: string, cellM: number): LayerDef => ({
  id,
  name,
  table: 'map_asset',
  geometryType: 'esriGeometryPoint',
  geometry: { kind: 'point' },
  displayField: 'state',
  fields: GRID_FIELDS,
  aggregate: { cellM },
});

export const LAYERS: readonly LayerDef[] = [
  {
    id: 0,
    name: 'assets',
    table: 'map_asset',
    geometryType: 'esriGeometryPoint',
    geometry: { kind: 'point' },
    displayField: 'code',
    fields: [
      oid,
      str('code', '编码', 32),
      str('kind', '资产类型', 20),
      str('status', '状态', 20),
      str('symbol', '符号', 48),
      str('district', '区域', 50),
      str('road', '道路'),
      str('roadClass', '道路等级', 8),
      str('installDate', '安装日期', 10),
      int('powerW', '功率(W)'),
      str('lampType', '光源类型', 8),
      dbl('heightM', '高度(m)'),
      int('capacityKva', '容量(kVA)'),
      dbl('depthM', '井深(m)'),
      int('controlBoxId', '控制箱'),
      str('circuitId', '回路', 32),
      int('transformerId', '变压器'),
      { name: 'updatedAt', type: 'esriFieldTypeDate', alias: '更新时间' },
    ],
  },
  {
    id: 1,
    name: 'cables',
    table: 'map_cable',
    geometryType: 'esriGeometryPolyline',
    geometry: { kind: 'paths', column: 'paths' },
    displayField: 'code',
    fields: [
      oid,
      str('code', '编码', 32),
      str('cableType', '电缆类型', 10),
      int('fromId', '起点'),
      int('toId', '终点'),
      str('circuitId', '回路', 32),
      int('controlBoxId', '控制箱'),
      int('transformerId', '变压器'),
      dbl('lengthM', '长度(m)'),
      str('status', '状态', 10),
      str('symbol', '符号', 24),
    ],
  },
  {
    id: 2,
    name: 'districts',
    table: 'map_district',
    geometryType: 'esriGeometryPolygon',
    geometry: { kind: 'rings', column: 'rings' },
    displayField: 'name',
    fields: [oid, str('name', '区域名称'), str('code', '区域编码', 32), dbl('roadLengthKm', '道路长度(km)')],
  },
  {
    id: 3,
    name: 'roads',
    table: 'map_road',
    geometryType: 'esriGeometryPolyline',
    geometry: { kind: 'paths', column: 'paths' },
    displayField: 'name',
    fields: [oid, str('name', '道路名称'), str('roadClass', '道路等级', 8), str('district', '区域', 50)],
  },
  gridLayer(4, 'assetGridCoarse', 1000),
  gridLayer(5, 'assetGridFine', 250),
  {
    id: 6,
    name: 'water',
    table: 'map_water',
    geometryType: 'esriGeometryPolygon',
    geometry: { kind: 'rings', column: 'rings' },
    displayField: 'name',
    fields: [oid, str('name', '名称'), str('kind', '水系类型', 16)],
  },
  {
    id: 7,
    name: 'parks',
    table: 'map_park',
    geometryType: 'esriGeometryPolygon',
    geometry: { kind: 'rings', column: 'rings' },
    displayField: 'name',
    fields: [oid, str('name', '名称')],
  },
];

/** The layer whose rows (and lastEditDate) a layer shows: layer 0 for the grid layers, else itself. */
export function sourceLayerId(l: LayerDef): number {
  return l.aggregate ? 0 : l.id;
}

/** The fields a layer's `where` may name: the assets' for the grid layers, else its own. */
export function whereFieldsOf(l: LayerDef): string[] {
  const src = l.aggregate ? LAYERS.find((x) => x.id === 0) : l;
  return (src ?? l).fields.map((f) => f.name);
}

export const MAX_RECORD_COUNT = 8000;
export const SERVICE_NAME = 'lighting';

export function layerById(id: number): LayerDef | undefined {
  return LAYERS.find((l) => l.id === id);
}

/** The console's own grid colours (remote-map symbology.ts), for any other client reading drawingInfo. */
const GRID_STATE_COLORS: Array<[string, number[]]> = [
  ['fault', [230, 30, 30, 191]],
  ['offline', [160, 80, 200, 191]],
  ['pending', [40, 140, 230, 191]],
  ['ok', [40, 160, 80, 191]],
];

/** Grid layers: colour by `state`, size by `count` (the client sets its own). */
function gridRenderer(l: LayerDef): Record<string, unknown> {
  const circle = (color: number[]) => ({
    type: 'esriSMS',
    style: 'esriSMSCircle',
    color,
    size: 10,
    outline: { color: [255, 255, 255, 230], width: 1 },
  });
  const big = (l.aggregate?.cellM ?? 0) >= 1000;
  return {
    renderer: {
      type: 'uniqueValue',
      field1: 'state',
      defaultSymbol: circle([40, 160, 80, 191]),
      defaultLabel: 'ok',
      uniqueValueInfos: GRID_STATE_COLORS.map(([value, color]) => ({
        value,
        label: value,
        symbol: circle(color),
      })),
      visualVariables: [
        {
          type: 'sizeInfo',
          field: 'count',
          minDataValue: 1,
          maxDataValue: big ? 4000 : 300,
          minSize: 6,
          maxSize: big ? 34 : 28,
        },
      ],
    },
    transparency: 0,
  };
}

export function defaultRenderer(l: LayerDef): Record<string, unknown> {
  if (l.aggregate) return gridRenderer(l);
  const symbol =
    l.geometryType === 'esriGeometryPoint'
      ? {
          type: 'esriSMS',
          style: 'esriSMSCircle',
          color: [255, 200, 0, 255],
          size: 4,
          outline: { color: [80, 80, 80, 255], width: 0.5 },
        }
      : l.geometryType === 'esriGeometryPolyline'
        ? { type: 'esriSLS', style: 'esriSLSSolid', color: [120, 120, 120, 255], width: l.id === 3 ? 2 : 1 }
        : {
            type: 'esriSFS',
            style: 'esriSFSSolid',
            color: [0, 120, 220, 30],
            outline: { type: 'esriSLS', style: 'esriSLSSolid', color: [0, 120, 220, 200], width: 1.5 },
          };
  return { renderer: { type: 'simple', symbol }, transparency: 0 };
}

/** The layer info (`GET …/FeatureServer/<id>?f=json`). */
export function layerInfo(l: LayerDef, extent: Envelope, lastEditDate: number): Record<string, unknown> {
  return {
    currentVersion: 11.1,
    id: l.id,
    name: l.name,
    type: 'Feature Layer',
    description: l.aggregate
      ? `Assets counted per ${l.aggregate.cellM} m grid cell (point = mean position of the cell's assets)`
      : '',
    geometryType: l.geometryType,
    sourceSpatialReference: WEB_MERCATOR,
    objectIdField: 'objectid',
    globalIdField: '',
    displayField: l.displayField,
    typeIdField: '',
    subtypeField: '',
    fields: l.fields.map((f) => ({
      name: f.name,
      type: f.type,
      alias: f.alias,
      sqlType: 'sqlTypeOther',
      nullable: f.type !== 'esriFieldTypeOID',
      editable: false,
      domain: null,
      defaultValue: null,
      ...(f.length ? { length: f.length } : {}),
    })),
    indexes: [],
    types: [],
    templates: [],
    relationships: [],
    extent: { ...extent, spatialReference: WEB_MERCATOR },
    hasZ: false,
    hasM: false,
    minScale: 0,
    maxScale: 0,
    drawingInfo: defaultRenderer(l),
    capabilities: 'Query',
    maxRecordCount: MAX_RECORD_COUNT,
    standardMaxRecordCount: MAX_RECORD_COUNT,
    tileMaxRecordCount: MAX_RECORD_COUNT,
    maxRecordCountFactor: 5,
    supportedQueryFormats: 'JSON',
    supportsAdvancedQueries: true,
    supportsStatistics: true,
    supportsCoordinatesQuantization: true,
    supportsDatumTransformation: false,
    useStandardizedQueries: true,
    hasAttachments: false,
    htmlPopupType: 'esriServerHTMLPopupTypeNone',
    allowGeometryUpdates: false,
    isDataVersioned: false,
    advancedQueryCapabilities: {
      useStandardizedQueries: true,
      supportsStatistics: true,
      supportsPercentileStatistics: false,
      supportsHavingClause: false,
      supportsOrderBy: true,
      supportsDistinct: true,
      supportsCountDistinct: false,
      supportsPagination: true,
      supportsPaginationOnAggregatedQueries: true,
      supportsTrueCurve: false,
      supportsReturningQueryExtent: true,
      supportsQueryWithDistance: false,
      supportsSqlExpression: false,
      supportsQueryWithResultType: true,
      supportsReturningGeometryCentroid: false,
      supportsMaxRecordCountFactor: true,
      supportsQueryWithDatumTransformation: false,
      supportsLod: false,
      supportsQueryAttachments: false,
    },
    editingInfo: { lastEditDate },
    supportsExceedsLimitStatistics: false,
  };
}

/** The service info (`GET …/FeatureServer?f=json`). */
export function serviceInfo(extent: Envelope): Record<string, unknown> {
  return {
    currentVersion: 11.1,
    serviceDescription: '城市照明资产',
    hasVersionedData: false,
    supportsDisconnectedEditing: false,
    supportedQueryFormats: 'JSON',
    maxRecordCount: MAX_RECORD_COUNT,
    capabilities: 'Query',
    description: '',
    copyrightText: '',
    spatialReference: WEB_MERCATOR,
    initialExtent: { ...extent, spatialReference: WEB_MERCATOR },
    fullExtent: { ...extent, spatialReference: WEB_MERCATOR },
    allowGeometryUpdates: false,
    units: 'esriMeters',
    syncEnabled: false,
    layers: LAYERS.map((l) => ({
      id: l.id,
      name: l.name,
      parentLayerId: -1,
      defaultVisibility: true,
      subLayerIds: null,
      minScale: 0,
      maxScale: 0,
      geometryType: l.geometryType,
    })),
    tables: [],
  };
}
