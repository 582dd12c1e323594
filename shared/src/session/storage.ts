// The browser's persisted store: localStorage through the typed-suffix codec of spec §9.
import { createStorage } from '../core/storage';

const memory = new Map<string, string>();
const fallback = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
  key: (i: number) => [...memory.keys()][i] ?? null,
  get length() {
    return memory.size;
  },
};

export const storage = createStorage(typeof localStorage === 'undefined' ? fallback : localStorage);
