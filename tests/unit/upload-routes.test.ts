// The bigger body limit belongs to the image upload routes and to them alone. Which routes parse
// multipart uploads is read from the code (the route file, or a helper next to it that it
// imports), so an upload route added later without its place in isUploadPath fails here.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { isUploadPath } from '~/server/request-limits.server'
import { routeUrls } from '../support/route-urls'

// A route parses uploads through app/web/upload-form.server.ts (or, by hand, Remix's parser).
const PARSES_UPLOADS = /unstable_parseMultipartFormData\s*\(|readUploadForm\s*\(/

/** Whether a route file parses uploads itself or through a sibling helper it imports. */
function parsesUploads(file: string) {
  const source = fs.readFileSync(path.join('app', file), 'utf8')
  if (PARSES_UPLOADS.test(source)) return true
  const siblings = [...source.matchAll(/from '\.\/([\w.-]+)'/g)].map((m) => path.join('app', path.dirname(file), `${m[1]}.ts`))
  return siblings.some((helper) => fs.existsSync(helper) && PARSES_UPLOADS.test(fs.readFileSync(helper, 'utf8')))
}

test('exactly the routes that parse multipart uploads get the upload body limit, on their page and .data URLs', () => {
  const routes = routeUrls()
  const uploads = routes.filter((r) => r.hasAction && parsesUploads(r.file))
  expect(uploads.map((r) => r.pattern).sort()).toEqual([
    '/artist-profiles/create',
    '/artist-profiles/edit/:id',
    '/profile',
    '/venues/:id/edit',
  ])
  for (const route of routes) {
    const expected = uploads.includes(route)
    expect(isUploadPath(route.url), route.url).toBe(expected)
    expect(isUploadPath(`${route.url}.data`), `${route.url}.data`).toBe(expected)
  }
})
