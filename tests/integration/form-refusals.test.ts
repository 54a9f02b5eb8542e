import { describe, expect, test } from 'vitest'
import { MESSAGING_TEXTS } from '~/features/messaging/messaging-schemas'
import { action as bookingAction } from '~/routes/bookings+/$id'
import { action as conversationAction } from '~/routes/_account+/messages.$conversationId'
import { action as multiAction } from '~/routes/multi-venue-booking'
import { action as savePlanAction } from '~/routes/_planner+/saved-tour-plans._index'
import { action as editAction } from '~/routes/venues+/$id.edit'
import { action as wishlistAction } from '~/routes/resources+/wishlist'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { bookingBody } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest } from '../support/users'
import { createTestVenue } from '../support/venues'
import { routeArgs } from '../support/api'

// Every form answers a refusal in one shape, formFailure's `{ ...extra, result }`
// (app/web/form-errors.server.ts), whatever the page: the messages by field ('' for the form),
// the stable code a page decides by, and the values to fill the form again. These pages each had
// a shape of their own (`errors` per field, `message`, `photoError`, `deleteError`, `error`).

useTestDatabase()

type Answer = { data: Record<string, unknown>; init: { status: number } | null }
const answer = async (result: Promise<unknown>) => (await result) as unknown as Answer

describe(`form refusals have one shape`, () => {
  test("a booking's page: an unknown intent, a cancel without a reason, a refused accept", async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id))
    const post = (fields: Record<string, string>, cookie: string) =>
      answer(
        bookingAction(routeArgs(formRequest(`http://localhost/bookings/${booking.id}`, fields, { Cookie: cookie }), { id: booking.id })),
      )

    const unknown = await post({ intent: 'shout' }, owner!.cookie)
    expect(unknown.init?.status).toBe(400)
    expect(unknown.data).toMatchObject({ intent: 'shout', result: { code: 'VALIDATION_ERROR', error: { '': ['Unknown action.'] } } })
    expect(unknown.data.toast).toMatchObject({ type: 'error', description: 'Unknown action.' })

    const noReason = await post({ intent: 'cancel', reason: '' }, organizer.cookie)
    expect(noReason.init?.status).toBe(400)
    expect(noReason.data).toMatchObject({ intent: 'cancel', result: { code: 'VALIDATION_ERROR', error: { reason: [expect.any(String)] } } })
    expect(noReason.data.result).toMatchObject({ initialValue: { intent: 'cancel', reason: '' } })

    const notTheirs = await post({ intent: 'accept' }, organizer.cookie)
    expect(notTheirs.init?.status).toBe(403)
    expect(notTheirs.data).toMatchObject({ intent: 'accept', result: { code: expect.any(String), error: { '': [expect.any(String)] } } })
  })

  test('saving a tour plan with a name over the limit says why', async () => {
    const user = await createTestUser('organizer')
    const refused = await answer(
      savePlanAction(
        routeArgs(formRequest('http://localhost/saved-tour-plans', { name: 'x'.repeat(500), criteria: '' }, { Cookie: user.cookie })),
      ),
    )
    expect(refused.init?.status).toBe(400)
    expect(refused.data).toMatchObject({ result: { code: 'VALIDATION_ERROR', error: { name: [expect.any(String)] } } })
  })

  test("a conversation's send: a missing conversation, an unknown intent", async () => {
    const user = await createTestUser('organizer')
    const post = (fields: Record<string, string>) =>
      answer(
        conversationAction(
          routeArgs(formRequest('http://localhost/messages/x', fields, { Cookie: user.cookie }), { conversationId: 'a'.repeat(24) }),
        ),
      )
    const missing = await post({ intent: 'send', content: 'Hello' })
    expect(missing.init?.status).toBe(404)
    expect(missing.data).toMatchObject({ result: { error: { '': [MESSAGING_TEXTS.noConversation] }, code: expect.any(String) } })
    const unknown = await post({ intent: 'shout' })
    expect(unknown.data).toMatchObject({ result: { error: { '': ['Unknown action.'] }, code: 'BAD_REQUEST' } })
  })

  test('multi-venue requests: unchecked fields keep the field errors and the typed values', async () => {
    const organizer = await createTestUser('organizer')
    const refused = await answer(
      multiAction(
        routeArgs(formRequest('http://localhost/multi-venue-booking', { 'items[0].venueId': 'nope' }, { Cookie: organizer.cookie })),
      ),
    )
    expect(refused.init?.status).toBe(400)
    expect(refused.data).toMatchObject({
      failures: [],
      result: {
        code: 'VALIDATION_ERROR',
        error: { '': ['Please check the highlighted fields.'] },
        initialValue: { 'items[0].venueId': 'nope' },
      },
    })
    expect(Object.keys((refused.data.result as { error: object }).error).length).toBeGreaterThan(1)
  })

  test("the venue editor: a photo form's refusal and the delete form's", async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id))
    await acceptBooking(owner!.user, booking.id)
    const post = (fields: Record<string, string>) =>
      answer(
        editAction(routeArgs(formRequest(`http://localhost/venues/${venue.id}/edit`, fields, { Cookie: owner!.cookie }), { id: venue.id })),
      )

    const noFile = await post({ intent: 'upload-photo' })
    expect(noFile.init?.status).toBe(400)
    expect(noFile.data).toMatchObject({ intent: 'upload-photo', result: { error: { photo: ['Please choose an image to upload.'] } } })

    const withBookings = await post({ intent: 'delete-venue', confirm: 'yes' })
    expect(withBookings.data).toMatchObject({
      intent: 'delete-venue',
      result: { code: 'VENUE_HAS_BOOKINGS', error: { '': [expect.any(String)] } },
    })
  })

  test('the wishlist: a venue id that is no id', async () => {
    const user = await createTestUser('organizer')
    const refused = await answer(
      wishlistAction(routeArgs(formRequest('http://localhost/wishlist', { venueId: 'nope' }, { Cookie: user.cookie }))),
    )
    expect(refused.init?.status).toBe(404)
    expect(refused.data).toMatchObject({ result: { error: { '': ['Venue not found'] }, code: 'NOT_FOUND' } })
  })
})
