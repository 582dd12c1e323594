/**
 * Fan-out of deliveries across server instances. LocalBus delivers in-process; RedisBus publishes on a
 * Redis channel every instance subscribes to (including the publisher), and keeps a per-instance
 * presence set so onlineUsers covers the whole cluster.
 *
 * The bus also carries cache invalidations (revoked tokens, changed access) to the OTHER instances:
 * the publishing instance has already applied them to its own caches, synchronously. RedisBus waits
 * (bounded) until every subscribed instance has acknowledged applying one, so once a Logout or a role
 * change has been answered, no instance answers from the old state.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Delivery } from './hub';

/** What other instances must drop from their caches. `all`: everything (e.g. after missed messages). */
export type Invalidation =
  { kind: 'tokens'; tokens: string[] } | { kind: 'access'; userId?: string } | { kind: 'all' };

export interface Bus {
  publish(d: Delivery): Promise<void>;
  onDelivery(handler: (d: Delivery) => void): void;
  /** Tells the other instances (never this one) to drop cached state. */
  publishInvalidation(m: Invalidation): Promise<void>;
  onInvalidation(handler: (m: Invalidation) => void): void;
  /** Records this instance's online users; returns nothing. */
  setPresence(userIds: string[]): Promise<void>;
  /** Online users across every instance (this one's given as `local`). */
  online(local: string[]): Promise<string[]>;
  /** The command connection shared with other per-cluster state (rate limits); null on one instance. */
  readonly redis: Redis | null;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private handler: ((d: Delivery) => void) | null = null;
  readonly redis = null;

  publish(d: Delivery): Promise<void> {
    this.handler?.(d);
    return Promise.resolve();
  }

  onDelivery(handler: (d: Delivery) => void): void {
    this.handler = handler;
  }

  /** A single instance: nobody else to tell. */
  publishInvalidation(): Promise<void> {
    return Promise.resolve();
  }

  onInvalidation(): void {
    /* nothing ever arrives */
  }

  setPresence(): Promise<void> {
    return Promise.resolve();
  }

  online(local: string[]): Promise<string[]> {
    return Promise.resolve(local);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const PRESENCE_TTL_SECONDS = 90;
/** How long an invalidation waits for the other instances' acknowledgements. */
const ACK_TIMEOUT_MS = 1000;

export class RedisBus implements Bus {
  readonly instanceId = randomUUID();
  private readonly pub: Redis;
  get redis(): Redis {
    return this.pub;
  }
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly invalidationChannel: string;
  private readonly ackChannel: string;
  private readonly instancesKey: string;
  /** Invalidations of this instance waiting for acknowledgements: id → remaining count. */
  private readonly awaitingAcks = new Map<
    string,
    { remaining: number; counted: boolean; done: () => void }
  >();
  private handler: ((d: Delivery) => void) | null = null;
  private invalidationHandler: ((m: Invalidation) => void) | null = null;
  private subscribedOnce = false;
  private ready: Promise<unknown>;
  private refresh: NodeJS.Timeout;
  private lastPresence: string[] = [];

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly onError: (err: Error) => void,
  ) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.channel = `${prefix}:realtime`;
    this.invalidationChannel = `${prefix}:invalidate`;
    this.ackChannel = this.ackChannelOf(this.instanceId);
    this.instancesKey = `${prefix}:instances`;
    this.sub.on('message', (channel: string, message: string) => {
      try {
        if (channel === this.channel) this.handler?.(JSON.parse(message) as Delivery);
        else if (channel === this.invalidationChannel) {
          const { from, id, ...m } = JSON.parse(message) as Invalidation & { from: string; id: string };
          // Our own message comes back too: it counts as our acknowledgement (already applied).
          if (from === this.instanceId) this.acknowledged(id);
          else {
            this.invalidationHandler?.(m as Invalidation);
            void this.pub.publish(this.ackChannelOf(from), id).catch(onError);
          }
        } else if (channel === this.ackChannel) this.acknowledged(message);
      } catch (err) {
        onError(err instanceof Error ? err : new Error(String(err)));
      }
    });
    // While the subscriber is cut off, invalidations are lost: drop every cache when it goes down
    // and again once it is back (ioredis resubscribes by itself).
    this.sub.on('close', () => {
      if (this.subscribedOnce) this.invalidationHandler?.({ kind: 'all' });
    });
    this.sub.on('ready', () => {
      if (this.subscribedOnce) this.invalidationHandler?.({ kind: 'all' });
    });
    this.ready = this.sub.subscribe(this.channel, this.invalidationChannel, this.ackChannel).then((n) => {
      this.subscribedOnce = true;
      return n;
    });
    // Keep this instance's presence alive while it runs; a crashed instance's set expires.
    this.refresh = setInterval(
      () => void this.setPresence(this.lastPresence).catch(onError),
      (PRESENCE_TTL_SECONDS / 3) * 1000,
    );
    this.refresh.unref();
  }

