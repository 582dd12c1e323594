import type { Kysely, Migration } from 'kysely';
import { composeMenus, composeMigrations, type DomainModule } from './domain';
import type { MenuSeed } from './menus';

const recorder = (log: string[], name: string): Migration => ({
  async up() {
    log.push(name);
  },
});
const menu = (enCode: string, children?: MenuSeed[]): MenuSeed => ({
  enCode,
  fullName: enCode,
  type: children ? 1 : 2,
  icon: '',
  ...(children ? { children } : {}),
});

describe('composeMigrations', () => {
  it('runs the parts of a shared name in domain order, and names in name order', async () => {
    const log: string[] = [];
    const modules: DomainModule[] = [
      { name: 'a', migrations: { '0002_x': recorder(log, 'a2'), '0001_init': recorder(log, 'a1') } },
      { name: 'b', migrations: { '0001_init': recorder(log, 'b1') } },
      { name: 'c' },
      { name: 'd', migrations: { '0001_init': recorder(log, 'd1'), '0003_y': recorder(log, 'd3') } },
    ];
    const all = composeMigrations(modules);
    expect(Object.keys(all)).toEqual(['0001_init', '0002_x', '0003_y']);
    for (const m of Object.values(all)) await m.up({} as Kysely<unknown>);
    expect(log).toEqual(['a1', 'b1', 'd1', 'a2', 'd3']);
  });

  it('keeps a name used by one domain as that migration itself', () => {
    const only = recorder([], 'x');
    expect(composeMigrations([{ name: 'a', migrations: { '0005_x': only } }])['0005_x']).toBe(only);
  });
});

describe('composeMenus', () => {
  it('places every section by its place, ties in domain order', () => {
    const tree = composeMenus([
      { name: 'late', menus: [{ place: 90, menu: menu('chat') }] },
      {
        name: 'sys',
        menus: [
          { place: 60, menu: menu('permission') },
          { place: 10, menu: menu('lighting') },
        ],
      },
      { name: 'tie', menus: [{ place: 60, menu: menu('second60') }] },
    ]);
    expect(tree.map((m) => m.enCode)).toEqual(['lighting', 'permission', 'second60', 'chat']);
  });

  it('refuses a menu code two domains both declare', () => {
    expect(() =>
      composeMenus([
        { name: 'a', menus: [{ place: 1, menu: menu('x', [menu('x.page')]) }] },
        { name: 'b', menus: [{ place: 2, menu: menu('x.page') }] },
      ]),
    ).toThrow('x.page');
  });
});
