#!/usr/bin/env node
// `npm test`: every part of the suite, with the parts that need nothing of each other side by side
// (the typecheck, the lint and the build are each about one core, and Vitest's built-server files
// need the build), then Vitest's two projects one after the other, then Playwright on the build.
// It stops at the first part that fails and ends with how long each part took (docs/testing.md).
import { spawn } from 'node:child_process'

/** Stages run one after another; the parts of a stage run side by side. */
const STAGES = [['typecheck', 'lint', 'build'], ['test:unit'], ['test:integration'], ['test:e2e']]

const times = []
const running = new Set()
let stopping = false

function run(script, { quiet }) {
  const started = Date.now()
  // Its own process group, so a failure elsewhere stops it and everything it started.
  const child = spawn('npm', ['run', '--silent', script], { detached: true, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  running.add(child)
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child)
      const seconds = Math.round((Date.now() - started) / 1000)
      times.push([script, seconds])
      // Side-by-side parts print whole when they end, so their lines do not interleave.
      if (quiet) process.stdout.write(`\n> npm run ${script}\n${output}`)
      const outcome = code === 0 ? 'ok' : stopping && signal ? 'stopped' : `failed (${signal ?? code})`
      process.stdout.write(`\n[test] ${script}: ${outcome} in ${seconds} s\n`)
      resolve(code ?? 1)
    })
  })
}

function stopAll() {
  stopping = true
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}
process.on('SIGINT', () => (stopAll(), process.exit(130)))
process.on('SIGTERM', () => (stopAll(), process.exit(143)))

const started = Date.now()
let status = 0
for (const stage of STAGES) {
  const codes = await Promise.all(
    stage.map((script) =>
      run(script, { quiet: stage.length > 1 }).then((code) => {
        if (code !== 0) stopAll()
        return code
      }),
    ),
  )
  status = codes.find((code) => code !== 0) ?? 0
  if (status !== 0) break
}
const total = Math.round((Date.now() - started) / 1000)
process.stdout.write(`\n[test] ${times.map(([script, seconds]) => `${script} ${seconds} s`).join(', ')}; all ${total} s\n`)
process.exit(status)
