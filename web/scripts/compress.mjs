// Writes a brotli (FILE.br, quality 11) and a gzip (FILE.gz, level 9) copy next to every
// compressible file of the built client, for `kaisho serve` to send by Accept-Encoding
// (src/server/net/content_encoding.hpp). Only Node's own zlib; run after `vite build`:
//   node scripts/compress.mjs [DIR]      (DIR: web/dist by default)
// A copy is kept only when it saves at least 5% of the file (a copy left from an earlier
// run that no longer does is removed; vite build empties dist/ anyway). Each copy is
// written to a temporary name and renamed, so a running server never reads half a copy.
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const root = process.argv[2] ?? join(here, "../dist");

// Text and other formats that are not compressed already (png, woff2, jpg... are).
const TEXT = new Set([".html", ".htm", ".js", ".mjs", ".cjs", ".css", ".svg", ".json"]);
TEXT.add(".webmanifest").add(".txt").add(".xml").add(".map").add(".md").add(".csv");
const BINARY = new Set([".ico", ".wasm", ".ttf", ".otf"]);
const COPIES = [".br", ".gz"];
const MIN_SAVING = 0.05;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

function writeAtomically(path, data) {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}

const rows = [];
for (const path of [...files(root)].sort()) {
  const ext = extname(path).toLowerCase();
  if (COPIES.includes(ext) || (!TEXT.has(ext) && !BINARY.has(ext))) continue;
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: TEXT.has(ext)
        ? constants.BROTLI_MODE_TEXT
        : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  const row = { file: relative(root, path), plain: data.length, gz: "-", br: "-" };
  for (const [suffix, copy] of [
    [".gz", gz],
    [".br", br],
  ]) {
    if (copy.length <= data.length * (1 - MIN_SAVING)) {
      writeAtomically(path + suffix, copy);
      row[suffix.slice(1)] = copy.length;
    } else {
      rmSync(path + suffix, { force: true });
    }
  }
  rows.push(row);
}

const width = Math.max(4, ...rows.map((r) => r.file.length));
console.log(
  `${"file".padEnd(width)} ${"plain".padStart(9)} ${"gzip".padStart(9)} ${"br".padStart(9)}`,
);
for (const r of rows) {
  console.log(
    `${r.file.padEnd(width)} ${String(r.plain).padStart(9)} ${String(r.gz).padStart(9)} ${String(r.br).padStart(9)}`,
  );
}
