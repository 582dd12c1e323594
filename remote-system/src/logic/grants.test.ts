import { grantIds, grantsBody, missingMenus } from './grants';

describe('grants', () => {
  it('keeps only the leaves of each kind', () => {
    const ids = ['menu-a', 'menu-a:b:btn_add', 'menu-a:c:account', 'menu-a:d:all', 'menu-a:b:btn_add'];
    expect(grantIds('module', ids)).toEqual(['menu-a']);
    expect(grantIds('button', ids)).toEqual(['menu-a:b:btn_add']);
    expect(grantIds('column', ids)).toEqual(['menu-a:c:account']);
    expect(grantIds('resource', ids)).toEqual(['menu-a:d:all']);
  });
  it('builds the save body', () => {
    expect(
      grantsBody({ module: ['m', 'm:b:x'], button: ['m', 'm:b:x'], column: [], resource: ['m:d:self'] }),
    ).toEqual({
      module: ['m'],
      button: ['m:b:x'],
      column: [],
      resource: ['m:d:self'],
    });
  });
  it('finds menus a leaf needs', () => {
    expect(
      missingMenus({ module: ['m1'], button: ['m1:b:x', 'm2:b:y'], column: ['m3:c:z'], resource: [] }),
    ).toEqual(['m2', 'm3']);
  });
});
