import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { artistProfiles, bookings } from '~/db/schema'
import { action as bookAction } from '~/routes/book+/$venueId'
import { loader as artistLoader } from '~/routes/artists+/$slug'
import { answeringRefusals } from '~/web/route-errors.server'
import { loader as editPage } from '~/routes/artist-profiles+/edit.$id'
import { action as createAction } from '~/routes/artist-profiles+/create'
import {
  artistBySlug,
  createArtistProfile,
  deleteArtistProfile,
  getOwnArtistProfile,
  myArtistProfiles,
  setArtistPhoto,
  updateArtistProfile,
} from '~/features/artists/artist-profiles.server'
import { getBookingDetail } from '~/features/bookings/queries.server'
import { createBooking } from '~/features/bookings/bookings.server'
import { storage } from '~/platform/storage.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, type TestAccount } from '../support/users'
import { routeArgs } from '../support/api'

// As the server calls it: the service's refusal (403, 404) is answered with its status.
const editLoader = answeringRefusals(editPage)

useTestDatabase()

type TestUser = TestAccount
let artist: TestUser
let other: TestUser

beforeAll(async () => {
  // Agency: these tests give one person several artist profiles (Free includes one, plan-limits.test.ts).
  ;[artist, other] = await Promise.all([createTestUser('organizer', { plan: 'agency' }), createTestUser('organizer', { plan: 'agency' })])
})

const input = {
  name: 'The Wild Reeds',
  genres: 'indie rock, Folk, folk',
  hometown: 'Austin, TX',
  bio: 'Four-piece.',
  links: 'Bandcamp https://wildreeds.bandcamp.com\nhttps://www.example.com/reeds',
  drawEstimate: '250',
}

describe('artist profile service', () => {
  it('creates with a unique slug and parsed fields', async () => {
    const first = await createArtistProfile(artist.user, input)
    expect(first).toMatchObject({
      userId: artist.user.id,
      slug: 'the-wild-reeds',
      genres: ['Indie rock', 'Folk'],
      drawEstimate: 250,
      links: [
        { label: 'Bandcamp', url: 'https://wildreeds.bandcamp.com/' },
        { label: 'example.com', url: 'https://www.example.com/reeds' },
      ],
    })
    const second = await createArtistProfile(other.user, { name: 'The Wild Reeds' })
    expect(second.slug).toBe('the-wild-reeds-2')
    expect((await artistBySlug('the-wild-reeds-2'))?.id).toBe(second.id)
  })

  it('refuses bad input: no name, javascript: links, a negative draw', async () => {
    await expect(createArtistProfile(artist.user, { ...input, name: ' ' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['name'] })],
    })
    await expect(createArtistProfile(artist.user, { ...input, links: 'Evil javascript:alert(1)' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['links'] })],
    })
    await expect(createArtistProfile(artist.user, { ...input, drawEstimate: '-3' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['drawEstimate'] })],
    })
    await expect(createArtistProfile(null, input)).rejects.toMatchObject({ status: 401 })
  })

  it('only the owner may read for editing, edit, change the photo or delete (403; unknown ids 404)', async () => {
    const profile = await createArtistProfile(artist.user, { name: 'Owner Only' })
    await expect(getOwnArtistProfile(other.user, profile.id)).rejects.toMatchObject({ status: 403 })
    await expect(updateArtistProfile(other.user, profile.id, { name: 'Hijacked' })).rejects.toMatchObject({ status: 403 })
    await expect(setArtistPhoto(other.user, profile.id, null)).rejects.toMatchObject({ status: 403 })
    await expect(deleteArtistProfile(other.user, profile.id)).rejects.toMatchObject({ status: 403 })
    // Admins are not owners either: a profile is the artist's own voice.
    const admin = await createTestUser('admin')
    await expect(updateArtistProfile(admin.user, profile.id, { name: 'Hijacked' })).rejects.toMatchObject({ status: 403 })
    await expect(getOwnArtistProfile(artist.user, '0'.repeat(24))).rejects.toMatchObject({ status: 404 })
    const [row] = await db.select().from(artistProfiles).where(eq(artistProfiles.id, profile.id))
    expect(row!.name).toBe('Owner Only')

    const updated = await updateArtistProfile(artist.user, profile.id, { name: 'Owner Only Renamed', drawEstimate: '' })
    expect(updated).toMatchObject({ slug: 'owner-only-renamed', drawEstimate: null })
  })

  it('the edit page answers 403 to another user and 404 for an unknown id', async () => {
    const profile = await createArtistProfile(artist.user, { name: 'Page Guard' })
    const load = (cookie: string, id: string) =>
      editLoader(routeArgs(new Request(`http://localhost/artist-profiles/edit/${id}`, { headers: { Cookie: cookie } }), { id })).catch(
        (e: unknown) => e,
      )
    expect(((await load(other.cookie, profile.id)) as Response).status).toBe(403)
    expect(((await load(artist.cookie, '0'.repeat(24))) as Response).status).toBe(404)
    expect(await load(artist.cookie, profile.id)).toMatchObject({ profile: { id: profile.id } })
  })

  it('stores a photo through the image service, replaces and removes it; a non-image is refused', async () => {
    const profile = await createArtistProfile(artist.user, { name: 'Photo Act' })
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2E7D32' } })
      .png()
      .toBuffer()
    const url = await setArtistPhoto(artist.user, profile.id, png)
    expect(url).toMatch(/^\/uploads\/artists\/[0-9a-f]{24}-[0-9a-f]{12}\.webp$/)
    const stored = await storage().get(url!.slice('/uploads/'.length))
    expect(stored?.contentType).toBe('image/webp')
    await expect(setArtistPhoto(artist.user, profile.id, Buffer.from('<svg onload="x()"></svg>'))).rejects.toMatchObject({ status: 415 })
    await setArtistPhoto(artist.user, profile.id, null)
    expect(await storage().get(url!.slice('/uploads/'.length))).toBeNull()
  })

  it('the create page makes a profile and redirects to its public page, which is public', async () => {
    const response = (await createAction({
      request: formRequest(
        'http://localhost/artist-profiles/create',
        { intent: 'save', name: 'Form Band', genres: 'jazz' },
        { Cookie: artist.cookie },
      ),
      params: {},
      context: {},
    })) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/artists/form-band')
    const page = await artistLoader(routeArgs(new Request('http://localhost/artists/form-band'), { slug: 'form-band' }))
    expect(page).toMatchObject({ profile: { name: 'Form Band', genres: ['Jazz'] }, canEdit: false })
    expect(page.profile).not.toHaveProperty('userId')
    const missing = await artistLoader(routeArgs(new Request('http://localhost/artists/nobody'), { slug: 'nobody' })).catch(
      (e: unknown) => e,
    )
    expect((missing as Response).status).toBe(404)
  })
})

