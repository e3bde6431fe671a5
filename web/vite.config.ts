import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";

// The engine's loader is the project's own (src/wasm/kaisho_engine.mjs, also used by the
// Node tests in tests/wasm/), imported where it is; the module is the one
// scripts/build-wasm.sh makes. Both live outside web/.
const loader = fileURLToPath(new URL("../src/wasm/kaisho_engine.mjs", import.meta.url));
const wasm = fileURLToPath(new URL("../build-wasm/kaisho-engine.wasm", import.meta.url));

/** `vite build` stops at once, saying what to run, when the module has not been built. */
function requireEngineModule(): Plugin {
  return {
    name: "kaisho-require-engine-module",
    apply: "build",
    buildStart() {
      if (!existsSync(wasm))
        this.error(
          `${wasm} is missing: the practice games need the engine module. Build it first ` +
            "(scripts/install-deps.sh --with-wasm && scripts/build-wasm.sh, docs/engine-wasm.md).",
        );
    },
  };
}

/**
 * Writes dist/sw.js (src/offline/sw.js): the service worker that keeps the built client for the
 * site to open with no network. Two lists: the shell the front page loads anyway (index.html,
 * what it references — its script and style sheet — and the small files at the root: icons in
 * SVG, the manifests), cached when the worker installs; and every other built file, cached when
 * first used (the engine's worker and module among them, also listed on their own: the page
 * asks for them once it has been idle a while). Its version is a hash of all the files, so a
 * new build replaces the old cache.
 */
function serviceWorker(): Plugin {
  let outDir = "";
  let failed = false;
  return {
    name: "kaisho-service-worker",
    apply: "build",
    buildEnd(error) {
      failed = !!error;
    },
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      if (failed) return;
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, e.name);
          if (e.isDirectory()) walk(path);
          else if (!/\.(br|gz)$/.test(e.name) && e.name !== "sw.js") files.push(path);
        }
      };
      walk(outDir);
      files.sort();
      const urls = files.map((f) => "/" + relative(outDir, f).split(sep).join("/"));
      const hash = createHash("sha256");
      files.forEach((f, i) => hash.update(urls[i]!).update(readFileSync(f)));
      const page = readFileSync(join(outDir, "index.html"), "utf8");
      const referenced = new Set([...page.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]));
      const shell = urls.filter(
        (u) =>
          u === "/index.html" ||
          (referenced.has(u) && !u.endsWith(".png")) ||
          /^\/[^/]+\.(svg|webmanifest)$/.test(u),
      );
      const later = urls.filter((u) => !shell.includes(u));
      const engine = later.filter((u) => /^\/assets\/(worker-[^/]*\.js|[^/]*\.wasm)$/.test(u));
      if (engine.length !== 2) throw new Error(`the engine files are not two: ${engine.join(" ")}`);
      const source = readFileSync(fileURLToPath(new URL("src/offline/sw.js", import.meta.url)));
      writeFileSync(
        join(outDir, "sw.js"),
        `self.KAISHO_VERSION = ${JSON.stringify(hash.digest("hex").slice(0, 16))};\n` +
          `self.KAISHO_PRECACHE = ${JSON.stringify(shell)};\n` +
          `self.KAISHO_LATER = ${JSON.stringify(later)};\n` +
          `self.KAISHO_ENGINE = ${JSON.stringify(engine)};\n${source}`,
      );
    },
  };
}

// The client is served by `kaisho serve` from web/dist at the site root: the invite link
// /g/GROUP_ID must load the same index.html, so assets use absolute paths.
export default defineConfig({
  base: "/",
  plugins: [requireEngineModule(), serviceWorker()],
  resolve: {
    alias: [
      { find: "@kaisho/engine-loader", replacement: loader },
      // With its query (`?url`: the module's URL in the build).
      { find: /^@kaisho\/engine-wasm(\?.*)?$/, replacement: `${wasm}$1` },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
  },
  // The engine's worker is a module worker (src/engine/client.ts).
  worker: { format: "es" },
  server: {
    // The loader and the module are outside web/.
    fs: { allow: [".", loader, wasm] },
    // `npm run dev` against a running server: KAISHO_URL=http://127.0.0.1:8080 npm run dev
    proxy: process.env.KAISHO_URL
      ? { "/ws": { target: process.env.KAISHO_URL.replace(/^http/, "ws"), ws: true } }
      : undefined,
  },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    reporters: ["default"],
  },
});
