import { tableHasPage } from './refused';

const keys = ['permission/user', 'system/log', '/systemData/dictionary/', '*'];

describe('tableHasPage', () => {
  it('finds a page the table names, slashes aside', () => {
    expect(tableHasPage(keys, 'permission/user')).toBe(true);
    expect(tableHasPage(keys, '/system/log/')).toBe(true);
    expect(tableHasPage(keys, 'systemData/dictionary')).toBe(true);
  });
  it('does not count the fallback page as the page existing', () => {
    expect(tableHasPage(keys, 'system/nothing-here')).toBe(false);
    expect(tableHasPage(keys, '*')).toBe(false);
    expect(tableHasPage(keys, '')).toBe(false);
  });
  it('needs the whole address, not a prefix of it', () => {
    expect(tableHasPage(keys, 'permission')).toBe(false);
    expect(tableHasPage(keys, 'permission/user/extra')).toBe(false);
  });
});
