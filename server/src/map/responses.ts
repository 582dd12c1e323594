/**
 * What the map's calls answer (http/response.ts): the API description carries these, the console's
 * types are generated from it (shared/src/api/schema.gen.ts) and every server test checks each
 * answer against them. Positions are Web Mercator metres; times are epoch milliseconds.
 */
import {
  arr,
  bool,
  envelope,
  flag,
  int,
  intOrNull,
  mapOf,
  num,
  numOrNull,
  obj,
  paged,
  record,
  str,
  strOrNull,
} from '../http/response';

/** pending | dispatched | inProgress | completed | verified */
const orderState = str;
const dispatchApproval = { type: 'string', enum: ['none', 'required', 'waiting', 'approved'] } as const;

/** A fault in every answer: with its asset's code, kind, road and position. */
export const FAULT = record({
  id: str,
  // the asset is joined: the database cannot promise it (every fault shown has one)
  assetId: intOrNull,
  assetCode: strOrNull,
  assetKind: strOrNull,
  district: str,
  road: strOrNull,
  x: numOrNull,
  y: numOrNull,
  faultType: str,
  typeCode: str,
  urgency: int,
  /** detection | citizen | patrol */
  source: str,
  description: strOrNull,
  /** photo URLs (a citizen's report) */
  photos: arr(str),
  /** the source's reference: a citizen report's BX number ('' when none) */
  sourceRef: str,
  reportedAt: int,
  closedAt: intOrNull,
  /** its latest repair order */
  orderId: strOrNull,
});

/** A repair order's own fields. */
const ORDER_FIELDS = {
  id: str,
  billNo: str,
  title: str,
  faultId: strOrNull,
  assetId: intOrNull,
  assetCode: strOrNull,
  assetKind: strOrNull,
  district: str,
  x: numOrNull,
  y: numOrNull,
  urgency: int,
  state: orderState,
  crewId: strOrNull,
  crewName: str,
  createdAt: int,
  dueAt: int,
  dispatchedAt: intOrNull,
  startedAt: intOrNull,
  completedAt: intOrNull,
  verifiedAt: intOrNull,
  remark: strOrNull,
  /** 元, two decimals; null when none was entered */
  estimatedCost: numOrNull,
} as const;

/** A repair order in every answer, with where it stands with its dispatch approval. */
export const REPAIR_ORDER = record({ ...ORDER_FIELDS, dispatchApproval });

const extent = obj(
  {
    xmin: num,
    ymin: num,
    xmax: num,
    ymax: num,
    spatialReference: obj({ wkid: int, latestWkid: int }, ['wkid']),
  },
  ['xmin', 'ymin', 'xmax', 'ymax'],
);

const rateTarget = record({ lamps: int, working: int, rate: num, target: num, met: bool });
const bucket = { total: int, onTime: int, rate: num } as const;
/** one urgency's orders done within its time limit (rate in %) */
const compliance = record({ limit: str, ...bucket });

/** The city's (or a district's) figures: the statistics page and the wall display. */
export const STATISTICS = record({
  total: int,
  byKind: arr(record({ kind: str, count: int })),
  byStatus: arr(record({ status: str, count: int })),
  byDistrict: arr(
    record({
      district: str,
      total: int,
      lamps: int,
      lampsWorking: int,
      lightsOnRate: num,
      mainLamps: int,
      mainRate: num,
      mainTarget: num,
      otherLamps: int,
      otherRate: num,
      otherTarget: num,
      integrityRate: num,
      openFaults: int,
    }),
  ),
  lightsOn: record({ lamps: int, working: int, rate: num, main: rateTarget, other: rateTarget }),
  integrity: record({ assets: int, intact: int, rate: num, target: num, met: bool }),
  repairCompliance: record({
    days: int,
    general: compliance,
    severe: compliance,
    emergency: compliance,
    overall: record(bucket),
  }),
});

const point = record({ t: int, x: num, y: num });

