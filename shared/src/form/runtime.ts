// What every control of one rendered form shares (effects): the mode and a workflow node's
// operates, the model, the related records shown by relationFormAttr, and the sub-tables' cell
// errors. Small keyed stores with per-key subscriptions, so a change re-renders only its readers.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { FieldOperate, FormField, FormLang } from '@lighting/shared/formcore';
import { relationRecord } from './api';

export class KeyedStore<T> {
  private values = new Map<string, T>();
  private listeners = new Map<string, Set<() => void>>();

  get(key: string): T | undefined {
    return this.values.get(key);
  }

  set(key: string, value: T | undefined): void {
    if (this.values.get(key) === value) return;
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    this.listeners.get(key)?.forEach((l) => l());
  }

  clear(): void {
    const keys = [...this.values.keys()];
    this.values.clear();
    for (const k of keys) this.listeners.get(k)?.forEach((l) => l());
  }

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
}

export function useKeyed<T>(store: KeyedStore<T>, key: string): T | undefined {
  return useSyncExternalStore(
    (l) => store.subscribe(key, l),
    () => store.get(key),
    () => store.get(key),
  );
}

/** A related record as loaded for one relationForm value. */
export interface RelationEntry {
  id: string;
  record: Record<string, unknown> | null;
}

export interface Runtime {
  mode: 'edit' | 'read';
  /** the reader's language: formcore's messages (required, regList presets) are said in it */
  lang: FormLang;
  operates: ReadonlyMap<string, FieldOperate>;
  formDisabled: boolean;
  modelId: string | undefined;
  /** where dynamic choice fields get their options (`?field=`) when not through the model */
  optionsUrl?: string;
  /** relationForm fields by data key ('order', 'items.order'), for relationFormAttr */
  relationFields: ReadonlyMap<string, FormField>;
  /** related records by relation key (a main field's key, or 'items#rowKey.order' in a row) */
  relations: KeyedStore<RelationEntry>;
  /** cell errors by sub-table key: { 'rowIndex.column': message } */
  cellErrors: KeyedStore<Record<string, string>>;
}

export function createRuntime(init: Omit<Runtime, 'relations' | 'cellErrors'>): Runtime {
  return { ...init, relations: new KeyedStore(), cellErrors: new KeyedStore() };
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const rt = useContext(RuntimeContext);
  if (!rt) throw new Error('form controls render inside FormRenderer');
  return rt;
}

const loading = new Map<string, Promise<void>>();

/**
 * The record a relationForm value points to, loaded once per (key, id) through DataChange and
 * kept in the runtime so relationFormAttr shows its fields.
 */
export function useRelationRecord(
  key: string,
  modelId: string | undefined,
  id: unknown,
): Record<string, unknown> | null | undefined {
  const rt = useRuntime();
  const entry = useKeyed(rt.relations, key);
  const wanted = typeof id === 'string' || typeof id === 'number' ? String(id) : '';
  useEffect(() => {
    if (!wanted || !modelId) {
      if (rt.relations.get(key)) rt.relations.set(key, undefined);
      return;
    }
    if (rt.relations.get(key)?.id === wanted) return;
    const tag = `${key}|${modelId}|${wanted}`;
    if (loading.has(tag)) return;
    const p = relationRecord(modelId, wanted).then(
      (record) => rt.relations.set(key, { id: wanted, record }),
      () => rt.relations.set(key, { id: wanted, record: null }),
    );
    loading.set(tag, p);
    void p.finally(() => loading.delete(tag));
  }, [rt, key, modelId, wanted]);
  return entry && entry.id === wanted ? entry.record : undefined;
}
