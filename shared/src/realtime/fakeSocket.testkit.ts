// A stand-in for the browser's WebSocket in the realtime tests (rxjs's webSocket drives it).
export class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.last = this;
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: object) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  /** The server ends the connection: cleanly (a restart) or not (a dropped network). */
  drop(wasClean: boolean) {
    this.readyState = 3;
    this.onclose?.({ wasClean, code: wasClean ? 1001 : 1006 });
  }
}
