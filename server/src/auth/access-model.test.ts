import {
  buildAccess,
  buildMenuTree,
  buildPermissionList,
  denialMessage,
  missingPermission,
  type MenuRow,
} from './access-model';

const menu = (id: string, parentId: string | null, type: number, sortCode: number): MenuRow => ({
  id,
  parentId,
  type,
  enCode: id,
  fullName: id.toUpperCase(),
  urlAddress: '',
  icon: '',
  propertyJson: '{}',
  linkTarget: '',
  sortCode,
});

describe('access model', () => {
  const rows = [
    menu('b', null, 1, 20),
    menu('a', null, 1, 10),
    menu('a.2', 'a', 2, 2),
    menu('a.1', 'a', 3, 1),
    menu('x.1', 'x', 2, 1),
    menu('a.link', 'a', 7, 3),
  ];

  it('builds a sorted tree and drops entries whose parent is not permitted', () => {
    const tree = buildMenuTree(rows);
    expect(tree.map((n) => n.id)).toEqual(['a', 'b']);
    expect(tree[0]?.children.map((n) => n.id)).toEqual(['a.1', 'a.2', 'a.link']);
    expect(tree[0]?.hasChildren).toBe(true);
    expect(tree[1]?.hasChildren).toBe(false);
  });

  it('lists permissions for pages of types 2-5 only', () => {
    const list = buildPermissionList(
      rows.filter((r) => r.id !== 'x.1'),
      [
        { menuId: 'a.2', enCode: 'btn_add', fullName: '新增' },
        { menuId: 'a.2', enCode: 'btn_add', fullName: '新增' },
      ],
      [{ menuId: 'a.1', enCode: 'name', fullName: '名称' }],
    );
    expect(list).toEqual([
      { modelId: 'a.1', moduleName: 'A.1', button: [], column: [{ enCode: 'name', fullName: '名称' }] },
      { modelId: 'a.2', moduleName: 'A.2', button: [{ enCode: 'btn_add', fullName: '新增' }], column: [] },
    ]);
  });

  it('guards by menu and button, ignoring orphans', () => {
    const access = buildAccess(
      rows,
      [
        { menuId: 'a.2', enCode: 'btn_add', fullName: '新增' },
        { menuId: 'x.1', enCode: 'btn_add', fullName: '新增' },
      ],
      [],
    );
    expect(access.menuCodes.has('x.1')).toBe(false);
    expect(missingPermission(access, 'a.2')).toBeNull();
    expect(missingPermission(access, 'a.2', 'btn_add')).toBeNull();
    expect(missingPermission(access, 'x.1', 'btn_add')).toEqual({ kind: 'menu', menu: 'x.1' });
    const d = missingPermission(access, 'a.2', 'btn_remove');
    expect(d).toEqual({ kind: 'button', menu: 'a.2', button: 'btn_remove' });
    expect(d && denialMessage(d)).toBe('权限不足: 缺少按钮 a.2/btn_remove');
    expect(denialMessage({ kind: 'menu', menu: 'permission.user' })).toBe(
      '权限不足: 缺少菜单 permission.user',
    );
  });
});
