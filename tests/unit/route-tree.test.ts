import fs from 'node:fs'
import path from 'node:path'
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import { expect, test } from 'vitest'
import { routes } from '../../remix.config.js'

const manifest = routes(defineRoutes)
const hasComponent = (file: string) => /export\s+default\b/.test(fs.readFileSync(path.join('app', file), 'utf8'))

test('the route tree has the Google routes where the provider and the popup expect them', () => {
  const byPath = Object.values(manifest).filter((r) => r.path?.startsWith('auth/google'))
  expect(byPath.map((r) => ({ path: r.path, parentId: r.parentId })).sort((a, b) => a.path!.localeCompare(b.path!))).toEqual([
    { path: 'auth/google', parentId: 'root' },
    { path: 'auth/google/callback', parentId: 'root' },
  ])
})

test('no route is nested under a resource route (its loader would run, and answer, for the child)', () => {
  const nestedUnderResource = Object.values(manifest)
    .filter((route) => route.parentId && route.parentId !== 'root')
    .filter((route) => !hasComponent(manifest[route.parentId!]!.file))
    .map((route) => `${route.file} is nested under ${manifest[route.parentId!]!.file}`)
  expect(nestedUnderResource).toEqual([])
})

test('every admin page sits in the admin layout route, which alone draws the admin navigation', () => {
  const admin = Object.values(manifest).filter((route) => route.file.startsWith('routes/admin+/') && route.id !== 'routes/admin+/_layout')
  expect(admin.length).toBeGreaterThan(5)
  for (const route of admin) expect(route.parentId, route.file).toBe('routes/admin+/_layout')
  expect(manifest['routes/admin+/_layout']).toMatchObject({ path: 'admin', parentId: 'root' })
  // The layout has no loader: access is checked by each page's own loader and action.
  const layout = fs.readFileSync(path.join('app', 'routes/admin+/_layout.tsx'), 'utf8')
  expect(layout).not.toMatch(/export (async )?function (loader|action)/)
  for (const route of admin) expect(fs.readFileSync(path.join('app', route.file), 'utf8'), route.file).not.toContain('<AdminNav')
  for (const route of admin.filter((r) => hasComponent(r.file))) {
    expect(fs.readFileSync(path.join('app', route.file), 'utf8'), `${route.file} checks access in its loader`).toMatch(
      /require(Access|PageUser)\(request\)/,
    )
  }
})
