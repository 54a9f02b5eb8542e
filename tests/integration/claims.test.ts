import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { notifications, users, venueClaims, venues } from '~/db/schema'
import { emailMatchesWebsite } from '~/features/venues/owner-schemas'
import { approveClaim, claimPageState, listClaims, rejectClaim, submitClaim } from '~/features/owners/claims.server'
import { useTestDatabase } from '../support/db'
import { createTestUser, type TestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

const body = { roleAtVenue: 'General manager', businessEmail: 'Jo@Box.TestRoom.example', phone: '(512) 555-0123', note: 'I run the room.' }
let admin: TestUser

beforeAll(async () => {
  admin = (await createTestUser('admin')).user
})

async function notificationsOf(userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId))
}

describe('domain match', () => {
  it('matches the website domain, its subdomains and any case; not look-alikes', () => {
    expect(emailMatchesWebsite('jo@testroom.example', 'https://www.testroom.example/about')).toBe(true)
    expect(emailMatchesWebsite('JO@MAIL.TestRoom.Example', 'http://testroom.example')).toBe(true)
    expect(emailMatchesWebsite('jo@nottestroom.example', 'https://testroom.example')).toBe(false)
    expect(emailMatchesWebsite('jo@testroom.example.evil.com', 'https://testroom.example')).toBe(false)
    expect(emailMatchesWebsite('jo@gmail.com', null)).toBe(false)
  })
})

describe('claims', () => {
  it('files a claim with the domain match, and allows one open claim per user and venue', async () => {
    const { venue } = await createTestVenue({ by: admin })
    const { user } = await createTestUser('organizer')
    const claim = await submitClaim(user, venue.id, body)
    expect(claim).toMatchObject({ status: 'open', domainMatch: true, businessEmail: 'jo@box.testroom.example' })
    await expect(submitClaim(user, venue.id, body)).rejects.toMatchObject({ status: 409, code: 'CLAIM_EXISTS' })
    const state = await claimPageState(user, venue.id)
    expect(state?.myClaim?.status).toBe('open')
    expect((await notificationsOf(admin.id)).some((n) => n.title === 'New venue claim' && n.message.includes('(domain match)'))).toBe(true)
  })

  it('needs a user and refuses claimed venues and bad bodies', async () => {
    const { user: owner } = await createTestUser('venue_owner')
    const { venue: owned } = await createTestVenue({ by: owner })
    const { user } = await createTestUser('organizer')
    await expect(submitClaim(null, owned.id, body)).rejects.toMatchObject({ status: 401 })
    await expect(submitClaim(user, owned.id, body)).rejects.toMatchObject({ status: 409, code: 'ALREADY_CLAIMED' })
    const { venue } = await createTestVenue({ by: admin })
    await expect(submitClaim(user, venue.id, { ...body, businessEmail: 'nope' })).rejects.toThrow()
  })

  it('only admins list all open claims, approve or reject', async () => {
    const { venue } = await createTestVenue({ by: admin })
    const { user: organizer } = await createTestUser('organizer')
    const { user: owner } = await createTestUser('venue_owner')
    const claim = await submitClaim(organizer, venue.id, body)
    await expect(approveClaim(organizer, claim.id)).rejects.toMatchObject({ status: 403 })
    await expect(approveClaim(owner, claim.id)).rejects.toMatchObject({ status: 403 })
    await expect(rejectClaim(organizer, claim.id, { reason: 'nope nope' })).rejects.toMatchObject({ status: 403 })
    expect((await listClaims(organizer)).map((c) => c.id)).toEqual([claim.id])
    expect((await listClaims(owner)).length).toBe(0)
    expect((await listClaims(admin)).map((c) => c.id)).toContain(claim.id)
  })

  it('approval sets the owner, makes the claimant a venue owner, rejects rival claims and notifies all', async () => {
    const { venue } = await createTestVenue({ by: admin, patch: { website: null } })
    const { user: winner } = await createTestUser('organizer')
    const { user: rival } = await createTestUser('organizer')
    const claim = await submitClaim(winner, venue.id, body)
    const rivalClaim = await submitClaim(rival, venue.id, { ...body, businessEmail: 'x@gmail.com' })
    expect(claim.domainMatch).toBe(false)
    await approveClaim(admin, claim.id)
    const [row] = await db.select().from(venues).where(eq(venues.id, venue.id))
    expect(row).toMatchObject({ ownerId: winner.id, claimed: true })
    const [winnerRow] = await db.select().from(users).where(eq(users.id, winner.id))
    expect(winnerRow!.role).toBe('venue_owner')
    const [rivalRow] = await db.select().from(venueClaims).where(eq(venueClaims.id, rivalClaim.id))
    expect(rivalRow).toMatchObject({ status: 'rejected', reason: 'Another claim was approved' })
    expect((await notificationsOf(winner.id)).some((n) => n.title === 'Claim approved')).toBe(true)
    expect((await notificationsOf(rival.id)).some((n) => n.title === 'Claim not approved')).toBe(true)
    expect((await notificationsOf(admin.id)).some((n) => n.title === 'Claim approved')).toBe(true)
    await expect(approveClaim(admin, claim.id)).rejects.toMatchObject({ status: 409 })
    const state = await claimPageState(null, venue.id)
    expect(state?.venue.claimed).toBe(true)
  })

  it('an admin claimant keeps the admin role', async () => {
    const { venue } = await createTestVenue({ by: admin })
    const { user: otherAdmin } = await createTestUser('admin')
    const claim = await submitClaim(otherAdmin, venue.id, body)
    await approveClaim(admin, claim.id)
    const [row] = await db.select().from(users).where(eq(users.id, otherAdmin.id))
    expect(row!.role).toBe('admin')
  })

  it('rejection needs a reason, notifies the claimant and frees the user to claim again', async () => {
    const { venue } = await createTestVenue({ by: admin })
    const { user } = await createTestUser('organizer')
    const claim = await submitClaim(user, venue.id, body)
    await expect(rejectClaim(admin, claim.id, { reason: '' })).rejects.toThrow()
    const rejected = await rejectClaim(admin, claim.id, { reason: 'Could not verify' })
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Could not verify', decidedBy: admin.id })
    expect((await notificationsOf(user.id)).some((n) => n.message.includes('Could not verify'))).toBe(true)
    const again = await submitClaim(user, venue.id, body)
    expect(again.status).toBe('open')
    const open = await db
      .select()
      .from(venueClaims)
      .where(and(eq(venueClaims.userId, user.id), eq(venueClaims.status, 'open')))
    expect(open.length).toBe(1)
  })
})
