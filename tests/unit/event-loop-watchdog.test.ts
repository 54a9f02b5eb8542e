import { spawn } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(__dirname, '../..')

/** Runs `body` in a fresh Node process with the watchdog started; resolves with how it ended. */
function runWithWatchdog(body: string, limitMs: number) {
  const script = `
    import { startEventLoopWatchdog } from './app/server/event-loop-watchdog.server.ts'
    const watchdog = startEventLoopWatchdog({ limitMs: ${limitMs}, beatEveryMs: 100 })
    ${body}
  `
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const started = Date.now()
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; ms: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started })),
  )
}

test('a blocked event loop ends the process with SIGKILL and says why', async () => {
  // Spins for 20 s without yielding, as a call that never returns would.
  const result = await runWithWatchdog(
    `setTimeout(() => { const end = Date.now() + 20_000; while (Date.now() < end); console.log('survived') }, 200)`,
    1000,
  )
  expect(result.signal).toBe('SIGKILL')
  expect(result.stdout).not.toContain('survived')
  expect(result.stderr).toMatch(/\[watchdog\] the event loop has not turned for \d+ s \(limit 1 s\): ending the process/)
  expect(result.ms).toBeLessThan(15_000)
}, 30_000)

test('a busy but turning event loop is left alone, and the watchdog never keeps a finished process alive', async () => {
  // Two seconds of short synchronous slices (each well under the limit), then the script ends.
  const result = await runWithWatchdog(
    `let slices = 0
     const timer = setInterval(() => { const end = Date.now() + 300; while (Date.now() < end); if (++slices === 7) { clearInterval(timer); console.log('done') } }, 10)`,
    1000,
  )
  expect(result.signal).toBeNull()
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('done')
  expect(result.stderr).not.toContain('[watchdog]')
}, 30_000)

test('a stopped watchdog (graceful shutdown) no longer ends the process', async () => {
  const result = await runWithWatchdog(
    `await watchdog.stop(); const end = Date.now() + 2500; while (Date.now() < end); console.log('survived')`,
    1000,
  )
  expect(result.signal).toBeNull()
  expect(result.stdout).toContain('survived')
}, 30_000)
