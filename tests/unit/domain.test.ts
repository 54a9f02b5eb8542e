import { describe, expect, test } from 'vitest'
import { ROLES, dashboardPathFor } from '~/core/domain'

describe('dashboardPathFor', () => {
  test.each([
    ['admin', '/admin'],
    ['organizer', '/dashboard/organizer'],
    ['venue_owner', '/dashboard/venue'],
    ['user', '/dashboard'],
    ['event_organizer', '/dashboard'],
    ['attendee', '/dashboard'],
  ])('%s → %s', (role, path) => {
    expect(dashboardPathFor(role)).toBe(path)
  })

  test('is case-insensitive', () => {
    expect(dashboardPathFor('ADMIN')).toBe('/admin')
    expect(dashboardPathFor('Venue_Owner')).toBe('/dashboard/venue')
  })

  test('sends unknown and missing roles to the generic dashboard', () => {
    expect(dashboardPathFor('superuser')).toBe('/dashboard')
    expect(dashboardPathFor(null)).toBe('/dashboard')
    expect(dashboardPathFor(undefined)).toBe('/dashboard')
  })

  test('every role has a dashboard', () => {
    for (const role of ROLES) expect(dashboardPathFor(role)).toMatch(/^\/(admin|dashboard)/)
  })
})

describe('demo accounts', () => {
  test('have phone numbers the profile form accepts (else the demo organizer cannot save /profile)', async () => {
    const { generateDemoUsers } = await import('~/seed/demo-users')
    const { createRng } = await import('~/core/random')
    const { phoneField } = await import('~/features/accounts/auth-schemas')
    for (const user of generateDemoUsers(createRng('demo'))) expect(phoneField.safeParse(user.phone).success, user.phone ?? '').toBe(true)
  })
})
