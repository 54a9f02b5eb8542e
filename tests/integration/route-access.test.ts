import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { dashboardPathFor, type Role } from '~/core/domain'
import { ROUTE_TABLE, accessFor, decodedRoutePath, roleSatisfies, routePath } from '~/features/accounts/route-access'
import { requireAccess } from '~/features/accounts/guards.server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

useTestDatabase()

const ROLES: Array<Role | 'anonymous'> = ['anonymous', 'user', 'organizer', 'venue_owner', 'admin']

/** What docs/product.md says should happen: pass, a sign-in redirect, or a redirect to one's own dashboard. */
function expected(access: ReturnType<typeof accessFor>, role: Role | 'anonymous', example: string) {
  if (access === 'public') return { pass: true }
  if (role === 'anonymous') return { location: `/login?${new URLSearchParams({ redirectTo: example })}` }
  if (!roleSatisfies(role, access)) return { location: dashboardPathFor(role) }
  return { pass: true }
}

async function outcome(example: string, cookie?: string) {
  try {
    await requireAccess(new Request(`http://localhost${example}`, { headers: cookie ? { Cookie: cookie } : {} }))
    return { pass: true }
  } catch (thrown) {
    if (thrown instanceof Response) return { location: thrown.headers.get('Location') }
    throw thrown
  }
}

describe('the role × route matrix, from the route table', () => {
  const cookies = new Map<string, string>()
  test.each(ROLES)('%s', async (role) => {
    if (role !== 'anonymous' && !cookies.has(role)) cookies.set(role, (await createTestUser(role)).cookie)
    const results = []
    for (const rule of ROUTE_TABLE) {
      const got = await outcome(rule.example, role === 'anonymous' ? undefined : cookies.get(role))
      results.push({ route: rule.example, got, want: expected(rule.access, role, rule.example) })
    }
    for (const { route, got, want } of results) expect({ route, ...got }).toEqual({ route, ...want })
  })
})

/**
 * The same page reached the ways Remix still routes it: another case, a percent-encoded letter, a
 * doubled slash. The guard must decide exactly as for the plain path (an organizer on /Admin/users
 * or /%61dmin/users rendered the admin page before it normalised the path).
 */
function variants(example: string) {
  const encodeFirst = example.replace(/^\/([a-z])/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`)
  return [
    example.replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`),
    example.toUpperCase().replace(/\/[0-9A-F]{24}/g, (id) => id.toLowerCase()),
    encodeFirst,
    encodeFirst.replace(/\/([a-z])/g, (_m, c: string) => `/%${c.toUpperCase().charCodeAt(0).toString(16)}`),
    example.replace(/\//g, '//'),
  ].filter((path) => path !== example)
}

describe('the matrix again with case, percent-encoding and slash variants of each route', () => {
  const cookies = new Map<string, string>()
  test.each(ROLES)('%s', async (role) => {
    if (role !== 'anonymous' && !cookies.has(role)) cookies.set(role, (await createTestUser(role)).cookie)
    const results = []
    for (const rule of ROUTE_TABLE.filter((r) => r.example !== '/')) {
      for (const path of variants(rule.example)) {
        const got = await outcome(path, role === 'anonymous' ? undefined : cookies.get(role))
        const location = new URL(`http://localhost${path}`).pathname
        results.push({ route: path, got, want: expected(rule.access, role, location) })
      }
    }
    expect(results.length).toBeGreaterThan(ROUTE_TABLE.length * 3)
    for (const { route, got, want } of results) expect({ route, ...got }).toEqual({ route, ...want })
  })
})

test('the guard reads the path Remix routes', () => {
  expect(accessFor('/Admin/users')).toBe('admin')
  expect(accessFor('/%61dmin/users')).toBe('admin')
  expect(accessFor('/ADMIN')).toBe('admin')
  expect(accessFor('//admin//users')).toBe('admin')
  expect(accessFor('/Venues/create')).toBe('venue_manager')
  expect(accessFor('/venues/%63reate')).toBe('venue_manager')
  expect(accessFor('/Dashboard/Venue/')).toBe('venue_owner')
  // A malformed escape is left as written (Remix does the same), and an encoded slash stays
  // inside its segment: /admin%2Fusers is not /admin/users to the router either.
  expect(accessFor('/admin/%E0%A4%A')).toBe('admin')
  expect(accessFor('/venues%2Fcreate')).toBe('user')
})

test('a path with nothing to decode or collapse (the shortcut) reads as one decoded segment by segment', () => {
  const part = fc.constantFrom('admin', 'Admin', 'venues', 'CREATE', '%61', '%2F', '%E0%A4%A', '', 'a%20b', 'x.y')
  fc.assert(
    fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
      const pathname = `/${parts.join('/')}`
      expect(routePath(pathname)).toBe(decodedRoutePath(pathname))
    }),
  )
})

test('an unlisted path is for signed-in users', () => {
  expect(accessFor('/some/unknown/path')).toBe('user')
  expect(accessFor('/venues/tx/austin/category/brewery')).toBe('public')
  expect(accessFor('/venues/0123456789abcdef01234567/edit')).toBe('venue_manager')
  expect(accessFor('/dashboard/')).toBe('user')
})

test('roles compare case-insensitively', () => {
  expect(roleSatisfies('ADMIN', 'admin')).toBe(true)
  expect(roleSatisfies('Venue_Owner', 'venue_owner')).toBe(true)
  expect(roleSatisfies('organizer', 'venue_manager')).toBe(false)
  expect(roleSatisfies('admin', 'venue_manager')).toBe(true)
})

test('dashboards send an incomplete profile to /complete-profile, but never an admin', async () => {
  const organizer = await createTestUser('organizer', { complete: false })
  expect(await outcome('/dashboard', organizer.cookie)).toEqual({ location: '/complete-profile?redirectTo=%2Fdashboard' })
  expect(await outcome('/wishlist', organizer.cookie)).toEqual({ pass: true })
  const admin = await createTestUser('admin', { complete: false })
  expect(await outcome('/admin', admin.cookie)).toEqual({ pass: true })
})