/** A map asset, every column (map_asset). */
export const ASSET = record({
  objectid: int,
  code: str,
  kind: str,
  status: str,
  /** kind + '|' + status: the renderer's one field */
  symbol: str,
  x: num,
  y: num,
  district: str,
  road: str,
  roadClass: str,
  installDate: str,
  powerW: numOrNull,
  lampType: strOrNull,
  heightM: numOrNull,
  capacityKva: numOrNull,
  depthM: numOrNull,
  controlBoxId: intOrNull,
  circuitId: strOrNull,
  transformerId: intOrNull,
  updatedAt: int,
});

const assetRef = { anyOf: [record({ objectid: int, code: str }), { type: 'null' }] } as const;
const WEB_MERCATOR_SR = record({ wkid: int, latestWkid: int });
const mercatorExtent = record({
  xmin: num,
  ymin: num,
  xmax: num,
  ymax: num,
  spatialReference: WEB_MERCATOR_SR,
});

/** An element of the network: an asset (layer 0) or a cable (layer 1). */
const ELEMENT_FIELDS = { layer: flag, objectid: int, kind: str, code: str } as const;
const element = record(ELEMENT_FIELDS);

/** What a network walk reaches, and the extent of its assets (null: none). */
const reached = {
  assetIds: arr(int),
  cableIds: arr(int),
  extent: { anyOf: [mercatorExtent, { type: 'null' }] },
} as const;

/** A group of faulty lamps sharing a circuit, box or transformer, and its suspected element. */
const SHARED_CAUSE = record({
  groupBy: { type: 'string', enum: ['circuit', 'controlBox', 'transformer'] },
  key: str,
  faultCount: int,
  memberCount: int,
  ratio: num,
  assetIds: arr(int),
  /** for circuits: how many distinct circuits of a box / boxes of a transformer are hit */
  spread: int,
  /** the element's code (a circuit's id, a box's or transformer's asset code) */
  groupCode: str,
  suspected: record({
    ...ELEMENT_FIELDS,
    /** Esri JSON: a point (the asset) or a polyline (the cable) */
    geometry: {
      anyOf: [
        record({ x: num, y: num, spatialReference: WEB_MERCATOR_SR }),
        record({ paths: arr(arr(arr(num))), spatialReference: WEB_MERCATOR_SR }),
      ],
    },
  }),
});

/** The wall display: the city's outline and figures, its open faults and orders, its energy. */
const WALL = record({
  now: int,
  /** the districts' bounds, whole metres (null: no district drawn) */
  extent: { anyOf: [record({ xmin: num, ymin: num, xmax: num, ymax: num }), { type: 'null' }] },
  districts: arr(record({ name: str, rings: arr(arr(arr(num))) })),
  statistics: STATISTICS,
  faults: record({
    open: int,
    /** the newest this many are listed */
    limit: int,
    list: arr(
      record({ id: str, x: num, y: num, urgency: int, district: str, typeCode: str, reportedAt: int }),
    ),
  }),
  orders: record({
    byState: record({ pending: int, dispatched: int, inProgress: int, completed: int, verified: int }),
    open: int,
    overdue: int,
    byUrgency: arr(record({ urgency: int, open: int, overdue: int })),
  }),
  /** as /api/home/power answers (kWh) */
  energy: record({
    monthKwh: num,
    lastMonthKwh: num,
    yearKwh: num,
    lightsOnRate: num,
    trend: arr(record({ month: str, kwh: num })),
    byDistrict: arr(record({ district: str, kwh: num })),
  }),
});

