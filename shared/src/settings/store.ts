// The settings store (spec §3 Settings and layout state): one zustand instance on the page (this
// package is a federation singleton), persisted through the typed-suffix storage. No antd here:
// '@lighting/shared/ui' AppProviders reads it for the theme colour and component size.
import { create } from 'zustand';
import type { createStorage } from '../core/storage';
import { storage as browserStorage } from '../session/storage';
import {
  normaliseLayout,
  normaliseSize,
  normaliseTheme,
  onResize,
  onRouteChange,
  settingsFromStored,
  type Settings,
  type StoredSettings,
} from './settings';

type Storage = ReturnType<typeof createStorage>;
type Switch = 'tagsView' | 'tagsIcon' | 'showSearch' | 'showLanguage' | 'sidebarLogo' | 'fixedHeader';

export interface SettingsState extends Settings {
  setLayoutType: (t: string | undefined) => void;
  setThemeClass: (t: string) => void;
  setSize: (s: string) => void;
  setSwitch: (key: Switch, value: boolean) => void;
  toggleSidebar: () => void;
  setSidebarOpened: (opened: boolean) => void;
  /** The window's width changed (device rules of spec §4). */
  resize: (width: number) => void;
  /** The route changed (closes the sidebar on mobile). */
  routeChanged: () => void;
}

const STORED_KEYS: (keyof StoredSettings)[] = [
  'layoutType',
  'themeClass',
  'tagsView',
  'tagsIcon',
  'showSearch',
  'showLanguage',
  'sidebarLogo',
  'fixedHeader',
  'size',
  'sidebarStatus',
];

export function createSettingsStore(storage: Storage, width?: number) {
  const stored: StoredSettings = {};
  for (const k of STORED_KEYS) stored[k] = storage.get<unknown>(k);
  return create<SettingsState>()((set, get) => ({
    ...settingsFromStored(stored, width),
    setLayoutType(t) {
      const layoutType = normaliseLayout(t);
      storage.set('layoutType', layoutType);
      set({ layoutType });
    },
    setThemeClass(t) {
      const themeClass = normaliseTheme(t);
      storage.set('themeClass', themeClass);
      set({ themeClass });
    },
    setSize(s) {
      const size = normaliseSize(s);
      storage.set('size', size);
      set({ size });
    },
    setSwitch(key, value) {
      storage.set(key, value);
      set({ [key]: value } as Pick<Settings, Switch>);
    },
    toggleSidebar() {
      get().setSidebarOpened(!get().sidebarOpened);
    },
    setSidebarOpened(opened) {
      storage.set('sidebarStatus', opened ? 1 : 0);
      set({ sidebarOpened: opened });
    },
    resize(w) {
      const change = onResize(get(), w);
      if (Object.keys(change).length) set(change);
    },
    routeChanged() {
      const change = onRouteChange(get());
      if (Object.keys(change).length) set(change);
    },
  }));
}

export const useSettings = createSettingsStore(
  browserStorage,
  typeof window === 'undefined' ? undefined : window.innerWidth,
);
