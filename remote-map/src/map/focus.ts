// Showing a fault's or an order's asset on the map. The asset is joined to them on the server, so
// the answer may miss it (assetId, x and y null): such an item has nothing to highlight or zoom to.
import type { CityMap } from './cityMap';

/** What a fault or a repair order says of its asset (null: the asset is missing). */
export interface AssetPlace {
  assetId: number | null;
  x: number | null;
  y: number | null;
}

/** Zooms to the item's asset, when it has a position. */
export function zoomToAsset(map: CityMap | null | undefined, p: AssetPlace): void {
  if (map && p.x !== null && p.y !== null) void map.zoomToPoint(p.x, p.y);
}

/** Highlights the item's asset and zooms to it. */
export function showAsset(map: CityMap | null | undefined, p: AssetPlace): void {
  if (!map) return;
  void map.highlight(p.assetId === null ? [] : [p.assetId]);
  zoomToAsset(map, p);
}
