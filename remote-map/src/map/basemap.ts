// The base geography's look (pure): land, district boundaries, water, parks and roads from our own
// FeatureServer (layers 2, 3, 6, 7), with labels at the scales where they help. Labels are drawn
// by the SDK with the glyphs our build makes (remote-map/build/glyphs.cjs: the SDK's default
// sans-serif stack, from Noto Sans SC), so no symbol here names a font family or a weight.

type Rgba = [number, number, number, number];

export const LAND: Rgba = [241, 238, 231, 1];
export const WATER: Rgba = [168, 205, 236, 1];
export const PARK: Rgba = [200, 228, 188, 1];
/** The district names' colour (a muted purple, apart from the roads' greys and the alerts' red). */
export const DISTRICT_NAME_COLOR: Rgba = [110, 80, 130, 1];

/** Scales (1:n): labels show when the view is zoomed in past minScale and out past maxScale. */
export const LABEL_SCALES = {
  /** district names: the whole city down to a few blocks */
  district: { minScale: 0, maxScale: 12_000 },
  water: { minScale: 0, maxScale: 0 },
  mainRoad: { minScale: 90_000, maxScale: 0 },
  park: { minScale: 30_000, maxScale: 0 },
  sideRoad: { minScale: 12_000, maxScale: 0 },
} as const;
/** Side streets are drawn from this scale in (at city scale they would be a grey mesh). */
export const SIDE_ROAD_MIN_SCALE = 70_000;

interface TextSymbolJson {
  type: 'text';
  color: Rgba;
  haloColor: Rgba;
  haloSize: number;
  font: { size: number };
  /** the widest line (pt) before the text breaks at a space (the SDK's default: 192) */
  lineWidth?: number;
}

export interface LabelClassJson {
  labelExpressionInfo: { expression: string };
  labelPlacement: string;
  minScale: number;
  maxScale: number;
  repeatLabel?: boolean;
  repeatLabelDistance?: number;
  deconflictionStrategy: 'static' | 'none';
  symbol: TextSymbolJson;
}

const text = (size: number, color: Rgba): TextSymbolJson => ({
  type: 'text',
  color,
  haloColor: [255, 255, 255, 0.95],
  haloSize: 1.5,
  font: { size },
});

const label = (
  scales: { minScale: number; maxScale: number },
  placement: string,
  symbol: TextSymbolJson,
  extra: Partial<LabelClassJson> = {},
): LabelClassJson => ({
  labelExpressionInfo: { expression: '$feature.name' },
  labelPlacement: placement,
  ...scales,
  deconflictionStrategy: 'static',
  symbol,
  ...extra,
});

/**
 * The districts' label in the reader's language (Arcade): each stored (Chinese) name mapped to its
 * translation; a name without one shows as stored. Strings are written as JSON literals (Arcade reads
 * the same escapes), so a quote in a name cannot break the expression.
 */
export function districtLabelExpression(names: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(names).filter(([from, to]) => from && to && from !== to);
  if (!pairs.length) return '$feature.name';
  const cases = pairs.map(([from, to]) => `${JSON.stringify(from)}, ${JSON.stringify(to)}`).join(', ');
  return `Decode($feature.name, ${cases}, $feature.name)`;
}

/**
 * The district names' widest line (pt; 96 px): an English name ('Dongcheng District', 133 px) breaks
 * at its space, so the names of neighbouring districts, placed whatever lies under them, do not run
 * into each other; a Chinese name (three characters, 45 px) stays on one line.
 */
export const DISTRICT_NAME_LINE = 72;

/**
 * The districts' label class with names in the reader's language. Drawn by their own layer above
 * the fault clusters (MAP_STACK) and placed whatever lies under them ('none'): a cluster beside a
 * district's centre must not hide the name an operator reads the city by.
 */
export function districtLabels(names: Readonly<Record<string, string>>): LabelClassJson[] {
  return [
    label(
      LABEL_SCALES.district,
      'always-horizontal',
      { ...text(15, DISTRICT_NAME_COLOR), lineWidth: DISTRICT_NAME_LINE },
      {
        labelExpressionInfo: { expression: districtLabelExpression(names) },
        deconflictionStrategy: 'none',
      },
    ),
  ];
}

