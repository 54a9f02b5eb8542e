import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db, writesAnnounced } from '~/db/client.server'
import { users } from '~/db/schema'
import { setUserRole } from '~/features/admin/admin.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

// Everyday screens through the whole HTTP stack, as a browser without JavaScript gets them:
// role names, settings by role, plan-aware pricing buttons, the admin's role list and its
// confirmation before making an admin.

useTestDatabase()

let server: AppServer
beforeAll(async () => {
  server = await startAppServer()
}, 120_000)
afterAll(async () => {
  await server?.close()
})

const page = async (path: string, cookie?: string) => {
  const response = await fetch(`${server.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
  return { status: response.status, html: await response.text() }
}
/** Visible text, roughly: tags dropped, React's text separators and entities read. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

describe('/profile', () => {
  test('says the role in the product’s words and shows a booker no venue-side email settings', async () => {
    const booker = await createTestUser('organizer')
    const { html } = await page('/profile', booker.cookie)
    expect(text(html)).toContain(`${booker.user.email} · Booker`)
    expect(text(html)).not.toMatch(/· organizer/)
    expect(html).not.toContain('Booking requests to my venues')
    expect(html).not.toContain('Questions to my venues')
    expect(html).toContain('Answers to my booking requests')

    const owner = await createTestUser('venue_owner')
    const ownerPage = text((await page('/profile', owner.cookie)).html)
    expect(ownerPage).toContain(`${owner.user.email} · Venue Owner`)
    expect(ownerPage).toContain('Booking requests to my venues')
  })
})

describe('/pricing', () => {
  test('a visitor is offered sign-up; a signed-in Free booker sees their plan and upgrades, never sign-up', async () => {
    const visitor = text((await page('/pricing')).html)
    expect(visitor).toContain('Sign up free')
    expect(visitor).toContain('Claim your venue free')

    const booker = await createTestUser('organizer')
    const signedIn = text((await page('/pricing', booker.cookie)).html)
    expect(signedIn).not.toContain('Sign up free')
    expect(signedIn).not.toContain('Claim your venue free')
    expect(signedIn).not.toContain('Start with Free, upgrade later')
    expect(signedIn).toContain('Your plan')
    expect(signedIn).toContain('Request an upgrade')
  })

  test('a venue owner on Venue Pro sees Your plan on it and no upgrade to it', async () => {
    const owner = await createTestUser('venue_owner')
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, owner.user.id))
    await writesAnnounced()
    const html = text((await page('/pricing', owner.cookie)).html)
    expect(html).toContain('Your plan')
    expect(html).toContain('Change plan')
    expect(html).not.toContain('Claim your venue free')
  })
})

describe('/admin/users', () => {
  test('offers only the product’s roles', async () => {
    const admin = await createTestUser('admin')
    const { html } = await page('/admin/users', admin.cookie)
    const options = [...html.matchAll(/<option value="([a-z_]*)"/g)].map((m) => m[1])
    expect(new Set(options)).toEqual(new Set(['', 'organizer', 'venue_owner', 'admin']))
  })

  test('making an admin asks first, without JavaScript too; other roles change at once', async () => {
    const admin = await createTestUser('admin')
    const target = await createTestUser('organizer')
    const post = (fields: Record<string, string>) =>
      fetch(`${server.origin}/admin/users`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: admin.cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
        body: new URLSearchParams(fields),
      })
    const asked = await post({ intent: 'role', userId: target.user.id, role: 'admin' })
    expect(asked.status).toBe(200)
    const question = text(await asked.text())
    expect(question).toContain(`Confirm that ${target.user.email} should be an admin.`)
    expect(question).toContain('Make admin')
    const [still] = await db.select().from(users).where(eq(users.id, target.user.id))
    expect(still!.role).toBe('organizer')

    const confirmed = await post({ intent: 'role', userId: target.user.id, role: 'admin', confirm: 'yes' })
    expect(confirmed.status).toBe(302)
    const [made] = await db.select().from(users).where(eq(users.id, target.user.id))
    expect(made!.role).toBe('admin')

    const other = await createTestUser('organizer')
    expect((await post({ intent: 'role', userId: other.user.id, role: 'venue_owner' })).status).toBe(302)
  })

  test('the service refuses roles the product does not use, and an admin without the confirmation', async () => {
    const admin = await createTestUser('admin')
    const target = await createTestUser('organizer')
    await expect(setUserRole(admin.user, target.user.id, 'attendee')).rejects.toMatchObject({ field: 'role' })
    await expect(setUserRole(admin.user, target.user.id, 'admin')).rejects.toMatchObject({ status: 409, code: 'CONFIRM_ADMIN' })
    expect((await setUserRole(admin.user, target.user.id, 'admin', { confirmed: true })).role).toBe('admin')
  })
})
