import {
  addTab,
  closeAll,
  closeOthers,
  closeRight,
  closeTab,
  hrefOf,
  searchOf,
  mountedTabs,
  nextActive,
  NO_NAME,
  refreshTab,
  restoreTabs,
  storedTabs,
  updateTab,
  type TabView,
} from './tabModel';

const home: TabView = { path: '/home', title: '首页', affix: true, key: 0 };
const open = (...paths: string[]) =>
  paths.reduce<TabView[]>((tabs, p) => addTab(tabs, { path: p, title: p.slice(1) }), [home]);

test('a tab is added once per path; the title defaults to a placeholder', () => {
  let tabs = addTab([home], { path: '/a', title: 'A' });
  tabs = addTab(tabs, { path: '/a', title: 'changed' });
  expect(tabs.map((t) => t.path)).toEqual(['/home', '/a']);
  expect(tabs[1]!.title).toBe('A');
  tabs = addTab(tabs, { path: '/b' });
  expect(tabs[2]!.title).toBe(NO_NAME);
  expect(addTab(tabs, { path: '/c', title: '' })[3]!.title).toBe(NO_NAME);
});

test('a tab remembers the query it was last seen with; title and flags stay', () => {
  let tabs = addTab([home], { path: '/a', fullPath: '/a?x=1', title: 'A' });
  expect(hrefOf(tabs, '/a')).toBe('/a?x=1');
  tabs = addTab(tabs, { path: '/a', fullPath: '/a?x=2#top', title: 'other', noCache: true });
  expect(tabs).toHaveLength(2);
  expect(tabs[1]).toMatchObject({ title: 'A', fullPath: '/a?x=2#top' });
  expect(tabs[1]!.noCache).toBeUndefined();
  expect(hrefOf(tabs, '/home')).toBe('/home');
  expect(hrefOf(tabs, '/missing')).toBe('/missing');
});

test('searchOf takes the query of a full path, without the hash', () => {
  expect(searchOf(undefined)).toBe('');
  expect(searchOf('/a')).toBe('');
  expect(searchOf('/a?x=1')).toBe('?x=1');
  expect(searchOf('/a?x=1#h')).toBe('?x=1');
  expect(searchOf('/a#h?x')).toBe('');
});

test('update merges by path', () => {
  const tabs = updateTab(open('/a', '/b'), { path: '/b', title: 'B2', noCache: true });
  expect(tabs[2]).toMatchObject({ path: '/b', title: 'B2', noCache: true, key: 0 });
  expect(tabs[1]).toMatchObject({ path: '/a', title: 'a' });
  expect(updateTab(tabs, { path: '/b' })[2]!.title).toBe('B2');
});

test('the affixed home tab survives every close', () => {
  const tabs = open('/a', '/b', '/c');
  expect(closeTab(tabs, '/home').map((t) => t.path)).toEqual(['/home', '/a', '/b', '/c']);
  expect(closeTab(tabs, '/b').map((t) => t.path)).toEqual(['/home', '/a', '/c']);
  expect(closeOthers(tabs, '/b').map((t) => t.path)).toEqual(['/home', '/b']);
  expect(closeAll(tabs).map((t) => t.path)).toEqual(['/home']);
  expect(closeRight(tabs, '/a').map((t) => t.path)).toEqual(['/home', '/a']);
  expect(closeRight(tabs, '/nope').map((t) => t.path)).toEqual(['/home', '/a', '/b', '/c']);
});

test('refresh bumps one tab key; noCache pages are mounted only while active', () => {
  let tabs = refreshTab(open('/a', '/b'), '/a');
  expect(tabs.map((t) => t.key)).toEqual([0, 1, 0]);
  tabs = updateTab(tabs, { path: '/b', noCache: true });
  const shown = new Set(['/home', '/a', '/b']);
  expect(mountedTabs(tabs, '/a', shown).map((t) => t.path)).toEqual(['/home', '/a']);
  expect(mountedTabs(tabs, '/b', shown).map((t) => t.path)).toEqual(['/home', '/a', '/b']);
});

test('a tab never shown yet is not mounted until it is activated', () => {
  const tabs = open('/a', '/b');
  // the console opened on /b: neither the home tab nor /a has been shown
  expect(mountedTabs(tabs, '/b', new Set(['/b'])).map((t) => t.path)).toEqual(['/b']);
  expect(mountedTabs(tabs, '/home', new Set(['/b', '/home'])).map((t) => t.path)).toEqual(['/home', '/b']);
});

test('closing the active tab moves to its left neighbour', () => {
  const before = open('/a', '/b', '/c');
  expect(nextActive(before, closeTab(before, '/b'), '/b')).toBe('/a');
  expect(nextActive(before, closeTab(before, '/c'), '/a')).toBe('/a');
  expect(nextActive(before, closeAll(before), '/c')).toBe('/home');
  expect(nextActive([], [], '/x')).toBe('/home');
});

describe('tabs kept across a reload', () => {
  const home = { path: '/home', title: 'home', affix: true, key: 0 };
  const tabs = [
    home,
    { path: '/permission/user', fullPath: '/permission/user?x=1', title: '用户管理', key: 3 },
  ];

  it('restores the tabs of the same session, home first, with fresh keys', () => {
    expect(restoreTabs(storedTabs('abc', tabs), 'abc', home)).toEqual([
      home,
      { path: '/permission/user', fullPath: '/permission/user?x=1', title: '用户管理', key: 0 },
    ]);
  });

  it("ignores another session's tabs and anything malformed", () => {
    expect(restoreTabs(storedTabs('abc', tabs), 'other', home)).toBeNull();
    expect(restoreTabs('{', 'abc', home)).toBeNull();
    expect(restoreTabs(null, 'abc', home)).toBeNull();
    expect(
      restoreTabs(
        JSON.stringify({ owner: 'abc', tabs: [{ path: 'x' }, 7, { path: '/a', fullPath: '/b' }] }),
        'abc',
        home,
      ),
    ).toEqual([home, { path: '/a', title: NO_NAME, key: 0 }]);
  });
});
