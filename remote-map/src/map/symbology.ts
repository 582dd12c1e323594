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
