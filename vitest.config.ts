import { availableParallelism } from 'node:os'
import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'

/*
 * Two tiers, one `vitest run`:
 *   unit         pure modules, no database
 *   integration  services against PostgreSQL: a fresh database per test file, copied from one
 *                migrated template (tests/support/db.ts), on TEST_DATABASE_URL's server or else on
 *                an embedded PostgreSQL the globalSetup starts (tests/support/postgres-server.ts).
 * Pick one with `vitest run --project <name>`. Playwright specs (tests/e2e) are not Vitest's. A test
 * that stalls fails on the timeouts below.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    setupFiles: ['tests/support/vitest-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One file per core: Vitest's default leaves one core idle (docs/testing.md).
    maxWorkers: availableParallelism(),
    // CI: dots, so the log stays short enough to read whole.
    reporters: process.env.CI ? ['dot'] : ['default'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/postgres-server.ts'],
          // The app's own DATABASE_URL never leaks in.
          env: { DATABASE_URL: '' },
          // The built server (tests/support/app-server.ts) is Node's to import as production does, not Vitest's to transform.
          server: { deps: { external: [/\/build\/server\//] } },
        },
      },
    ],
  },
})
