import { dictionaryItemName, localizeItems, nameByValue, type NamedItem } from './dictionaryNames';

describe('dictionary item names by language', () => {
  const female: NamedItem = {
    id: 'f',
    enCode: '2',
    fullName: '女',
    fullNameZhtw: '女',
    fullNameEn: 'Female',
  };
  const crew: NamedItem = { id: 'c', enCode: 'crew9', fullName: '夜间抢修队', fullNameEn: '' };

  it('shows the translation where the item has one, else the fullName', () => {
    expect(dictionaryItemName(female, 'en')).toBe('Female');
    expect(dictionaryItemName(female, 'zh')).toBe('女');
    expect(dictionaryItemName(crew, 'en')).toBe('夜间抢修队');
    expect(dictionaryItemName(crew, 'zhtw')).toBe('夜间抢修队');
  });

  it('localizes a list, keeping ids and codes, and the same list when nothing changes', () => {
    expect(localizeItems([female, crew], 'en').map((i) => [i.id, i.enCode, i.fullName])).toEqual([
      ['f', '2', 'Female'],
      ['c', 'crew9', '夜间抢修队'],
    ]);
    const list = [female, crew];
    expect(localizeItems(list, 'zh')).toBe(list);
  });

  it('names a stored value (a Chinese name or a code) by its item, else shows it as it is', () => {
    expect(nameByValue([female, crew], '女', 'en')).toBe('Female');
    expect(nameByValue([female, crew], '2', 'en')).toBe('Female');
    expect(nameByValue([female, crew], '其他', 'en')).toBe('其他');
  });
});
