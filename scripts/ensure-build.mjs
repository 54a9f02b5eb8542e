// `npm start` serves the production build; build it first when it is missing or older than the
// sources, so a fresh clone needs only `npm install && npm start`.
import { execSync } from 'node:child_process'
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
  console.log('[start] building the app (sources changed since the last build)…')
  execSync('npx remix vite:build', { stdio: 'inherit' })
}
