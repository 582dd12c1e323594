// Kind × status symbology (pure): one value `kind|status` drives a unique-value renderer, so the
// renderer has one field (clustering and FeatureLayerView filters work with it; map.md). The shape
// and size say the kind, the colour says the status.

import { ASSET_KINDS, ASSET_STATUSES, type AssetKind, type AssetStatus } from '@lighting/shared/core';
import { ALERT_CLUSTER } from './overview';

export {
  ASSET_KINDS,
  ASSET_STATUSES,
  isAssetKind,
  isAssetStatus,
  type AssetKind,
  type AssetStatus,
} from '@lighting/shared/core';

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

// ── Highlighted assets and cables (a search hit, a fault's asset, a topology trace) ──

/** The highlight's colour: cyan, apart from every status colour and never reddish (faults are red). */
export const HIGHLIGHT_COLOR: [number, number, number] = [0, 190, 255];

/**
 * The highlight as graphics of our own, drawn under the asset symbols: a ring wider than the largest
 * asset marker, a broad translucent band along a cable. (The SDK's layer-view highlight keeps the
 * view redrawing every frame for as long as it is on; drawn graphics are drawn once.)
 */
export function highlightSymbol(geometry: 'point' | 'polyline'): Record<string, unknown> {
  const [r, g, b] = HIGHLIGHT_COLOR;
  if (geometry === 'polyline')
    return { type: 'simple-line', color: [r, g, b, 0.55], width: 7, cap: 'round', join: 'round' };
  const largest = Math.max(...Object.values(KIND_MARKERS).map((m) => m.size));
  return {
    type: 'simple-marker',
    style: 'circle',
    size: largest + 6,
    color: [r, g, b, 0.25],
    outline: { color: [r, g, b, 1], width: 2 },
  };
}

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

// ── The whole-city overview: where assets are (neutral), where faults are (the only red) ──

/** Density: the grid cells in one neutral colour, sized by how many assets they count. */
export const DENSITY_COLOR: [number, number, number] = [96, 112, 136];
export const densityCss = `rgb(${DENSITY_COLOR.join(',')})`;

/** Symbol size (points) by assets per cell: the 1 km cells hold about 16× the 250 m ones. */
const GRID_SIZE_STOPS: Record<GridLevel, Array<{ value: number; size: number }>> = {
  coarse: [
    { value: 1, size: 4 },
    { value: 200, size: 9 },
    { value: 1000, size: 16 },
    { value: 4000, size: 26 },
  ],
  fine: [
    { value: 1, size: 4 },
    { value: 15, size: 7 },
    { value: 80, size: 13 },
    { value: 300, size: 20 },
  ],
};

export interface GridRendererJson {
  type: 'simple';
  label: string;
  symbol: MarkerSymbolJson;
  visualVariables: { type: 'size'; field: 'count'; stops: Array<{ value: number; size: number }> }[];
}

/**
 * A grid layer's renderer: every cell the same neutral colour, its size its asset count. A cell's
 * worst state is NOT its colour: nearly every 1 km cell holds a fault somewhere, so colouring by it
 * painted a city with 98 % of its lights on red. Faults are drawn on top, clustered (below).
 */
export function gridRenderer(level: GridLevel, label: string): GridRendererJson {
  const [r, g, b] = DENSITY_COLOR;
  return {
    type: 'simple',
    label,
    symbol: {
      type: 'simple-marker',
      style: 'circle',
      size: 8,
      color: [r, g, b, 0.45],
      outline: { color: [255, 255, 255, 0.7], width: 0.5 },
    },
    visualVariables: [{ type: 'size', field: 'count', stops: GRID_SIZE_STOPS[level] }],
  };
}

/** What the overview draws above the density, each as clusters labelled with their count. */
export const ALERT_CLASSES = ['fault', 'offline'] as const;
export type AlertClass = (typeof ALERT_CLASSES)[number];
/** The layer-0 where of each class (the assets' own status). */
export const ALERT_WHERE: Record<AlertClass, string> = {
  fault: "status = 'fault'",
  offline: "status = 'offline'",
};
export const alertCss = (c: AlertClass): string => statusCss(c);

export interface AlertLayerJson {
  renderer: { type: 'simple'; label: string; symbol: MarkerSymbolJson };
  featureReduction: {
    type: 'cluster';
    clusterRadius: string;
    clusterMinSize: string;
    clusterMaxSize: string;
    popupEnabled: false;
    labelingInfo: Array<{
      deconflictionStrategy: 'none';
      labelPlacement: 'center-center';
      labelExpressionInfo: { expression: string };
      symbol: {
        type: 'text';
        color: [number, number, number, number];
        haloColor: [number, number, number, number];
        haloSize: number;
        font: { size: number; weight: 'normal' };
      };
    }>;
  };
}

/**
 * The overview's faults (red) or offline assets (purple): one marker per asset, gathered into
 * clusters whose label is how many they hold. A cluster's count is exact (the SDK counts the
 * features it holds), so the red labels add up to the faulty assets drawn.
 */
export function alertLayer(c: AlertClass, label: string): AlertLayerJson {
  const [r, g, b] = STATUS_COLORS[c];
  return {
    renderer: {
      type: 'simple',
      label,
      symbol: {
        type: 'simple-marker',
        style: 'circle',
        size: ALERT_CLUSTER.single,
        color: [r, g, b, 0.85],
        outline: { color: [255, 255, 255, 0.9], width: 1 },
      },
    },
    // sized by count between a small floor and a modest ceiling (overview.ts): 0.6 % of the assets
    // faulty must not paint the city red or hide the district names
    featureReduction: {
      type: 'cluster',
      clusterRadius: `${ALERT_CLUSTER.radius}px`,
      clusterMinSize: `${ALERT_CLUSTER.min}px`,
      clusterMaxSize: `${ALERT_CLUSTER.max}px`,
      popupEnabled: false,
      labelingInfo: [
        {
          deconflictionStrategy: 'none',
          labelPlacement: 'center-center',
          labelExpressionInfo: { expression: "Text($feature.cluster_count, '#,###')" },
          symbol: {
            type: 'text',
            color: [255, 255, 255, 1],
            haloColor: [r, g, b, 1],
            haloSize: 1,
            font: { size: ALERT_CLUSTER.labelSize, weight: 'normal' },
          },
        },
      ],
    },
  };
}

/** The total the cluster labels show (a single asset drawn unclustered counts 1). Pure. */
export function clusterTotal(
  features: ReadonlyArray<{ attributes?: Record<string, unknown> | null }>,
): number {
  let n = 0;
  for (const f of features) {
    const c = Number(f.attributes?.cluster_count ?? 1);
    n += Number.isFinite(c) && c > 0 ? c : 1;
  }
  return n;
}

/** True when an RGB colour reads as red (the overview keeps red for faults). Pure. */
export function isReddish([r, g, b]: readonly number[]): boolean {
  return (r ?? 0) >= 180 && (g ?? 0) <= 90 && (b ?? 0) <= 90;
}
