import {
  allKeys,
  avatarProblem,
  baseInfoPayload,
  dateInputToMs,
  itemTree,
  moduleTree,
  msToDateInput,
  passwordsMatch,
  uploadResult,
} from './rules';

describe('base info payload', () => {
  it('keeps only accepted fields, trimmed', () => {
    const form = {
      realName: ' 李明 ',
      gender: 2,
      mobile: '13800000002 ',
      email: 'a@b.cn',
      signature: ' hi',
      birthday: null,
    };
    expect(baseInfoPayload(form)).toEqual({
      realName: '李明',
      gender: 2,
      mobile: '13800000002',
      email: 'a@b.cn',
      signature: 'hi',
      birthday: null,
    });
    expect(baseInfoPayload({ realName: 'x', gender: 3 })).toEqual({ realName: 'x' });
  });
  it('converts native date input values both ways', () => {
    const ms = dateInputToMs('1990-05-17');
    expect(ms).toBe(new Date(1990, 4, 17).getTime());
    expect(msToDateInput(ms)).toBe('1990-05-17');
    expect(dateInputToMs('')).toBeNull();
    expect(msToDateInput(null)).toBe('');
  });
});

describe('avatar upload', () => {
  it('images only, at most 2 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('文件大小超过2MB');
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe('notImage');
    expect(avatarProblem({ type: '', size: 10 })).toBe('notImage');
  });
  it('reads the uploader answer', () => {
    expect(uploadResult({ code: 200, data: { name: 'a.png', url: '/u/a.png' } })).toEqual({
      ok: true,
      name: 'a.png',
      url: '/u/a.png',
    });
    expect(uploadResult({ code: 400, msg: 'file: bad' })).toEqual({ ok: false, msg: 'file: bad' });
    expect(uploadResult(undefined)).toEqual({ ok: false, msg: '请求出错，请重试' });
  });
});

describe('password confirmation', () => {
  it('must match', () => {
    expect(passwordsMatch('abc123', 'abc123')).toBe(true);
    expect(passwordsMatch('abc123', 'abc124')).toBe(false);
    expect(passwordsMatch(undefined, undefined)).toBe(false);
  });
});

describe('authorize trees', () => {
  const mods = [
    { id: 'm1', fullName: '照明地图', children: [{ id: 'm1a', fullName: '资产', children: [] }] },
    { id: 'm2', fullName: '系统' },
  ];
  it('module tree', () => {
    expect(moduleTree(mods)).toEqual([
      { key: 'm1', title: '照明地图', children: [{ key: 'm1a', title: '资产' }] },
      { key: 'm2', title: '系统' },
    ]);
    expect(allKeys(moduleTree(mods))).toEqual(['m1', 'm1a', 'm2']);
  });
  it('items grouped under their menus, empty menus pruned, unknown menus kept', () => {
    const tree = itemTree(
      mods,
      [
        { menuId: 'm1a', enCode: 'btn_add', fullName: '新增' },
        { menuId: 'zz', menuCode: 'other.menu', enCode: 'btn_x', fullName: 'X' },
      ],
      'b',
    );
    expect(tree).toEqual([
      {
        key: 'b:m1',
        title: '照明地图',
        children: [
          { key: 'b:m1a', title: '资产', children: [{ key: 'b:m1a:btn_add', title: '新增 (btn_add)' }] },
        ],
      },
      { key: 'b:zz', title: 'other.menu', children: [{ key: 'b:zz:btn_x', title: 'X (btn_x)' }] },
    ]);
  });
});
