import { describe, expect, test } from 'vitest'
import { dashboardPathFor, type Role } from '~/lib/domain'
import { ROUTE_TABLE, accessFor, roleSatisfies } from '~/lib/route-access'
import { requireAccess } from '~/services/guards.server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

useTestDatabase()

const ROLES: Array<Role | 'anonymous'> = ['anonymous', 'user', 'organizer', 'venue_owner', 'admin']

/** What the spec says should happen: pass, a sign-in redirect, or a redirect to one's own dashboard. */
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
