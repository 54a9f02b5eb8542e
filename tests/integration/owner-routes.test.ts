import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { dateOffers, inquiries, recentlyViewed, users, venues } from '~/db/schema'
import { venuePath } from '~/features/venues/venue-urls'
import { action as claimsAdminAction, loader as claimsAdminLoader } from '~/routes/admin+/claims'
import { action as claimAction, loader as claimLoader } from '~/routes/_owner+/claim.$venueId'
import { action as dashboardAction, loader as dashboardLoader } from '~/routes/_owner+/dashboard.venue'
import { action as claimApi } from '~/routes/api+/v1.venues.$id_.claim'
import { action as decisionApi } from '~/routes/api+/v1.venue-claims.$id.$decision'
import { action as answerApi } from '~/routes/api+/v1.inquiries.$id.answer'
import { action as editAction, loader as editLoader } from '~/routes/venues+/$id.edit'
import { loader as manageLoader } from '~/routes/venues+/manage'
import { action as venuePageAction } from '~/routes/venues+/$state_.$city_.$slug'
import { useTempDataDir } from '../support/data-dir'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest, type TestAccount } from '../support/users'
import { createTestVenue } from '../support/venues'
import { routeArgs } from '../support/api'

useTestDatabase()

type Account = TestAccount
let admin: Account
let owner: Account
let otherOwner: Account
let organizer: Account

useTempDataDir('owner-routes')

beforeAll(async () => {
  ;[admin, owner, otherOwner, organizer] = await Promise.all([
    createTestUser('admin'),
    createTestUser('venue_owner', { plan: 'pro' }),
    createTestUser('venue_owner', { plan: 'pro' }),
    createTestUser('organizer'),
  ])
})

const url = (path: string) => `http://localhost${path}`
const get = (path: string, cookie?: string) => new Request(url(path), { headers: cookie ? { Cookie: cookie } : {} })

async function outcome(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  const value = await promise.catch((error: unknown) => error)
  if (value instanceof Response) return { status: value.status, location: value.headers.get('Location') }
  const init = (value as { init?: ResponseInit | null }).init
  return { status: init?.status ?? 200, location: null }
}

async function json(response: Response) {
  return (await response.json()) as { data: Record<string, unknown>; error: { code: string } }
}

describe('claim flow through the pages', () => {
  it('signed out: the page shows, the POST sends to login and back', async () => {
    const { venue } = await createTestVenue({ by: admin.user })
    const page = (await claimLoader(routeArgs(get(`/claim/${venue.id}`), { venueId: venue.id }))) as { venue: { claimed: boolean } }
    expect(page.venue.claimed).toBe(false)
    const post = await outcome(claimAction(routeArgs(formRequest(url(`/claim/${venue.id}`), {}), { venueId: venue.id })))
    expect(post).toEqual({ status: 302, location: `/login?redirectTo=%2Fclaim%2F${venue.id}` })
  })

  it('organizer claims, organizer cannot decide, admin approves on /admin/claims', async () => {
    const { venue } = await createTestVenue({ by: admin.user })
    const fields = { roleAtVenue: 'Owner', businessEmail: 'me@testroom.example', phone: '512 555 0100 1', note: '' }
    const sent = await outcome(
      claimAction(routeArgs(formRequest(url(`/claim/${venue.id}`), fields, { Cookie: organizer.cookie }), { venueId: venue.id })),
    )
    expect(sent.status).toBe(302)
    const again = await outcome(
      claimAction(routeArgs(formRequest(url(`/claim/${venue.id}`), fields, { Cookie: organizer.cookie }), { venueId: venue.id })),
    )
    expect(again.status).toBe(409)
    // Non-admins are sent away by the route table before the action runs.
    expect((await outcome(claimsAdminLoader(routeArgs(get('/admin/claims', organizer.cookie))))).status).toBe(302)
    const queue = (await claimsAdminLoader(routeArgs(get('/admin/claims', admin.cookie)))) as {
      claims: { id: string; venueId: string; domainMatch: boolean }[]
    }
    const claim = queue.claims.find((c) => c.venueId === venue.id)!
    expect(claim.domainMatch).toBe(true)
    const denied = await outcome(
      claimsAdminAction(
        routeArgs(formRequest(url('/admin/claims'), { intent: 'approve', claimId: claim.id }, { Cookie: organizer.cookie })),
      ),
    )
    expect(denied.status).toBe(302)
    expect(denied.location).not.toBe('/admin/claims')
    const approved = await outcome(
      claimsAdminAction(routeArgs(formRequest(url('/admin/claims'), { intent: 'approve', claimId: claim.id }, { Cookie: admin.cookie }))),
    )
    expect(approved).toEqual({ status: 302, location: '/admin/claims' })
    const [row] = await db.select().from(users).where(eq(users.id, organizer.user.id))
    expect(row!.role).toBe('venue_owner')
    const manage = (await manageLoader(routeArgs(get('/venues/manage', organizer.cookie)))) as { venues: { id: string }[] }
    expect(manage.venues.map((v) => v.id)).toContain(venue.id)
    await db.update(users).set({ role: 'organizer' }).where(eq(users.id, organizer.user.id))
  })

  it('the API: organizer files a claim, only admins decide', async () => {
    const { venue } = await createTestVenue({ by: admin.user })
    const body = { roleAtVenue: 'Booker', businessEmail: 'x@gmail.com', phone: '5125550100' }
    const created = await claimApi(
      routeArgs(jsonRequest(url(`/api/v1/venues/${venue.id}/claim`), body, { headers: { Authorization: `Bearer ${otherOwner.token}` } }), {
        id: venue.id,
      }),
    )
    expect(created.status).toBe(201)
    const claimId = (await json(created)).data.id as string
    const denied = await decisionApi(
      routeArgs(
        jsonRequest(url(`/api/v1/venue-claims/${claimId}/approve`), {}, { headers: { Authorization: `Bearer ${organizer.token}` } }),
        {
          id: claimId,
          decision: 'approve',
        },
      ),
    )
    expect(denied.status).toBe(403)
    const rejected = await decisionApi(
      routeArgs(
        jsonRequest(
          url(`/api/v1/venue-claims/${claimId}/reject`),
          { reason: 'Not verified' },
          { headers: { Authorization: `Bearer ${admin.token}` } },
        ),
        { id: claimId, decision: 'reject' },
      ),
    )
    expect(rejected.status).toBe(200)
    expect((await json(rejected)).data.status).toBe('rejected')
  })
})

