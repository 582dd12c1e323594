import { TaskStatus } from '@lighting/shared/flowcore';
import { copyNames, groupByCategory, stopsChildren } from './rules';

describe('copyNames', () => {
  it('names the first copy 副本 and .copy1', () => {
    expect(copyNames({ fullName: '报修', enCode: 'repair' }, new Set(['报修']), new Set(['repair']))).toEqual(
      {
        fullName: '报修副本',
        enCode: 'repair.copy1',
      },
    );
  });

  it('counts on past the names and codes taken', () => {
    expect(
      copyNames(
        { fullName: '报修', enCode: 'repair' },
        new Set(['报修副本', '报修副本2']),
        new Set(['repair.copy1', 'repair.copy2', 'repair.copy3']),
      ),
    ).toEqual({ fullName: '报修副本3', enCode: 'repair.copy4' });
  });

  it('cuts both to 50 characters', () => {
    const long = { fullName: 'n'.repeat(50), enCode: 'c'.repeat(50) };
    const out = copyNames(long, new Set(), new Set());
    expect(out.fullName).toBe('n'.repeat(50));
    expect(out.enCode).toBe('c'.repeat(50));
  });
});

describe('groupByCategory', () => {
  it('groups in first-seen order and names the empty category 未分类', () => {
    const groups = groupByCategory([
      { id: 'a', category: '维修' },
      { id: 'b', category: '' },
      { id: 'c', category: '维修' },
    ]);
    expect([...groups.keys()]).toEqual(['维修', '未分类']);
    expect(groups.get('维修')!.map((x) => x.id)).toEqual(['a', 'c']);
  });
});

describe('stopsChildren', () => {
  it('stops the children of a task revoked or cancelled by the action, and of no other', () => {
    expect(stopsChildren(TaskStatus.WAITING, TaskStatus.REVOKED)).toBe(true);
    expect(stopsChildren(TaskStatus.WAITING, TaskStatus.CANCELLED)).toBe(true);
    // already stopped before the action (a repeat), or another outcome
    expect(stopsChildren(TaskStatus.CANCELLED, TaskStatus.CANCELLED)).toBe(false);
    expect(stopsChildren(TaskStatus.WAITING, TaskStatus.APPROVED)).toBe(false);
    expect(stopsChildren(TaskStatus.WAITING, TaskStatus.REJECTED)).toBe(false);
    expect(stopsChildren(TaskStatus.WAITING, TaskStatus.WAITING)).toBe(false);
  });
});
