import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { notifications, recentlyViewed, users, venues, wishlistItems } from '~/db/schema'
import { isoOf } from '~/core/dates'
import { emptyDateSuggestions, myVenues, offerDate, recordVenueView } from '~/features/owners/owner-tools.server'
import { addVenuePhoto, deleteVenuePhoto, moveVenuePhoto } from '~/features/venues/venue-photos.server'
import { updateVenue } from '~/features/venues/venue-writes.server'
import { storage } from '~/platform/storage.server'
import { useTempDataDir } from '../support/data-dir'
import { useTestDatabase } from '../support/db'
import { createTestUser, type TestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

let owner: TestUser
let otherOwner: TestUser
let organizer: TestUser
let venueId: string
useTempDataDir('photos')

beforeAll(async () => {
  owner = (await createTestUser('venue_owner', { plan: 'pro' })).user
  otherOwner = (await createTestUser('venue_owner', { plan: 'pro' })).user
  organizer = (await createTestUser('organizer')).user
  venueId = (await createTestVenue({ by: owner })).venue.id
})

const jpegWithExif = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
    .toBuffer()

describe('venue photos', () => {
  it('re-encodes uploads to WebP at two web sizes without metadata', async () => {
    const input = await jpegWithExif()
    expect((await sharp(input).metadata()).exif).toBeDefined()
    const before = (await db.select().from(venues).where(eq(venues.id, venueId)))[0]!.photos.length
    const photos = await addVenuePhoto(owner, venueId, input, 'The stage')
    const photo = photos.at(-1)!
    expect(photos.length).toBe(before + 1)
    expect(photo).toMatchObject({ width: 1600, height: 1067, alt: 'The stage' })
    const large = (await storage().get(photo.url.slice('/uploads/'.length)))!.body
    const small = (await storage().get(photo.url.slice('/uploads/'.length).replace('.webp', '-800.webp')))!.body
    const meta = await sharp(large).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 })
    expect(meta.exif).toBeUndefined()
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 800, height: 533 })
  })

  it('refuses SVG, HTML, oversize files and other owners', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')
    await expect(addVenuePhoto(owner, venueId, svg)).rejects.toMatchObject({ status: 415 })
    await expect(addVenuePhoto(owner, venueId, Buffer.from('<!doctype html><p>hi</p>'))).rejects.toMatchObject({ status: 415 })
    await expect(addVenuePhoto(owner, venueId, Buffer.alloc(10 * 1024 * 1024 + 1))).rejects.toMatchObject({ status: 413 })
    await expect(addVenuePhoto(otherOwner, venueId, await jpegWithExif())).rejects.toMatchObject({ status: 403 })
    await expect(addVenuePhoto(organizer, venueId, await jpegWithExif())).rejects.toMatchObject({ status: 403 })
  })

  it('reorders and deletes (deleting removes our files); other owners cannot', async () => {
    const photos = await addVenuePhoto(owner, venueId, await jpegWithExif(), 'Second upload')
    const last = photos.length - 1
    await expect(moveVenuePhoto(otherOwner, venueId, last, 'up')).rejects.toMatchObject({ status: 403 })
    const moved = await moveVenuePhoto(owner, venueId, last, 'up')
    expect(moved[last - 1]!.alt).toBe('Second upload')
    await expect(moveVenuePhoto(owner, venueId, 0, 'up')).rejects.toMatchObject({ code: 'BAD_PHOTO_INDEX' })
    await expect(deleteVenuePhoto(otherOwner, venueId, last - 1)).rejects.toMatchObject({ status: 403 })
    const key = moved[last - 1]!.url.slice('/uploads/'.length)
    expect(await storage().get(key)).not.toBeNull()
    const after = await deleteVenuePhoto(owner, venueId, last - 1)
    expect(after.length).toBe(moved.length - 1)
    expect(after.some((p) => p.alt === 'Second upload')).toBe(false)
    expect(await storage().get(key)).toBeNull()
    expect(await storage().get(key.replace('.webp', '-800.webp'))).toBeNull()
  })
})