describe('venue pages for owners', () => {
  it('another owner cannot open or post to the edit page; an organizer is sent away', async () => {
    const { venue } = await createTestVenue({ by: owner.user })
    const path = `/venues/${venue.id}/edit`
    expect((await outcome(editLoader(routeArgs(get(path, otherOwner.cookie), { id: venue.id })))).status).toBe(403)
    expect(
      (
        await outcome(
          editAction(
            routeArgs(formRequest(url(path), { intent: 'move-photo', index: '1', direction: 'up' }, { Cookie: otherOwner.cookie }), {
              id: venue.id,
            }),
          ),
        )
      ).status,
    ).toBe(403)
    expect((await outcome(editLoader(routeArgs(get(path, organizer.cookie), { id: venue.id })))).status).toBe(302)
    expect((await outcome(editLoader(routeArgs(get(path, admin.cookie), { id: venue.id })))).status).toBe(200)
  })

  it('edits the profile, refuses an SVG upload, takes a PNG by content and deletes a photo only on the second press', async () => {
    const { venue } = await createTestVenue({ by: owner.user })
    const path = `/venues/${venue.id}/edit`
    const saved = await outcome(
      editAction(
        routeArgs(
          formRequest(
            url(path),
            {
              intent: 'details',
              name: 'Renamed Room',
              venueType: 'bar',
              address: '1 Main St',
              city: 'Dallas',
              stateCode: 'TX',
              capacity: '120',
              dayRate: '900',
            },
            { Cookie: owner.cookie },
          ),
          { id: venue.id },
        ),
      ),
    )
    expect(saved.status).toBe(302)
    const [row] = await db.select().from(venues).where(eq(venues.id, venue.id))
    expect(row).toMatchObject({ name: 'Renamed Room', city: 'Dallas', capacity: 120 })
    const upload = (body: Blob, name: string) => {
      const form = new FormData()
      form.set('intent', 'upload-photo')
      form.set('photo', new File([body], name))
      return new Request(url(path), { method: 'POST', body: form, headers: { Cookie: owner.cookie } })
    }
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' })
    expect((await outcome(editAction(routeArgs(upload(svg, 'x.svg'), { id: venue.id })))).status).toBe(415)
    // A PNG named .svg is still a PNG: the content decides, not the name.
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer()
    expect((await outcome(editAction(routeArgs(upload(new Blob([new Uint8Array(png)]), 'photo.svg'), { id: venue.id })))).status).toBe(302)
    const count = (await db.select().from(venues).where(eq(venues.id, venue.id)))[0]!.photos.length
    expect(count).toBe(row!.photos.length + 1)
    const armed = await outcome(
      editAction(routeArgs(formRequest(url(path), { intent: 'delete-photo', index: '0' }, { Cookie: owner.cookie }), { id: venue.id })),
    )
    expect(armed.status).toBe(200)
    expect((await db.select().from(venues).where(eq(venues.id, venue.id)))[0]!.photos.length).toBe(count)
    const deleted = await outcome(
      editAction(
        routeArgs(formRequest(url(path), { intent: 'delete-photo', index: '0', confirm: 'yes' }, { Cookie: owner.cookie }), {
          id: venue.id,
        }),
      ),
    )
    expect(deleted.status).toBe(302)
    expect((await db.select().from(venues).where(eq(venues.id, venue.id)))[0]!.photos.length).toBe(count - 1)
  })
})

