import path from "node:path";
import { defineConfig } from "vitest/config";

/** The multi-instance test: production servers behind nginx on PostgreSQL (needs `next build` first). */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["tests/cluster/**/*.test.ts"],
    hookTimeout: 240_000,
    testTimeout: 240_000,
    env: { AUTH_SECRET: "cluster-secret-0123456789abcdef0123456789" },
  },
});
