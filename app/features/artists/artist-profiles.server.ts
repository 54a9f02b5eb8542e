import { randomBytes } from 'node:crypto'
import { isPlainSlug } from '~/core/fields'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { db, isUniqueViolation } from '~/db/client.server'
import { isId } from '~/core/domain'
import { artistProfiles, type ArtistProfile } from '~/db/schema'
import { artistProfileSchema } from '~/features/artists/artist-schemas'
import { DomainError } from '~/core/errors'
import { requireActor, type Actor } from '../accounts/policy.server'
import { processImage } from '../../platform/images.server'
import { withAllowance, type Tx } from '../plans/plan-limits.server'
import { storage } from '../../platform/storage.server'
import { slugify } from '~/core/words'

// Artist profiles: who plays a date. Anyone signed in may create profiles; only a profile's
// owner may edit it (not even admins: it is the artist's own voice). Public pages are
// /artists/{slug}. Organizers attach one of their profiles to a booking request.

const profileNotFound = () => new DomainError('Artist profile not found', { status: 404, code: 'NOT_FOUND' })
const notOwner = () => new DomainError('Only the owner of this profile may edit it.', { status: 403, code: 'FORBIDDEN' })

/** A free slug for a name: 'the-wild-reeds', else 'the-wild-reeds-2', -3, ... */
async function freeSlug(name: string, exceptId?: string, reader: Pick<typeof db, 'select'> = db) {
  const base = slugify(name, 80) || 'artist'
  const rows = await reader
    .select({ id: artistProfiles.id, slug: artistProfiles.slug })
    .from(artistProfiles)
    .where(sql`${artistProfiles.slug} = ${base} or ${artistProfiles.slug} ~ ${`^${base}-[0-9]+$`}`)
  const taken = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export async function createArtistProfile(actor: Actor, input: unknown) {
  const user = requireActor(actor)
  const value = artistProfileSchema.parse(input)
  const owned = async (tx: Tx) =>
    (await tx.select({ n: count() }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)))[0]?.n ?? 0
  return withAllowance(user, 'artistProfiles', owned, async (tx) => {
    // Two creations racing for one slug: the unique index refuses the second; try again once, from
    // a savepoint, since a failed statement ends the transaction around it.
    for (let attempt = 0; ; attempt++) {
      try {
        return await tx.transaction(async (savepoint) => {
          const [row] = await savepoint
            .insert(artistProfiles)
            .values({
              ...value,
              drawEstimate: value.drawEstimate ?? null,
              userId: user.id,
              slug: await freeSlug(value.name, undefined, savepoint),
            })
            .returning()
          return row!
        })
      } catch (error) {
        if (attempt === 0 && isUniqueViolation(error)) continue
        throw error
      }
    }
  })
}

/** The profile for its owner's edit page: 404 when missing, 403 for anyone else. */
export async function getOwnArtistProfile(actor: Actor, id: string) {
  const user = requireActor(actor)
  const [row] = isId(id) ? await db.select().from(artistProfiles).where(eq(artistProfiles.id, id)).limit(1) : []
  if (!row) throw profileNotFound()
  if (row.userId !== user.id) throw notOwner()
  return row
}

export async function updateArtistProfile(actor: Actor, id: string, input: unknown) {
  const existing = await getOwnArtistProfile(actor, id)
  const value = artistProfileSchema.parse(input)
  const slug = value.name === existing.name ? existing.slug : await freeSlug(value.name, existing.id)
  const [row] = await db
    .update(artistProfiles)
    .set({ ...value, drawEstimate: value.drawEstimate ?? null, slug })
    .where(eq(artistProfiles.id, existing.id))
    .returning()
  return row!
}

async function deleteStored(url: string | null) {
  if (url?.startsWith('/uploads/'))
    await storage()
      .delete(url.slice('/uploads/'.length))
      .catch(() => {})
}

/** Stores a new photo (checked and re-encoded by the image service) and drops the old one. */
export async function setArtistPhoto(actor: Actor, id: string, upload: Buffer | null) {
  const existing = await getOwnArtistProfile(actor, id)
  let url: string | null = null
  if (upload) {
    const body = await processImage(upload, { width: 800, height: 800, field: 'photo' })
    const key = `artists/${existing.id}-${randomBytes(6).toString('hex')}.webp`
    await storage().put(key, body, 'image/webp')
    url = `/uploads/${key}`
  }
  await db.update(artistProfiles).set({ photoUrl: url }).where(eq(artistProfiles.id, existing.id))
  if (existing.photoUrl !== url) await deleteStored(existing.photoUrl)
  return url
}

/** Creates a profile with its photo; a photo the image service refuses undoes the creation, so a retry makes no second profile. */
export async function createArtistProfileWithPhoto(actor: Actor, input: unknown, photo: Buffer | null) {
  const created = await createArtistProfile(actor, input)
  if (photo)
    await setArtistPhoto(actor, created.id, photo).catch(async (error: unknown) => {
      await deleteArtistProfile(actor, created.id)
      throw error
    })
  return created
}

export async function deleteArtistProfile(actor: Actor, id: string) {
  const existing = await getOwnArtistProfile(actor, id)
  await db.delete(artistProfiles).where(eq(artistProfiles.id, existing.id))
  await deleteStored(existing.photoUrl)
}

/** The actor's own profiles, by name (for their list and the booking form's choice). */
export async function myArtistProfiles(actor: Actor): Promise<ArtistProfile[]> {
  const user = requireActor(actor)
  return db.select().from(artistProfiles).where(eq(artistProfiles.userId, user.id)).orderBy(asc(artistProfiles.name))
}

/** A public profile by slug, or null. */
export async function artistBySlug(slug: string) {
  if (!isPlainSlug(slug)) return null
  const [row] = await db.select().from(artistProfiles).where(eq(artistProfiles.slug, slug.toLowerCase())).limit(1)
  return row ?? null
}

/** For booking requests: the profile must be one of the organizer's own (a field error otherwise). */
export async function assertOwnArtistProfile(actor: { id: string }, id: string) {
  const [row] = await db
    .select({ id: artistProfiles.id })
    .from(artistProfiles)
    .where(and(eq(artistProfiles.id, id), eq(artistProfiles.userId, actor.id)))
    .limit(1)
  if (!row) throw new DomainError('Choose one of your artist profiles.', { status: 400, code: 'ARTIST_PROFILE', field: 'artistProfileId' })
}
