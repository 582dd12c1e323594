import { subAccountLogin } from './subAccount';

describe('subAccountLogin', () => {
  it('joins mobile and account with @, trimmed', () => {
    expect(subAccountLogin(' 13800138000 ', ' zhangsan ')).toBe('13800138000@zhangsan');
  });
});
