import {
  blankGroup,
  conditionWords,
  fieldSymbols,
  incompleteItem,
  readGroups,
  symbolOf,
  writeGroups,
  type ConditionGroup,
} from './dataScope';

describe('data-permission scheme editor rules', () => {
  it('reads both 3.x symbol vocabularies', () => {
    expect(symbolOf('Equal')).toBe('==');
    expect(symbolOf('>=')).toBe('>=');
    expect(symbolOf('drop')).toBeUndefined();
    expect(fieldSymbols('Equal, NotEqual,==,bogus,in')).toEqual(['==', '<>', 'in']);
    expect(fieldSymbols('')).toEqual([]);
  });

  it('reads what a 3.x client saved and writes the same shape back', () => {
    const saved = JSON.stringify([
      {
        logic: 'or',
        groups: [
          { id: 'district', field: 'district', type: 'String', op: 'Equal', value: '@district' },
          { id: 'urgency', field: 'urgency', type: 'Int32', op: 'in', value: [2, 3] },
        ],
      },
    ]);
    const groups = readGroups(saved);
    expect(groups).toEqual([
      {
        logic: 'or',
        items: [
          { field: 'district', op: '==', value: '@district' },
          { field: 'urgency', op: 'in', value: '2,3' },
        ],
      },
    ]);
    expect(JSON.parse(writeGroups(groups))).toEqual([
      {
        logic: 'or',
        groups: [
          { id: 'district', field: 'district', type: 'String', op: '==', value: '@district' },
          { id: 'urgency', field: 'urgency', type: 'String', op: 'in', value: '2,3' },
        ],
      },
    ]);
    expect(readGroups('not json')).toEqual([]);
    expect(readGroups('{}')).toEqual([]);
  });

  it('finds the first item that cannot be saved', () => {
    const groups: ConditionGroup[] = [
      { logic: 'and', items: [{ field: 'district', op: '==', value: '东城区' }] },
      blankGroup(),
    ];
    expect(incompleteItem(groups)).toEqual([1, 0, 'field']);
    expect(incompleteItem([{ logic: 'and', items: [{ field: 'a', op: '', value: '' }] }])).toEqual([
      0,
      0,
      'op',
    ]);
    expect(incompleteItem([{ logic: 'and', items: [{ field: 'a', op: '==', value: ' ' }] }])).toEqual([
      0,
      0,
      'value',
    ]);
    expect(incompleteItem([{ logic: 'and', items: [{ field: 'a', op: 'null', value: '' }] }])).toBeNull();
  });

  it('says the conditions in words', () => {
    const label = {
      field: (c: string) => ({ district: '所属区域', urgency: '紧急程度' })[c] ?? c,
      symbol: (s: string) => ({ '==': '等于', '>=': '大于等于', null: '为空' })[s] ?? s,
      value: (v: string) => (v === '@district' ? '当前用户的区域' : v),
      logic: (l: 'and' | 'or') => (l === 'and' ? '且' : '或'),
    };
    const one: ConditionGroup[] = [
      { logic: 'and', items: [{ field: 'district', op: '==', value: '@district' }] },
    ];
    expect(conditionWords(one, 'and', label)).toBe('所属区域 等于 当前用户的区域');
    const two: ConditionGroup[] = [
      ...one,
      {
        logic: 'or',
        items: [
          { field: 'urgency', op: '>=', value: '3' },
          { field: 'district', op: 'null', value: 'x' },
        ],
      },
    ];
    expect(conditionWords(two, 'or', label)).toBe(
      '(所属区域 等于 当前用户的区域) 或 (紧急程度 大于等于 3 或 所属区域 为空)',
    );
    expect(conditionWords([], 'and', label)).toBe('');
  });
});
