// i18n (spec §4, §9): zh, zhtw, en; each app registers its own namespace. Language = stored
// choice, else the browser's language, else Chinese. antd's locale follows the language.
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getConfig } from '../config/runtime';
import { htmlLang, menuLabel, platformTitle, type MenuEntry } from '../core';
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
    // no advertisement in an operator's browser console
    showSupportNotice: false,
  });
}

/** `<html lang>` follows the language (zh-CN, zh-TW, en): screen readers, fonts, hyphenation. */
function followLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lng);
}
followLanguage(i18next.language);
i18next.on('languageChanged', followLanguage);

/** The platform title in `lng` (runtime config `title`, translated by `titles` or by default). */
export function platformTitleIn(lng: string = i18next.language): string {
  const cfg = getConfig();
  return platformTitle(cfg.title, lng, cfg.titles);
}

/** A menu entry's label in `lng` (by enCode; the fullName for entries the table does not know). */
export function menuLabelIn(
  entry: Pick<MenuEntry, 'enCode' | 'fullName'>,
  lng: string = i18next.language,
): string {
  return menuLabel(entry.enCode, entry.fullName, lng);
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