describe('owner venue tools', () => {
  it('another owner cannot edit the venue; the owner and admins can', async () => {
    await expect(updateVenue(otherOwner, venueId, { capacity: 10 })).rejects.toMatchObject({ status: 403 })
    expect((await updateVenue(owner, venueId, { capacity: 350 })).capacity).toBe(350)
    const { user: admin } = await createTestUser('admin')
    expect((await updateVenue(admin, venueId, { capacity: 360 })).capacity).toBe(360)
  })

  it('lists my venues with views, open inquiries and empty dates; only mine', async () => {
    await recordVenueView(venueId)
    await recordVenueView(venueId)
    const mine = await myVenues(owner)
    expect(mine.map((v) => v.id)).toEqual([venueId])
    expect(mine[0]).toMatchObject({ views30: 2, openInquiries: 0, nextBooked: null, emptyNext30: 30 })
    expect((await myVenues(otherOwner)).length).toBe(0)
    await expect(myVenues(organizer)).rejects.toMatchObject({ status: 403 })
  })

  it('suggests organizers who showed interest nearby, and offers a date once', async () => {
    // Named suggestions are only organizers who chose to be visible to venues (interest-privacy.test.ts).
    await db.update(users).set({ visibleToVenues: true }).where(eq(users.id, organizer.id))
    await db.insert(recentlyViewed).values({ userId: organizer.id, venueId })
    const [suggestion] = await emptyDateSuggestions(owner)
    expect(suggestion!.openDates.length).toBe(60)
    expect(suggestion!.organizers.map((o) => o.id)).toEqual([organizer.id])
    const date = suggestion!.openDates[3]!
    await expect(offerDate(otherOwner, { venueId, organizerId: organizer.id, date })).rejects.toMatchObject({ status: 403 })
    await offerDate(owner, { venueId, organizerId: organizer.id, date })
    await expect(offerDate(owner, { venueId, organizerId: organizer.id, date })).rejects.toMatchObject({ code: 'ALREADY_OFFERED' })
    await expect(
      offerDate(owner, { venueId, organizerId: organizer.id, date: isoOf(new Date(Date.now() + 200 * 86_400_000)) }),
    ).rejects.toMatchObject({ code: 'DATE_NOT_OPEN' })
    const sent = await db.select().from(notifications).where(eq(notifications.userId, organizer.id))
    expect(sent.filter((n) => n.link === `/book/${venueId}?date=${date}`).length).toBe(1)
    expect((await emptyDateSuggestions(owner))[0]!.offered).toEqual([`${organizer.id}:${date}`])
  })

  it('counts wishlist saves nearby as interest, but not far away or from non-organizers', async () => {
    const { user: saver } = await createTestUser('organizer')
    const { user: ownerSaver } = await createTestUser('venue_owner')
    const { user: admin } = await createTestUser('admin')
    const { venue: near } = await createTestVenue({ by: admin, patch: { city: 'Round Rock' } })
    const { venue: far } = await createTestVenue({ by: admin, patch: { city: 'Seattle', stateCode: 'WA' } })
    const { user: farSaver } = await createTestUser('organizer')
    await db.insert(wishlistItems).values([
      { userId: saver.id, venueId: near.id },
      { userId: ownerSaver.id, venueId: near.id },
      { userId: farSaver.id, venueId: far.id },
    ])
    await db
      .update(users)
      .set({ visibleToVenues: true })
      .where(inArray(users.id, [saver.id, ownerSaver.id, farSaver.id]))
    const ids = (await emptyDateSuggestions(owner))[0]!.organizers.map((o) => o.id)
    expect(ids).toContain(saver.id)
    expect(ids).not.toContain(ownerSaver.id)
    expect(ids).not.toContain(farSaver.id)
  })
})
