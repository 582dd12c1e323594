import { downstreamOf, downstreamOfCable, sharedCauses, upstreamPath } from './network';

// transformer 1 → box 2 (cable 10) → lamps 3 → 4 → 5 (cables 11, 12, 13); box 2 → lamp 6 (cable 14)
const EDGES = [
  { objectid: 10, fromId: 1, toId: 2 },
  { objectid: 11, fromId: 2, toId: 3 },
  { objectid: 12, fromId: 3, toId: 4 },
  { objectid: 13, fromId: 4, toId: 5 },
  { objectid: 14, fromId: 2, toId: 6 },
];

describe('network walks', () => {
  it('finds everything a node feeds', () => {
    expect(downstreamOf(1, EDGES)).toEqual({ assetIds: [2, 3, 6, 4, 5], cableIds: [10, 11, 14, 12, 13] });
    expect(downstreamOf(4, EDGES)).toEqual({ assetIds: [5], cableIds: [13] });
    expect(downstreamOf(5, EDGES)).toEqual({ assetIds: [], cableIds: [] });
  });

  it('finds what a cable segment feeds', () => {
    expect(downstreamOfCable(EDGES[2] ?? EDGES[0]!, EDGES)).toEqual({ assetIds: [4, 5], cableIds: [12, 13] });
  });

  it('walks from a lamp back to its source', () => {
    expect(upstreamPath(5, EDGES)).toEqual([
      { layer: 0, objectid: 5 },
      { layer: 1, objectid: 13 },
      { layer: 0, objectid: 4 },
      { layer: 1, objectid: 12 },
      { layer: 0, objectid: 3 },
      { layer: 1, objectid: 11 },
      { layer: 0, objectid: 2 },
      { layer: 1, objectid: 10 },
      { layer: 0, objectid: 1 },
    ]);
  });

  it('stops on cycles', () => {
    const cyc = [
      { objectid: 1, fromId: 1, toId: 2 },
      { objectid: 2, fromId: 2, toId: 1 },
    ];
    expect(upstreamPath(1, cyc).length).toBe(3);
    expect(downstreamOf(1, cyc).assetIds).toEqual([2]);
  });
});

describe('sharedCauses', () => {
  const lamp = (objectid: number, circuitId: string, controlBoxId: number, transformerId = 100) => ({
    objectid,
    circuitId,
    controlBoxId,
    transformerId,
  });

  it('groups faults of one circuit and suspects the circuit', () => {
    const faulty = [lamp(1, 'C1', 10), lamp(2, 'C1', 10), lamp(3, 'C1', 10), lamp(9, 'C7', 11)];
    const members = new Map([
      ['circuit:C1', 4],
      ['controlBox:10', 40],
      ['transformer:100', 400],
    ]);
    const g = sharedCauses(faulty, members, 3);
    expect(g[0]).toEqual({
      groupBy: 'circuit',
      key: 'C1',
      faultCount: 3,
      memberCount: 4,
      ratio: 0.75,
      assetIds: [1, 2, 3],
      spread: 1,
    });
    // Box 10 has one circuit hit (the circuit explains it); the transformer's two boxes are a weak group.
    expect(g.map((x) => `${x.groupBy}:${x.key}:${x.ratio}`)).toEqual([
      'circuit:C1:0.75',
      'transformer:100:0.01',
    ]);
  });

  it('suspects the control box when several of its circuits are down', () => {
    const faulty = [lamp(1, 'C1', 10), lamp(2, 'C1', 10), lamp(3, 'C2', 10), lamp(4, 'C2', 10)];
    const g = sharedCauses(faulty, new Map([['controlBox:10', 5]]), 3);
    expect(g.map((x) => `${x.groupBy}:${x.key}`)).toEqual(['controlBox:10']);
    expect(g[0]?.ratio).toBe(0.8);
  });
});
