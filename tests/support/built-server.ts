// Whether `npm run build`'s server build may stand for the source in a test (docs/testing.md, 'The
// app server'): only when it is there and newer than everything it is made from, so an edit is
// never tested against an old build.
import fs from 'node:fs'
import path from 'node:path'

/** The server build, below the checkout's root. */
export const BUILT_SERVER = 'build/server/index.js'
/** What the build is made from: a file here newer than the build means the build is out of date. */
const BUILD_SOURCES = ['app', 'vite', 'vite.config.ts', 'remix.config.js', 'tsconfig.json', 'package-lock.json']

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  // A directory's own time changes when a file in it is removed or renamed.
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))))
}

/** True when `root`'s server build exists and nothing it is made from changed after it. */
export function builtServerIsCurrent(root = '.'): boolean {
  const built = fs.statSync(path.join(root, BUILT_SERVER), { throwIfNoEntry: false })
  if (!built) return false
  return Math.max(...BUILD_SOURCES.map((entry) => newestChange(path.join(root, entry)))) < built.mtimeMs
}

/** The server build's file for APP_SERVER=built; with no build, the failure docs/testing.md names. */
export function builtServerFile(root = '.'): string {
  const file = path.resolve(root, BUILT_SERVER)
  if (!fs.existsSync(file))
    throw new Error(
      `APP_SERVER=built, but there is no build at ${BUILT_SERVER}: run 'npm run build' first (docs/testing.md, 'The app server')`,
    )
  return file
}
