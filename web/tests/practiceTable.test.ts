// A practice table's group state, made in the page from the engine's snapshot: the seats in
// check as the server has them (the mated one too), and the person's name never blank (the
// greeted person, else the one greeted last on this device, else the site's guest).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { snapshotOf } from "../src/engine/protocol";
import { I18n } from "../src/i18n";
import {
  newPractice,
  practiceGroup,
  practicePerson,
  storedPerson,
} from "../src/session/localSession";
import { KEYS, memoryStorage } from "../src/state/storage";
import { Store } from "../src/state/store";
import { personName, seatPlayerName } from "../src/ui/names";
import { seatAndName } from "../src/ui/resultText";

const en = new I18n("en");
const ar = new I18n("ar");
const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
let engine: KaishoEngine;

beforeAll(async () => {
  engine = await loadKaishoEngine(readFileSync(WASM));
});

describe("check in a practice game", () => {
  it("is reported by the engine as the server reports it, the mated side too", () => {
    const mated = engine.newGame("shogi", "", "8k/7G1/7P1/9/9/9/9/9/K8 w - 1");
    const snap = snapshotOf(mated);
    expect(snap.inCheck).toEqual(["gote"]);
    expect(snap.result).toBe("win sente");
    const p = { ...newPractice("shogi"), status: "finished" as const, number: 1 };
    const g = practiceGroup("shogi", p, snap, 3, { id: "me", name: "Layla" });
    expect(g.table.game?.in_check).toEqual([1]);
    expect(g.table.game?.result).toMatchObject({ kind: "win", winner: 0, reason: "checkmate" });
    const start = engine.newGame("yonin", "", "");
    expect(snapshotOf(start).inCheck).toEqual([]);
    mated.delete();
    start.delete();
  });
});

describe("a practice player's name", () => {
  it("is the greeted person's, else the one greeted last on this device, else the site's default", () => {
    const store = new Store();
    const storage = memoryStorage();
    expect(practicePerson(store, storage)).toEqual({ id: "you", name: "", default_name: true });
    expect(personName("", "", true, en)).toBe("Guest");
    expect(personName("", "", true, ar)).toBe("ضيف");
    storage.set(
      KEYS.person,
      JSON.stringify({ id: "4f2a9c", name: "Guest 4f2a", default_name: true }),
    );
    expect(storedPerson(storage)).toEqual({ id: "4f2a9c", name: "Guest 4f2a", default_name: true });
    expect(practicePerson(store, storage).id).toBe("4f2a9c");
    store.update({ person: { id: "77aa", name: "Layla" } });
    expect(practicePerson(store, storage)).toEqual({ id: "77aa", name: "Layla" });
    storage.set(KEYS.person, "{broken");
    expect(storedPerson(storage)).toBeNull();
  });
  it("is never blank in a practice table's seats and result ('3rd South (Guest)')", () => {
    const p = { ...newPractice("yonin"), status: "playing" as const, number: 1 };
    const snap = snapshotOf(engine.newGame("yonin", "", ""));
    const g = practiceGroup("yonin", p, snap, 1, practicePerson(new Store(), memoryStorage()));
    const mine = g.table.seats[0]!;
    expect(seatPlayerName(g, mine, en)).toBe("Guest");
    expect(seatPlayerName(g, mine, ar)).toBe("ضيف");
    expect(seatAndName(en, g, 0)).not.toMatch(/\(\s*\)/);
    const known = practiceGroup("yonin", p, snap, 1, {
      id: "4f2a9c",
      name: "Guest 4f2a",
      default_name: true,
    });
    expect(seatPlayerName(known, known.table.seats[0]!, ar)).toBe("ضيف 4f2a");
  });
});
