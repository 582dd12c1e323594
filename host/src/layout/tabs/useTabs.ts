// The open tabs of this page (zustand over the pure transitions of ./tabModel).
import { create } from 'zustand';
import * as m from './tabModel';

export interface TabsState {
  tabs: m.TabView[];
  add: (t: m.TabInput) => void;
  update: (t: m.TabInput) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  closeRight: (path: string) => void;
  refresh: (path: string) => void;
  reset: () => void;
}

export const HOME_TAB: m.TabView = { path: '/home', title: 'home', affix: true, key: 0 };

export const useTabs = create<TabsState>()((set) => ({
  tabs: [HOME_TAB],
  add: (t) => set((s) => ({ tabs: m.addTab(s.tabs, t) })),
  update: (t) => set((s) => ({ tabs: m.updateTab(s.tabs, t) })),
  close: (p) => set((s) => ({ tabs: m.closeTab(s.tabs, p) })),
  closeOthers: (p) => set((s) => ({ tabs: m.closeOthers(s.tabs, p) })),
  closeAll: () => set((s) => ({ tabs: m.closeAll(s.tabs) })),
  closeRight: (p) => set((s) => ({ tabs: m.closeRight(s.tabs, p) })),
  refresh: (p) => set((s) => ({ tabs: m.refreshTab(s.tabs, p) })),
  reset: () => set({ tabs: [HOME_TAB] }),
}));
