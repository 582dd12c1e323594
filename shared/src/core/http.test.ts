import {
  LONG_TIMEOUT_MS,
  LONG_TIMEOUT_PATHS,
  NETWORK_ERROR_MESSAGE,
  TOAST_SECONDS,
  decideResponse,
  isAuthExemptPath,
  isAuthResetCode,
  isSilentEndpoint,
  timeoutFor,
  withTimestamp,
} from './http';

describe('constants', () => {
  it('match the spec', () => {
    expect(LONG_TIMEOUT_PATHS).toEqual([
      'Synchronization',
      'extend/Email/Receive',
      'Permission/Authority/Data',
      'DataSync/Actions/Execute',
    ]);
    expect(NETWORK_ERROR_MESSAGE).toBe('请求出错，请重试');
    expect(TOAST_SECONDS).toBe(1.5);
    expect(LONG_TIMEOUT_MS).toBe(100000);
  });
});

describe('timeoutFor', () => {
  it.each([
    '/api/system/DataModel/Synchronization/1',
    '/api/extend/Email/Receive',
    '/api/system/Permission/Authority/Data/abc',
    '/api/system/DataSync/Actions/Execute',
  ])('%s → 100 s', (url) => {
    expect(timeoutFor(url, 5000)).toBe(100000);
  });
  it('others use the configured timeout', () => {
    expect(timeoutFor('/api/system/Base/Area/0', 5000)).toBe(5000);
    expect(timeoutFor('/api/system/Permission/Authority', 1000000)).toBe(1000000);
  });
});

describe('withTimestamp', () => {
  const now = 1700000000123;
  it.each([
    ['/api/a', '/api/a?n=1700000000'],
    ['/api/a?x=1', '/api/a?x=1&n=1700000000'],
    ['/api/a?', '/api/a?n=1700000000'],
    ['/api/a?x=1&', '/api/a?x=1&n=1700000000'],
    ['/api/a#frag', '/api/a?n=1700000000#frag'],
    ['/api/a?x=1#frag', '/api/a?x=1&n=1700000000#frag'],
  ])('%s → %s', (url, expected) => {
    expect(withTimestamp(url, now)).toBe(expected);
  });
});

describe('isSilentEndpoint', () => {
  it.each([
    '/api/bt/statistic/lamp',
    '/api/bt/Statistic',
    '/api/STATISTICS/x',
    '/api/dv/screen/1',
    '/api/DataV/x',
    '/api/datav',
  ])('%s is silent', (url) => {
    expect(isSilentEndpoint(url)).toBe(true);
  });
  it.each([
    '/api/system/Area',
    '/api/dvd/x',
    '/api/system/advice',
    '/api/x?from=/statistic',
    '/api/bt/mystatistic',
  ])('%s is not silent', (url) => {
    expect(isSilentEndpoint(url)).toBe(false);
  });
});

describe('isAuthResetCode / isAuthExemptPath', () => {
  it('codes', () => {
    for (const c of [600, 601, 602, '601']) expect(isAuthResetCode(c)).toBe(true);
    for (const c of [200, 400, 603, '', null, undefined, '60a']) expect(isAuthResetCode(c)).toBe(false);
  });
  it('exempt paths', () => {
    expect(isAuthExemptPath('/api/oauth/Login')).toBe(true);
    expect(isAuthExemptPath('/api/oauth/Login?client_id=x')).toBe(true);
    expect(isAuthExemptPath('/api/oauth/LockScreen')).toBe(true);
    expect(isAuthExemptPath('/api/oauth/Logout')).toBe(false);
    expect(isAuthExemptPath('/api/oauth/CurrentUser')).toBe(false);
  });
});

describe('decideResponse', () => {
  const url = '/api/system/Base/Area/0';
  it('200 → ok (number or string)', () => {
    expect(decideResponse({ url, code: 200 })).toEqual({ kind: 'ok' });
    expect(decideResponse({ url, code: '200' })).toEqual({ kind: 'ok' });
  });
  it('blob → blob, whatever the code', () => {
    expect(decideResponse({ url: '/api/file/Download/x/y', code: undefined, isBlob: true })).toEqual({
      kind: 'blob',
    });
  });
  it('pass-through calls → ok even on error codes', () => {
    expect(
      decideResponse({
        url: '/api/system/DataSource/Actions/Test',
        code: 400,
        msg: 'fail',
        passThrough: true,
      }),
    ).toEqual({ kind: 'ok' });
  });
  it('other codes reject with the server msg or the default toast', () => {
    expect(decideResponse({ url, code: 400, msg: '名称重复' })).toEqual({
      kind: 'reject',
      toast: '名称重复',
    });
    expect(decideResponse({ url, code: 500, msg: '' })).toEqual({
      kind: 'reject',
      toast: '请求出错，请重试',
    });
    expect(decideResponse({ url, code: undefined })).toEqual({ kind: 'reject', toast: '请求出错，请重试' });
  });
  it('statistic and dv endpoints reject silently', () => {
    expect(decideResponse({ url: '/api/bt/statistic/x', code: 500, msg: 'x' })).toEqual({
      kind: 'reject',
      toast: null,
    });
    expect(decideResponse({ url: '/api/DataV/x', code: 400 })).toEqual({ kind: 'reject', toast: null });
  });
  it('600-602 reset the token and reload', () => {
    expect(decideResponse({ url, code: 600, msg: '登录过期' })).toEqual({
      kind: 'resetAndReload',
      toast: '登录过期',
      reload: true,
    });
    expect(decideResponse({ url, code: 601 })).toEqual({
      kind: 'resetAndReload',
      toast: '请求出错，请重试',
      reload: true,
    });
    expect(decideResponse({ url, code: 602, onLoginPage: true })).toEqual({
      kind: 'resetAndReload',
      toast: '请求出错，请重试',
      reload: false,
    });
    expect(decideResponse({ url: '/api/dv/x', code: 600 })).toEqual({
      kind: 'resetAndReload',
      toast: null,
      reload: true,
    });
  });
  it('600-602 on login and lock-screen calls only reject', () => {
    expect(decideResponse({ url: '/api/oauth/Login', code: 600, msg: '账号或密码错误' })).toEqual({
      kind: 'reject',
      toast: '账号或密码错误',
    });
    expect(decideResponse({ url: '/api/oauth/LockScreen', code: 601 })).toEqual({
      kind: 'reject',
      toast: '请求出错，请重试',
    });
  });
});
