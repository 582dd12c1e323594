// Compare presets (pure): what each side of the swipe shows, as a layers-panel state.
import { ASSET_KINDS, ASSET_STATUSES } from './symbology';
import { EMPTY_VISIBILITY, type VisibilityState } from './filters';

export const COMPARE_PRESETS = ['layerAssets', 'layerFaults', 'lamps', 'network'] as const;
export type ComparePreset = (typeof COMPARE_PRESETS)[number];

const LAMPS = ['streetLamp', 'wallLamp', 'floodLight', 'courtyardLamp'];
const NETWORK = ['transformer', 'controlBox', 'junctionBox', 'meter'];

const onlyKinds = (keep: readonly string[]): VisibilityState => ({
  ...EMPTY_VISIBILITY,
  hiddenKinds: ASSET_KINDS.filter((k) => !keep.includes(k)),
});

export function comparePreset(p: ComparePreset): VisibilityState {
  switch (p) {
    case 'layerFaults':
      return { ...EMPTY_VISIBILITY, hiddenStatuses: ASSET_STATUSES.filter((s) => s !== 'fault') };
    case 'lamps':
      return onlyKinds(LAMPS);
    case 'network':
      return onlyKinds(NETWORK);
    default:
      return EMPTY_VISIBILITY;
  }
}

/** The divider position (percent of the width) for a pointer at clientX, kept inside 2–98 %. */
export function swipePercent(clientX: number, left: number, width: number): number {
  if (width <= 0) return 50;
  return Math.min(98, Math.max(2, ((clientX - left) / width) * 100));
}
