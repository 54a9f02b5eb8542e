import { randomBytes } from 'node:crypto'
import { photoAltField } from '~/features/venues/venue-schemas'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { db } from '~/db/client.server'
import { venues, type VenuePhoto } from '~/db/schema'
import { DomainError } from '~/core/errors'
import { processImage } from '../../platform/images.server'
import { storage } from '../../platform/storage.server'
import { canEditVenue, type Actor, requireActor, forbidden } from '../accounts/policy.server'
import { invalidateVenueCaches, venueById, venueNotFound } from './venues.server'

export const MAX_VENUE_PHOTOS = 20
export const PHOTO_SIZES = { large: { width: 1600, height: 1067 }, small: { width: 800, height: 533 } } as const

async function editable(actor: Actor, venueId: string) {
  requireActor(actor)
  const venue = await venueById(venueId)
  if (!venue) throw venueNotFound()
  if (!canEditVenue(actor, venue)) forbidden()
  return venue
}

/** Storage key of an uploaded venue photo, from its public URL; null for photos that are not ours. */
export function venuePhotoKey(url: string) {
  return url.startsWith('/uploads/venues/') ? url.slice('/uploads/'.length) : null
}

/** The 800-wide variant stored next to an uploaded photo (seeded art has none). */
export function smallVariant(url: string) {
  return venuePhotoKey(url) ? url.replace(/\.webp$/, '-800.webp') : url
}

/**
 * Adds an uploaded photo: checked by content, re-encoded to WebP at 1600×1067 and 800×533
 * (which strips metadata), stored under venues/{id}/ and appended to the venue's photos.
 */
export async function addVenuePhoto(actor: Actor, venueId: string, input: Buffer, rawAlt?: string) {
  const parsedAlt = photoAltField.safeParse(rawAlt ?? '')
  if (!parsedAlt.success) throw new DomainError(parsedAlt.error.issues[0]!.message, { field: 'alt' })
  const alt = parsedAlt.data
  const venue = await editable(actor, venueId)
  if (venue.photos.length >= MAX_VENUE_PHOTOS)
    throw new DomainError(`A venue can have at most ${MAX_VENUE_PHOTOS} photos.`, { field: 'photo' })
  const large = await processImage(input, { ...PHOTO_SIZES.large, field: 'photo' })
  const small = await sharp(large).resize(PHOTO_SIZES.small.width, PHOTO_SIZES.small.height).webp({ quality: 80 }).toBuffer()
  const base = `venues/${venue.id}/${randomBytes(8).toString('hex')}`
  await storage().put(`${base}.webp`, large, 'image/webp')
  await storage().put(`${base}-800.webp`, small, 'image/webp')
  const photo: VenuePhoto = {
    url: `/uploads/${base}.webp`,
    ...PHOTO_SIZES.large,
    alt: alt || `${venue.name}, ${venue.city}`,
  }
  const photos = [...venue.photos, photo]
  await db.update(venues).set({ photos }).where(eq(venues.id, venue.id))
  invalidateVenueCaches()
  return photos
}

/** Moves the photo at `index` one place up or down; the first photo is the cover. */
export async function moveVenuePhoto(actor: Actor, venueId: string, index: number, direction: 'up' | 'down') {
  const venue = await editable(actor, venueId)
  const target = direction === 'up' ? index - 1 : index + 1
  if (!Number.isInteger(index) || !venue.photos[index] || !venue.photos[target])
    throw new DomainError('That photo cannot move further.', { code: 'BAD_PHOTO_INDEX' })
  const photos = [...venue.photos]
  ;[photos[index], photos[target]] = [photos[target]!, photos[index]!]
  await db.update(venues).set({ photos }).where(eq(venues.id, venue.id))
  invalidateVenueCaches()
  return photos
}

/** Removes a photo from the venue, and its files when they are our uploads. */
export async function deleteVenuePhoto(actor: Actor, venueId: string, index: number) {
  const venue = await editable(actor, venueId)
  const photo = venue.photos[index]
  if (!Number.isInteger(index) || !photo) throw new DomainError('Photo not found', { status: 404, code: 'NOT_FOUND' })
  const photos = venue.photos.filter((_, i) => i !== index)
  await db.update(venues).set({ photos }).where(eq(venues.id, venue.id))
  invalidateVenueCaches()
  const key = venuePhotoKey(photo.url)
  if (key) {
    await storage()
      .delete(key)
      .catch(() => {})
    await storage()
      .delete(key.replace(/\.webp$/, '-800.webp'))
      .catch(() => {})
  }
  return photos
}
