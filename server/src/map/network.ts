/**
 * The cable network's walks (what a node or a cable segment feeds; the path from an asset back to
 * its source) and the shared-cause analysis of open faults. Pure.
 */

export interface Edge {
  objectid: number;
  fromId: number;
  toId: number;
}

/** Everything downstream of asset `root`: the assets reached and the cables walked (breadth first). */
export function downstreamOf(
  root: number,
  edges: readonly Edge[],
): { assetIds: number[]; cableIds: number[] } {
  const out = new Map<number, Edge[]>();
  for (const e of edges) {
    const l = out.get(e.fromId);
    if (l) l.push(e);
    else out.set(e.fromId, [e]);
  }
  const seen = new Set<number>([root]);
  const assetIds: number[] = [];
  const cableIds: number[] = [];
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i] as number;
    for (const e of out.get(n) ?? []) {
      cableIds.push(e.objectid);
      if (seen.has(e.toId)) continue;
      seen.add(e.toId);
      assetIds.push(e.toId);
      queue.push(e.toId);
    }
  }
  return { assetIds, cableIds };
}

/** Downstream of a cable segment: the segment itself, its far end and everything that end feeds. */
export function downstreamOfCable(
  cable: Edge,
  edges: readonly Edge[],
): { assetIds: number[]; cableIds: number[] } {
  const d = downstreamOf(cable.toId, edges);
  return { assetIds: [cable.toId, ...d.assetIds], cableIds: [cable.objectid, ...d.cableIds] };
}

/** The path from `start` back to its source: alternating asset and cable ids, asset first. */
export function upstreamPath(
  start: number,
  edges: readonly Edge[],
): Array<{ layer: 0 | 1; objectid: number }> {
  const into = new Map<number, Edge>();
  for (const e of edges) if (!into.has(e.toId)) into.set(e.toId, e);
  const path: Array<{ layer: 0 | 1; objectid: number }> = [{ layer: 0, objectid: start }];
  const seen = new Set<number>([start]);
  let cur = start;
  for (;;) {
    const e = into.get(cur);
    if (!e || seen.has(e.fromId)) break;
    path.push({ layer: 1, objectid: e.objectid }, { layer: 0, objectid: e.fromId });
    seen.add(e.fromId);
    cur = e.fromId;
  }
  return path;
}

export interface FaultyAsset {
  objectid: number;
  circuitId: string | null;
  controlBoxId: number | null;
  transformerId: number | null;
}

export interface CauseGroup {
  groupBy: 'circuit' | 'controlBox' | 'transformer';
  key: string;
  faultCount: number;
  memberCount: number;
  ratio: number;
  assetIds: number[];
  /** For circuits: how many distinct circuits of a box / boxes of a transformer are hit. */
  spread: number;
}

/**
 * Groups faulty lamps by circuit, control box and transformer, keeping groups with at least
 * `minFaults` faults. A control box group is kept only when ≥ 2 of its circuits are hit, a
 * transformer group only when ≥ 2 of its boxes are (otherwise the narrower group explains it).
 * `members` gives the number of lamps per key (`circuit:<id>`, `controlBox:<id>`, `transformer:<id>`).
 */
export function sharedCauses(
  faulty: readonly FaultyAsset[],
  members: ReadonlyMap<string, number>,
  minFaults = 3,
): CauseGroup[] {
  const groups = new Map<
    string,
    { groupBy: CauseGroup['groupBy']; key: string; ids: number[]; sub: Set<string> }
  >();
  const addTo = (groupBy: CauseGroup['groupBy'], key: string, id: number, sub: string) => {
    const k = `${groupBy}:${key}`;
    let g = groups.get(k);
    if (!g) {
      g = { groupBy, key, ids: [], sub: new Set() };
      groups.set(k, g);
    }
    g.ids.push(id);
    g.sub.add(sub);
  };
  for (const a of faulty) {
    if (a.circuitId) addTo('circuit', a.circuitId, a.objectid, a.circuitId);
    if (a.controlBoxId !== null) addTo('controlBox', String(a.controlBoxId), a.objectid, a.circuitId ?? '');
    if (a.transformerId !== null)
      addTo('transformer', String(a.transformerId), a.objectid, String(a.controlBoxId ?? ''));
  }
  const out: CauseGroup[] = [];
  for (const [k, g] of groups) {
    if (g.ids.length < minFaults) continue;
    if (g.groupBy !== 'circuit' && g.sub.size < 2) continue;
    const memberCount = Math.max(g.ids.length, members.get(k) ?? g.ids.length);
    out.push({
      groupBy: g.groupBy,
      key: g.key,
      faultCount: g.ids.length,
      memberCount,
      ratio: Math.round((g.ids.length * 1000) / memberCount) / 1000,
      assetIds: [...g.ids].sort((a, b) => a - b),
      spread: g.sub.size,
    });
  }
  const rank = { transformer: 0, controlBox: 1, circuit: 2 } as const;
  return out.sort(
    (a, b) =>
      b.ratio - a.ratio ||
      b.faultCount - a.faultCount ||
      rank[a.groupBy] - rank[b.groupBy] ||
      (a.key < b.key ? -1 : 1),
  );
}

/**
 * On a circuit chain (feeding order), the cable segment most likely at fault: the one feeding the
 * first faulty lamp when every lamp after it is down or most are. Returns the index in `chain` of the
 * first faulty lamp.
 */
export function firstFaultIndex(chain: readonly number[], faulty: ReadonlySet<number>): number {
  return chain.findIndex((id) => faulty.has(id));
}
