import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { oneDatabaseFiles } from './server/test/one-database.ts';

const apiTests = ['server/src/**/*.test.ts'];
const unitTests = [
  'bench/**/*.unit.test.ts',
  'contract/src/**/*.unit.test.ts',
  'server/src/**/*.unit.test.ts',
  'web/src/**/*.unit.test.ts',
];
/** React components rendered in happy-dom with Testing Library: a shared component's defect fails in seconds. */
const componentTests = ['web/src/**/*.unit.test.tsx'];
// A file that only means something on one database is named for it, so the other run does not
// open it (a file without any suite fails the run).
const pgliteOnly = ['server/src/**/*.pglite.test.ts'];
const postgresOnly = ['server/src/**/*.postgres.test.ts'];
// A file whose SQL the others already prove on PostgreSQL says so itself (`onPgliteOnly('…')`):
// read from the files, never a list here; the end of a full run checks each claim (server/test/statement-check.ts).
const provenElsewhere = oneDatabaseFiles(fileURLToPath(new URL('.', import.meta.url))).map((f) => f.file);

/**
 * `npm test` runs five projects: fast unit tests, component tests of the web app in happy-dom, the API tests through the real Fastify app on
 * the embedded database and again on a real PostgreSQL server the run starts itself, and the
 * browser journeys in Chromium (Debian's, or @sparticuz/chromium's from npm) against the built web app.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: unitTests } },
      {
        test: {
          name: 'web',
          include: componentTests,
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
          // One module graph per worker, not per file: React, MUI and the grid are imported once
          // (measured: 89 → 41 s for this project alone). The web app keeps no state in its modules
          // (each test renders with its own query client; setup.ts cleans the page, stubs and spies);
          // the files passed in shuffled orders.
          isolate: false,
          // A screen with the data grid renders in 2 s on a calm machine, 4–5 s beside a running suite.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          // One import of the app per worker, not per file: every test builds its own app and
          // database, and the files pass in shuffled orders (docs/benchmarks.md).
          isolate: false,
          include: apiTests,
          exclude: [...unitTests, ...componentTests, ...postgresOnly],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          // One import of the app per worker, not per file: every test builds its own app and
          // database, and the files pass in shuffled orders (docs/benchmarks.md).
          isolate: false,
          include: apiTests,
          exclude: [...unitTests, ...componentTests, ...pgliteOnly, ...provenElsewhere],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One module graph and one Chromium per worker, not per file (e2e/harness.ts): every
          // file still starts its own portal on its own database, with fresh browser contexts.
          isolate: false,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['server/test/global-setup.ts', 'e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page answers within a second when the machine is idle, not under a CI's load: polls
          // wait as long as a locator does (the harness's 10 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
