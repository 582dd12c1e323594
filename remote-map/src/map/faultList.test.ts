import type { Fault } from './api';
import { applyFaultChange, faultMarkers } from './faultList';

const fault = (id: string, reportedAt: number, closedAt: number | null = null): Fault => ({
  id,
  assetId: 1,
  assetCode: 'SL-1',
  assetKind: 'streetLamp',
  district: '东城区',
  road: '一路',
  x: 10,
  y: 20,
  faultType: '灯具不亮',
  typeCode: 'lampOff',
  urgency: 1,
  source: 'detection',
  description: null,
  photos: [],
  sourceRef: '',
  reportedAt,
  closedAt,
  orderId: null,
});

describe('live fault list', () => {
  it('adds newest first, bounded, and removes closed faults', () => {
    let list: Fault[] = [];
    list = applyFaultChange(list, { action: 'created', fault: fault('a', 1) }, 2);
    list = applyFaultChange(list, { action: 'created', fault: fault('b', 3) }, 2);
    list = applyFaultChange(list, { action: 'created', fault: fault('c', 2) }, 2);
    expect(list.map((f) => f.id)).toEqual(['b', 'c']);
    list = applyFaultChange(list, { action: 'closed', fault: fault('b', 3, 4) }, 2);
    expect(list.map((f) => f.id)).toEqual(['c']);
    expect(applyFaultChange(list, { action: 'created' })).toEqual(list);
  });

  it('marks faults in red at the asset', () => {
    const [m] = faultMarkers([fault('a', 1)]);
    expect(m?.geometry).toEqual({ type: 'point', x: 10, y: 20 });
    expect(m?.symbol.outline.color).toEqual([230, 30, 30, 1]);
  });
});
