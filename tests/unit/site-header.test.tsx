import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import { BellLink, navItems } from '~/components/site-header'
import { dashboardPathFor } from '~/core/domain'
import type { ClientUser } from '~/features/accounts/user'

// Remix's Link needs a router; a plain anchor is enough to read what the bell renders.
vi.mock('@remix-run/react', async (actual) => ({
  ...(await actual<typeof import('@remix-run/react')>()),
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}))

const user = (role: string): ClientUser => ({
  id: '0123456789abcdef01234567',
  email: 'ada@example.com',
  role,
  // As the root loader hands it over.
  dashboardPath: dashboardPathFor(role),
  firstName: 'Ada',
  lastName: 'Lovelace',
  profilePicture: null,
  unreadNotifications: 0,
  unreadConversations: [],
})

describe('navItems', () => {
  test('signed out: the order of docs/product.md with Pricing and the generic dashboard', () => {
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

describe('the bell before hydration (and without JavaScript)', () => {
  test('shows the unread count the server knows, as the live bell does', () => {
    const html = renderToStaticMarkup(<BellLink unreadCount={7} />)
    expect(html).toContain('aria-label="Notifications, 7 unread"')
    expect(html).toMatch(/>7<\/span>/)
    expect(renderToStaticMarkup(<BellLink unreadCount={150} />)).toMatch(/>99\+<\/span>/)
    expect(renderToStaticMarkup(<BellLink unreadCount={0} />)).not.toContain('<span')
  })
})
