import { categoryName, placeCode } from './unplaced';

describe('placeCode', () => {
  it('trims and upper-cases what was typed', () => {
    expect(placeCode('  pl-000123 ')).toBe('PL-000123');
  });
  it('is null for nothing, spaces inside, or more than the server takes', () => {
    expect(placeCode('   ')).toBeNull();
    expect(placeCode('PL 000123')).toBeNull();
    expect(placeCode(`PL-${'1'.repeat(40)}`)).toBeNull();
  });
});

describe('categoryName', () => {
  it('names a category in each language, and an unknown one by its code', () => {
    expect(categoryName('notLit', 'zh')).toBe('路灯不亮');
    expect(categoryName('notLit', 'zhtw')).toBe('路燈不亮');
    expect(categoryName('notLit', 'en')).toBe('Light not working');
    expect(categoryName('nope', 'en')).toBe('nope');
  });
});
