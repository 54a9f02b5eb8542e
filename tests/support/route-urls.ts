// Every route of the app as a URL, from the same route convention Remix builds from
// (remix.config.js), so checks that walk "every route" pick up routes added later by themselves.
import fs from 'node:fs'
import path from 'node:path'
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import { routes } from '../../remix.config.js'

export const SAMPLE_ID = '0123456789abcdef01234567'

export type RouteUrl = { id: string; file: string; pattern: string; url: string; isPage: boolean; hasAction: boolean }

export function routeUrls(fill: (param: string) => string = () => SAMPLE_ID): RouteUrl[] {
  const manifest = routes(defineRoutes)
  const fullPath = (id: string): string => {
    const route = manifest[id]!
    const parent = route.parentId && route.parentId !== 'root' ? fullPath(route.parentId) : ''
    return [parent, route.path ?? ''].filter(Boolean).join('/')
  }
  return Object.entries(manifest).map(([id, route]) => {
    const pattern = `/${fullPath(id)}`
    const source = fs.readFileSync(path.join('app', route.file), 'utf8')
    return {
      id,
      file: route.file,
      pattern,
      url: pattern.replace(/:(\w+)\??|\*/g, (_m, name: string | undefined) => fill(name ?? '*')),
      isPage: /export\s+default\b/.test(source),
      hasAction: /export\s+(async\s+)?(function|const)\s+action\b/.test(source),
    }
  })
}
