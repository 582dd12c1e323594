import { createDictionaryCache, type DictionaryEntry } from './dictionaryCache';

const entry = (enCode: string, names: string[]): DictionaryEntry => ({
  id: `id-${enCode}`,
  enCode,
  fullName: enCode,
  isTree: 0,
  dictionaryList: names.map((n) => ({ id: n, enCode: n, fullName: n })),
});

describe('dictionary cache', () => {
  it('fetches once for concurrent and later readers', async () => {
    let calls = 0;
    const cache = createDictionaryCache(async () => {
      calls += 1;
      return [entry('urgency', ['normal', 'urgent'])];
    });
    const [a, b] = await Promise.all([cache.load(), cache.load()]);
    expect(a).toBe(b);
    expect((await cache.items('urgency')).map((i) => i.enCode)).toEqual(['normal', 'urgent']);
    expect(await cache.items('id-urgency')).toHaveLength(2);
    expect(await cache.items('missing')).toEqual([]);
    expect(calls).toBe(1);
  });

  it('fetches again after a change invalidates it and tells subscribers', async () => {
    let version = 1;
    const cache = createDictionaryCache(async () => [
      entry(
        'kind',
        Array.from({ length: version }, (_, i) => `k${i}`),
      ),
    ]);
    expect(await cache.items('kind')).toHaveLength(1);
    let told = 0;
    const off = cache.subscribe(() => (told += 1));
    version = 2;
    cache.invalidate();
    expect(cache.peek()).toBeNull();
    expect(told).toBe(1);
    expect(await cache.items('kind')).toHaveLength(2);
    off();
    cache.invalidate();
    expect(told).toBe(1);
  });

  it('does not keep a failure, nor a stale answer that lands after invalidation', async () => {
    let fail = true;
    let resolveSlow: (v: DictionaryEntry[]) => void = () => undefined;
    let slow = false;
    const cache = createDictionaryCache(() => {
      if (slow) return new Promise<DictionaryEntry[]>((r) => (resolveSlow = r));
      if (fail) return Promise.reject(new Error('down'));
      return Promise.resolve([entry('fresh', ['x'])]);
    });
    await expect(cache.load()).rejects.toThrow('down');
    fail = false;
    slow = true;
    const stale = cache.load();
    cache.invalidate();
    slow = false;
    resolveSlow([entry('stale', [])]);
    await stale;
    expect(cache.peek()).toBeNull();
    expect((await cache.load())[0]!.enCode).toBe('fresh');
  });
});
