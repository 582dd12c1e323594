// Open311 requests kept without a place (docs/api/public.md "An address we cannot place"): what the
// fault page's 待定位 tab shows of one and what its place action sends. Pure.
import { citizenCategory } from '@lighting/shared/core';

/**
 * The pole or light number typed in the place box, as the server looks it up (trimmed, upper case),
 * or null when it cannot be one (nothing typed, spaces inside, longer than the server takes).
 */
export function placeCode(input: string): string | null {
  const s = input.trim().toUpperCase();
  if (!s || s.length > 32 || /\s/.test(s)) return null;
  return s;
}

/** A citizen category's name in the console's language (zh, zhtw, en; the code itself when unknown). */
export function categoryName(code: string, lang: string): string {
  const c = citizenCategory(code);
  if (!c) return code;
  return lang === 'en' ? c.name.en : lang === 'zhtw' ? c.name.zhtw : c.name.zh;
}
