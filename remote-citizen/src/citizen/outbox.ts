// Safe submits on a weak network: what the citizen sent waits in an outbox on the phone (IndexedDB,
// photos included) until the server has it. Each item carries its idempotency key from the moment
// it is queued, so sending it again (the network came back, the page was opened again, two triggers
// at once) can never file twice. Photos already uploaded are remembered by name and not sent again.

export interface OutboxPhoto {
  blob?: Blob;
  name?: string;
}

export interface OutboxItem {
  /** The idempotency key. */
  id: string;
  kind: 'report' | 'feedback';
  body: Record<string, unknown>;
  photos: OutboxPhoto[];
  createdAt: number;
  /** Refused by the server (bad input): shown to the citizen, not retried. */
  error?: string;
}

export interface Kv {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

export interface Sender {
  upload(blob: Blob, onProgress: (pct: number) => void): Promise<{ name: string }>;
  post(item: OutboxItem, photoNames: string[]): Promise<unknown>;
  /** Whether an error is worth another try later (network, 5xx, throttled). */
  transient(e: unknown): boolean;
  message(e: unknown): string;
}

export interface FlushEvents {
  progress?(itemId: string, photoIndex: number, pct: number): void;
  sent?(item: OutboxItem, result: unknown): void;
}

const KEY = 'outbox';

/**
 * How long to wait before trying again after the `attempt`-th send in a row left items waiting (a
 * stalled or flaky network that fired no `online` event): 15 s, doubling, at most 5 minutes.
 */
export function retryDelay(attempt: number): number {
  return Math.min(300_000, 15_000 * 2 ** Math.max(0, Math.min(attempt, 10)));
}

export class Outbox {
  private running: Promise<void> | null = null;
  private gate: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly kv: Kv,
    private readonly sender: Sender,
  ) {}

  async list(): Promise<OutboxItem[]> {
    return (await this.kv.get<OutboxItem[]>(KEY)) ?? [];
  }

  private async save(items: OutboxItem[]): Promise<void> {
    await this.kv.set(KEY, items);
  }

  private async update(id: string, f: (i: OutboxItem) => OutboxItem | null): Promise<void> {
    const items = await this.list();
    const next: OutboxItem[] = [];
    for (const i of items) {
      if (i.id !== id) next.push(i);
      else {
        const u = f(i);
        if (u) next.push(u);
      }
    }
    await this.save(next);
  }

  async add(item: OutboxItem): Promise<void> {
    const items = await this.list();
    if (!items.some((i) => i.id === item.id)) await this.save([...items, item]);
  }

  async discard(id: string): Promise<void> {
    await this.update(id, () => null);
  }

  /**
   * Sends nothing until `p` settles: the page is finishing a sign-in (the chat app's OAuth coming
   * back), and what waits must be sent with that session, not before it as an anonymous report.
   */
  holdUntil(p: Promise<unknown>): void {
    this.gate = Promise.allSettled([this.gate, p]);
  }

  /** Sends what waits, one at a time; one run at a time (a second call joins the first). */
  flush(events: FlushEvents = {}): Promise<void> {
    this.running ??= this.gate
      .then(() => this.run(events))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async run(events: FlushEvents): Promise<void> {
    for (const item of await this.list()) {
      if (item.error) continue;
      try {
        const names: string[] = [];
        for (const [i, p] of item.photos.entries()) {
          if (p.name) {
            names.push(p.name);
            continue;
          }
          if (!p.blob) continue;
          const up = await this.sender.upload(p.blob, (pct) => events.progress?.(item.id, i, pct));
          names.push(up.name);
          await this.update(item.id, (x) => ({
            ...x,
            photos: x.photos.map((q, j) => (j === i ? { name: up.name } : q)),
          }));
        }
        const result = await this.sender.post(item, names);
        await this.discard(item.id);
        events.sent?.(item, result);
      } catch (e) {
        if (this.sender.transient(e)) return; // still offline: try again on the next trigger
        const message = this.sender.message(e);
        await this.update(item.id, (x) => ({ ...x, error: message }));
      }
    }
  }
}
