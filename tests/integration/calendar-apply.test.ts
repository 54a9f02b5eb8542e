import { describe, expect, test } from 'vitest'
import { describeDates } from '~/features/calendars/calendar-editor'
import { action as editAction } from '~/routes/venues+/$id.edit'
import { availabilityPreview } from '~/features/bookings/availability.server'
import { setCalendarDays } from '~/features/calendars/calendar.server'
import { inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { routeArgs } from '../support/api'

// Issue #16, item 1: an apply edits exactly the dates ticked for it, and the page says which
// dates changed. (That the form starts over after an apply, with and without JavaScript, is
// checked in the browser: tests/e2e/bookings-promises.spec.ts.)

useTestDatabase()

/** The flash toast a redirect carries (services/toast.server.ts: base64url JSON in the sp_toast cookie). */
function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sp_toast='))!
  // Remix's cookie encoding (base64 of the JSON string) around the toast's own base64url JSON.
  const inner = JSON.parse(
    Buffer.from(decodeURIComponent(cookie.split(';')[0]!.slice('sp_toast='.length)), 'base64').toString('utf8'),
  ) as string
  return JSON.parse(Buffer.from(inner, 'base64url').toString('utf8')) as { title?: string; description: string }
}

const statusOn = async (venueId: string, date: string) => (await availabilityPreview(venueId, new Date(`${date}T00:00:00Z`), 1))[0]!

describe(`the owner's calendar apply`, () => {
  test('changes exactly the dates given and reports which changed and which already were so', async () => {
    const { venue, owner } = await createTestVenue()
    const [d10, d12, d20] = [inDays(10), inDays(12), inDays(20)]
    expect(await setCalendarDays(owner!.user, venue.id, [d10, d12], { blocked: true })).toEqual({ changed: [d10, d12], unchanged: [] })
    expect(await setCalendarDays(owner!.user, venue.id, [d20, d10], { blocked: true })).toEqual({ changed: [d20], unchanged: [d10] })
    expect(await setCalendarDays(owner!.user, venue.id, [d20], { blocked: false })).toEqual({ changed: [d20], unchanged: [] })
    expect((await statusOn(venue.id, d10)).status).toBe('blocked')
    expect((await statusOn(venue.id, d20)).status).toBe('available')
  })

  test('the venue editor says which dates changed, and opening the 20th leaves the 10th blocked', async () => {
    const { venue, owner } = await createTestVenue()
    const post = (fields: [string, string][]) => {
      const body = new URLSearchParams([['intent', 'calendar'], ['month', inDays(10).slice(0, 7)], ...fields])
      return editAction(
        routeArgs(
          new Request(`http://localhost/venues/${venue.id}/edit`, {
            method: 'POST',
            body,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: owner!.cookie },
          }),
          { id: venue.id },
        ),
      ) as Promise<Response>
    }
    const blocked = await post([
      ['op', 'block'],
      ['dates', inDays(10)],
    ])
    expect(blocked.status).toBe(302)
    expect(toastOf(blocked)).toEqual({
      id: expect.any(String),
      type: 'success',
      title: 'Calendar updated',
      description: `Blocked ${describeDates([inDays(10)])}.`,
    })
    const opened = await post([
      ['op', 'unblock'],
      ['dates', inDays(20)],
    ])
    expect(toastOf(opened).description).toBe(`Nothing changed: ${describeDates([inDays(20)])} was already open.`)
    expect((await statusOn(venue.id, inDays(10))).status).toBe('blocked')
    // A price is set only for the dates sent with it.
    const priced = await post([
      ['op', 'price'],
      ['price', '900'],
      ['dates', inDays(11)],
    ])
    expect(toastOf(priced).description).toBe(`Priced ${describeDates([inDays(11)])} at $900.`)
    expect((await statusOn(venue.id, inDays(10))).priceOverride).toBeNull()
  })
})
