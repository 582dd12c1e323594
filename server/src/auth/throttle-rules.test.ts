import { isBlocked, needsCaptcha, resolveLoginAccount } from './throttle-rules';

describe('throttle rules', () => {
  it('asks for the image code after 3 account failures or 10 from an address, or always', () => {
    expect(needsCaptcha({ account: 2, ip: 9 }, 'auto')).toBe(false);
    expect(needsCaptcha({ account: 3, ip: 0 }, 'auto')).toBe(true);
    expect(needsCaptcha({ account: 0, ip: 10 }, 'auto')).toBe(true);
    expect(needsCaptcha({ account: 0, ip: 0 }, 'always')).toBe(true);
  });

  it('blocks after 10 account failures or 50 from an address', () => {
    expect(isBlocked({ account: 9, ip: 49 })).toBe(false);
    expect(isBlocked({ account: 10, ip: 0 })).toBe(true);
    expect(isBlocked({ account: 0, ip: 50 })).toBe(true);
  });

  it('resolves the sub-account form and trims', () => {
    expect(resolveLoginAccount('  admin ')).toBe('admin');
    expect(resolveLoginAccount('13800000002@operator')).toBe('operator');
    expect(resolveLoginAccount(' 138@ manager ')).toBe('manager');
  });
});
