// The little of Node.js the unit tests use (they run in Node; the client has no Node types).
declare module "node:fs" {
  export function readFileSync(path: URL | string): Uint8Array;
}