export const MAP_ANSWERS = {
  faults: paged(FAULT),
  fault: envelope(FAULT),
  orders: paged(REPAIR_ORDER),
  order: envelope(REPAIR_ORDER),
  crews: envelope(
    arr(
      record({
        id: str,
        name: str,
        leader: str,
        phone: str,
        district: str,
        last: { anyOf: [point, { type: 'null' }] },
        openOrders: int,
      }),
    ),
  ),
  track: envelope(record({ crewId: str, points: arr(point) })),
  districts: envelope(
    arr(record({ objectid: int, name: str, code: str, extent, assetCount: int, lampCount: int })),
  ),
  statistics: envelope(STATISTICS),
  asset: envelope(
    record({
      asset: ASSET,
      openFaults: arr(FAULT),
      /** without their dispatch approval */
      openOrders: arr(record(ORDER_FIELDS)),
      controlBox: assetRef,
      transformer: assetRef,
    }),
  ),
  assetSearch: envelope(
    arr(
      record({ objectid: int, code: str, kind: str, status: str, x: num, y: num, district: str, road: str }),
    ),
  ),
  assetStatus: envelope(record({ objectid: int, status: str, symbol: str, lastEditDate: int })),
  faultHistory: envelope(
    record({
      total: int,
      open: int,
      byType: arr(record({ typeCode: str, faultType: str, count: int })),
      byMonth: arr(record({ month: str, count: int })),
      /** the newest 50 */
      list: arr(FAULT),
    }),
  ),
  faultAnalysis: envelope(arr(SHARED_CAUSE)),
  downstream: envelope(record({ root: element, ...reached })),
  upstream: envelope(record({ path: arr(element), ...reached })),
  wall: envelope(WALL),
} as const;

/* ---------------- the FeatureServer (Esri JSON, its own shapes) ---------------- */

/** Esri's error, answered with HTTP 200 as ArcGIS servers do. */
const ESRI_ERROR = record({ error: record({ code: int, message: str, details: arr(str) }) });
/** Web Mercator, WGS84, or the wkid asked for (outSR). */
const spatialReference = obj({ wkid: int, latestWkid: int }, ['wkid']);
const esriColor = arr(int);
/** A marker, line or fill symbol (esriSMS, esriSLS, esriSFS). */
const ESRI_SYMBOL = obj(
  {
    type: str,
    style: str,
    color: esriColor,
    size: num,
    width: num,
    outline: obj({ type: str, style: str, color: esriColor, width: num }, ['color', 'width']),
  },
  ['type', 'style', 'color'],
);
/** A layer's default renderer: one symbol, or (a grid layer) a colour per state and a size by count. */
const ESRI_RENDERER = obj(
  {
    type: { type: 'string', enum: ['simple', 'uniqueValue'] },
    symbol: ESRI_SYMBOL,
    field1: str,
    defaultSymbol: ESRI_SYMBOL,
    defaultLabel: str,
    uniqueValueInfos: arr(record({ value: str, label: str, symbol: ESRI_SYMBOL })),
    visualVariables: arr(
      record({ type: str, field: str, minDataValue: num, maxDataValue: num, minSize: num, maxSize: num }),
    ),
  },
  ['type'],
);
const geometryType = {
  type: 'string',
  enum: ['esriGeometryPoint', 'esriGeometryPolyline', 'esriGeometryPolygon'],
} as const;
const esriFieldType = {
  type: 'string',
  enum: [
    'esriFieldTypeOID',
    'esriFieldTypeString',
    'esriFieldTypeInteger',
    'esriFieldTypeDouble',
    'esriFieldTypeDate',
  ],
} as const;

const LAYER_INFO = record({
  currentVersion: num,
  id: int,
  name: str,
  type: str,
  description: str,
  geometryType,
  sourceSpatialReference: WEB_MERCATOR_SR,
  objectIdField: str,
  globalIdField: str,
  displayField: str,
  typeIdField: str,
  subtypeField: str,
  fields: arr(
    obj(
      {
        name: str,
        type: esriFieldType,
        alias: str,
        sqlType: str,
        nullable: bool,
        editable: bool,
        domain: { type: 'null' },
        defaultValue: { type: 'null' },
        length: int,
      },
      ['name', 'type', 'alias', 'sqlType', 'nullable', 'editable', 'domain', 'defaultValue'],
    ),
  ),
  indexes: arr({ type: 'null' }),
  types: arr({ type: 'null' }),
  templates: arr({ type: 'null' }),
  relationships: arr({ type: 'null' }),
  extent: mercatorExtent,
  hasZ: bool,
  hasM: bool,
  minScale: num,
  maxScale: num,
  drawingInfo: record({ renderer: ESRI_RENDERER, transparency: int }),
  capabilities: str,
  maxRecordCount: int,
  standardMaxRecordCount: int,
  tileMaxRecordCount: int,
  maxRecordCountFactor: int,
  supportedQueryFormats: str,
  supportsAdvancedQueries: bool,
  supportsStatistics: bool,
  supportsCoordinatesQuantization: bool,
  supportsDatumTransformation: bool,
  useStandardizedQueries: bool,
  hasAttachments: bool,
  htmlPopupType: str,
  allowGeometryUpdates: bool,
  isDataVersioned: bool,
  /** what the layer's queries support (Esri's flags) */
  advancedQueryCapabilities: mapOf(bool),
  editingInfo: record({ lastEditDate: int }),
  supportsExceedsLimitStatistics: bool,
});

