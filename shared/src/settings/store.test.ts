// Settings and layout state (spec §3, §4, §9): defaults, persistence through an in-memory
// storage, sidebar 1/0, the mobile rules and the size mapping.
import { createStorage } from '../core/storage';
import { createSettingsStore } from './store';
import { antdSize, DEFAULT_SETTINGS, deviceFor, onResize, onRouteChange, THEME_COLOURS } from './settings';

function memoryBackend() {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

test('defaults follow the site defaults of spec §9', () => {
  const s = createSettingsStore(createStorage(memoryBackend()), 1400).getState();
  expect(s.layoutType).toBe('classic');
  expect(s.themeClass).toBe('blue');
  expect(THEME_COLOURS[s.themeClass]).toBe('#0ea5e9');
  expect([s.tagsView, s.tagsIcon, s.showSearch, s.showLanguage]).toEqual([true, false, true, true]);
  expect(s.sidebarOpened).toBe(true);
  expect(s.device).toBe('desktop');
  expect(s.size).toBe(DEFAULT_SETTINGS.size);
  expect(Object.keys(THEME_COLOURS)).toEqual([
    'blue',
    'purple',
    'azure',
    'ocean',
    'green',
    'yellow',
    'orange',
    'red',
  ]);
});

test('every choice is remembered and read back by a new store', () => {
  const backend = memoryBackend();
  const storage = createStorage(backend);
  const a = createSettingsStore(storage, 1400).getState();
  a.setLayoutType('functional');
  a.setThemeClass('red');
  a.setSize('mini');
  a.setSwitch('tagsView', false);
  a.setSwitch('tagsIcon', true);
  a.setSwitch('showSearch', false);
  a.setSidebarOpened(false);
  expect(backend.map.get('lighting_sidebarStatus__Number')).toBe('0');
  const b = createSettingsStore(storage, 1400).getState();
  expect(b.layoutType).toBe('functional');
  expect(b.themeClass).toBe('red');
  expect(b.size).toBe('mini');
  expect([b.tagsView, b.tagsIcon, b.showSearch]).toEqual([false, true, false]);
  expect(b.sidebarOpened).toBe(false);
  b.toggleSidebar();
  expect(backend.map.get('lighting_sidebarStatus__Number')).toBe('1');
});

test('invalid stored values and unknown choices fall back to the defaults', () => {
  const storage = createStorage(memoryBackend());
  storage.set('layoutType', 'weird');
  storage.set('themeClass', 'pink');
  storage.set('size', 'huge');
  storage.set('tagsView', 'yes');
  const s = createSettingsStore(storage, 1400);
  expect(s.getState().layoutType).toBe('classic');
  expect(s.getState().themeClass).toBe('blue');
  expect(s.getState().size).toBe('medium');
  expect(s.getState().tagsView).toBe(true);
  s.getState().setLayoutType(undefined);
  expect(s.getState().layoutType).toBe('classic');
  s.getState().setLayoutType('plain');
  expect(s.getState().layoutType).toBe('plain');
});

test('under 992 px the device is mobile and the sidebar starts closed', () => {
  expect(deviceFor(991)).toBe('mobile');
  expect(deviceFor(992)).toBe('desktop');
  const s = createSettingsStore(createStorage(memoryBackend()), 375).getState();
  expect(s.device).toBe('mobile');
  expect(s.sidebarOpened).toBe(false);
});

test('resize to mobile closes the sidebar; route changes close it only on mobile', () => {
  expect(onResize({ device: 'desktop', sidebarOpened: true }, 800)).toEqual({
    device: 'mobile',
    sidebarOpened: false,
  });
  expect(onResize({ device: 'mobile', sidebarOpened: false }, 1200)).toEqual({ device: 'desktop' });
  expect(onResize({ device: 'desktop', sidebarOpened: true }, 1300)).toEqual({});
  expect(onRouteChange({ device: 'mobile', sidebarOpened: true })).toEqual({ sidebarOpened: false });
  expect(onRouteChange({ device: 'desktop', sidebarOpened: true })).toEqual({});

  const backend = memoryBackend();
  const store = createSettingsStore(createStorage(backend), 1400);
  store.getState().resize(600);
  expect(store.getState()).toMatchObject({ device: 'mobile', sidebarOpened: false });
  // the automatic close does not overwrite the remembered desktop choice
  expect(backend.map.get('lighting_sidebarStatus__Number')).toBeUndefined();
  store.getState().setSidebarOpened(true);
  store.getState().routeChanged();
  expect(store.getState().sidebarOpened).toBe(false);
});

test('sizes map onto antd', () => {
  expect(antdSize('default')).toEqual({ componentSize: 'large', compact: false, token: {} });
  expect(antdSize('medium')).toEqual({ componentSize: 'middle', compact: false, token: {} });
  expect(antdSize('small')).toEqual({ componentSize: 'small', compact: false, token: {} });
  expect(antdSize('mini')).toEqual({
    componentSize: 'small',
    compact: true,
    token: { fontSize: 12, controlHeightSM: 20 },
  });
});
