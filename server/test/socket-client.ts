/** A socket client for the server tests: records every message and close, with waits for them. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export interface Msg {
  method: string;
  [k: string]: unknown;
}

/** A socket client that records every message and close, with waits for them. */
export class Client {
  readonly messages: Msg[] = [];
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Msg);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const c = new Client(ws);
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  async until<T>(check: () => T | undefined, what: string, ms = 3000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = check();
      if (v !== undefined) return v;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out waiting for ${what}; got ${JSON.stringify(this.messages)} close=${this.closeCode}`,
        );
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  next(method: string, ms?: number): Promise<Msg> {
    return this.until(() => this.messages.find((m) => m.method === method), `"${method}"`, ms);
  }

  /** The first message matching `pred` (already received or yet to come). */
  nextWhere(pred: (m: Msg) => boolean, what: string, ms?: number): Promise<Msg> {
    return this.until(() => this.messages.find(pred), what, ms);
  }

  closed(ms?: number): Promise<number> {
    return this.until(() => this.closeCode ?? undefined, 'close', ms);
  }

  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }

  async connect(token: string): Promise<Msg> {
    this.send({ method: 'OnConnection', token, mobileDevice: false });
    return this.next('initMessage');
  }

  close(): void {
    this.ws.close();
  }
}

export const wsUrl = (app: FastifyInstance): string =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/message/websocket`;
