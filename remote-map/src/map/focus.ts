// Showing a fault's or an order's asset on the map. The asset is joined to them on the server, so
// the answer may miss it (assetId, x and y null): such an item has nothing to highlight or zoom to.
import type { CityMap } from './cityMap';

/** What a fault or a repair order says of its asset (null: the asset is missing). */
export interface AssetPlace {
  assetId: number | null;
  x: number | null;
  y: number | null;
}

/**
 * Zooms to the item's asset, when it has a position; `coverRight`: the width of a drawer opened over
 * the map's right side beside it (the asset is shown in the middle of what it leaves).
 */
export function zoomToAsset(map: CityMap | null | undefined, p: AssetPlace, coverRight = 0): void {
  if (map && p.x !== null && p.y !== null) void map.zoomToPoint(p.x, p.y, undefined, coverRight);
}

/** Highlights the item's asset and zooms to it (`coverRight` as zoomToAsset). */
export function showAsset(map: CityMap | null | undefined, p: AssetPlace, coverRight = 0): void {
  if (!map) return;
  void map.highlight(p.assetId === null ? [] : [p.assetId]);
  zoomToAsset(map, p, coverRight);
}
