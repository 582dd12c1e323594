import {
  DEFAULT_BUTTONS,
  findPermission,
  hasAnyButton,
  hasButton,
  hasColumn,
  type PermissionEntry,
} from './permissions';

const list: PermissionEntry[] = [
  {
    modelId: 'm1',
    column: [{ enCode: 'fullName' }, { enCode: 'enCode' }],
    button: [{ enCode: 'btn_add' }, { enCode: 'btn_export' }],
  },
  { modelId: 'm2', column: null, button: [] },
];

describe('permissions', () => {
  it('DEFAULT_BUTTONS', () => {
    expect(DEFAULT_BUTTONS).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
  });
  it('hasColumn', () => {
    expect(hasColumn(list, 'm1', 'fullName')).toBe(true);
    expect(hasColumn(list, 'm1', 'mobile')).toBe(false);
    expect(hasColumn(list, 'm2', 'fullName')).toBe(false);
    expect(hasColumn(list, 'm9', 'fullName')).toBe(false);
    expect(hasColumn(list, undefined, 'fullName')).toBe(false);
    expect(hasColumn(list, '', 'fullName')).toBe(false);
    expect(hasColumn(null, 'm1', 'fullName')).toBe(false);
  });
  it('hasButton', () => {
    expect(hasButton(list, 'm1', 'btn_add')).toBe(true);
    expect(hasButton(list, 'm1', 'btn_edit')).toBe(false);
    expect(hasButton(list, 'm2', 'btn_add')).toBe(false);
    expect(hasButton(list, null, 'btn_add')).toBe(false);
    expect(hasButton(undefined, 'm1', 'btn_add')).toBe(false);
    expect(hasButton([{ modelId: 'm3' }], 'm3', 'btn_add')).toBe(false);
  });
  it('hasAnyButton', () => {
    expect(hasAnyButton(list, 'm1')).toBe(true);
    expect(hasAnyButton(list, 'm1', ['btn_edit', 'btn_remove'])).toBe(false);
    expect(hasAnyButton(list, 'm1', ['btn_edit', 'btn_export'])).toBe(true);
    expect(hasAnyButton(list, 'm2')).toBe(false);
    expect(hasAnyButton(list, 'm1', [])).toBe(false);
  });
  it('findPermission', () => {
    expect(findPermission(list, 'm2')).toBe(list[1]);
    expect(findPermission(list, 'x')).toBeUndefined();
  });
});
