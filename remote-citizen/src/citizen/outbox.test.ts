import { Outbox, retryDelay, type Kv, type OutboxItem, type Sender } from './outbox';

function memoryKv(): Kv & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(k: string) => Promise.resolve(structuredClone(data.get(k)) as T | undefined),
    set: (k, v) => {
      data.set(k, structuredClone(v));
      return Promise.resolve();
    },
  };
}

class Offline extends Error {}

/** A server that files each idempotency key once, and a network that can be down. */
function fakeServer() {
  const filed = new Map<string, string[]>();
  let uploads = 0;
  const state = { online: false };
  const sender: Sender = {
    upload: () => {
      if (!state.online) return Promise.reject(new Offline());
      uploads++;
      return Promise.resolve({ name: `p${uploads}` });
    },
    post: (item, names) => {
      if (!state.online) return Promise.reject(new Offline());
      if (item.body.bad) return Promise.reject(new Error('category: 未知的故障类型'));
      if (!filed.has(item.id)) filed.set(item.id, names);
      return Promise.resolve({ id: item.id });
    },
    transient: (e) => e instanceof Offline,
    message: (e) => (e instanceof Error ? e.message : String(e)),
  };
  return { filed, sender, state, uploads: () => uploads };
}

const item = (id: string, extra: Partial<OutboxItem> = {}): OutboxItem => ({
  id,
  kind: 'report',
  body: { category: 'notLit' },
  photos: [{ blob: new Blob(['a']) }, { blob: new Blob(['b']) }],
  createdAt: 1,
  ...extra,
});

describe('Outbox', () => {
  it('keeps an item while offline and sends it once when the network returns', async () => {
    const kv = memoryKv();
    const s = fakeServer();
    const box = new Outbox(kv, s.sender);
    await box.add(item('k1'));
    await box.add(item('k1'));
    await box.flush();
    expect(await box.list()).toHaveLength(1);
    expect(s.filed.size).toBe(0);
    s.state.online = true;
    const sent: string[] = [];
    await Promise.all([box.flush({ sent: (i) => sent.push(i.id) }), box.flush()]);
    expect(sent).toEqual(['k1']);
    expect(s.filed.get('k1')).toEqual(['p1', 'p2']);
    expect(await box.list()).toEqual([]);
  });

  it('does not upload a photo twice when the post fails after the uploads', async () => {
    const kv = memoryKv();
    const s = fakeServer();
    s.state.online = true;
    const post = s.sender.post;
    let calls = 0;
    s.sender.post = (i, n) => (++calls === 1 ? Promise.reject(new Offline()) : post(i, n));
    const box = new Outbox(kv, s.sender);
    await box.add(item('k2'));
    await box.flush();
    expect((await box.list())[0]?.photos).toEqual([{ name: 'p1' }, { name: 'p2' }]);
    await box.flush();
    expect(s.uploads()).toBe(2);
    expect(s.filed.get('k2')).toEqual(['p1', 'p2']);
  });

  it('marks an item the server refuses and goes on with the next', async () => {
    const kv = memoryKv();
    const s = fakeServer();
    s.state.online = true;
    const box = new Outbox(kv, s.sender);
    await box.add(item('bad', { body: { bad: true }, photos: [] }));
    await box.add(item('good', { photos: [] }));
    await box.flush();
    const left = await box.list();
    expect(left.map((i) => [i.id, i.error])).toEqual([['bad', 'category: 未知的故障类型']]);
    expect([...s.filed.keys()]).toEqual(['good']);
    await box.discard('bad');
    expect(await box.list()).toEqual([]);
  });

  it('sends nothing before a sign-in the page is finishing, then sends with it', async () => {
    const kv = memoryKv();
    const s = fakeServer();
    s.state.online = true;
    const token = { value: '' };
    const withToken: string[] = [];
    const post = s.sender.post;
    s.sender.post = (i, n) => {
      withToken.push(token.value);
      return post(i, n);
    };
    const box = new Outbox(kv, s.sender);
    await box.add(item('wx', { photos: [] }));
    let finish: () => void = () => undefined;
    box.holdUntil(
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    const sending = box.flush();
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    expect(s.filed.size).toBe(0);
    token.value = 'session';
    finish();
    await sending;
    expect(withToken).toEqual(['session']);
    expect([...s.filed.keys()]).toEqual(['wx']);
  });

  it('waits longer after each send that left items waiting, up to 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(retryDelay)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });
});
