import { describe, expect, test } from 'vitest'
import { action as bookingsAction, loader as bookingsLoader } from '~/routes/bookings+/_index'
import { action as editAction, loader as editLoader } from '~/routes/venues+/$id.edit'
import { feedCalendar } from '~/features/calendars/calendar-feeds.server'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest } from '../support/users'
import { routeArgs } from '../support/api'

// The pages' halves of the calendar feeds, as a browser without JavaScript posts them.

useTestDatabase()
type Reply = { data: unknown; init: { status?: number } | null }
const tokenOf = (url: string) => /\/calendars\/([^/]+)\.ics$/.exec(url)![1]!

async function settle(promise: Promise<unknown>) {
  try {
    return (await promise) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe(`calendar feeds on the pages`, () => {
  test('the venue editor shows the feed; reset gives a new address and the old one is gone; a bad calendar address is explained', async () => {
    const { venue, owner } = await createTestVenue()
    const url = `http://localhost/venues/${venue.id}/edit`
    const load = async () =>
      (await editLoader(routeArgs(new Request(url, { headers: { Cookie: owner!.cookie } }), { id: venue.id }))) as {
        feeds: { feed: { https: string }; status: unknown }
      }
    const before = (await load()).feeds
    expect(before.status).toBeNull()
    const post = (fields: Record<string, string>, cookie = owner!.cookie) =>
      settle(editAction(routeArgs(formRequest(url, fields, { Cookie: cookie }), { id: venue.id })) as Promise<unknown>)
    expect((await post({ intent: 'calendar-feed-reset' })).status).toBe(302)
    const after = (await load()).feeds
    expect(after.feed.https).not.toBe(before.feed.https)
    expect(await feedCalendar(tokenOf(before.feed.https))).toBeNull()
    expect(await feedCalendar(tokenOf(after.feed.https))).toContain('BEGIN:VCALENDAR')

    // data(): the page shows the error beside the field, with what was typed.
    const bad = (await post({ intent: 'calendar-subscribe', url: 'ftp://example.com/x.ics' })) as unknown as Reply
    expect(bad.init?.status).toBe(400)
    expect(bad.data).toMatchObject({
      intent: 'calendar-subscribe',
      result: { error: { url: ['Only http and https addresses can be used'] }, initialValue: { url: 'ftp://example.com/x.ics' } },
    })
    const none = (await post({ intent: 'calendar-sync-now' })) as unknown as Reply
    expect(none.data).toMatchObject({ result: { error: { url: ['Add a calendar address first'] } } })

    // Another owner's press is refused, and the feed stays as it was.
    const stranger = await createTestUser('venue_owner')
    expect((await post({ intent: 'calendar-feed-reset' }, stranger.cookie)).status).toBe(403)
    expect(await feedCalendar(tokenOf(after.feed.https))).not.toBeNull()
  })

  test('the bookings page gives each user their own feed, and resets only theirs', async () => {
    const one = await createTestUser('organizer')
    const two = await createTestUser('organizer')
    const feedOf = async (cookie: string) =>
      (
        (await bookingsLoader(routeArgs(new Request('http://localhost/bookings', { headers: { Cookie: cookie } }), {}))) as {
          feed: { https: string }
        }
      ).feed.https
    const first = await feedOf(one.cookie)
    const other = await feedOf(two.cookie)
    expect(first).not.toBe(other)
    const reset = await settle(
      bookingsAction({
        request: formRequest('http://localhost/bookings?index', { intent: 'calendar-feed-reset' }, { Cookie: one.cookie }),
        params: {},
        context: {},
      }),
    )
    expect(reset.status).toBe(302)
    expect(await feedOf(one.cookie)).not.toBe(first)
    expect(await feedOf(two.cookie)).toBe(other)
  })
})
