import {
  authorizeTrees,
  authorizeValues,
  dataScopeEntries,
  grantHolder,
  grantItemOf,
  pickGranted,
  scopeFilter,
  unionGrants,
  withItem,
} from './authorize-model';

const menus = [
  { id: 'm-p', parentId: null, type: 1, enCode: 'permission', fullName: '权限', icon: '', sortCode: 1 },
  { id: 'm-u', parentId: 'm-p', type: 2, enCode: 'permission.user', fullName: '用户', icon: '', sortCode: 1 },
  { id: 'm-r', parentId: 'm-p', type: 2, enCode: 'permission.role', fullName: '角色', icon: '', sortCode: 2 },
  { id: 'm-x', parentId: null, type: 1, enCode: 'x', fullName: 'X', icon: '', sortCode: 2 },
];

describe('authorize model', () => {
  it('builds menu, button, column and data trees', () => {
    const t = authorizeTrees(
      menus,
      [{ id: 'm-u:b:btn_add', menuId: 'm-u', enCode: 'btn_add', fullName: '新增', sortCode: 0 }],
      [],
    );
    expect(t.module.map((n) => n.id)).toEqual(['m-p', 'm-x']);
    expect(t.button).toHaveLength(1);
    expect(t.button[0]?.children[0]?.children[0]).toMatchObject({ id: 'm-u:b:btn_add', type: 'button' });
    expect(t.column).toEqual([]);
    expect(t.resource[0]?.children[0]?.children.map((n) => n.id)).toEqual([
      'm-u:d:all',
      'm-u:d:company',
      'm-u:d:department',
      'm-u:d:self',
    ]);
    expect(dataScopeEntries(menus)).toHaveLength(4);
  });

  it('turns data scopes into a filter', () => {
    const viewer = { id: 'u1', organizeId: 'd1' };
    expect(scopeFilter([], viewer, ['c1'])).toBeNull();
    expect(scopeFilter(['self', 'all'], viewer, ['c1'])).toBeNull();
    expect(scopeFilter(['self'], viewer, ['c1'])).toEqual({ userIds: ['u1'], organizeIds: [] });
    expect(scopeFilter(['department', 'company'], viewer, ['c1', 'd1'])).toEqual({
      userIds: [],
      organizeIds: ['c1', 'd1'],
    });
  });
});

describe('pickGranted', () => {
  const all = [
    { id: 'm-u:b:btn_add', menuId: 'm-u' },
    { id: 'm-r:b:btn_add', menuId: 'm-r' },
  ];
  it('gives the named entries of granted menus, in the order named', () => {
    expect(pickGranted('button', ['m-u:b:btn_add'], all, new Set(['m-u']))).toEqual([all[0]]);
  });
  it('refuses an unknown id and an entry of a menu not granted, naming the field', () => {
    expect(() => pickGranted('button', ['nope'], all, new Set(['m-u']))).toThrow('button: 不存在: nope');
    expect(() => pickGranted('column', ['m-r:b:btn_add'], all, new Set(['m-u']))).toThrow(
      'column: 菜单未授权: m-r:b:btn_add',
    );
  });
});

