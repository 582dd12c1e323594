/**
 * Persistence codec (spec §9: "Local storage keys use a fixed prefix, with a type suffix (String, Number, Boolean,
 * Array, Object, Null)"). Backend-agnostic: pass `window.localStorage`, `sessionStorage` or an in-memory map.
 *
 * Stored key: `${prefix}${key}__${Type}`; value encoded as a string (JSON for Array and Object, '' for Null).
 * - `set` writes the new entry and removes entries of the same key with another type suffix.
 *   `set(key, undefined)` removes the key.
 * - `get` finds the entry whatever its suffix and decodes it to its type; missing or undecodable → fallback.
 * - `clear` removes only keys with our prefix.
 * Non-JSON values (functions, symbols, bigint) are not supported; Dates are stored as Object and come back as their
 * ISO string (JSON semantics).
 */

export interface StorageBackend {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

export type StoredType = 'String' | 'Number' | 'Boolean' | 'Array' | 'Object' | 'Null';

export const STORED_TYPES: readonly StoredType[] = ['String', 'Number', 'Boolean', 'Array', 'Object', 'Null'];
export const DEFAULT_STORAGE_PREFIX = 'lighting_';
export const TYPE_SEPARATOR = '__';

export function storedTypeOf(value: unknown): StoredType {
  if (value === null || value === undefined) return 'Null';
  if (typeof value === 'string') return 'String';
  if (typeof value === 'number') return 'Number';
  if (typeof value === 'boolean') return 'Boolean';
  if (Array.isArray(value)) return 'Array';
  return 'Object';
}

export function storageKey(prefix: string, key: string, type: StoredType): string {
  return `${prefix}${key}${TYPE_SEPARATOR}${type}`;
}

export function encodeValue(value: unknown): { type: StoredType; raw: string } {
  const type = storedTypeOf(value);
  switch (type) {
    case 'Null':
      return { type, raw: '' };
    case 'String':
      return { type, raw: value as string };
    case 'Number':
    case 'Boolean':
      return { type, raw: String(value) };
    case 'Array':
    case 'Object':
      return { type, raw: JSON.stringify(value) };
  }
}

/** Decode a raw stored string; throws on malformed content. */
export function decodeValue(type: StoredType, raw: string): unknown {
  switch (type) {
    case 'Null':
      return null;
    case 'String':
      return raw;
    case 'Number':
      return Number(raw);
    case 'Boolean':
      if (raw !== 'true' && raw !== 'false') throw new Error(`bad Boolean '${raw}'`);
      return raw === 'true';
    case 'Array': {
      const v: unknown = JSON.parse(raw);
      if (!Array.isArray(v)) throw new Error('stored Array is not an array');
      return v;
    }
    case 'Object': {
      const v: unknown = JSON.parse(raw);
      return v;
    }
  }
}

export interface TypedStorage {
  get<T = unknown>(key: string): T | undefined;
  get<T>(key: string, fallback: T): T;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  has(key: string): boolean;
  /** Unprefixed keys currently stored under our prefix. */
  keys(): string[];
  clear(): void;
}

export function createStorage(
  backend: StorageBackend,
  prefix: string = DEFAULT_STORAGE_PREFIX,
): TypedStorage {
  const find = (key: string): { type: StoredType; raw: string } | null => {
    for (const type of STORED_TYPES) {
      const raw = backend.getItem(storageKey(prefix, key, type));
      if (raw !== null) return { type, raw };
    }
    return null;
  };

  const removeOthers = (key: string, keep: StoredType | null): void => {
    for (const type of STORED_TYPES) if (type !== keep) backend.removeItem(storageKey(prefix, key, type));
  };

  const prefixedKeys = (): string[] => {
    const out: string[] = [];
    for (let i = 0; i < backend.length; i += 1) {
      const k = backend.key(i);
      if (k !== null && k.startsWith(prefix)) out.push(k);
    }
    return out;
  };

  function get<T>(key: string, fallback?: T): T | undefined {
    const found = find(key);
    if (!found) return fallback;
    try {
      // The stored type tag is the only runtime information; the caller's T is trusted (as with any storage read).
      return decodeValue(found.type, found.raw) as T;
    } catch {
      return fallback;
    }
  }

  return {
    get: get as TypedStorage['get'],
    set(key, value) {
      if (value === undefined) {
        removeOthers(key, null);
        return;
      }
      const { type, raw } = encodeValue(value);
      removeOthers(key, type);
      backend.setItem(storageKey(prefix, key, type), raw);
    },
    remove(key) {
      removeOthers(key, null);
    },
    has(key) {
      return find(key) !== null;
    },
    keys() {
      const names = new Set<string>();
      for (const k of prefixedKeys()) {
        const at = k.lastIndexOf(TYPE_SEPARATOR);
        const type = k.slice(at + TYPE_SEPARATOR.length);
        if (at >= prefix.length && (STORED_TYPES as readonly string[]).includes(type))
          names.add(k.slice(prefix.length, at));
      }
      return [...names];
    },
    clear() {
      for (const k of prefixedKeys()) backend.removeItem(k);
    },
  };
}

/** In-memory backend (tests, server-side rendering, or when localStorage is unavailable). */
export function createMemoryBackend(initial: Readonly<Record<string, string>> = {}): StorageBackend {
  const map = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (k) => (map.has(k) ? (map.get(k) ?? null) : null),
    setItem: (k, v) => {
      map.set(k, String(v));
    },
    removeItem: (k) => {
      map.delete(k);
    },
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}
