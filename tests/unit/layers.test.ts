import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// The layers, enforced: pages (routes, components) and lib/ reach the database only through the
// services, the database layer knows nothing of the services, and lib/ (shared by pages, services
// and the server) imports no service. Type-only imports are erased at build time and do not count.

const APP = path.resolve('app')

/**
 * Known exceptions, each with its reason. The HTTP stack in lib/ wires the database's write hooks
 * (to empty caches, and relays them between cluster workers) and the session cookie into the server; it moves to its own folder once the
 * response cache work (issue #20) has landed.
 */
const ALLOWED: Record<string, string[]> = {
  'lib/cache.server.ts': ['db/client.server.ts'],
  'lib/cluster.server.ts': ['db/client.server.ts'],
  'lib/response-cache.server.ts': ['db/client.server.ts'],
  // A large upload's session is checked before its body is read (docs/security.md).
  'lib/http-app.server.ts': ['services/images.server.ts', 'services/session.server.ts'],
  // A page that failed while the database was away answers 503, and probes it (docs/configuration.md).
  'lib/remix-handler.server.ts': ['services/session.server.ts', 'db/client.server.ts', 'services/health.server.ts'],
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

/** The app files a source file imports at run time (relative to app/), type-only imports left out. */
export function runtimeImports(file: string, source = fs.readFileSync(file, 'utf8')): string[] {
  const found: string[] = []
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(statement)) {
    if (match[2]) continue
    // `import { type A, type B } from` is erased too.
    const names = match[3]?.match(/\{([^}]*)\}/)?.[1]
    if (
      names &&
      !match[3]!.replace(/\{[^}]*\}/, '').match(/\w+\s*,?\s*from/) &&
      names.split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()))
    )
      continue
    const spec = match[4]!
    let target: string | null = null
    if (spec.startsWith('~/')) target = path.join(APP, spec.slice(2))
    else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec)
    if (!target || !target.startsWith(APP)) continue
    const resolved = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => target + ext)
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile())
    found.push(path.relative(APP, resolved ?? target))
  }
  return found
}

function violations(from: (file: string) => boolean, to: (target: string) => boolean) {
  const bad: string[] = []
  for (const file of sourceFiles(APP)) {
    const rel = path.relative(APP, file)
    if (!from(rel)) continue
    for (const target of runtimeImports(file)) {
      if (to(target) && !ALLOWED[rel]?.includes(target)) bad.push(`${rel} -> ${target}`)
    }
  }
  return bad
}

const isPage = (rel: string) => rel.startsWith('routes/') || rel.startsWith('components/')
const isLib = (rel: string) => rel.startsWith('lib/')

describe('layers', () => {
  test('routes, components and lib/ do not import the database client or the tables', () => {
    expect(
      violations(
        (rel) => isPage(rel) || isLib(rel),
        (target) => target.startsWith('db/'),
      ),
    ).toEqual([])
  })

  test('the database layer does not import the services', () => {
    expect(
      violations(
        (rel) => rel.startsWith('db/'),
        (target) => target.startsWith('services/'),
      ),
    ).toEqual([])
  })

  test('lib/ does not import the services', () => {
    expect(violations(isLib, (target) => target.startsWith('services/'))).toEqual([])
  })

  test('every allowed exception is still needed', () => {
    for (const [file, targets] of Object.entries(ALLOWED)) {
      const imports = runtimeImports(path.join(APP, file))
      for (const target of targets) expect(imports, `${file} no longer imports ${target}: drop the exception`).toContain(target)
    }
  })

  test('the import reader sees what it must and skips type-only imports', () => {
    const file = path.join(APP, 'routes/x.ts')
    const source = [
      "import { db } from '~/db/client.server'",
      "import type { Booking } from '~/db/schema'",
      "import { type VenuePhoto } from '~/db/schema'",
      "import {\n  venues,\n  type Venue,\n} from '~/db/schema'",
      "export { isId } from '../lib/domain'",
    ].join('\n')
    expect(runtimeImports(file, source)).toEqual(['db/client.server.ts', 'db/schema/index.ts', 'lib/domain.ts'])
  })
})
