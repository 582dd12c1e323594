// Where unlocking returns (spec §4 lock screen): to the page that was locked, not /home. The path is
// remembered when the screen locks (it survives a reload, as the lock flag does). Pure.

export const LOCKED_FROM_KEY = 'lighting_lockedFrom';

const NEVER_BACK_TO = ['/lockScreen', '/login', '/login-new', '/404'];

/** The in-console address to come back to, or null when the path is not one (a full URL, a sign-in page). */
export function lockedFrom(pathname: string, search = '', hash = ''): string | null {
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (NEVER_BACK_TO.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  return pathname + search + hash;
}

/** Where unlocking goes: the remembered page when it is a safe in-console path, else /home. */
export function unlockTarget(stored: string | null | undefined): string {
  if (!stored) return '/home';
  let url: URL;
  try {
    url = new URL(stored, 'http://console.invalid');
  } catch {
    return '/home';
  }
  // only a same-origin path (no 'https://elsewhere', no '//elsewhere', no 'javascript:')
  if (url.origin !== 'http://console.invalid' || !stored.startsWith('/') || stored.startsWith('//'))
    return '/home';
  return lockedFrom(url.pathname, url.search, url.hash) ?? '/home';
}