const SERVICE_INFO = record({
  currentVersion: num,
  serviceDescription: str,
  hasVersionedData: bool,
  supportsDisconnectedEditing: bool,
  supportedQueryFormats: str,
  maxRecordCount: int,
  capabilities: str,
  description: str,
  copyrightText: str,
  spatialReference: WEB_MERCATOR_SR,
  initialExtent: mercatorExtent,
  fullExtent: mercatorExtent,
  allowGeometryUpdates: bool,
  units: str,
  syncEnabled: bool,
  layers: arr(
    record({
      id: int,
      name: str,
      parentLayerId: int,
      defaultVisibility: bool,
      subLayerIds: { type: 'null' },
      minScale: num,
      maxScale: num,
      geometryType,
    }),
  ),
  tables: arr({ type: 'null' }),
});

const queryField = obj({ name: str, type: esriFieldType, alias: str, length: int }, [
  'name',
  'type',
  'alias',
]);
/** A feature's attributes: the asked fields' values (the layer's own). */
const attributes = { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } } as const;
const path = arr(arr(arr(num)));
const FEATURE = obj(
  {
    attributes,
    geometry: { anyOf: [record({ x: num, y: num }), record({ paths: path }), record({ rings: path })] },
    /** a polygon's centroid (returnCentroid) */
    centroid: record({ x: num, y: num }),
  },
  ['attributes'],
);

/** A layer query's answer: by what it asked (features, a count, the ids, the extent, statistics), or an error. */
const ESRI_QUERY = {
  anyOf: [
    record({ count: int }),
    record({ objectIdFieldName: str, objectIds: arr(int) }),
    record({
      count: int,
      /** 'NaN' bounds when nothing matched */
      extent: record({
        xmin: { type: ['number', 'string'] },
        ymin: { type: ['number', 'string'] },
        xmax: { type: ['number', 'string'] },
        ymax: { type: ['number', 'string'] },
        spatialReference,
      }),
    }),
    record({ displayFieldName: str, fields: arr(queryField), features: arr(record({ attributes })) }),
    obj(
      {
        objectIdFieldName: str,
        uniqueIdField: record({ name: str, isSystemMaintained: bool }),
        globalIdFieldName: str,
        geometryType,
        spatialReference,
        /** quantized coordinates (quantizationParameters) */
        transform: record({ originPosition: str, scale: arr(num), translate: arr(num) }),
        fields: arr(queryField),
        features: arr(FEATURE),
        exceededTransferLimit: bool,
      },
      [
        'objectIdFieldName',
        'uniqueIdField',
        'globalIdFieldName',
        'geometryType',
        'spatialReference',
        'fields',
        'features',
      ],
    ),
    ESRI_ERROR,
  ],
} as const;

/** What the FeatureServer answers (Esri JSON; its errors are Esri's, with HTTP 200). */
export const FEATURE_SERVER_ANSWERS = {
  info: record({ currentVersion: num, fullVersion: str, authInfo: record({ isTokenBasedSecurity: bool }) }),
  service: { anyOf: [SERVICE_INFO, ESRI_ERROR] },
  layers: { anyOf: [record({ layers: arr(LAYER_INFO), tables: arr({ type: 'null' }) }), ESRI_ERROR] },
  layer: { anyOf: [LAYER_INFO, ESRI_ERROR] },
  query: ESRI_QUERY,
} as const;
