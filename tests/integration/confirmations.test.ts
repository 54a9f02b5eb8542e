import { and, eq, isNull } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { db, writesAnnounced } from '~/db/client.server'
import { bookings, notifications, venues } from '~/db/schema'
import { createBooking } from '~/features/bookings/bookings.server'
import { notify } from '~/features/notifications/notifications.server'
import { useAppServer } from '../support/app-server'
import { bookingBody } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

// Issue 38, item 6: what cannot be undone asks first. Deleting a venue and clearing notifications
// each have a confirmation page (the dialog's page without JavaScript; docs/bookings.md,
// Confirmations) and their actions refuse any POST without the confirmation's own yes, from every
// form that reaches them. Over HTTP, as a browser without JavaScript.

useTestDatabase()

const { get, post } = useAppServer()

/** Any form a hostile or stale page could send, except one that says confirm=yes. */
const withoutYes = fc
  .dictionary(
    fc.oneof(fc.constantFrom('confirm', 'intent', 'redirectTo', 'reason', 'id'), fc.string({ maxLength: 12 })),
    fc.oneof(fc.constantFrom('yes ', 'YES', 'true', '1', 'on', ''), fc.string({ maxLength: 20 })),
    { maxKeys: 5 },
  )
  .filter((fields) => fields.confirm !== 'yes')

const live = async (id: string) =>
  (
    await db
      .select()
      .from(venues)
      .where(and(eq(venues.id, id), isNull(venues.archivedAt)))
  ).length === 1
const countOf = (userId: string) => db.$count(notifications, eq(notifications.userId, userId))

describe('deleting a venue asks first', () => {
  test('the page says what happens and who is told; no POST without the yes deletes, from either form', async () => {
    const { venue, owner } = await createTestVenue()
    const path = `/venues/${venue.id}/delete`
    const page = await get(path, owner!.cookie)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`Delete ${venue.name}?`)
    expect(html).toContain('No one is told')
    expect(html).toContain('This cannot be undone.')
    expect(html).toContain('name="confirm" value="yes"')
    // The editor links to the page (the dialog's fallback) instead of a one-press form.
    const editor = await (await get(`/venues/${venue.id}/edit`, owner!.cookie)).text()
    expect(editor).toContain(`href="${path}"`)
    expect(editor).not.toContain('value="delete-venue"')

    await fc.assert(
      fc.asyncProperty(withoutYes, fc.boolean(), async (fields, viaEditor) => {
        const body = new URLSearchParams(viaEditor ? { ...fields, intent: 'delete-venue' } : fields)
        const answer = await post(viaEditor ? `/venues/${venue.id}/edit` : path, body, owner!.cookie)
        expect(answer.status).toBe(302)
        expect(answer.headers.get('Location')).toBe(path)
        expect(await live(venue.id)).toBe(true)
      }),
      { numRuns: 30 },
    )

    const stranger = await createTestUser('venue_owner')
    expect((await post(path, new URLSearchParams({ confirm: 'yes' }), stranger.cookie)).status).toBe(403)
    expect(await live(venue.id)).toBe(true)
    const done = await post(path, new URLSearchParams({ confirm: 'yes' }), owner!.cookie)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/venues/manage')
    expect(await live(venue.id)).toBe(false)
    // Gone is gone: the page of a deleted venue is not found.
    expect((await get(path, owner!.cookie)).status).toBe(404)
  }, 120_000)

  test('a venue with a request waiting is refused on the page, with the reason', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    await createBooking(organizer.user, bookingBody(venue.id))
    await writesAnnounced()
    const refused = await post(`/venues/${venue.id}/delete`, new URLSearchParams({ confirm: 'yes' }), owner!.cookie)
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain('1 request waiting for an answer')
    expect(await live(venue.id)).toBe(true)
    expect(await db.$count(bookings, eq(bookings.venueId, venue.id))).toBe(1)
  }, 60_000)
})

describe('clearing notifications asks first', () => {
  test('the page counts what goes; no POST without the yes clears, from either form; the yes returns where it was asked', async () => {
    const me = await createTestUser('organizer')
    const other = await createTestUser('organizer')
    for (let i = 0; i < 3; i++) await notify(me.user.id, { title: `Note ${i}`, message: 'x' })
    await notify(other.user.id, { title: 'Not yours', message: 'x' })
    const page = await get('/notifications/clear?redirectTo=%2Fbookings', me.cookie)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('All 3 of your notifications are deleted')
    expect(html).toContain('No one else is told')
    expect(html).toContain('name="redirectTo" value="/bookings"')
    const list = await (await get('/notifications', me.cookie)).text()
    expect(list).toContain('href="/notifications/clear"')

    await fc.assert(
      fc.asyncProperty(withoutYes, fc.boolean(), async (fields, viaList) => {
        const body = new URLSearchParams(viaList ? { ...fields, intent: 'clear' } : fields)
        const answer = await post(viaList ? '/notifications' : '/notifications/clear', body, me.cookie)
        expect(answer.status).toBe(302)
        expect(answer.headers.get('Location')).toBe('/notifications/clear')
        expect(await countOf(me.user.id)).toBe(3)
      }),
      { numRuns: 30 },
    )

    // A forged way back stays on the site.
    const done = await post('/notifications/clear', new URLSearchParams({ confirm: 'yes', redirectTo: '//evil.example/x' }), me.cookie)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/notifications')
    expect(await countOf(me.user.id)).toBe(0)
    expect(await countOf(other.user.id)).toBe(1)
    const back = await post('/notifications/clear', new URLSearchParams({ confirm: 'yes', redirectTo: '/bookings' }), other.cookie)
    expect(back.headers.get('Location')).toBe('/bookings')
    expect((await get('/notifications/clear', me.cookie)).status).toBe(200)
  }, 120_000)

  test('signed out, the page and its action send to sign-in and clear nothing', async () => {
    const me = await createTestUser('organizer')
    await notify(me.user.id, { title: 'Kept', message: 'x' })
    expect((await get('/notifications/clear', '')).status).toBe(302)
    expect((await post('/notifications/clear', new URLSearchParams({ confirm: 'yes' }), '')).status).toBe(302)
    expect(await countOf(me.user.id)).toBe(1)
  }, 60_000)
})
