// `npm run test:vitest`: `vitest run` with one retry when the watchdog reporter
// (tests/support/watchdog-reporter.ts) stopped a stuck run with exit code 75. Vitest runs in its
// own process group so that a worker stuck in a blocked thread is killed with it, not orphaned.
import { spawn } from 'node:child_process'

const STUCK = 75
const args = ['vitest', 'run', ...process.argv.slice(2)]

function run() {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit', detached: true })
    const forward = (signal) => () => child.pid && process.kill(-child.pid, signal)
    const onInt = forward('SIGINT')
    const onTerm = forward('SIGTERM')
    process.on('SIGINT', onInt)
    process.on('SIGTERM', onTerm)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', onInt)
      process.off('SIGTERM', onTerm)
      try {
        process.kill(-child.pid, 'SIGKILL') // whatever of the group is left
      } catch {
        // the group is gone: the normal case
      }
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}

let code = await run()
if (code === STUCK) {
  console.error('\n[test:vitest] the watchdog stopped a stuck run (see above); running the suite once more\n')
  code = await run()
}
process.exit(code)
