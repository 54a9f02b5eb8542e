import { describe, expect, test } from 'vitest'
import { navItems } from '~/components/site-header'
import type { ClientUser } from '~/lib/user'

const user = (role: string): ClientUser => ({
  id: '0123456789abcdef01234567',
  email: 'ada@example.com',
  role,
  firstName: 'Ada',
  lastName: 'Lovelace',
  profilePicture: null,
  unreadNotifications: 0,
  unreadConversations: [],
})

describe('navItems', () => {
  test('signed out: the spec order with Pricing and the generic dashboard', () => {
    expect(navItems(null)).toEqual([
      { to: '/globe-enhanced-search', label: 'Search Venues' },
      { to: '/ai-tour-planner', label: 'Tour Planner' },
      { to: '/blog', label: 'Blog' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/dashboard', label: 'Dashboard' },
    ])
  })

  test('signed in: Wishlist replaces Pricing', () => {
    const labels = navItems(user('organizer')).map((item) => item.label)
    expect(labels).toEqual(['Search Venues', 'Tour Planner', 'Blog', 'Wishlist', 'Dashboard'])
    expect(navItems(user('organizer'))[3]).toEqual({ to: '/wishlist', label: 'Wishlist' })
  })

  test.each([
    ['admin', '/admin'],
    ['organizer', '/dashboard/organizer'],
    ['venue_owner', '/dashboard/venue'],
    ['user', '/dashboard'],
  ])('the Dashboard link of a %s goes to %s', (role, to) => {
    expect(navItems(user(role)).at(-1)).toEqual({ to, label: 'Dashboard' })
  })
})
