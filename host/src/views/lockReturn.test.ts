import { lockedFrom, unlockTarget } from './lockReturn';

describe('lockedFrom', () => {
  it('keeps the page with its query and hash', () => {
    expect(lockedFrom('/system/user', '?page=2', '#top')).toBe('/system/user?page=2#top');
  });
  it('does not remember the lock screen, sign-in or 404 pages', () => {
    expect(lockedFrom('/lockScreen')).toBeNull();
    expect(lockedFrom('/login', '?redirect=/home')).toBeNull();
    expect(lockedFrom('/404')).toBeNull();
  });
  it('refuses what is not an in-console path', () => {
    expect(lockedFrom('//evil.example/x')).toBeNull();
    expect(lockedFrom('system/user')).toBeNull();
  });
});

describe('unlockTarget', () => {
  it('returns to the page that was locked', () => {
    expect(unlockTarget('/bt/map/fault?id=3')).toBe('/bt/map/fault?id=3');
  });
  it('goes home when nothing was remembered', () => {
    expect(unlockTarget(null)).toBe('/home');
    expect(unlockTarget('')).toBe('/home');
  });
  it('never leaves the console', () => {
    expect(unlockTarget('https://evil.example/')).toBe('/home');
    expect(unlockTarget('//evil.example/')).toBe('/home');
    expect(unlockTarget('javascript:alert(1)')).toBe('/home');
  });
  it('does not loop back to the lock screen or sign-in', () => {
    expect(unlockTarget('/lockScreen')).toBe('/home');
    expect(unlockTarget('/login')).toBe('/home');
  });
});
