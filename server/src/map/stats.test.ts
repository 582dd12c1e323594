import { summarize } from './stats';

describe('summarize', () => {
  it('counts by kind, status and district, and rates lights-on against 98 % / 96 %', () => {
    const s = summarize(
      [
        { district: 'A', kind: 'streetLamp', status: 'lightOn', roadClass: 'main', n: 97 },
        { district: 'A', kind: 'streetLamp', status: 'fault', roadClass: 'main', n: 3 },
        { district: 'A', kind: 'wallLamp', status: 'lightOff', roadClass: 'side', n: 49 },
        { district: 'A', kind: 'wallLamp', status: 'offline', roadClass: 'side', n: 1 },
        { district: 'B', kind: 'pole', status: 'completed', roadClass: 'main', n: 10 },
      ],
      new Map([['A', 3]]),
    );
    expect(s.total).toBe(160);
    expect(s.byKind).toEqual([
      { kind: 'streetLamp', count: 100 },
      { kind: 'wallLamp', count: 50 },
      { kind: 'pole', count: 10 },
    ]);
    expect(s.byStatus.find((x) => x.status === 'fault')?.count).toBe(3);
    expect(s.lightsOn.main).toEqual({ lamps: 100, working: 97, rate: 97, target: 98, met: false });
    expect(s.lightsOn.other).toEqual({ lamps: 50, working: 49, rate: 98, target: 96, met: true });
    expect(s.integrity).toEqual({ assets: 160, intact: 156, rate: 97.5, target: 95, met: true });
    const a = s.byDistrict.find((d) => d.district === 'A');
    expect(a).toMatchObject({ lamps: 150, lampsWorking: 146, mainRate: 97, otherRate: 98, openFaults: 3 });
    expect(s.byDistrict.find((d) => d.district === 'B')).toMatchObject({ lamps: 0, lightsOnRate: 100 });
  });
});
