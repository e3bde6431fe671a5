import { defineConfig } from "vitest/config";

// The client is served by `kaisho serve` from web/dist at the site root: the invite link
// /g/GROUP_ID must load the same index.html, so assets use absolute paths.
export default defineConfig({
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
  },
  server: {
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
