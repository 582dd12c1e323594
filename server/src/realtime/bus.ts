/**
 * Fan-out of deliveries across server instances. LocalBus delivers in-process; RedisBus publishes on a
 * Redis channel every instance subscribes to (including the publisher), and keeps a per-instance
 * presence set so onlineUsers covers the whole cluster.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Delivery } from './hub';

export interface Bus {
  publish(d: Delivery): Promise<void>;
  onDelivery(handler: (d: Delivery) => void): void;
  /** Records this instance's online users; returns nothing. */
  setPresence(userIds: string[]): Promise<void>;
  /** Online users across every instance (this one's given as `local`). */
  online(local: string[]): Promise<string[]>;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private handler: ((d: Delivery) => void) | null = null;

  publish(d: Delivery): Promise<void> {
    this.handler?.(d);
    return Promise.resolve();
  }

  onDelivery(handler: (d: Delivery) => void): void {
    this.handler = handler;
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

export class RedisBus implements Bus {
  readonly instanceId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly instancesKey: string;
  private handler: ((d: Delivery) => void) | null = null;
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
    this.instancesKey = `${prefix}:instances`;
    this.sub.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        this.handler?.(JSON.parse(message) as Delivery);
      } catch (err) {
        onError(err instanceof Error ? err : new Error(String(err)));
      }
    });
    this.ready = this.sub.subscribe(this.channel);
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
    const instances = await this.pub.smembers(this.instancesKey);
    const all = new Set(local);
    for (const id of instances) {
      if (id === this.instanceId) continue;
      const key = this.presenceKey(id);
      const [members, exists] = await Promise.all([this.pub.smembers(key), this.pub.exists(key)]);
      if (!exists) await this.pub.srem(this.instancesKey, id);
      members.forEach((u) => all.add(u));
    }
    return [...all];
  }

  async close(): Promise<void> {
    clearInterval(this.refresh);
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
