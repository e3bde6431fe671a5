// When a page that needs the server says it is offline instead of "Loading…" (pages/offline.ts).
import { describe, expect, it } from "vitest";
import { isOffline } from "../src/pages/offline";

describe("a page that needs the server", () => {
  it("says it is offline once the connection has failed once the connection has failed, not while a first attempt is under way", () => {
    expect(isOffline({ connection: "connecting", reconnectAttempt: 0 })).toBe(false);
    expect(isOffline({ connection: "open", reconnectAttempt: 0 })).toBe(false);
    expect(isOffline({ connection: "closed", reconnectAttempt: 0 })).toBe(true);
    expect(isOffline({ connection: "connecting", reconnectAttempt: 2 })).toBe(true);
  });
});
