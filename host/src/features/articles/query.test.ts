import { listParams, nextSearch, parseCategory, parseId } from './query';

describe('article page query', () => {
  it('reads the category, defaulting to notices', () => {
    expect(parseCategory('party')).toBe('party');
    expect(parseCategory('safety')).toBe('safety');
    expect(parseCategory('notice')).toBe('notice');
    expect(parseCategory('other')).toBe('notice');
    expect(parseCategory(null)).toBe('notice');
  });
  it('reads the id', () => {
    expect(parseId(' a1 ')).toBe('a1');
    expect(parseId('')).toBeNull();
    expect(parseId(null)).toBeNull();
  });
  it('builds list params, leaving out an empty keyword', () => {
    expect(listParams({ category: 'party', currentPage: 2, pageSize: 50, keyword: '  ' })).toEqual({
      category: 'party',
      currentPage: 2,
      pageSize: 50,
    });
    expect(listParams({ category: 'notice', currentPage: 1, pageSize: 20, keyword: ' 路灯 ' }).keyword).toBe(
      '路灯',
    );
  });
  it('switching category drops the open article; opening and closing sets and drops the id', () => {
    const cur = new URLSearchParams('category=notice&id=7');
    expect(nextSearch(cur, { category: 'safety' }).toString()).toBe('category=safety');
    expect(nextSearch(cur, { category: 'notice' }).toString()).toBe('category=notice&id=7');
    expect(nextSearch(new URLSearchParams('category=party'), { id: '9' }).toString()).toBe(
      'category=party&id=9',
    );
    expect(nextSearch(cur, { id: null }).toString()).toBe('category=notice');
  });
});
