// A WebSocket stand-in for the client's unit tests: what is sent is kept, and the test opens,
// feeds and closes it by hand.
import type { SocketLike } from "../src/net/connection";

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url = "") {}
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  /** The server accepted the connection. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** A message from the server. */
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  /** The network dropped the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}
