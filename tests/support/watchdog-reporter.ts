import fs from 'node:fs'
import type { Reporter, TestCase, TestModule } from 'vitest/node'

/**
 * A Vitest reporter that only speaks when something is stuck. Test and hook timeouts cannot fire
 * inside a worker whose thread is blocked (seen here: PGlite's WebAssembly Postgres, rarely and not
 * reproducibly, never returning from a query), so a stuck file would otherwise hold the whole run
 * until CI's own limit kills it without a word.
 *
 * Every 30 s (VITEST_WATCHDOG_INTERVAL_MS) it looks at the files still running; one running longer
 * than the limit (VITEST_WATCHDOG_SECONDS, default 420: many times any file's normal time) is
 * named with the test it is in, the files that passed so far are written to
 * VITEST_WATCHDOG_STATE (when set), and the run exits with code 75 (EX_TEMPFAIL) so
 * `npm run test:vitest` (scripts/run-vitest.mjs) can run the unfinished files once more.
 */
export default class WatchdogReporter implements Reporter {
  private readonly limitMs = Number(process.env.VITEST_WATCHDOG_SECONDS ?? 420) * 1000
  private readonly running = new Map<string, { module: TestModule; since: number; test?: string }>()
  private readonly passed: Array<{ project: string; file: string }> = []
  private timer: NodeJS.Timeout | undefined

  onTestRunStart() {
    this.timer = setInterval(() => this.check(), Number(process.env.VITEST_WATCHDOG_INTERVAL_MS ?? 30_000))
    this.timer.unref()
  }

  onTestModuleStart(module: TestModule) {
    this.running.set(key(module), { module, since: Date.now() })
  }

  onTestCaseReady(test: TestCase) {
    const entry = this.running.get(key(test.module))
    if (entry) entry.test = test.fullName
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(key(module))
    if (module.ok()) this.passed.push({ project: module.project.name, file: module.relativeModuleId })
  }

  onTestRunEnd() {
    clearInterval(this.timer)
  }

  private check() {
    const now = Date.now()
    for (const { module, since, test } of this.running.values()) {
      const seconds = Math.round((now - since) / 1000)
      if (now - since < this.limitMs) continue
      console.error(
        `\n[watchdog] ${module.project.name} ${module.relativeModuleId} has run ${seconds} s ` +
          `(limit ${this.limitMs / 1000} s), last test started: ${test ?? '(none reported yet: a blocked worker cannot report)'}. ` +
          'Stopping the run (exit 75).',
      )
      const stateFile = process.env.VITEST_WATCHDOG_STATE
      if (stateFile)
        fs.writeFileSync(
          stateFile,
          JSON.stringify({ stuck: { project: module.project.name, file: module.relativeModuleId }, passed: this.passed }),
        )
      process.exit(75)
    }
  }
}

const key = (module: TestModule) => `${module.project.name}\u0000${module.moduleId}`
