import {
  createMemoryBackend,
  createStorage,
  decodeValue,
  encodeValue,
  storageKey,
  storedTypeOf,
  type StorageBackend,
} from './storage';

function setup(prefix?: string): {
  backend: StorageBackend;
  store: ReturnType<typeof createStorage>;
  raw: () => Record<string, string>;
} {
  const backend = createMemoryBackend();
  const store = createStorage(backend, prefix);
  const raw = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (let i = 0; i < backend.length; i += 1) {
      const k = backend.key(i);
      if (k !== null) out[k] = backend.getItem(k) ?? '';
    }
    return out;
  };
  return { backend, store, raw };
}

describe('storedTypeOf / encode / decode', () => {
  it('classifies values', () => {
    expect(storedTypeOf('a')).toBe('String');
    expect(storedTypeOf(1)).toBe('Number');
    expect(storedTypeOf(false)).toBe('Boolean');
    expect(storedTypeOf([1])).toBe('Array');
    expect(storedTypeOf({ a: 1 })).toBe('Object');
    expect(storedTypeOf(null)).toBe('Null');
  });
  it('round-trips every type', () => {
    for (const v of ['x', '', 0, -1.5, true, false, [1, 'a', null], { a: { b: [1] } }, null]) {
      const { type, raw } = encodeValue(v);
      expect(decodeValue(type, raw)).toEqual(v);
    }
  });
  it('storageKey', () => {
    expect(storageKey('lighting_', 'token', 'String')).toBe('lighting_token__String');
  });
  it('decode rejects malformed content', () => {
    expect(() => decodeValue('Boolean', 'yes')).toThrow();
    expect(() => decodeValue('Array', '{}')).toThrow();
    expect(() => decodeValue('Object', '{')).toThrow();
  });
});

describe('createStorage', () => {
  it('stores with the default prefix and a type suffix', () => {
    const { store, raw } = setup();
    store.set('token', 'abc');
    store.set('size', 3);
    store.set('opened', true);
    store.set('tabs', ['/home']);
    store.set('user', { id: 1 });
    store.set('nothing', null);
    expect(raw()).toEqual({
      lighting_token__String: 'abc',
      lighting_size__Number: '3',
      lighting_opened__Boolean: 'true',
      lighting_tabs__Array: '["/home"]',
      lighting_user__Object: '{"id":1}',
      lighting_nothing__Null: '',
    });
  });

  it('get decodes to the stored type', () => {
    const { store } = setup();
    store.set('token', 'abc');
    store.set('size', 3);
    store.set('opened', false);
    store.set('tabs', ['/home', '/profile']);
    store.set('user', { id: 1, name: 'x' });
    store.set('nothing', null);
    expect(store.get<string>('token')).toBe('abc');
    expect(store.get<number>('size')).toBe(3);
    expect(store.get<boolean>('opened')).toBe(false);
    expect(store.get<string[]>('tabs')).toEqual(['/home', '/profile']);
    expect(store.get('user')).toEqual({ id: 1, name: 'x' });
    expect(store.get('nothing', 'fallback')).toBeNull();
  });

  it('returns the fallback for missing or corrupt entries', () => {
    const backend = createMemoryBackend({ lighting_bad__Object: '{oops', lighting_flag__Boolean: 'maybe' });
    const store = createStorage(backend);
    expect(store.get('missing')).toBeUndefined();
    expect(store.get('missing', 7)).toBe(7);
    expect(store.get('bad', { ok: true })).toEqual({ ok: true });
    expect(store.get('flag', true)).toBe(true);
  });

  it('replaces an entry of another type on set', () => {
    const { store, raw } = setup();
    store.set('lock', '1');
    store.set('lock', 1);
    expect(raw()).toEqual({ lighting_lock__Number: '1' });
    expect(store.get('lock')).toBe(1);
    store.set('lock', [1]);
    expect(raw()).toEqual({ lighting_lock__Array: '[1]' });
  });

  it('finds an entry whatever its suffix (written by another client)', () => {
    const store = createStorage(createMemoryBackend({ lighting_sidebarStatus__Number: '0' }));
    expect(store.get('sidebarStatus')).toBe(0);
    expect(store.has('sidebarStatus')).toBe(true);
    expect(store.has('other')).toBe(false);
  });

  it('set(undefined) and remove delete every variant', () => {
    const backend = createMemoryBackend({
      lighting_a__String: 'x',
      lighting_a__Number: '1',
      other_a__String: 'keep',
    });
    const store = createStorage(backend);
    store.remove('a');
    expect(backend.length).toBe(1);
    store.set('b', 'y');
    store.set('b', undefined);
    expect(store.has('b')).toBe(false);
    expect(backend.getItem('other_a__String')).toBe('keep');
  });

  it('keys lists unprefixed names', () => {
    const backend = createMemoryBackend({
      lighting_a__String: 'x',
      lighting_b__c__Number: '1',
      lighting_junk: 'z',
      foreign: '1',
    });
    const store = createStorage(backend);
    expect(store.keys().sort()).toEqual(['a', 'b__c']);
    expect(store.get('b__c')).toBe(1);
  });

  it('clear removes only our prefix', () => {
    const backend = createMemoryBackend({ foreign: '1', other_x__String: 'y' });
    const store = createStorage(backend, 'app_');
    store.set('a', 1);
    store.set('b', { c: 2 });
    store.clear();
    expect(backend.length).toBe(2);
    expect(backend.getItem('foreign')).toBe('1');
    expect(store.keys()).toEqual([]);
  });

  it('supports a custom prefix', () => {
    const { store, raw } = setup('x:');
    store.set('k', 'v');
    expect(raw()).toEqual({ 'x:k__String': 'v' });
  });
});
