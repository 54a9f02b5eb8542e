// `npm run test:vitest`: `vitest run`, and again for the files left unfinished each time the
// watchdog reporter (tests/support/watchdog-reporter.ts) stops a stuck run with exit code 75.
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

/** Every test file that has passed in some run so far, by project. */
const passedSoFar = new Set()
function notePassed() {
  if (!fs.existsSync(stateFile)) return null
  const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'))
  for (const { project, file } of state.passed) passedSoFar.add(`${project}\u0000${file}`)
  return state
}

const postgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)
const projectsOf = (file) => (file.startsWith('tests/unit/') ? ['unit'] : ['integration', ...(postgres ? ['integration:postgres'] : [])])

/** The test files a plain `vitest run` would leave unfinished, given what has passed so far. */
function unfinishedFiles() {
  return ['tests/unit', 'tests/integration']
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true }).map((name) => `${dir}/${name}`))
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => projectsOf(file).some((project) => !passedSoFar.has(`${project}\u0000${file}`)))
}

/** A run stopped more often than this fails: that is more than the rare stall the retry is for. */
const MAX_STOPS = 3

let code = await run(args)
const filtered = args.some((arg) => !arg.startsWith('-'))
if (code === STUCK && (filtered || !fs.existsSync(stateFile))) {
  // With filters of its own the caller asked for a subset: run that again, whole.
  console.error('\n[test:vitest] the watchdog stopped a stuck run (see above); running the same tests once more\n')
  code = await run(args)
} else {
  // Each stuck file first, alone: the stalls seen so far (a PGlite query that never returns) came
  // in full runs, never with the file on its own. Then every other file not yet passed. A file
  // stuck a second time, even alone, fails the run: that is the test, not the rare stall.
  const retried = new Set()
  for (let stops = 1; code === STUCK && stops <= MAX_STOPS; stops++) {
    const stuck = notePassed()?.stuck?.file
    if (stuck && retried.has(stuck)) break
    const others = unfinishedFiles().filter((file) => file !== stuck)
    console.error(
      `\n[test:vitest] the watchdog stopped a stuck run (see above); running ${stuck ? `${stuck} alone, then ` : ''}the ${others.length} other unfinished test files once more\n`,
    )
    code = 0
    if (stuck) {
      retried.add(stuck)
      fs.rmSync(stateFile, { force: true })
      code = await run([...args, stuck])
      if (code === STUCK) continue
      // The state is written when the watchdog stops a run; a run that ends passed every file it ran.
      if (code === 0) for (const project of projectsOf(stuck)) passedSoFar.add(`${project}\u0000${stuck}`)
    }
    if (code === 0 && others.length > 0) {
      fs.rmSync(stateFile, { force: true })
      code = await run([...args, ...others])
    }
  }
}
process.exit(code)
