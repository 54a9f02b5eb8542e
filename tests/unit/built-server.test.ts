import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { BUILT_SERVER, builtServerFile, builtServerIsCurrent } from '../support/built-server'

// The app server of the integration tests serves the build only while nothing it is made from
// changed after it (docs/testing.md, 'The app server').

let root: string
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds))

function write(file: string, seconds: number) {
  const full = path.join(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, 'x')
  fs.utimesSync(full, at(seconds), at(seconds))
}

/** Sets a directory's own time, as removing or renaming an entry in it does. */
function dirTime(dir: string, seconds: number) {
  fs.utimesSync(path.join(root, dir), at(seconds), at(seconds))
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'built-server-'))
  write('app/routes/page.tsx', 10)
  write('app/core/dates.ts', 10)
  write('vite.config.ts', 10)
  for (const dir of ['app/routes', 'app/core', 'app']) dirTime(dir, 10)
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

test('no build: the source is served', () => {
  expect(builtServerIsCurrent(root)).toBe(false)
})

test('a build newer than every source is served', () => {
  write(BUILT_SERVER, 20)
  expect(builtServerIsCurrent(root)).toBe(true)
})

test('a source edited after the build, however deep, makes it old', () => {
  write(BUILT_SERVER, 20)
  write('app/core/dates.ts', 30)
  expect(builtServerIsCurrent(root)).toBe(false)
})

test('a file removed after the build (its folder changed) makes it old', () => {
  write(BUILT_SERVER, 20)
  dirTime('app/routes', 30)
  expect(builtServerIsCurrent(root)).toBe(false)
})

test('a changed build setting makes it old', () => {
  write(BUILT_SERVER, 20)
  write('vite.config.ts', 30)
  expect(builtServerIsCurrent(root)).toBe(false)
  write('vite.config.ts', 10)
  write('package-lock.json', 30)
  expect(builtServerIsCurrent(root)).toBe(false)
})

test('APP_SERVER=built with no build fails with what to run, not a module error', () => {
  expect(() => builtServerFile(root)).toThrow(
    "APP_SERVER=built, but there is no build at build/server/index.js: run 'npm run build' first (docs/testing.md, 'The app server')",
  )
  write(BUILT_SERVER, 20)
  expect(builtServerFile(root)).toBe(path.join(root, BUILT_SERVER))
})
