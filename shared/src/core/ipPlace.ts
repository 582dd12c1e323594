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

/** A stored place name in `lang`: the translation of a known place, else the name as stored. */
export function ipPlaceName(stored: string, lang: string): string {
  const known = Object.values(IP_PLACES).find((p) => p.zh === stored);
  if (!known) return stored;
  return lang === 'zhtw' || lang === 'en' ? known[lang] : known.zh;
}
