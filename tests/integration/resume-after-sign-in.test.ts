import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test, vi } from 'vitest'
import { MessageOwnerButton } from '~/components/messaging/message-owner-button'
import { action as loginAction } from '~/routes/_auth+/login'
import { action as registerAction } from '~/routes/_auth+/register'
import { action as bookAction, loader as bookLoader } from '~/routes/book+/$venueId'
import { action as multiAction, loader as multiLoader } from '~/routes/multi-venue-booking'
import { action as wishlistAction } from '~/routes/resources+/wishlist'
import { savedVenueIds } from '~/features/venues/wishlist.server'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, setCookies } from '../support/users'
import { createTestVenue } from '../support/venues'

// What a visitor started before signing in survives it (app/features/accounts/resume.server.ts): the whole
// round trip as a browser without JavaScript makes it, cookies carried by hand.

vi.mock('@remix-run/react', async (original) => ({
  ...(await original<typeof import('@remix-run/react')>()),
  Link: ({ to, children }: { to: string; children: unknown }) => `<a href="${to}">${String(children)}</a>`,
}))

useTestDatabase()

const context = { ip: '203.0.113.7' }
const cookieHeader = (response: Response) =>
  setCookies(response)
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ')

async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    return (await promise) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

const login = (email: string, redirectTo: string, cookie: string) =>
  loginAction({
    request: formRequest('http://localhost/login', { email, password: 'correct horse', redirectTo }, { Cookie: cookie }),
    params: {},
    context,
  }) as Promise<Response>

