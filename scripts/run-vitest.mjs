// `npm run test:vitest`: `vitest run`, and once more for the files left unfinished when the
// watchdog reporter (tests/support/watchdog-reporter.ts) stopped a stuck run with exit code 75.
// Vitest runs in its own process group so that a worker stuck in a blocked thread is killed with
// it, not orphaned.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const STUCK = 75
const args = process.argv.slice(2)
const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-vitest-')), 'watchdog.json')

function run(extra) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...extra], {
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, VITEST_WATCHDOG_STATE: stateFile },
    })
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

/** The test files a plain `vitest run` would leave unfinished, given what passed before it stopped. */
function unfinishedFiles() {
  const { passed } = JSON.parse(fs.readFileSync(stateFile, 'utf8'))
  const done = new Set(passed.map(({ project, file }) => `${project}\u0000${file}`))
  const postgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)
  const projectsOf = (file) => (file.startsWith('tests/unit/') ? ['unit'] : ['integration', ...(postgres ? ['integration:postgres'] : [])])
  return ['tests/unit', 'tests/integration']
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true }).map((name) => `${dir}/${name}`))
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => projectsOf(file).some((project) => !done.has(`${project}\u0000${file}`)))
}

let code = await run(args)
if (code === STUCK) {
  const state = fs.existsSync(stateFile) ? JSON.parse(fs.readFileSync(stateFile, 'utf8')) : null
  const filtered = args.some((arg) => !arg.startsWith('-'))
  if (filtered || !state) {
    // With filters of its own the caller asked for a subset: run that again, whole.
    console.error('\n[test:vitest] the watchdog stopped a stuck run (see above); running the same tests once more\n')
    code = await run(args)
  } else {
    // The stuck file first, alone: the stalls seen so far (a PGlite query that never returns) came
    // in full runs, never with the file on its own. Then every other file the stop left unfinished.
    const stuck = state.stuck?.file
    const others = unfinishedFiles().filter((file) => file !== stuck)
    console.error(
      `\n[test:vitest] the watchdog stopped a stuck run (see above); running ${stuck ? `${stuck} alone, then ` : ''}the ${others.length} other unfinished test files once more\n`,
    )
    code = stuck ? await run([...args, stuck]) : 0
    if (code === 0 && others.length > 0) {
      fs.rmSync(stateFile, { force: true })
      code = await run([...args, ...others])
    }
  }
}
process.exit(code)
