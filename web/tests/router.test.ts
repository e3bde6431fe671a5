import { describe, expect, it } from "vitest";
import { inviteLink, parseRoute, routeUrl, type Route } from "../src/router";

const at = (pathname: string, hash = "", search = "") => parseRoute({ pathname, hash, search });

describe("routes", () => {
  it("reads the invite link path", () => {
    expect(at("/g/AbC_12-x")).toEqual({ page: "group", id: "AbC_12-x" });
    expect(at("/g/AbC/")).toEqual({ page: "group", id: "AbC" });
    expect(at("/g/")).toEqual({ page: "front" });
    expect(at("/g/bad%20id")).toEqual({ page: "front" });
  });
  it("reads hash routes", () => {
    expect(at("/", "#/rules/annan")).toEqual({ page: "rules", game: "annan" });
    expect(at("/", "#/rules")).toEqual({ page: "rules", game: null });
    expect(at("/", "#/rules/chess")).toEqual({ page: "rules", game: null });
    expect(at("/", "#/history")).toEqual({ page: "history" });
    expect(at("/", "#/g/XYZ")).toEqual({ page: "group", id: "XYZ" });
    expect(at("/", "")).toEqual({ page: "front" });
    expect(at("/unknown")).toEqual({ page: "front" });
  });
  it("reads the demo route", () => {
    expect(at("/", "", "?demo=yonin&seat=2")).toEqual({ page: "demo", game: "yonin", seat: 2 });
    expect(at("/", "", "?demo=shogi")).toEqual({ page: "demo", game: "shogi", seat: null });
    expect(at("/", "", "?demo=go")).toEqual({ page: "front" });
  });
  it("reads the practice route", () => {
    expect(at("/", "#/practice/annan")).toEqual({ page: "practice", game: "annan" });
    expect(at("/", "#/practice/chess")).toEqual({ page: "front" });
    expect(at("/", "#/practice")).toEqual({ page: "front" });
  });
  it("writes URLs that read back to the same route", () => {
    const routes: Route[] = [
      { page: "front" },
      { page: "group", id: "g1" },
      { page: "rules", game: "musashi" },
      { page: "rules", game: null },
      { page: "history" },
      { page: "record", id: 12 },
      { page: "demo", game: "hasami", seat: 1 },
      { page: "practice", game: "yonin" },
    ];
    for (const r of routes) {
      const u = new URL(routeUrl(r), "http://x");
      expect(parseRoute({ pathname: u.pathname, hash: u.hash, search: u.search })).toEqual(r);
    }
  });
  it("builds the invite link", () => {
    expect(inviteLink("https://kaisho.example", "Zq9")).toBe("https://kaisho.example/g/Zq9");
  });
});