/**
 * The map's layers, bottom to top: the base geography, cables, the density grids, the alert clusters
 * (faults above offline), the district names above them all, the page's own markers last.
 */
export const MAP_STACK = [
  'districts',
  'water',
  'parks',
  'sideRoads',
  'mainRoads',
  'cables',
  'gridCoarse',
  'gridFine',
  'alertOffline',
  'alertFault',
  'districtNames',
  'overlay',
] as const;
export type MapLayerName = (typeof MAP_STACK)[number];

/** The district names' own layer: the districts (layer 2) with no fill or outline, only the labels. */
export function districtNamesLayer(names: Readonly<Record<string, string>>): BaseLayerJson {
  return {
    layerId: 2,
    outFields: ['objectid', 'name'],
    minScale: 0,
    renderer: {
      type: 'simple',
      symbol: { type: 'simple-fill', color: [0, 0, 0, 0], outline: { color: [0, 0, 0, 0], width: 0 } },
    },
    labelingInfo: districtLabels(names),
  };
}

export interface BaseLayerJson {
  layerId: number;
  outFields: string[];
  definitionExpression?: string;
  /** drawn only when zoomed in past this scale (0: always) */
  minScale: number;
  renderer: Record<string, unknown>;
  labelingInfo: LabelClassJson[];
}

export type BaseLayerName = 'districts' | 'water' | 'parks' | 'sideRoads' | 'mainRoads';
/** Bottom to top. */
export const BASE_LAYER_ORDER: readonly BaseLayerName[] = [
  'districts',
  'water',
  'parks',
  'sideRoads',
  'mainRoads',
];

/** The base layers' data, look and labels. */
export function baseLayers(): Record<BaseLayerName, BaseLayerJson> {
  return {
    districts: {
      layerId: 2,
      outFields: ['objectid', 'name'],
      minScale: 0,
      renderer: {
        type: 'simple',
        symbol: {
          type: 'simple-fill',
          color: [255, 255, 255, 0.25],
          outline: { color: [150, 120, 170, 0.9], width: 1.5, style: 'dash' },
        },
      },
      // the names are drawn by their own layer above the clusters (districtNamesLayer)
      labelingInfo: [],
    },
    water: {
      layerId: 6,
      outFields: ['objectid', 'name', 'kind'],
      minScale: 0,
      renderer: {
        type: 'simple',
        symbol: { type: 'simple-fill', color: WATER, outline: { color: [140, 182, 222, 1], width: 0.8 } },
      },
      labelingInfo: [label(LABEL_SCALES.water, 'always-horizontal', text(13, [40, 100, 170, 1]))],
    },
    parks: {
      layerId: 7,
      outFields: ['objectid', 'name'],
      minScale: 0,
      renderer: {
        type: 'simple',
        symbol: { type: 'simple-fill', color: PARK, outline: { color: [170, 208, 158, 1], width: 0.5 } },
      },
      labelingInfo: [label(LABEL_SCALES.park, 'always-horizontal', text(11, [46, 110, 56, 1]))],
    },
    sideRoads: {
      layerId: 3,
      outFields: ['objectid', 'name', 'roadClass'],
      definitionExpression: "roadClass = 'side'",
      minScale: SIDE_ROAD_MIN_SCALE,
      renderer: {
        type: 'simple',
        symbol: { type: 'simple-line', color: [255, 255, 255, 1], width: 2 },
      },
      labelingInfo: [
        label(LABEL_SCALES.sideRoad, 'center-along', text(10, [100, 100, 100, 1]), {
          repeatLabel: true,
          repeatLabelDistance: 300,
        }),
      ],
    },
    mainRoads: {
      layerId: 3,
      outFields: ['objectid', 'name', 'roadClass'],
      definitionExpression: "roadClass = 'main'",
      minScale: 0,
      renderer: {
        type: 'simple',
        symbol: { type: 'simple-line', color: [255, 255, 255, 1], width: 4.5 },
      },
      labelingInfo: [
        label(LABEL_SCALES.mainRoad, 'center-along', text(12, [70, 70, 70, 1]), {
          repeatLabel: true,
          repeatLabelDistance: 500,
        }),
      ],
    },
  };
}
