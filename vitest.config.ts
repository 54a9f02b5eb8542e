import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/*
 * Three tiers, one `vitest run`:
 *   unit                  pure modules, no database
 *   integration           services against a fresh in-memory PGlite per test file
 *   integration:postgres  the same files again against PostgreSQL, only when TEST_DATABASE_URL
 *                         (or DATABASE_URL) names a server; tests/support/db.ts creates a fresh
 *                         database on it per test file and drops it afterwards. .ci/run sets
 *                         TEST_DATABASE_URL, so CI runs the integration tests on both engines.
 * Pick one with `vitest run --project <name>`. Playwright specs (tests/e2e) are not Vitest's.
 */
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL

const integration = (name: string, databaseUrl: string): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/integration/**/*.test.{ts,tsx}'],
    // One migrated PGlite snapshot per run; every test file starts its own database from it.
    globalSetup: databaseUrl ? [] : ['tests/support/pglite-snapshot.ts'],
    // Empty means PGlite in tests/support/db.ts; the app's own DATABASE_URL never leaks in.
    env: { TEST_DATABASE_URL: databaseUrl, DATABASE_URL: '' },
  },
})

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    setupFiles: ['tests/support/vitest-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // CI: dots (the log stays short enough to read whole) and a watchdog that names a stuck file
    // and stops the run instead of letting CI's own limit kill it silently.
    reporters: process.env.CI ? ['dot', './tests/support/watchdog-reporter.ts'] : ['default'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      integration('integration', ''),
      ...(postgresUrl ? [integration('integration:postgres', postgresUrl)] : []),
    ],
  },
})
