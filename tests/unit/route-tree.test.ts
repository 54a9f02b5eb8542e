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
