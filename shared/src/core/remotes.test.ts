import { matchRemoteRoute, parseRegistry, resolveRemote, type RemoteEntry } from './remotes';

const registry: RemoteEntry[] = [
  { name: 'system', entry: '/remotes/system/remoteEntry.js', routes: ['system/', 'permission/'] },
  {
    name: 'lowcode',
    entry: '/remotes/lowcode/remoteEntry.js',
    routes: ['onlineDev/', 'previewModel', 'system/dataModel/'],
  },
  { name: 'map', entry: 'http://x/map.js', routes: ['/bt/gzyp/'] },
];

describe('parseRegistry', () => {
  it('accepts an array or {remotes}', () => {
    expect(parseRegistry(registry)).toEqual(registry);
    expect(parseRegistry({ remotes: registry })).toEqual(registry);
  });
  it.each([
    [null, 'remotes must be an array'],
    [{ remotes: 'x' }, 'remotes must be an array'],
    [[1], 'remotes[0] must be an object'],
    [[{ entry: 'e', routes: ['a'] }], 'remotes[0].name must be a non-empty string'],
    [[{ name: 'a', entry: '', routes: ['a'] }], 'remotes[0].entry must be a non-empty string'],
    [[{ name: 'a', entry: 'e' }], 'remotes[0].routes must be a non-empty array of strings'],
    [[{ name: 'a', entry: 'e', routes: [] }], 'remotes[0].routes must be a non-empty array of strings'],
    [[{ name: 'a', entry: 'e', routes: ['x', 3] }], 'remotes[0].routes[1] must be a non-empty string'],
    [[{ name: 'a', entry: 'e', routes: ['/'] }], 'remotes[0].routes[0] must be a non-empty string'],
    [
      [
        { name: 'a', entry: 'e', routes: ['x'] },
        { name: 'a', entry: 'f', routes: ['y'] },
      ],
      "remotes[1].name 'a' is duplicated",
    ],
  ])('rejects %j', (json, message) => {
    expect(() => parseRegistry(json)).toThrow(message);
  });
});

describe('resolveRemote', () => {
  it('matches by path-segment prefix', () => {
    expect(resolveRemote(registry, 'system/area')).toMatchObject({
      remote: { name: 'system' },
      prefix: 'system/',
      subPath: 'area',
    });
    expect(resolveRemote(registry, '/permission/user/form')).toMatchObject({
      remote: { name: 'system' },
      subPath: 'user/form',
    });
    expect(resolveRemote(registry, 'system')).toMatchObject({ remote: { name: 'system' }, subPath: '' });
  });
  it('prefers the longest prefix', () => {
    expect(resolveRemote(registry, 'system/dataModel/list')).toMatchObject({
      remote: { name: 'lowcode' },
      prefix: 'system/dataModel/',
      subPath: 'list',
    });
  });
  it('an entry without trailing slash matches itself and sub-paths only', () => {
    expect(resolveRemote(registry, 'previewModel')).toMatchObject({
      remote: { name: 'lowcode' },
      subPath: '',
    });
    expect(resolveRemote(registry, 'previewModel/abc')).toMatchObject({
      remote: { name: 'lowcode' },
      subPath: 'abc',
    });
    expect(resolveRemote(registry, 'previewModelX')).toBeNull();
  });
  it('does not match partial segments', () => {
    expect(resolveRemote(registry, 'systems/area')).toBeNull();
  });
  it('ignores query/hash and leading slashes in the registry', () => {
    expect(resolveRemote(registry, 'bt/gzyp/statistic?x=1')).toMatchObject({
      remote: { name: 'map' },
      subPath: 'statistic',
    });
  });
  it('null when none or empty', () => {
    expect(resolveRemote(registry, 'workflow/x')).toBeNull();
    expect(resolveRemote(registry, '')).toBeNull();
    expect(resolveRemote([], 'system/area')).toBeNull();
  });
});

describe('matchRemoteRoute', () => {
  const table = { area: 'AreaPage', 'user/form': 'UserForm', '*': 'Fallback' };
  it('exact key first, then *, else null', () => {
    expect(matchRemoteRoute(table, 'area')).toBe('AreaPage');
    expect(matchRemoteRoute(table, '/user/form/')).toBe('UserForm');
    expect(matchRemoteRoute(table, 'other')).toBe('Fallback');
    expect(matchRemoteRoute({ area: 1 }, 'other')).toBeNull();
    expect(matchRemoteRoute({ area: 1 }, 'toString')).toBeNull();
  });
});
