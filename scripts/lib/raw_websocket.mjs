// A WebSocket client written on a plain TCP socket, for tests and benchmarks that act as an
// abuser would: it can leave from any loopback source address (127.0.0.2, 127.0.0.3, ...: the
// server sees different addresses), send any header (a forged X-Forwarded-For, a foreign
// Origin or Host), stay silent, or send frames a browser never would. Node's own WebSocket
// can do none of that.
import net from "node:net";
import crypto from "node:crypto";
import zlib from "node:zlib";

/**
 * A masked client frame (opcode 1: text) of `text` (a string, or the bytes as a Buffer);
 * `rsv1` marks it compressed (permessage-deflate).
 */
export function frame(text, { opcode = 1, rsv1 = false } = {}) {
  const payload = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const len = payload.length;
  const first = 0x80 | (rsv1 ? 0x40 : 0) | opcode;
  const head =
    len < 126
      ? Buffer.from([first, 0x80 | len])
      : Buffer.from([first, 0x80 | 126, len >> 8, len & 255]);
  const body = Buffer.alloc(len);
  for (let i = 0; i < len; i++) body[i] = payload[i] ^ mask[i % 4];
  return Buffer.concat([head, mask, body]);
}

/**
 * The whole server frames (unmasked) at the start of `buf`: [{opcode, fin, rsv1, payload,
 * wire}] (`wire`: the frame's bytes on the wire, header included), and the rest of the buffer
 * (a frame not complete yet). A long message may come in several frames (see messages()).
 */
export function unframe(buf) {
  const frames = [];
  let at = 0;
  while (buf.length - at >= 2) {
    let len = buf[at + 1] & 127;
    let off = at + 2;
    if (len === 126) {
      if (buf.length - at < 4) break;
      len = buf.readUInt16BE(at + 2);
      off = at + 4;
    } else if (len === 127) {
      if (buf.length - at < 10) break;
      len = Number(buf.readBigUInt64BE(at + 2));
      off = at + 10;
    }
    if (buf.length < off + len) break;
    frames.push({
      opcode: buf[at] & 15,
      fin: (buf[at] & 0x80) !== 0,
      rsv1: (buf[at] & 0x40) !== 0,
      payload: buf.subarray(off, off + len),
      wire: off + len - at,
    });
    at = off + len;
  }
  return [frames, buf.subarray(at)];
}

/**
 * Joins fragmented messages: feed it each frame; it returns the text of each text message
 * once its last fragment has come (control frames are returned as {opcode, payload}).
 */
export function messageJoiner() {
  let parts = null;
  return (f) => {
    if (f.opcode >= 8) return f;
    if (f.opcode === 1) parts = [];
    if (parts === null) return null;
    parts.push(f.payload);
    if (!f.fin) return null;
    const text = Buffer.concat(parts).toString();
    parts = null;
    return text;
  };
}

/** A TCP connection to 127.0.0.1:port from `localAddress`, once connected. */
export function connectFrom(port, localAddress = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ port, host: "127.0.0.1", localAddress });
    sock.once("connect", () => resolve(sock));
    sock.once("error", reject);
  });
}

/** A message compressed by a server with no context takeover: inflated on its own. */
function inflate(payload) {
  return zlib.inflateRawSync(Buffer.concat([payload, Buffer.from([0, 0, 0xff, 0xff])]), {
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
}

/**
 * Opens a WebSocket to `path` from `localAddress` with `headers` (Host defaults to
 * 127.0.0.1:PORT). Resolves to {status, head, ws}: `ws` (when the status is 101) has
 * send(message), next(pred, ms), messages, closed (a promise of the close code, or null when
 * the connection ended without a close frame) and close(). With `deflate`, it offers
 * permessage-deflate and inflates what comes compressed (`ws.compressed` says whether the
 * server took the offer; the server compresses each message on its own). Every message
 * received has a non-enumerable `wireBytes`: its frames' bytes on the wire.
 */
export async function openWebSocket(
  port,
  { localAddress, path = "/ws", headers = {}, deflate = false } = {},
) {
  const sock = await connectFrom(port, localAddress);
  const lines = [`GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  const all = {
    Upgrade: "websocket",
    Connection: "Upgrade",
    "Sec-WebSocket-Key": crypto.randomBytes(16).toString("base64"),
    "Sec-WebSocket-Version": "13",
    ...(deflate ? { "Sec-WebSocket-Extensions": "permessage-deflate; client_max_window_bits" } : {}),
    ...headers,
  };
  for (const [k, v] of Object.entries(all))
    for (const value of Array.isArray(v) ? v : [v]) {
      if (k === "Host") lines[1] = `Host: ${value}`;
      else lines.push(`${k}: ${value}`);
    }
  sock.write(lines.join("\r\n") + "\r\n\r\n");
  let pending = Buffer.alloc(0);
  let head = null;
  let parts = null; // the message coming in fragments: {payloads, rsv1, wire}
  const messages = [];
  let waiters = [];
  let closeCode = undefined;
  let settleClosed;
  const closed = new Promise((r) => (settleClosed = r));
  const wake = () => (waiters = waiters.filter((w) => !w()));
  const opened = new Promise((resolve) => {
    sock.on("data", (d) => {
      pending = Buffer.concat([pending, d]);
      if (head === null) {
        const end = pending.indexOf("\r\n\r\n");
        if (end < 0) return;
        head = pending.subarray(0, end).toString();
        pending = pending.subarray(end + 4);
        resolve();
      }
      const [frames, rest] = unframe(pending);
      pending = rest;
      for (const f of frames) {
        if (f.opcode >= 8) {
          if (f.opcode === 8) closeCode = f.payload.length >= 2 ? f.payload.readUInt16BE(0) : 1005;
          continue;
        }
        if (f.opcode !== 0) parts = { payloads: [], rsv1: f.rsv1, wire: 0 };
        if (!parts) continue;
        parts.payloads.push(f.payload);
        parts.wire += f.wire;
        if (!f.fin) continue;
        const payload = Buffer.concat(parts.payloads);
        const m = JSON.parse((parts.rsv1 ? inflate(payload) : payload).toString());
        Object.defineProperty(m, "wireBytes", { value: parts.wire });
        messages.push(m);
        parts = null;
      }
      wake();
    });
    sock.on("close", () => {
      resolve();
      settleClosed(closeCode ?? null);
      wake();
    });
    sock.on("error", () => {});
  });
  await opened;
  const status = head ? Number(head.split(" ")[1]) : 0;
  if (status !== 101) {
    sock.destroy();
    return { status, head: head ?? "" };
  }
  const ws = {
    messages,
    closed,
    compressed: /permessage-deflate/i.test(head),
    socket: sock,
    send: (m, options) =>
      sock.write(frame(typeof m === "string" || Buffer.isBuffer(m) ? m : JSON.stringify(m), options)),
    close: () => sock.destroy(),
    /** The first message (not yet taken) that satisfies pred; rejects on close or after ms. */
    next(pred = () => true, ms = 15000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such message in ${ms} ms`)), ms);
        const check = () => {
          const i = messages.findIndex(pred);
          if (i >= 0) {
            clearTimeout(timer);
            resolve(messages.splice(i, 1)[0]);
            return true;
          }
          if (sock.destroyed) {
            clearTimeout(timer);
            reject(new Error("the connection closed"));
            return true;
          }
          return false;
        };
        if (!check()) waiters.push(check);
      });
    },
  };
  return { status, head, ws };
}
