// Live asset changes between two reloads of the assets layer (pure). The server pushes
// `mapAssetChange`; the map draws changed assets in an overlay whose marker covers their stale copy
// in the layer, so a change shows at once without re-downloading the city. The overlay is bounded:
// a few seconds after a burst (or at once when it is full) the map re-reads its layers and the
// overlay forgets what they now hold.

export interface AssetChange {
  objectid: number;
  code: string;
  kind: string;
  status: string;
  symbol: string;
  x: number;
  y: number;
}

/** Reads a `mapAssetChange` push; anything malformed is dropped. */
export function parseAssetChanges(msg: Record<string, unknown>): AssetChange[] {
  if (!Array.isArray(msg.assets)) return [];
  return msg.assets.flatMap((a: unknown) => {
    if (typeof a !== 'object' || a === null) return [];
    const r = a as Record<string, unknown>;
    const ok =
      typeof r.objectid === 'number' &&
      typeof r.kind === 'string' &&
      typeof r.status === 'string' &&
      typeof r.x === 'number' &&
      typeof r.y === 'number';
    if (!ok) return [];
    return [
      {
        objectid: r.objectid as number,
        code: typeof r.code === 'string' ? r.code : '',
        kind: r.kind as string,
        status: r.status as string,
        symbol: typeof r.symbol === 'string' ? r.symbol : `${r.kind as string}|${r.status as string}`,
        x: r.x as number,
        y: r.y as number,
      },
    ];
  });
}

export const OVERLAY_LIMIT = 2000;

/** The overlay's content: the latest change per asset, in arrival order, never more than `limit`. */
export class ChangeOverlay {
  private readonly byId = new Map<number, AssetChange>();
  constructor(readonly limit = OVERLAY_LIMIT) {}

  /** Adds changes; returns true when the overlay is full and the layer should be reloaded. */
  add(changes: readonly AssetChange[]): boolean {
    for (const c of changes) {
      this.byId.delete(c.objectid); // re-insert: newest last
      this.byId.set(c.objectid, c);
    }
    return this.byId.size >= this.limit;
  }

  get(objectid: number): AssetChange | undefined {
    return this.byId.get(objectid);
  }

  /** The assets whose latest change has one of `statuses` (their overlay marker is hidden). */
  idsWithStatusIn(statuses: readonly string[]): number[] {
    if (statuses.length === 0) return [];
    return [...this.byId.values()].filter((c) => statuses.includes(c.status)).map((c) => c.objectid);
  }

  values(): AssetChange[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }

  /** What the overlay holds now; pass it to forgetSeen once a layer reload started now has finished. */
  snapshot(): ReadonlyMap<number, AssetChange> {
    return new Map(this.byId);
  }

  /** Drops the changes the reloaded layer holds: those of `before` not replaced by a newer one since. */
  forgetSeen(before: ReadonlyMap<number, AssetChange>): void {
    for (const [id, c] of before) if (this.byId.get(id) === c) this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }
}
