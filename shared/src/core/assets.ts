/**
 * The lighting assets' kinds and statuses: one list for the server (the demo city, the schemas that
 * accept a kind or a status) and the map remote (symbology, the layers legend, compare). The order
 * is the legend's. Pure.
 */

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

/** The kinds that give light (a lamp's status follows the switching schedule). */
export const LAMP_KINDS: readonly AssetKind[] = ['streetLamp', 'wallLamp', 'floodLight', 'courtyardLamp'];

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
export const isLampKind = (k: string): boolean => (LAMP_KINDS as readonly string[]).includes(k);
