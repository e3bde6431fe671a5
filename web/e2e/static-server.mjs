// Serves web/dist with the single-page fallback (/g/ID → index.html), for the demo
// screenshots and the practice game opened with no network (no game server needed). Not used
// against a real server.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const DIST = fileURLToPath(new URL("../dist/", import.meta.url));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".webmanifest": "application/manifest+json",
};

/** `csp`: a content security policy sent with every file (none by default). */
export function serveDist(port = 0, { csp } = {}) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0])).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    let file = join(DIST, path);
    let body;
    try {
      body = await readFile(file);
    } catch {
      file = join(DIST, "index.html");
      body = await readFile(file);
    }
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    res.writeHead(200, {
      "content-type": type,
      ...(csp ? { "content-security-policy": csp } : {}),
    });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