describe('signing in in the middle of something', () => {
  test('the booking form sent while signed out is filled again after signing in, and forgotten once sent', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const { venue } = await createTestVenue({ by: owner.user })
    const organizer = await createTestUser('organizer', { password: 'correct horse' })
    const typed = {
      venueId: venue.id,
      startDate: '2027-03-12',
      eventType: 'Album release',
      guests: '180',
      offerAmount: '1400',
      message: 'Quiet load-in please ✨'.repeat(3),
    }
    const sent = await thrownResponse(
      bookAction({
        request: formRequest(`http://localhost/book/${venue.id}`, { ...typed, submissionId: 's1' }),
        params: { venueId: venue.id },
        context,
      }),
    )
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe(`/login?redirectTo=%2Fbook%2F${venue.id}`)
    const kept = cookieHeader(sent)
    expect(kept).toMatch(/^sp_resume=/)

    const signedIn = await login(organizer.user.email, `/book/${venue.id}`, kept)
    expect(signedIn.headers.get('Location')).toBe(`/book/${venue.id}`)
    const page = await bookLoader({
      request: new Request(`http://localhost/book/${venue.id}`, { headers: { Cookie: `${organizer.cookie}; ${kept}` } }),
      params: { venueId: venue.id },
      context,
    })
    expect(page.resumedValues).toEqual(typed)

    // Another venue's form starts empty; a signed-out visitor never sees kept values.
    const { venue: other } = await createTestVenue({ by: owner.user })
    const otherPage = await bookLoader({
      request: new Request(`http://localhost/book/${other.id}`, { headers: { Cookie: `${organizer.cookie}; ${kept}` } }),
      params: { venueId: other.id },
      context,
    })
    expect(otherPage.resumedValues).toBeNull()

    const done = await thrownResponse(
      bookAction({
        request: formRequest(
          `http://localhost/book/${venue.id}`,
          { ...typed, submissionId: 's2' },
          { Cookie: `${organizer.cookie}; ${kept}` },
        ),
        params: { venueId: venue.id },
        context,
      }),
    )
    expect(done.headers.get('Location')).toBe('/bookings')
    expect(setCookies(done).some((c) => /^sp_resume=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true)
  })

  test('the multi-venue form keeps every row and field typed while signed out, back at the same selection', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const [a, b] = [(await createTestVenue({ by: owner.user })).venue, (await createTestVenue({ by: owner.user })).venue]
    const organizer = await createTestUser('organizer', { password: 'correct horse' })
    const selection = `/multi-venue-booking?venueId=${a.id}&date.${a.id}=2027-04-02&option=${b.id}`
    const typed = {
      'items[0].venueId': a.id,
      'items[0].startDate': '2027-04-02',
      'items[0].offerAmount': '650',
      'items[2].venueId': b.id,
      'items[2].startDate': '2027-04-04',
      'items[2].endDate': '2027-04-05',
      'items[2].offerAmount': '4200',
      eventType: 'Spring run',
      guests: '220',
      message: 'Two nights, same crew.',
    }
    const sent = await thrownResponse(
      multiAction({ request: formRequest(`http://localhost${selection}`, { ...typed, 'items[1].startDate': '' }), params: {}, context }),
    )
    expect(sent.headers.get('Location')).toBe(`/login?${new URLSearchParams({ redirectTo: selection })}`)
    const kept = cookieHeader(sent)
    expect(kept).toMatch(/^sp_resume=/)

    const signedIn = await login(organizer.user.email, selection, kept)
    expect(signedIn.headers.get('Location')).toBe(selection)
    const page = await multiLoader({
      request: new Request(`http://localhost${selection}`, { headers: { Cookie: `${organizer.cookie}; ${kept}` } }),
      params: {},
      context,
    })
    expect(page.resumedValues?.shared).toEqual({
      eventType: 'Spring run',
      guests: '220',
      message: 'Two nights, same crew.',
    })
    // Each venue's own offer comes back on its row.
    expect(page.resumedValues?.rows[0]).toEqual({ venueId: a.id, startDate: '2027-04-02', endDate: '', offerAmount: '650', dealType: '' })
    expect(page.resumedValues?.rows[1]).toEqual({ venueId: '', startDate: '', endDate: '', offerAmount: '', dealType: '' })
    expect(page.resumedValues?.rows[2]).toEqual({
      venueId: b.id,
      startDate: '2027-04-04',
      endDate: '2027-04-05',
      offerAmount: '4200',
      dealType: '',
    })
    // Signed out, nothing kept is shown.
    const anonymous = await multiLoader({
      request: new Request(`http://localhost${selection}`, { headers: { Cookie: kept } }),
      params: {},
      context,
    })
    expect(anonymous.resumedValues).toBeNull()

    const done = await thrownResponse(
      multiAction({
        request: formRequest(`http://localhost${selection}`, { ...typed, submissionId: 'm1' }, { Cookie: `${organizer.cookie}; ${kept}` }),
        params: {},
        context,
      }),
    )
    expect(done.headers.get('Location')).toBe('/bookings')
    expect(setCookies(done).some((c) => /^sp_resume=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true)
  })

  test('a heart pressed while signed out is saved as the visitor signs in, or registers', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const { venue } = await createTestVenue({ by: owner.user })
    const organizer = await createTestUser('organizer', { password: 'correct horse' })
    const pressed = await thrownResponse(
      wishlistAction({
        request: formRequest('http://localhost/resources/wishlist', {
          intent: 'add',
          venueId: venue.id,
          redirectTo: '/search?city=Austin',
          via: 'fetcher',
        }),
        params: {},
        context,
      }),
    )
    expect(pressed.headers.get('Location')).toBe('/login?redirectTo=%2Fsearch%3Fcity%3DAustin')
    const signedIn = await login(organizer.user.email, '/search?city=Austin', cookieHeader(pressed))
    expect(signedIn.headers.get('Location')).toBe('/search?city=Austin')
    expect([...(await savedVenueIds(organizer.user, [venue.id]))]).toEqual([venue.id])
    expect(setCookies(signedIn).some((c) => /^sp_resume=;/.test(c))).toBe(true)

    const registered = (await registerAction({
      request: formRequest(
        'http://localhost/register',
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada-resume@example.com',
          password: 'analytical',
          phone: '+1 615 555 0102',
          role: 'organizer',
          consentToCommunications: 'on',
          redirectTo: '/search',
        },
        { Cookie: cookieHeader(pressed) },
      ),
      params: {},
      context,
    })) as Response
    expect(registered.status).toBe(302)
    const { users } = await import('~/db/schema')
    const { db } = await import('~/db/client.server')
    const { eq } = await import('drizzle-orm')
    const [ada] = await db.select().from(users).where(eq(users.email, 'ada-resume@example.com'))
    expect([...(await savedVenueIds(ada!, [venue.id]))]).toEqual([venue.id])
  })

  test("'Message the owner' signed out signs in and continues to the conversation", () => {
    const html = renderToStaticMarkup(MessageOwnerButton({ venueId: '0123456789abcdef01234567', signedIn: false }))
    expect(html).toContain(`/login?${new URLSearchParams({ redirectTo: '/messages/new?venueId=0123456789abcdef01234567' })}`)
  })
})
