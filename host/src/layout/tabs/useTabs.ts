// The open tabs of this page (zustand over the pure transitions of ./tabModel). They are kept in
// sessionStorage for the session that opened them, so a reload — an address typed in the address
// bar — lands on that address with the console's tabs still open.
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
  /** Takes the tabs this browser tab kept for the session `owner` (once, when the console opens). */
  restore: (owner: string) => void;
}

export const HOME_TAB: m.TabView = { path: '/home', title: 'home', affix: true, key: 0 };
const STORAGE_KEY = 'lighting_tabs';

/** The session the tabs belong to (a prefix of its token: enough to tell two sign-ins apart). */
let owner = '';
const keep = (tabs: m.TabView[]) => {
  try {
    if (owner) sessionStorage.setItem(STORAGE_KEY, m.storedTabs(owner, tabs));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage unavailable: tabs last as long as the page */
  }
};

export const useTabs = create<TabsState>()((set) => ({
  tabs: [HOME_TAB],
  add: (t) => set((s) => ({ tabs: m.addTab(s.tabs, t) })),
  update: (t) => set((s) => ({ tabs: m.updateTab(s.tabs, t) })),
  close: (p) => set((s) => ({ tabs: m.closeTab(s.tabs, p) })),
  closeOthers: (p) => set((s) => ({ tabs: m.closeOthers(s.tabs, p) })),
  closeAll: () => set((s) => ({ tabs: m.closeAll(s.tabs) })),
  closeRight: (p) => set((s) => ({ tabs: m.closeRight(s.tabs, p) })),
  refresh: (p) => set((s) => ({ tabs: m.refreshTab(s.tabs, p) })),
  reset: () => {
    owner = '';
    set({ tabs: [HOME_TAB] });
  },
  restore: (by) => {
    if (owner === by) return;
    owner = by;
    let raw: string | null = null;
    try {
      raw = sessionStorage.getItem(STORAGE_KEY);
    } catch {
      /* none kept */
    }
    set({ tabs: m.restoreTabs(raw, by, HOME_TAB) ?? [HOME_TAB] });
  },
}));

useTabs.subscribe((s) => keep(s.tabs));