describe('inquiries through the venue page and the dashboard', () => {
  it('signed out goes to login and back; signed in sends and toasts; the owner answers from the dashboard', async () => {
    const { venue } = await createTestVenue({ by: owner.user })
    const path = venuePath(venue)
    const params = { state: venue.stateCode.toLowerCase(), city: venue.citySlug, slug: venue.slug }
    const question = { question: 'Is there a green room with a shower?', date: '' }
    const out = await outcome(venuePageAction(routeArgs(formRequest(url(path), question), params)))
    expect(out).toEqual({ status: 302, location: `/login?${new URLSearchParams({ redirectTo: path })}` })
    const sent = await venuePageAction(routeArgs(formRequest(url(path), question, { Cookie: organizer.cookie }), params)).catch(
      (r: Response) => r,
    )
    expect((sent as Response).status).toBe(302)
    expect((sent as Response).headers.get('Set-Cookie')).toContain('sp_toast')
    const short = await outcome(
      venuePageAction(routeArgs(formRequest(url(path), { question: 'short' }, { Cookie: organizer.cookie }), params)),
    )
    expect(short.status).toBe(400)
    const [inquiry] = await db.select().from(inquiries).where(eq(inquiries.venueId, venue.id))
    const dashboard = (await dashboardLoader(routeArgs(get('/dashboard/venue', owner.cookie)))) as { inquiries: { id: string }[] }
    expect(dashboard.inquiries.map((i) => i.id)).toContain(inquiry!.id)
    const otherDashboard = (await dashboardLoader(routeArgs(get('/dashboard/venue', otherOwner.cookie)))) as { inquiries: { id: string }[] }
    expect(otherDashboard.inquiries.map((i) => i.id)).not.toContain(inquiry!.id)
    const stolen = await outcome(
      dashboardAction(
        routeArgs(
          formRequest(
            url('/dashboard/venue'),
            { intent: 'answer', inquiryId: inquiry!.id, answer: 'Mine now' },
            { Cookie: otherOwner.cookie },
          ),
        ),
      ),
    )
    expect(stolen.status).toBe(403)
    const viaApi = await answerApi(
      routeArgs(
        jsonRequest(
          url(`/api/v1/inquiries/${inquiry!.id}/answer`),
          { answer: 'Nope' },
          { headers: { Authorization: `Bearer ${otherOwner.token}` } },
        ),
        { id: inquiry!.id },
      ),
    )
    expect(viaApi.status).toBe(403)
    const answered = await outcome(
      dashboardAction(
        routeArgs(
          formRequest(
            url('/dashboard/venue'),
            { intent: 'answer', inquiryId: inquiry!.id, answer: 'Yes, with towels.' },
            { Cookie: owner.cookie },
          ),
        ),
      ),
    )
    expect(answered.status).toBe(302)
    expect((await db.select().from(inquiries).where(eq(inquiries.id, inquiry!.id)))[0]!.status).toBe('answered')
  })

  it('offers an open date chosen in the "Fill your empty dates" form, to an organizer the owner may reach', async () => {
    const { venue } = await createTestVenue({ by: owner.user })
    // Offers go to organizers who chose to be visible to venues (interest-privacy.test.ts).
    await db.update(users).set({ visibleToVenues: true }).where(eq(users.id, organizer.user.id))
    await db.insert(recentlyViewed).values({ userId: organizer.user.id, venueId: venue.id })
    const dashboard = (await dashboardLoader(routeArgs(get('/dashboard/venue', owner.cookie)))) as {
      fill: { venue: { id: string }; openDates: string[] }[]
    }
    const date = dashboard.fill.find((f) => f.venue.id === venue.id)!.openDates[2]!
    const key = `${venue.id}:${organizer.user.id}`
    const post = (fields: Record<string, string>, cookie = owner.cookie) =>
      outcome(dashboardAction(routeArgs(formRequest(url('/dashboard/venue'), { intent: 'offer', key, ...fields }, { Cookie: cookie }))))
    expect(await post({ date })).toMatchObject({ status: 302, location: '/dashboard/venue#fill' })
    expect(await db.select().from(dateOffers).where(eq(dateOffers.venueId, venue.id))).toMatchObject([
      { organizerId: organizer.user.id, date },
    ])
    // The same date twice, no date, and another owner: an error next to the form, nothing sent.
    expect(await post({ date })).toMatchObject({ status: 409 })
    // No date at all is a 400 with the date field's message (the one date check), before any lookup.
    expect(await post({})).toMatchObject({ status: 400 })
    expect(await post({ date }, otherOwner.cookie)).toMatchObject({ status: 403 })
    expect(await db.$count(dateOffers)).toBe(1)
  })
})
