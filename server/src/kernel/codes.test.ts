import { duplicateCode } from './codes';

describe('duplicateCode', () => {
  it('names the field and the code, as every domain answered before', () => {
    expect(duplicateCode('ABC').message).toBe('enCode: 编码 "ABC" 已存在');
    expect(duplicateCode('m1', { what: 'menu' }).message).toBe('enCode: 菜单编码 "m1" 已存在');
    expect(duplicateCode('X', { field: 'code' }).message).toBe('code: 编码 "X" 已存在');
  });
});
