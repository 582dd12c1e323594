// Where a sign-in came from, in three languages (issue 17). The server names the place of an
// address in Chinese (JNPF's `ipAddressName`, kept as the API gives it to other clients): the
// places this product knows are a short list, and the console translates those names; a name
// the list does not hold (a future geo-IP lookup's city) is shown as the server wrote it. Pure.
import type { Label } from './menuLabels';

/** The places the server names: the code, and the name in each language (zh is what is stored). */
export const IP_PLACES = {
  lan: { zh: '本地局域网', zhtw: '本地區域網路', en: 'Local network' },
  unknown: { zh: '未知', zhtw: '未知', en: 'Unknown' },
} as const satisfies Record<string, Label>;

export type IpPlace = keyof typeof IP_PLACES;

/**
 * The summaries the server writes into the system log (JNPF's `abstracts`, stored in Chinese as
 * other clients expect): the console shows them in its language.
 */
export const LOG_SUMMARIES = {
  signedIn: { zh: '登录成功', zhtw: '登錄成功', en: 'Signed in' },
} as const satisfies Record<string, Label>;

/** A text the server generated and stored in Chinese, in `lang` when it is one of `known`. */
function storedTextIn(known: Record<string, Label>, stored: string, lang: string): string {
  const hit = Object.values(known).find((p) => p.zh === stored);
  if (!hit) return stored;
  return lang === 'zhtw' || lang === 'en' ? hit[lang] : hit.zh;
}

/** A stored place name in `lang`: the translation of a known place, else the name as stored. */
export function ipPlaceName(stored: string, lang: string): string {
  return storedTextIn(IP_PLACES, stored, lang);
}

/** A system log summary in `lang`: the translation of one the server writes, else as stored. */
export function logSummaryIn(stored: string, lang: string): string {
  return storedTextIn(LOG_SUMMARIES, stored, lang);
}
