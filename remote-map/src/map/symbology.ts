// Kind × status symbology (pure): one value `kind|status` drives a unique-value renderer, so the
// renderer has one field (clustering and FeatureLayerView filters work with it; map.md). The shape
// and size say the kind, the colour says the status.

export const ASSET_KINDS = [
  'streetLamp',
  'wallLamp',
  'floodLight',
  'courtyardLamp',
  'pole',
  'transformer',
  'manhole',
  'handHole',
  'meter',
  'controlBox',
  'junctionBox',
  'sharedWell',
] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export const ASSET_STATUSES = [
  'lightOn',
  'lightOff',
  'fault',
  'offline',
  'completed',
  'pendingUpload',
  'pendingAttributes',
  'pendingLabel',
] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const isAssetKind = (v: unknown): v is AssetKind =>
  typeof v === 'string' && (ASSET_KINDS as readonly string[]).includes(v);
export const isAssetStatus = (v: unknown): v is AssetStatus =>
  typeof v === 'string' && (ASSET_STATUSES as readonly string[]).includes(v);

/** RGB of each status. Fault is red (operators read red as "needs a crew"). */
export const STATUS_COLORS: Record<AssetStatus, [number, number, number]> = {
  lightOn: [250, 200, 20],
  lightOff: [90, 100, 120],
  fault: [230, 30, 30],
  offline: [160, 80, 200],
  completed: [40, 160, 80],
  pendingUpload: [40, 140, 230],
  pendingAttributes: [0, 190, 190],
  pendingLabel: [240, 120, 40],
};

type MarkerStyle = 'circle' | 'square' | 'diamond' | 'triangle' | 'cross' | 'x';

/** Shape and size (points) of each kind: lamps are circles, network elements larger shapes. */
export const KIND_MARKERS: Record<AssetKind, { style: MarkerStyle; size: number }> = {
  streetLamp: { style: 'circle', size: 6 },
  wallLamp: { style: 'circle', size: 5 },
  floodLight: { style: 'circle', size: 7 },
  courtyardLamp: { style: 'circle', size: 5 },
  pole: { style: 'x', size: 4 },
  transformer: { style: 'square', size: 11 },
  manhole: { style: 'diamond', size: 6 },
  handHole: { style: 'diamond', size: 5 },
  meter: { style: 'triangle', size: 6 },
  controlBox: { style: 'square', size: 9 },
  junctionBox: { style: 'triangle', size: 7 },
  sharedWell: { style: 'diamond', size: 7 },
};

export const symbolValue = (kind: string, status: string): string => `${kind}|${status}`;

export interface MarkerSymbolJson {
  type: 'simple-marker';
  style: MarkerStyle;
  size: number;
  color: [number, number, number, number];
  outline: { color: [number, number, number, number]; width: number };
}

export function markerSymbol(kind: AssetKind, status: AssetStatus): MarkerSymbolJson {
  const { style, size } = KIND_MARKERS[kind];
  const [r, g, b] = STATUS_COLORS[status];
  const lineOnly = style === 'x' || style === 'cross';
  return {
    type: 'simple-marker',
    style,
    size,
    color: [r, g, b, 1],
    // x and cross draw with their outline only
    outline: lineOnly ? { color: [r, g, b, 1], width: 1.5 } : { color: [20, 20, 20, 0.6], width: 0.5 },
  };
}

export interface UniqueValueRendererJson {
  type: 'unique-value';
  field: string;
  defaultSymbol: MarkerSymbolJson;
  uniqueValueInfos: { value: string; label: string; symbol: MarkerSymbolJson }[];
}

/** The renderer of the assets layer: one entry per kind × status (96), labelled by `label`. */
export function assetRenderer(
  field: string,
  label: (kind: AssetKind, status: AssetStatus) => string,
): UniqueValueRendererJson {
  return {
    type: 'unique-value',
    field,
    defaultSymbol: {
      type: 'simple-marker',
      style: 'circle',
      size: 4,
      color: [128, 128, 128, 1],
      outline: { color: [20, 20, 20, 0.6], width: 0.5 },
    },
    uniqueValueInfos: ASSET_KINDS.flatMap((kind) =>
      ASSET_STATUSES.map((status) => ({
        value: symbolValue(kind, status),
        label: label(kind, status),
        symbol: markerSymbol(kind, status),
      })),
    ),
  };
}

/** CSS colour of a status (legend swatches, tags). */
export const statusCss = (status: AssetStatus): string => `rgb(${STATUS_COLORS[status].join(',')})`;

// ── Zoomed out: the city as grid cells (FeatureServer layers 4 and 5, counted by the server) ──

/** Assets are drawn one by one from this scale in (1:10,000: a few streets wide); grid cells above. */
export const ASSET_MIN_SCALE = 10_000;
/** The 250 m grid between ASSET_MIN_SCALE and this scale; the 1 km grid when zoomed out further. */
export const FINE_GRID_MIN_SCALE = 50_000;

export type GridLevel = 'coarse' | 'fine';
/** What the view draws at a scale: the assets themselves, or a grid of counts. Pure. */
export function drawnAt(scale: number): 'assets' | GridLevel {
  if (scale <= ASSET_MIN_SCALE) return 'assets';
  return scale <= FINE_GRID_MIN_SCALE ? 'fine' : 'coarse';
}

/** A cell's state (server field `state`): the worst status among its assets. */
export const GRID_STATES = ['fault', 'offline', 'pending', 'ok'] as const;
export type GridState = (typeof GRID_STATES)[number];
const GRID_COLORS: Record<GridState, [number, number, number]> = {
  fault: STATUS_COLORS.fault,
  offline: STATUS_COLORS.offline,
  pending: STATUS_COLORS.pendingUpload,
  ok: STATUS_COLORS.completed,
};
export const gridStateCss = (s: GridState): string => `rgb(${GRID_COLORS[s].join(',')})`;

/** Symbol size (points) by assets per cell: the 1 km cells hold about 16× the 250 m ones. */
const GRID_SIZE_STOPS: Record<GridLevel, Array<{ value: number; size: number }>> = {
  coarse: [
    { value: 1, size: 6 },
    { value: 200, size: 12 },
    { value: 1000, size: 22 },
    { value: 4000, size: 34 },
  ],
  fine: [
    { value: 1, size: 6 },
    { value: 15, size: 10 },
    { value: 80, size: 18 },
    { value: 300, size: 28 },
  ],
};

export interface GridRendererJson {
  type: 'unique-value';
  field: 'state';
  defaultSymbol: MarkerSymbolJson;
  uniqueValueInfos: { value: GridState; label: string; symbol: MarkerSymbolJson }[];
  visualVariables: { type: 'size'; field: 'count'; stops: Array<{ value: number; size: number }> }[];
}

/** The renderer of a grid layer: colour by the cell's worst state, size by its asset count. */
export function gridRenderer(level: GridLevel, label: (s: GridState) => string): GridRendererJson {
  const circle = (s: GridState): MarkerSymbolJson => {
    const [r, g, b] = GRID_COLORS[s];
    return {
      type: 'simple-marker',
      style: 'circle',
      size: 10,
      color: [r, g, b, 0.75],
      outline: { color: [255, 255, 255, 0.9], width: 1 },
    };
  };
  return {
    type: 'unique-value',
    field: 'state',
    defaultSymbol: circle('ok'),
    uniqueValueInfos: GRID_STATES.map((s) => ({ value: s, label: label(s), symbol: circle(s) })),
    visualVariables: [{ type: 'size', field: 'count', stops: GRID_SIZE_STOPS[level] }],
  };
}
