import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import path from 'node:path';

// The web imports shared pure rules as @domain/... (the alias of web/vite.config.ts).
const alias = { '@domain': path.resolve(import.meta.dirname, 'server/domain') };

// Three suites: unit (pure code), api (the Hono app in-process over a database: PGlite, or
// PostgreSQL when DATABASE_URL is set) and e2e (the built app in Debian's Chromium).
/**
 * Files that take minutes, started first in their project. Without a results cache (a clean CI
 * checkout) vitest starts files it has no timings of largest first, and the site walks, small files
 * that take the longest (2–3 min each), would start last and leave the other e2e worker idle.
 */
const LONGEST_FIRST = ['tests/e2e/site-walk-admin.e2e.ts', 'tests/e2e/site-walk-roles.e2e.ts'];
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Within each project (vitest's order of projects and groups kept), the listed files first, the rest as vitest had them.
    const byProject = new Map<string, TestSpecification[]>();
    for (const f of await super.sort(files)) byProject.set(f.project.name, [...(byProject.get(f.project.name) ?? []), f]);
    return [...byProject.values()].flatMap((list) =>
      list
        .map((f, i) => ({ f, i }))
        .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
        .map(({ f }) => f),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // Two files at a time in the unit and api projects too (vitest's default on two cores is one; an api
    // file waits on its app's start and on timers much of the time). Ten api files alone: 38.7 → 31.7 s.
    // In the CI run, together with the template databases and the shared schema registry of the same
    // change (tests/helpers/test-app.ts): the api files 975 → 684 s, then the unit files 232 → 198 s.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
          include: ['server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
        },
      },
      // api files share their worker's modules (no isolation): the server's module graph loads once per
      // worker instead of once per file (~5 s each). Every file builds its own app and database.
      // An error the server logs during an api test fails it (tests/support/server-errors.ts).
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 0 },
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/support/server-errors.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A screen's answers wait on the server like the locators do (Playwright: 30 s), not vitest's 1 s
          // default: on a busy CI machine a profile's brand could come after 1 s (the WIZ-002 flake).
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time, each with its own server, data and Chromium: one file leaves about 40 % of two
          // cores idle (measured: 7 files in 181 s instead of 273 s). Workers keep their modules, so the
          // harness's imports (playwright, the test database helpers) load once per worker, not once per file.
          maxWorkers: 2,
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          // After the unit and api files (group 0): a project with its own worker count runs as a group of its own.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
