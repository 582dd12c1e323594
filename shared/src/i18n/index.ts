// i18n (spec §4, §9): zh, zhtw, en; each app registers its own namespace. Language = stored
// choice, else the browser's language, else Chinese. antd's locale follows the language.
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../session/storage';
import { common } from './common';

export const LANGUAGES = ['zh', 'zhtw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Maps a BCP-47 browser language to ours. */
export function fromBrowserLanguage(lang: string | undefined): Language | null {
  if (!lang) return null;
  const l = lang.toLowerCase();
  if (l === 'zh-tw' || l === 'zh-hk' || l === 'zh-hant' || l.startsWith('zh-hant')) return 'zhtw';
  if (l.startsWith('zh')) return 'zh';
  if (l.startsWith('en')) return 'en';
  return null;
}

export function initialLanguage(): Language {
  const stored = storage.get<string>('language');
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const nav = typeof navigator === 'undefined' ? undefined : navigator.language;
  return fromBrowserLanguage(nav) ?? 'zh';
}

if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    lng: initialLanguage(),
    fallbackLng: 'zh',
    ns: ['common'],
    defaultNS: 'common',
    resources: common as Resource,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

/** Adds an app's translations under its own namespace (idempotent). */
export function registerNamespace(ns: string, resources: Record<Language, Record<string, unknown>>): void {
  for (const lng of LANGUAGES) i18next.addResourceBundle(lng, ns, resources[lng], true, true);
}

export function setLanguage(lng: Language): void {
  storage.set('language', lng);
  void i18next.changeLanguage(lng);
}

export { i18next };