describe('artist on a booking request', () => {
  it('the organizer attaches their own profile; the venue owner sees it on the booking', async () => {
    const { venue, owner } = await createTestVenue()
    const [profile] = await myArtistProfiles(artist.user)
    const { booking } = await createBooking(artist.user, bookingBody(venue.id, { artistProfileId: profile!.id }))
    expect(booking.artistProfileId).toBe(profile!.id)
    const detail = await getBookingDetail(owner!.user, booking.id)
    expect(detail.booking).toMatchObject({ artistName: profile!.name, artistSlug: profile!.slug })
  })

  it("someone else's profile is a field error and nothing is booked", async () => {
    const { venue } = await createTestVenue()
    const [theirs] = await myArtistProfiles(other.user)
    await expect(createBooking(artist.user, bookingBody(venue.id, { artistProfileId: theirs!.id }))).rejects.toMatchObject({
      field: 'artistProfileId',
      status: 400,
    })
    expect(await db.select().from(bookings).where(eq(bookings.venueId, venue.id))).toEqual([])
  })

  it('the booking form posts the chosen profile; an empty choice means none', async () => {
    const { venue } = await createTestVenue()
    const [profile] = await myArtistProfiles(artist.user)
    const post = (fields: Record<string, string>) =>
      bookAction({
        request: formRequest(
          `http://localhost/book/${venue.id}`,
          { venueId: venue.id, eventType: 'Concert', guests: '100', offerAmount: '1500', submissionId: crypto.randomUUID(), ...fields },
          { Cookie: artist.cookie },
        ),
        params: { venueId: venue.id },
        context: {},
      })
    expect(((await post({ startDate: inDays(20), artistProfileId: profile!.id })) as Response).status).toBe(302)
    expect(((await post({ startDate: inDays(22), artistProfileId: '' })) as Response).status).toBe(302)
    const rows = await db.select().from(bookings).where(eq(bookings.venueId, venue.id)).orderBy(bookings.startDate)
    expect(rows.map((b) => b.artistProfileId)).toEqual([profile!.id, null])
  })

  it('deleting a profile keeps the booking, without the artist', async () => {
    const { venue } = await createTestVenue()
    const profile = await createArtistProfile(artist.user, { name: 'Short Lived' })
    const { booking } = await createBooking(artist.user, bookingBody(venue.id, { artistProfileId: profile.id }))
    await deleteArtistProfile(artist.user, profile.id)
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row!.artistProfileId).toBeNull()
  })
})