describe('the 3.x wizard steps and the batch', () => {
  const catalogue = {
    menus,
    buttons: [
      { id: 'm-u:b:btn_add', menuId: 'm-u', enCode: 'btn_add', fullName: '新增', sortCode: 0 },
      { id: 'm-r:b:btn_add', menuId: 'm-r', enCode: 'btn_add', fullName: '新增', sortCode: 0 },
    ],
    columns: [],
    schemes: [{ menuId: 'm-r', enCode: 'mine', fullName: '本人', sortCode: 0 }],
  };

  it('a step offers only what the chosen menus have, and the object’s granted ids among them', () => {
    const all = authorizeValues('button', catalogue, null, ['m-u:b:btn_add']);
    expect(all.all).toEqual(['m-p', 'm-u', 'm-u:b:btn_add', 'm-r', 'm-r:b:btn_add']);
    const chosen = authorizeValues('button', catalogue, new Set(['m-r']), ['m-u:b:btn_add', 'm-r:b:btn_add']);
    expect(chosen.all).toEqual(['m-p', 'm-r', 'm-r:b:btn_add']);
    expect(chosen.ids).toEqual(['m-r:b:btn_add']);
    // the data step: the role page's scheme, not the user page's built-in scopes
    expect(authorizeValues('resource', catalogue, new Set(['m-r']), []).all).toEqual([
      'm-p',
      'm-r',
      'm-r:d:mine',
    ]);
    expect(authorizeValues('module', catalogue, new Set(['m-r']), ['m-x']).ids).toEqual(['m-x']);
  });

  it('a batch adds to what an object holds', () => {
    expect(
      unionGrants(
        { module: ['a'], button: ['a:b:x'], column: [], resource: [] },
        { module: ['a', 'b'], column: ['b:c:y'] },
      ),
    ).toEqual({ module: ['a', 'b'], button: ['a:b:x'], column: ['b:c:y'], resource: [] });
  });
});

describe('one item to many (JNPF 3.x Authority/Model)', () => {
  const tree = [
    { id: 'dir', parentId: null },
    { id: 'page', parentId: 'dir' },
    { id: 'other', parentId: 'dir' },
  ];
  const none = { module: [], button: [], column: [], resource: [] };

  it('names who a grant role stands for', () => {
    expect(grantHolder({ id: 'role-admin', category: 'role' })).toEqual({ type: 'Role', id: 'role-admin' });
    expect(grantHolder({ id: 'auth-user-u1', category: 'user' })).toEqual({ type: 'User', id: 'u1' });
    expect(grantHolder({ id: 'auth-position-p1', category: 'position' })).toEqual({
      type: 'Position',
      id: 'p1',
    });
    expect(grantHolder({ id: 'odd', category: 'user' })).toBeNull();
  });

  it('finds an item by id among menus, buttons, columns and schemes', () => {
    const entry = (id: string, menuId: string, enCode: string) => ({
      id,
      menuId,
      enCode,
      fullName: enCode,
      sortCode: 0,
    });
    const c = {
      menus: [{ id: 'page', parentId: null, type: 3, enCode: 'p', fullName: '页', icon: '', sortCode: 0 }],
      buttons: [entry('page:b:btn_add', 'page', 'btn_add')],
      columns: [entry('page:c:name', 'page', 'name')],
      resources: [entry('page:d:all', 'page', 'all')],
    };
    expect(grantItemOf('page', c)).toMatchObject({ kind: 'module', menuId: 'page' });
    expect(grantItemOf('page:b:btn_add', c)).toMatchObject({
      kind: 'button',
      menuId: 'page',
      enCode: 'btn_add',
    });
    expect(grantItemOf('page:c:name', c)?.kind).toBe('column');
    expect(grantItemOf('page:d:all', c)?.kind).toBe('resource');
    expect(grantItemOf('page:b:nope', c)).toBeNull();
  });

  it('gives a menu with the directories above it, and takes it with its leaves', () => {
    const given = withItem(none, { kind: 'module', id: 'page', menuId: 'page' }, true, tree);
    expect(given.module.sort()).toEqual(['dir', 'page']);
    const held = {
      module: ['dir', 'page', 'other'],
      button: ['page:b:x', 'other:b:x'],
      column: ['page:c:y'],
      resource: ['page:d:z'],
    };
    expect(withItem(held, { kind: 'module', id: 'page', menuId: 'page' }, false, tree)).toEqual({
      module: ['dir', 'other'],
      button: ['other:b:x'],
      column: [],
      resource: [],
    });
    expect(withItem(held, { kind: 'button', id: 'page:b:x', menuId: 'page' }, false, tree).button).toEqual([
      'other:b:x',
    ]);
    expect(withItem(held, { kind: 'button', id: 'page:b:x', menuId: 'page' }, true, tree).button).toEqual(
      held.button,
    );
  });
});
