import { ChangeOverlay, parseAssetChanges } from './live';

const change = (objectid: number, status = 'fault') => ({
  objectid,
  code: `SL-${objectid}`,
  kind: 'streetLamp',
  status,
  symbol: `streetLamp|${status}`,
  x: 1,
  y: 2,
});

describe('live changes', () => {
  it('parses a mapAssetChange push and drops malformed entries', () => {
    expect(
      parseAssetChanges({ method: 'mapAssetChange', assets: [change(1), { objectid: 'x' }, null] }),
    ).toEqual([change(1)]);
    expect(parseAssetChanges({ method: 'mapAssetChange' })).toEqual([]);
    expect(
      parseAssetChanges({ assets: [{ objectid: 2, kind: 'pole', status: 'fault', x: 0, y: 0 }] })[0]?.symbol,
    ).toBe('pole|fault');
  });

  it('keeps the latest change per asset and says when it is full', () => {
    const o = new ChangeOverlay(3);
    expect(o.add([change(1), change(2)])).toBe(false);
    expect(o.add([change(1, 'lightOn')])).toBe(false);
    expect(o.get(1)?.status).toBe('lightOn');
    expect(o.values().map((c) => c.objectid)).toEqual([2, 1]);
    expect(o.add([change(3)])).toBe(true);
  });

  it('forgets what a reload picked up, keeps what changed since', () => {
    const o = new ChangeOverlay();
    o.add([change(1), change(2)]);
    const before = o.snapshot();
    o.add([change(2, 'lightOn'), change(3)]);
    o.forgetSeen(before);
    expect(
      o
        .values()
        .map((c) => c.objectid)
        .sort(),
    ).toEqual([2, 3]);
    expect(o.get(2)?.status).toBe('lightOn');
  });

  it('lists the assets whose latest status is one of those given', () => {
    const o = new ChangeOverlay();
    o.add([change(1, 'fault'), change(2, 'lightOn'), change(3, 'offline'), change(1, 'lightOff')]);
    expect(o.idsWithStatusIn(['fault', 'offline'])).toEqual([3]);
    expect(o.idsWithStatusIn(['lightOff', 'lightOn']).sort()).toEqual([1, 2]);
    expect(o.idsWithStatusIn([])).toEqual([]);
  });
});
