// `npm start` serves the production build; build it first when it is missing or older than the
// sources, so a fresh clone needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const marker = 'build/server/index.js'
const sources = ['app', 'public', 'vite', 'vite.config.ts', 'remix.config.js', 'package.json']

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
if (built === 0 || sources.some((source) => newestMtime(source) > built)) {
  // The build's own log (hundreds of lines of chunk sizes) is kept for when it fails; a first
  // start should say what it is doing in a line, not bury the server's address.
  console.log('[start] building the app (the sources changed since the last build; about a minute)…')
  const started = Date.now()
  const build = spawnSync('npx', ['remix', 'vite:build'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '')
    process.stderr.write(build.stderr ?? '')
    console.error(`[start] the build failed (exit ${build.status ?? build.signal}); its output is above`)
    process.exit(1)
  }
  console.log(`[start] built in ${Math.round((Date.now() - started) / 1000)} s`)
}
