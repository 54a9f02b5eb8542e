import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices, type LaunchOptions } from '@playwright/test'
import { onlyElsewhere } from './tests/support/e2e-projects'

/*
 * End-to-end tests against the BUILT app (`npm test` runs `npm run build` first; run it yourself
 * before `npx playwright test`), in Debian's Chromium: Playwright's downloaded browsers are never
 * used. Playwright starts the server on its own port with a fresh embedded database under the
 * system temp dir, seeded with the demo data (set E2E_SEED_ON_START=false to start empty).
 */
const PORT = Number(process.env.E2E_PORT ?? 3310)
// The loopback address, not `localhost`: Playwright's own HTTP client looks `localhost` up for IPv6
// too, and where the hosts file lacks `::1 localhost` a burst of those lookups waits on the resolver's
// 5 s timeout (docs/testing.md, 'Why the browser tests use 127.0.0.1').
const baseURL = `http://127.0.0.1:${PORT}`
const dataDir = path.join(os.tmpdir(), `stagepass-e2e-${PORT}`)

// The config is loaded by the runner and again by every worker; workers inherit the runner's
// environment, so the secret generated here is the one the server and the fixtures share.
process.env.E2E_FIXTURES_SECRET ??= randomBytes(32).toString('hex')

// Debian's headless shell (package chromium-headless-shell) is the browser Playwright itself runs
// headless; the full browser is the fallback where it is not installed (docs/testing.md).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const chromium: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

/*
 * Where a test runs. Untagged, it runs in all three projects: the desktop and the 375 px layout
 * with JavaScript, and the desktop without it. A test that asserts nothing different in some of
 * them names the projects it does run in with tags (`test('…', { tag: ['@chromium', '@no-js'] },
 * …)` or on a describe whose tests carry none): an HTTP-only check runs once in `@chromium`, a
 * JavaScript behaviour in `@chromium` and `@mobile`, a no-JavaScript fallback in `@no-js`. A
 * tagged test is not even listed in the other projects (no skipped entries), so it costs nothing
 * there; see docs/testing.md.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  // A run that is stuck fails with a report instead of running into CI's limit.
  globalTimeout: 30 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['dot'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // Recording a trace of every test costs a third of the run's CPU; in CI a failed test is run
    // again with one (docs/testing.md).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: onlyElsewhere('chromium'),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      grepInvert: onlyElsewhere('mobile'),
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
      },
    },
    {
      name: 'no-js',
      grepInvert: onlyElsewhere('no-js'),
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, javaScriptEnabled: false, launchOptions: chromium },
    },
  ],
  webServer: {
    // A fresh database every run: the data dir is wiped before the server opens it (and seeds it).
    // With E2E_DATABASE_URL (CI points it at a PostgreSQL database of its own) the server uses that
    // instead, emptied and seeded with the same demo data first.
    command: process.env.E2E_DATABASE_URL ? 'npx tsx scripts/db-seed.ts && npx tsx server.ts' : `rm -rf "${dataDir}" && npx tsx server.ts`,
    url: `${baseURL}/healthz`,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Links in mails point where the browser is.
      APP_URL: baseURL,
      SEED_ON_START: process.env.E2E_SEED_ON_START ?? 'true',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      E2E_FIXTURES_SECRET: process.env.E2E_FIXTURES_SECRET,
      // The calendar journey serves an external feed from 127.0.0.1 (docs/calendars.md).
      CALENDAR_FETCH_ALLOW_PRIVATE: 'true',
    },
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
