import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { contactMessages, sessions, users } from '~/db/schema'
import { parseSearchParams } from '~/features/search/search-params'
import { action as usersAction, loader as usersLoader } from '~/routes/admin+/users'
import { loader as venuePageLoader } from '~/routes/venues+/$state_.$city_.$slug'
import { loader as venueApiLoader } from '~/routes/api+/v1.venues.$id'
import {
  adminListMessages,
  adminListUsers,
  adminListVenues,
  setMessageHandled,
  setUserDisabled,
  setUserRole,
  setVenueFlagged,
  setVenuePublished,
} from '~/features/admin/admin.server'
import { verifyLogin } from '~/features/accounts/auth.server'
import { createBooking } from '~/features/bookings/bookings.server'
import { createContactMessage } from '~/features/contact/contact.server'
import { searchVenues } from '~/features/search/search.server'
import { cityDirectory, venueSitemapChunk } from '~/features/venues/venue-directory.server'
import { venuePath } from '~/features/venues/venue-urls'
import { bookingBody } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, type TestAccount } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

type TestUser = TestAccount
let admin: TestUser
let organizer: TestUser

beforeAll(async () => {
  ;[admin, organizer] = await Promise.all([createTestUser('admin'), createTestUser('organizer')])
})

const search = (query: string) => {
  const parsed = parseSearchParams(new URLSearchParams(query))
  if (!parsed.success) throw new Error(parsed.message)
  return searchVenues(parsed.params)
}

describe('admin access', () => {
  it('every admin service refuses other roles with 403 and signed-out callers with 401', async () => {
    const id = admin.user.id
    for (const run of [
      (a: typeof organizer.user | null) => adminListUsers(a),
      (a: typeof organizer.user | null) => setUserRole(a, id, 'organizer'),
      (a: typeof organizer.user | null) => setUserDisabled(a, id, true),
      (a: typeof organizer.user | null) => adminListVenues(a),
      (a: typeof organizer.user | null) => setVenuePublished(a, id, false),
      (a: typeof organizer.user | null) => setVenueFlagged(a, id, true),
      (a: typeof organizer.user | null) => adminListMessages(a),
      (a: typeof organizer.user | null) => setMessageHandled(a, id, true),
    ]) {
      await expect(run(organizer.user)).rejects.toMatchObject({ status: 403 })
      await expect(run(null)).rejects.toMatchObject({ status: 401 })
    }
    // The admin was not changed by any of it.
    const [row] = await db.select().from(users).where(eq(users.id, id))
    expect(row).toMatchObject({ role: 'admin', disabledAt: null })
  })

  it('the users page sends a non-admin away', async () => {
    const result = await usersLoader(
      routeArgs(new Request('http://localhost/admin/users', { headers: { Cookie: organizer.cookie } }), {}),
    ).catch((r: unknown) => r)
    expect((result as Response).status).toBe(302)
    expect((result as Response).headers.get('Location')).toBe('/dashboard/organizer')
  })
})

describe('users', () => {
  it('searches by email and name, filters by role, and pages', async () => {
    const found = await adminListUsers(admin.user, { q: organizer.user.email.slice(0, 12) })
    expect(found.users.map((u) => u.id)).toContain(organizer.user.id)
    const admins = await adminListUsers(admin.user, { role: 'admin' })
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true)
    const none = await adminListUsers(admin.user, { q: 'no-such-person-%' })
    expect(none.total).toBe(0)
  })

  it('changes a role; an admin cannot demote or disable themself', async () => {
    const target = await createTestUser('organizer')
    expect((await setUserRole(admin.user, target.user.id, 'venue_owner')).role).toBe('venue_owner')
    await expect(setUserRole(admin.user, target.user.id, 'superuser')).rejects.toMatchObject({ field: 'role' })
    await expect(setUserRole(admin.user, admin.user.id, 'organizer')).rejects.toMatchObject({ status: 403, code: 'SELF_DEMOTION' })
    await expect(setUserDisabled(admin.user, admin.user.id, true)).rejects.toMatchObject({ status: 403, code: 'SELF_DISABLE' })
    await expect(setUserRole(admin.user, '0'.repeat(24), 'admin')).rejects.toMatchObject({ status: 404 })
  })

  it('disabling deletes the sessions and refuses sign-in; enabling clears it', async () => {
    const target = await createTestUser('organizer', { password: 'right-pass-2026' })
    await setUserDisabled(admin.user, target.user.id, true)
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([])
    await expect(verifyLogin({ email: target.user.email, password: 'right-pass-2026', ip: '192.0.2.9' })).rejects.toMatchObject({
      status: 403,
      code: 'ACCOUNT_DISABLED',
    })
    // Enabling clears the mark that verifyLogin checks (a second scrypt check would only slow the test).
    expect((await setUserDisabled(admin.user, target.user.id, false)).disabledAt).toBeNull()
  })

  it('the page action: self-demotion comes back as an error on the row, a role change redirects with a toast', async () => {
    const refused = (await usersAction({
      request: formRequest(
        'http://localhost/admin/users?q=x',
        { intent: 'role', userId: admin.user.id, role: 'organizer' },
        { Cookie: admin.cookie },
      ),
      params: {},
      context: {},
    })) as unknown as { data: { id: string; result: { error: Record<string, string[]> } }; init: { status: number } }
    expect(refused.init.status).toBe(403)
    expect(refused.data).toMatchObject({ id: admin.user.id, result: { error: { '': ['You cannot remove your own admin role.'] } } })

    const target = await createTestUser('organizer')
    const ok = (await usersAction({
      request: formRequest('http://localhost/admin/users?q=x', { intent: 'disable', userId: target.user.id }, { Cookie: admin.cookie }),
      params: {},
      context: {},
    })) as Response
    expect(ok.status).toBe(302)
    expect(ok.headers.get('Location')).toBe('/admin/users?q=x')
    const [row] = await db.select().from(users).where(eq(users.id, target.user.id))
    expect(row!.disabledAt).not.toBeNull()
  })
})

