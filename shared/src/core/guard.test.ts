import {
  DEFAULT_WHITELIST,
  decideRoute,
  failureRedirect,
  guardErrorMessage,
  pageTitle,
  type GuardInput,
} from './guard';

const base: GuardInput = { path: '/home', query: {}, token: 't', locked: false, menuLoaded: true };

describe('decideRoute with a token', () => {
  it('locked: redirects everything but /lockScreen and /login to /lockScreen', () => {
    expect(decideRoute({ ...base, locked: true, path: '/system/area' })).toEqual({
      action: 'redirect',
      to: '/lockScreen',
    });
    expect(decideRoute({ ...base, locked: true, path: '/home' })).toEqual({
      action: 'redirect',
      to: '/lockScreen',
    });
    expect(decideRoute({ ...base, locked: true, path: '/lockScreen' })).toEqual({ action: 'next' });
    expect(decideRoute({ ...base, locked: true, path: '/lockScreen', menuLoaded: false })).toEqual({
      action: 'loadThenRetry',
    });
    expect(decideRoute({ ...base, locked: true, path: '/login' })).toEqual({ action: 'redirect', to: '/' });
  });
  it('/login goes to /', () => {
    expect(decideRoute({ ...base, path: '/login' })).toEqual({ action: 'redirect', to: '/' });
    expect(decideRoute({ ...base, path: '/login', menuLoaded: false })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });
  it('menu not loaded: load then retry', () => {
    expect(decideRoute({ ...base, path: '/system/area', menuLoaded: false })).toEqual({
      action: 'loadThenRetry',
    });
  });
  it('menu loaded: next', () => {
    expect(decideRoute({ ...base, path: '/system/area' })).toEqual({ action: 'next' });
    expect(decideRoute({ ...base, path: '/404' })).toEqual({ action: 'next' });
  });
});

describe('decideRoute without a token', () => {
  const anon: GuardInput = { ...base, token: null, menuLoaded: false };
  it.each(DEFAULT_WHITELIST.map((p) => [p]))('whitelisted %s passes', (path) => {
    expect(decideRoute({ ...anon, path })).toEqual({ action: 'next' });
  });
  it('uses a custom whitelist', () => {
    expect(decideRoute({ ...anon, path: '/open', whitelist: ['/open'] })).toEqual({ action: 'next' });
    expect(decideRoute({ ...anon, path: '/login', whitelist: ['/open'] })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Flogin',
    });
  });
  it('/home with a query token logs in with it', () => {
    expect(decideRoute({ ...anon, path: '/home', query: { token: 'qt' } })).toEqual({
      action: 'loginWithQueryToken',
      token: 'qt',
      then: '/home',
    });
    expect(decideRoute({ ...anon, path: '/home', query: { token: ['q1', 'q2'] } })).toEqual({
      action: 'loginWithQueryToken',
      token: 'q1',
      then: '/home',
    });
  });
  it('/home without a query token goes to /login', () => {
    expect(decideRoute({ ...anon, path: '/home' })).toEqual({ action: 'redirect', to: '/login' });
    expect(decideRoute({ ...anon, path: '/home', query: { token: '' } })).toEqual({
      action: 'redirect',
      to: '/login',
    });
    expect(decideRoute({ ...anon, path: '/home', query: undefined, token: '' })).toEqual({
      action: 'redirect',
      to: '/login',
    });
  });
  it('other paths go to /login?redirect= with the encoded path and search', () => {
    expect(decideRoute({ ...anon, path: '/system/area' })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fsystem%2Farea',
    });
    expect(decideRoute({ ...anon, path: '/a', search: '?x=1&y=2' })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fa%3Fx%3D1%26y%3D2',
    });
    expect(decideRoute({ ...anon, path: '/a', search: 'x=1' })).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/a?x=1')}`,
    });
    expect(decideRoute({ ...anon, path: '/a', query: { x: '1', y: ['2', '3'], z: null } })).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/a?x=1&y=2&y=3')}`,
    });
    expect(decideRoute({ ...anon, path: '/lockScreen' })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2FlockScreen',
    });
  });
});

describe('guard helpers', () => {
  it('whitelist contains the fixed public routes', () => {
    for (const p of [
      '/login',
      '/login-new',
      '/jump',
      '/auth-redirect',
      '/404',
      '/bt/gzh',
      '/bt/gzh/repair/repair-report-nowx',
      '/bt/gzh/feedback/feedback-add',
    ]) {
      expect(DEFAULT_WHITELIST).toContain(p);
    }
    expect(DEFAULT_WHITELIST).toHaveLength(15);
  });
  it('failureRedirect', () => {
    expect(failureRedirect('/system/area?x=1')).toBe('/login?redirect=%2Fsystem%2Farea%3Fx%3D1');
  });
  it('guardErrorMessage', () => {
    expect(guardErrorMessage('no menus')).toBe('no menus');
    expect(guardErrorMessage(new Error('boom'))).toBe('boom');
    expect(guardErrorMessage({ message: 'obj' })).toBe('obj');
    expect(guardErrorMessage(new Error(''))).toBe('Has Error');
    expect(guardErrorMessage(undefined)).toBe('Has Error');
    expect(guardErrorMessage(42)).toBe('Has Error');
    expect(guardErrorMessage('')).toBe('Has Error');
  });
  it('pageTitle', () => {
    expect(pageTitle('行政区划', '城市照明信息平台', '首页')).toBe('行政区划 - 城市照明信息平台');
    expect(pageTitle(undefined, '城市照明信息平台', '首页')).toBe('首页 - 城市照明信息平台');
    expect(pageTitle('', 'P', 'F')).toBe('F - P');
    expect(pageTitle(undefined, 'P', '')).toBe('P');
    expect(pageTitle('T', '', 'F')).toBe('T');
  });
});
