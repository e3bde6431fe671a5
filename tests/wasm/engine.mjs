// What the WebAssembly tests share: the module (KAISHO_WASM, default
// build-wasm/kaisho-engine.wasm, made by scripts/build-wasm.sh) loaded through
// src/wasm/kaisho_engine.mjs, and the native `kaisho` to compare it with (KAISHO_NATIVE,
// default build/kaisho; the test command gives build-test/kaisho).
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { loadKaishoEngine } from "../../src/wasm/kaisho_engine.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const wasmPath = path.resolve(
  root,
  process.env.KAISHO_WASM || "build-wasm/kaisho-engine.wasm",
);
export const nativePath = path.resolve(root, process.env.KAISHO_NATIVE || "build/kaisho");

export async function loadEngine() {
  return loadKaishoEngine(fs.readFileSync(wasmPath));
}

const run = promisify(execFile);

// `kaisho ARGS...`'s standard output (a non-zero exit status throws).
export async function native(args) {
  const { stdout } = await run(nativePath, args, { maxBuffer: 1 << 24 });
  return stdout;
}

// Runs fn over items with at most `limit` at a time (the native searches are processes).
export async function eachLimited(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