describe('venue moderation', () => {
  it('an unpublished venue leaves search, directories, sitemaps, its page and the API; its owner still sees it; it takes no bookings', async () => {
    const { venue, owner } = await createTestVenue()
    const path = venuePath(venue)
    const inSearch = async () => (await search(`q=${encodeURIComponent(venue.name)}&city=Austin`)).venues.some((v) => v.id === venue.id)
    expect(await inSearch()).toBe(true)

    await setVenuePublished(admin.user, venue.id, false)
    expect(await inSearch()).toBe(false)
    expect((await cityDirectory('TX', 'austin'))?.venues.items.some((v) => v.id === venue.id) ?? false).toBe(false)
    expect((await venueSitemapChunk(1, 45_000)).some((v) => v.slug === venue.slug)).toBe(false)
    const page = (cookie?: string) =>
      venuePageLoader(
        routeArgs(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }), {
          state: 'tx',
          city: 'austin',
          slug: venue.slug,
        }),
      )
    const anonymous = await page().catch((e: unknown) => e)
    expect(anonymous).toBeInstanceOf(Response)
    expect((anonymous as Response).status).toBe(404)
    await expect(page(owner!.cookie)).resolves.toBeDefined()
    const api = await venueApiLoader(routeArgs(new Request(`http://localhost/api/v1/venues/${venue.id}`), { id: venue.id }))
    expect((api as Response).status).toBe(404)
    await expect(createBooking(organizer.user, bookingBody(venue.id))).rejects.toMatchObject({ status: 404 })
    expect((await adminListVenues(admin.user, { filter: 'unpublished' })).venues.map((v) => v.id)).toContain(venue.id)

    await setVenuePublished(admin.user, venue.id, true)
    expect(await inSearch()).toBe(true)
  })

  it('flags a venue without hiding it', async () => {
    const { venue } = await createTestVenue()
    await setVenueFlagged(admin.user, venue.id, true)
    const flagged = await adminListVenues(admin.user, { filter: 'flagged' })
    expect(flagged.venues.map((v) => v.id)).toEqual([venue.id])
    expect((await adminListVenues(admin.user, { q: venue.name })).venues[0]).toMatchObject({ id: venue.id, ownerEmail: expect.any(String) })
    expect(await search(`q=${encodeURIComponent(venue.name)}&city=Austin`).then((r) => r.venues.some((v) => v.id === venue.id))).toBe(true)
    await setVenueFlagged(admin.user, venue.id, false)
    expect((await adminListVenues(admin.user, { filter: 'flagged' })).total).toBe(0)
  })
})

describe('contact messages', () => {
  it('lists open messages and marks them handled', async () => {
    await db.delete(contactMessages)
    const first = await createContactMessage({
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'booking',
      message: 'We need a room for 300 in March.',
    })
    await createContactMessage({ name: 'Bo', email: 'bo@example.com', topic: 'general', message: 'Hello there, a question about venues.' })
    expect((await adminListMessages(admin.user)).open).toBe(2)
    await setMessageHandled(admin.user, first.id, true)
    const open = await adminListMessages(admin.user)
    expect(open.messages.map((m) => m.name)).toEqual(['Bo'])
    expect(open.open).toBe(1)
    expect((await adminListMessages(admin.user, { filter: 'handled' })).messages.map((m) => m.id)).toEqual([first.id])
    await setMessageHandled(admin.user, first.id, false)
    expect((await adminListMessages(admin.user)).total).toBe(2)
  })
})
