// The public files beside the fingerprinted assets (favicon, images, the licences file) do not
// change while the server runs: they are listed once at start, and only a request for one of them
// reaches the static middleware, instead of every page request paying it a stat() of a file that
// is not there (docs/benchmarks.md, "Figures behind the code").
import fs from 'node:fs'
import path from 'node:path'
import type { NextFunction, Request, RequestHandler, Response } from 'express'

/** URL paths of the files under `dir` (dotfiles and dot-directories left out, as the static middleware ignores them). */
function listPublicFiles(dir: string, prefix = ''): Set<string> {
  const found = new Set<string>()
  if (!fs.existsSync(dir)) return found
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    const url = `${prefix}/${entry.name}`
    if (entry.isDirectory()) for (const file of listPublicFiles(path.join(dir, entry.name), url)) found.add(file)
    else found.add(url)
  }
  return found
}

/** `serve` for the files under `dir` as they were at start; every other path goes straight on. */
export function staticFiles(dir: string, serve: RequestHandler) {
  const files = listPublicFiles(dir)
  return (req: Request, res: Response, next: NextFunction) => {
    let pathname: string
    try {
      pathname = decodeURIComponent(req.path)
    } catch {
      return next()
    }
    if (files.has(pathname)) return serve(req, res, next)
    next()
  }
}
