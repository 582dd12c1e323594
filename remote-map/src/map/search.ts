// Asset search by code (pure): the choices shown under the box and the asset a choice names. The
// box shows what the user chose — the asset's code — never the internal objectid.
import type { AssetHit } from './api';

export interface SearchOption {
  /** what the box holds after the choice: the asset's code */
  value: string;
  label: string;
}

export function searchOptions(
  hits: readonly AssetHit[],
  kindLabel: (kind: string) => string,
): SearchOption[] {
  return hits.map((h) => ({ value: h.code, label: `${h.code} · ${kindLabel(h.kind)}` }));
}

/** The asset a chosen option names (codes are unique), or null. */
export function hitOfChoice(hits: readonly AssetHit[], value: string): AssetHit | null {
  return hits.find((h) => h.code === value) ?? null;
}
