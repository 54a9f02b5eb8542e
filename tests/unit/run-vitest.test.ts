import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'

// scripts/run-vitest.mjs and tests/support/watchdog-reporter.ts on a tiny project
// (tests/fixtures/run-vitest): one file passes at once, the other blocks its worker's thread, the
// way a stuck PGlite query does. The watchdog (limit 1 s, checked every 200 ms) must stop the run
// with exit code 75, and run-vitest must run the stuck file alone, then the unfinished ones, and
// do so again when a later run is stopped by another file (but not for one stuck twice). Each case takes
// 4-7 s on an idle machine (two short Vitest runs); the timeouts leave room for a loaded CI.

const root = process.cwd()
const fixture = path.join(root, 'tests/fixtures/run-vitest')
const script = path.join(root, 'scripts/run-vitest.mjs')
const started: number[] = []

afterEach(() => {
  // Whatever happened, nothing of ours keeps running.
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // already gone: the normal case
    }
  }
})

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether the process is still there 3 s on (a SIGKILLed process is gone within milliseconds). */
async function lingers(pid: number) {
  const deadline = Date.now() + 3_000
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  return alive(pid)
}

async function runVitest(extraEnv: Record<string, string> = {}) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-run-vitest-'))
  // The outer Vitest's own variables would confuse the inner one.
  const env: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS' && key !== 'TEST_DATABASE_URL' && key !== 'DATABASE_URL',
    ),
  )
  const child = spawn(process.execPath, [script], {
    cwd: fixture,
    detached: true, // its own process group, so afterEach can end all of it
    env: {
      ...env,
      FIXTURE_STATE_DIR: state,
      VITEST_WATCHDOG_SECONDS: '1',
      VITEST_WATCHDOG_INTERVAL_MS: '200',
      CI: '',
      FORCE_COLOR: '0',
      NODE_ENV: 'test',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child.pid!)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)))
  const read = (name: string) =>
    fs.existsSync(path.join(state, name)) ? fs.readFileSync(path.join(state, name), 'utf8').trim().split('\n') : []
  const result = { code, output, runs: read('runs.log'), pids: read('pids.log').map(Number) }
  fs.rmSync(state, { recursive: true, force: true })
  return result
}

describe('run-vitest.mjs with the watchdog reporter', () => {
  test('a stuck file stops the run (75), the stuck file runs again alone, and it passes', { timeout: 60_000 }, async () => {
    const { code, output, runs, pids } = await runVitest()
    expect(output).toMatch(/\[watchdog\] unit tests\/unit\/spin\.test\.ts has run \d+ s \(limit 1 s\)/)
    expect(output).toContain(
      '[test:vitest] the watchdog stopped a stuck run (see above); running tests/unit/spin.test.ts alone, then the 0 other unfinished test files once more',
    )
    // quick.test.ts passed in the first run and was not run again; spin.test.ts passed the second time.
    expect(runs).toEqual(['quick', 'spin'])
    expect(code).toBe(0)
    expect(pids).toHaveLength(2)
    for (const pid of pids) expect(await lingers(pid), `worker ${pid} left running`).toBe(false)
  })

  test('another file stuck in the run after the retry: it is retried alone too, and the run passes', { timeout: 90_000 }, async () => {
    const { code, output, runs, pids } = await runVitest({ FIXTURE_SECOND_STUCK: '1' })
    expect(output).toMatch(/\[watchdog\] unit tests\/unit\/spin\.test\.ts has run/)
    expect(output).toMatch(/\[watchdog\] unit tests\/unit\/later\.test\.ts has run/)
    expect(output).toContain('running tests/unit/spin.test.ts alone, then the 1 other unfinished test files once more')
    expect(output).toContain('running tests/unit/later.test.ts alone, then the 0 other unfinished test files once more')
    expect(runs).toEqual(['quick', 'spin', 'later'])
    expect(code).toBe(0)
    for (const pid of pids) expect(await lingers(pid), `worker ${pid} left running`).toBe(false)
  })

  test('stuck again on the retry: the run fails with 75 and leaves no worker behind', { timeout: 60_000 }, async () => {
    const { code, output, runs, pids } = await runVitest({ FIXTURE_SPIN_ALWAYS: '1' })
    expect(output.match(/\[watchdog\] unit tests\/unit\/spin\.test\.ts/g)).toHaveLength(2)
    expect(runs).toEqual(['quick'])
    expect(code).toBe(75)
    for (const pid of pids) expect(await lingers(pid), `worker ${pid} left running`).toBe(false)
  })
})
