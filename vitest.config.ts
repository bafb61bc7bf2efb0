import { defineConfig } from 'vitest/config';
import path from 'node:path';

// The web imports shared pure rules as @domain/... (the alias of web/vite.config.ts).
const alias = { '@domain': path.resolve(import.meta.dirname, 'server/domain') };

// Three suites: unit (pure code), api (the Hono app in-process over a database: PGlite, or
// PostgreSQL when DATABASE_URL is set) and e2e (the built app in Debian's Chromium).
export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', testTimeout: 20_000, include: ['server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'] } },
      // api files share their worker's modules (no isolation): the server's module graph loads once per
      // worker instead of once per file (~5 s each). Every file builds its own app and database.
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, isolate: false } },
      {
        test: {
          name: 'e2e', include: ['tests/e2e/**/*.e2e.ts'], testTimeout: 120_000, hookTimeout: 300_000,
          // One file at a time in one worker that keeps its modules: each file starts its own server and
          // Chromium, and the harness's imports (playwright, the test database helpers) load once, not 51 times.
          fileParallelism: false, isolate: false,
        },
      },
    ],
  },
});
