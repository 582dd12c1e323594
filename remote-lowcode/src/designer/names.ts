// A control's name in the page's language, from the catalogue (zh, zhtw, en).
import { controlInfo } from '@lighting/shared/formcore';

export function controlName(key: string, language: string): string {
  const info = controlInfo(key);
  if (!info) return key;
  return language === 'en' ? info.names.en : language === 'zhtw' ? info.names.zhtw : info.names.zh;
}
