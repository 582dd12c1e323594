// Console settings (spec §3 Settings + layout state, §9 site defaults and theme colours): the pure
// part — defaults, validation of stored values, the size → antd mapping and the device rules.
// No React, no IO: the zustand store (./store.ts) persists these through the session storage.

import { readableShade } from '../core/colour';

export const LAYOUT_TYPES = ['classic', 'functional', 'plain'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** The eight colours the settings panel offers (spec §9), in panel order. */
export const THEME_COLOURS = {
  blue: '#0ea5e9',
  purple: '#722ed1',
  azure: '#211bce',
  ocean: '#13c2c2',
  green: '#3eac12',
  yellow: '#f8bc18',
  orange: '#f5811c',
  red: '#f5222d',
} as const;
export type ThemeClass = keyof typeof THEME_COLOURS;
export const THEME_CLASSES = Object.keys(THEME_COLOURS) as ThemeClass[];

export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof SIZES)[number];

/**
 * Spec §9 site default `errorLog: 'production'`: the builds in which the production error handler
 * records uncaught errors (shared/src/errorLog). A development build leaves them to the console.
 */
export const ERROR_LOG_BUILDS: readonly string[] = ['production'];
/** Spec §2/§9: history-mode navigation scrolls the page to the top in this many milliseconds. */
export const SCROLL_TO_TOP_MS = 800;

export type Device = 'desktop' | 'mobile';
/** Spec §9: under this width the device is mobile. */
export const MOBILE_BREAKPOINT = 992;
/** Spec §9: the classic sidebar's width. */
export const SIDEBAR_WIDTH = 260;

export interface Settings {
  layoutType: LayoutType;
  themeClass: ThemeClass;
  tagsView: boolean;
  tagsIcon: boolean;
  showSearch: boolean;
  showLanguage: boolean;
  sidebarLogo: boolean;
  fixedHeader: boolean;
  /** UI size (spec §3 layout state, default medium). */
  size: UiSize;
  /** Sidebar opened (persisted as 1/0, default open). */
  sidebarOpened: boolean;
  device: Device;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  layoutType: 'classic',
  themeClass: 'blue',
  tagsView: true,
  tagsIcon: false,
  showSearch: true,
  showLanguage: true,
  sidebarLogo: true,
  fixedHeader: false,
  size: 'medium',
  sidebarOpened: true,
  device: 'desktop',
};

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;

export const normaliseLayout = (t: unknown): LayoutType => oneOf(LAYOUT_TYPES, t, 'classic');
export const normaliseTheme = (t: unknown): ThemeClass =>
  oneOf(THEME_CLASSES, t, DEFAULT_SETTINGS.themeClass);
export const normaliseSize = (t: unknown): UiSize => oneOf(SIZES, t, DEFAULT_SETTINGS.size);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

/** The stored record (keys as persisted; the sidebar is 1/0 like the original). */
export interface StoredSettings {
  layoutType?: unknown;
  themeClass?: unknown;
  tagsView?: unknown;
  tagsIcon?: unknown;
  showSearch?: unknown;
  showLanguage?: unknown;
  sidebarLogo?: unknown;
  fixedHeader?: unknown;
  size?: unknown;
  sidebarStatus?: unknown;
}

/** Settings from stored values: anything missing or invalid takes the default. */
export function settingsFromStored(s: StoredSettings, width?: number): Settings {
  const d = DEFAULT_SETTINGS;
  const device = width === undefined ? d.device : deviceFor(width);
  const opened = s.sidebarStatus === 0 ? false : s.sidebarStatus === 1 ? true : d.sidebarOpened;
  return {
    layoutType: normaliseLayout(s.layoutType),
    themeClass: normaliseTheme(s.themeClass),
    tagsView: bool(s.tagsView, d.tagsView),
    tagsIcon: bool(s.tagsIcon, d.tagsIcon),
    showSearch: bool(s.showSearch, d.showSearch),
    showLanguage: bool(s.showLanguage, d.showLanguage),
    sidebarLogo: bool(s.sidebarLogo, d.sidebarLogo),
    fixedHeader: bool(s.fixedHeader, d.fixedHeader),
    size: normaliseSize(s.size),
    // a mobile start shows the page, not the menu
    sidebarOpened: device === 'mobile' ? false : opened,
    device,
  };
}

export const deviceFor = (width: number): Device => (width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');

/**
 * The window was resized: the device follows the width; becoming mobile closes the sidebar
 * (spec §4). Returns the changes to apply (empty when nothing changes).
 */
export function onResize(s: Pick<Settings, 'device' | 'sidebarOpened'>, width: number): Partial<Settings> {
  const device = deviceFor(width);
  if (device === s.device) return {};
  return device === 'mobile' ? { device, sidebarOpened: false } : { device };
}

/** A route change: on mobile an open sidebar closes (spec §4). */
export function onRouteChange(s: Pick<Settings, 'device' | 'sidebarOpened'>): Partial<Settings> {
  return s.device === 'mobile' && s.sidebarOpened ? { sidebarOpened: false } : {};
}

/**
 * UI size → antd. default → large, medium → middle, small → small, mini → small made compact
 * (12 px text, 20 px small controls, via design tokens rather than antd's compact algorithm, which
 * would pull antd's whole `theme` export into the shared chunk). The one place the four sizes
 * meet antd.
 */
export function antdSize(size: UiSize): {
  componentSize: 'large' | 'middle' | 'small';
  compact: boolean;
  token: { fontSize?: number; controlHeightSM?: number };
} {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false, token: {} };
    case 'medium':
      return { componentSize: 'middle', compact: false, token: {} };
    case 'small':
      return { componentSize: 'small', compact: false, token: {} };
    case 'mini':
      return { componentSize: 'small', compact: true, token: { fontSize: 12, controlHeightSM: 20 } };
  }
}

export const themeColour = (t: ThemeClass): string => THEME_COLOURS[t];

/**
 * The theme colour for text and for controls that carry text (links, primary buttons, the shown
 * tab): the spec's colour darkened until it reads at 4.5:1 on white (core/colour.ts). The spec's
 * colour itself stays for fills without text (the settings' swatches).
 */
export const themeTextColour = (t: ThemeClass): string => readableShade(THEME_COLOURS[t]);
