import { endOfDay, groupByCategory, presetRange, startOfDay, taskQuery } from './filters';

describe('taskQuery', () => {
  it('leaves empty filters out and trims text', () => {
    expect(taskQuery({ keyword: '  ', flowId: '', status: '', flowUrgent: '' })).toEqual({});
    expect(taskQuery({ keyword: ' 维修 ', flowCategory: '运维', creatorUserId: 'u1' })).toEqual({
      keyword: '维修',
      flowCategory: '运维',
      creatorUserId: 'u1',
    });
  });

  it('keeps a chosen status and urgency, including 0 (draft)', () => {
    expect(taskQuery({ status: 0, flowUrgent: 3 })).toEqual({ status: 0, flowUrgent: 3 });
  });

  it('covers whole local days and puts a reversed range the right way round', () => {
    const a = new Date(2026, 2, 5, 15, 30).getTime();
    const b = new Date(2026, 2, 9, 8, 0).getTime();
    const q = taskQuery({ range: [b, a] });
    expect(q.startTime).toBe(new Date(2026, 2, 5, 0, 0, 0, 0).getTime());
    expect(q.endTime).toBe(new Date(2026, 2, 9, 23, 59, 59, 999).getTime());
  });

  it('ignores a range that is not two numbers', () => {
    expect(taskQuery({ range: [Number.NaN, 5] })).toEqual({});
    expect(taskQuery({ range: null })).toEqual({});
  });
});

describe('day bounds and presets', () => {
  it('bounds a day', () => {
    const t = new Date(2026, 0, 31, 12).getTime();
    expect(new Date(startOfDay(t)).getHours()).toBe(0);
    expect(endOfDay(t) - startOfDay(t)).toBe(24 * 3600 * 1000 - 1);
  });
  it('ends a preset today and starts it `days` days back', () => {
    const now = new Date(2026, 5, 15, 10).getTime();
    const [s, e] = presetRange(7, now);
    expect(new Date(s).getDate()).toBe(8);
    expect(e).toBe(endOfDay(now));
  });
});

describe('groupByCategory', () => {
  const flows = [
    { id: '1', fullName: '故障维修工单', category: '运维' },
    { id: '2', fullName: '请假申请', category: '办公' },
    { id: '3', fullName: '巡检整改单', category: '运维' },
    { id: '4', fullName: 'Untitled', category: null },
  ];
  it('groups in first-seen order with the uncategorised last', () => {
    expect(groupByCategory(flows).map((g) => [g.category, g.flows.map((f) => f.id)])).toEqual([
      ['运维', ['1', '3']],
      ['办公', ['2']],
      ['', ['4']],
    ]);
  });
  it('filters by name and drops empty groups', () => {
    expect(groupByCategory(flows, 'untit').map((g) => g.category)).toEqual(['']);
    expect(groupByCategory(flows, '单').map((g) => g.flows.length)).toEqual([2]);
  });
});