  /** Resolves once the subscription is active (tests wait for it before publishing). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(d: Delivery): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(d));
  }

  onDelivery(handler: (d: Delivery) => void): void {
    this.handler = handler;
  }

  private ackChannelOf(instanceId: string): string {
    return `${this.prefix}:invalidate-ack:${instanceId}`;
  }

  private acknowledged(id: string): void {
    const w = this.awaitingAcks.get(id);
    if (!w) return;
    w.remaining -= 1;
    if (w.counted && w.remaining <= 0) w.done();
  }

  /** Resolves once every subscriber (this instance included) has applied it, or after ACK_TIMEOUT_MS. */
  async publishInvalidation(m: Invalidation): Promise<void> {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const acked = new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.awaitingAcks.delete(id);
        resolve();
      };
      // Counted down by acknowledgements; set to the receiver count once PUBLISH answers.
      this.awaitingAcks.set(id, { remaining: 0, counted: false, done });
      timer = setTimeout(() => {
        const left = this.awaitingAcks.get(id)?.remaining ?? 0;
        if (left > 0) this.onError(new Error(`invalidation not acknowledged by ${left} subscriber(s)`));
        done();
      }, ACK_TIMEOUT_MS);
      timer.unref();
    });
    try {
      const receivers = await this.pub.publish(
        this.invalidationChannel,
        JSON.stringify({ ...m, from: this.instanceId, id }),
      );
      const w = this.awaitingAcks.get(id);
      if (w) {
        // Acknowledgements that arrived before PUBLISH answered were counted below zero.
        w.remaining += receivers;
        w.counted = true;
        if (w.remaining <= 0) w.done();
      }
    } catch (err) {
      this.awaitingAcks.get(id)?.done();
      throw err;
    }
    await acked;
  }

  onInvalidation(handler: (m: Invalidation) => void): void {
    this.invalidationHandler = handler;
  }

  private presenceKey(instanceId: string): string {
    return `${this.prefix}:presence:${instanceId}`;
  }

  async setPresence(userIds: string[]): Promise<void> {
    this.lastPresence = userIds;
    const key = this.presenceKey(this.instanceId);
    const m = this.pub.multi().del(key);
    if (userIds.length > 0) m.sadd(key, ...userIds).expire(key, PRESENCE_TTL_SECONDS);
    m.sadd(this.instancesKey, this.instanceId);
    await m.exec();
  }

  async online(local: string[]): Promise<string[]> {
    const instances = (await this.pub.smembers(this.instancesKey)).filter((id) => id !== this.instanceId);
    const all = new Set(local);
    if (instances.length === 0) return [...all];
    // One pipelined round trip for every other instance (not two per instance).
    const m = this.pub.multi();
    for (const id of instances) m.smembers(this.presenceKey(id)).exists(this.presenceKey(id));
    const replies = (await m.exec()) ?? [];
    const gone: string[] = [];
    instances.forEach((id, i) => {
      const members = (replies[2 * i]?.[1] ?? []) as string[];
      const exists = Number(replies[2 * i + 1]?.[1] ?? 0);
      if (!exists) gone.push(id);
      members.forEach((u) => all.add(u));
    });
    if (gone.length > 0) await this.pub.srem(this.instancesKey, ...gone);
    return [...all];
  }

  async close(): Promise<void> {
    clearInterval(this.refresh);
    [...this.awaitingAcks.values()].forEach((w) => w.done());
    try {
      await this.pub
        .multi()
        .del(this.presenceKey(this.instanceId))
        .srem(this.instancesKey, this.instanceId)
        .exec();
    } catch {
      /* Redis gone: presence expires by itself */
    }
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
