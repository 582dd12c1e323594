import type { SearchableRoute } from '@lighting/shared';
import { createMenuSearch, SEARCH_OPTIONS } from './menuSearch';

const r = (title: string, path: string): SearchableRoute => ({
  title,
  path,
  fullTitle: title,
  titles: [title],
});
const routes = [
  r('用户管理', '/permission/user'),
  r('角色管理', '/permission/role'),
  r('Users', '/system/account'),
  r('Account settings', '/permission/users'),
  r('流程监控', '/workFlow/flowMonitor'),
];

test('the options are the spec figures', () => {
  expect(SEARCH_OPTIONS.threshold).toBe(0.4);
  expect(SEARCH_OPTIONS.keys).toEqual([
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ]);
});

test('a title match ranks above a path match', () => {
  const search = createMenuSearch(routes);
  const hits = search('users');
  // 'Users' matches by title, '/permission/users' only by path
  expect(hits[0]!.title).toBe('Users');
  expect(hits.map((h) => h.title)).toContain('Account settings');
});

test('Chinese titles match; unrelated text beyond the threshold finds nothing; blank finds nothing', () => {
  const search = createMenuSearch(routes);
  expect(search('用户')[0]!.path).toBe('/permission/user');
  expect(search('流程')[0]!.path).toBe('/workFlow/flowMonitor');
  expect(search('zzzzqqq')).toEqual([]);
  expect(search('   ')).toEqual([]);
});
