import { genderOptions, toUserBody } from './userForm';

const md5 = (s: string) => `md5(${s})`;

describe('user form body', () => {
  const values = {
    account: ' zhang3 ',
    password: 'abc123',
    realName: ' 张三 ',
    gender: '1',
    mobile: '13800000000',
    organizeId: 'dept-east',
    positionId: '',
    roleIds: ['role-operator'],
  };
  it('sends account and the MD5 of the password on create', () => {
    expect(toUserBody(values, false, md5)).toEqual({
      account: 'zhang3',
      password: 'md5(abc123)',
      realName: '张三',
      gender: 1,
      mobile: '13800000000',
      email: '',
      organizeId: 'dept-east',
      positionId: null,
      roleIds: ['role-operator'],
      enabledMark: 1,
      sortCode: 0,
      description: '',
    });
  });
  it('sends a given e-mail trimmed, a blank one as empty (clearing it)', () => {
    expect(toUserBody({ ...values, email: ' a@b.cn ' }, false, md5).email).toBe('a@b.cn');
    expect(toUserBody({ ...values, email: '  ' }, true, md5).email).toBe('');
  });
  it('leaves account and password out on edit, and an unknown gender out', () => {
    const b = toUserBody({ ...values, gender: '9', enabledMark: false }, true, md5);
    expect(b.account).toBeUndefined();
    expect(b.password).toBeUndefined();
    expect(b.gender).toBeUndefined();
    expect(b.enabledMark).toBe(0);
  });
  it('maps the sex dictionary to options', () => {
    expect(genderOptions([{ enCode: '1', fullName: '男' }])).toEqual([{ value: '1', label: '男' }]);
  });
});
