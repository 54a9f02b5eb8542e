import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { sessions, users } from '~/db/schema'
import { action as completeAction, loader as completeLoader } from '~/routes/_account+/complete-profile'
import { action as profileAction } from '~/routes/_account+/profile'
import { loader as uploadsLoader } from '~/routes/uploads.$'
import { verifyLogin } from '~/features/accounts/auth.server'
import { createSession, hashToken, sessionCookie } from '~/features/accounts/session.server'
import { storage } from '~/platform/storage.server'
import { useTempDataDir } from '../support/data-dir'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const dataDir = useTempDataDir('profile').dir

type Reply = {
  data: {
    intent: string | null
    result: { status?: string; error?: Record<string, string[]> } | null
    toast: { description: string } | null
    confirmDelete?: boolean
  }
  init: { status: number } | null
}

async function post(cookie: string, fields: Record<string, string>) {
  return profileAction({
    request: formRequest('http://localhost/profile', fields, { Cookie: cookie }),
    params: {},
    context: {},
  }) as Promise<unknown>
}

async function upload(cookie: string, file: Blob, filename: string) {
  const body = new FormData()
  body.set('intent', 'picture')
  body.set('picture', file, filename)
  // The Request sets the multipart boundary itself.
  const request = new Request('http://localhost/profile', { method: 'POST', body, headers: { Cookie: cookie } })
  return profileAction(routeArgs(request)) as Promise<unknown>
}

async function row(id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id))
  return user
}

const location = (response: unknown) => (response as Response).headers.get('Location')

describe('details', () => {
  test('saves the details and redirects back with a toast', async () => {
    const { user, cookie } = await createTestUser('organizer')
    const response = await post(cookie, {
      intent: 'details',
      firstName: ' Katherine ',
      lastName: 'Johnson',
      phone: '+1 757-555-0100',
      consentToCommunications: 'on',
    })
    expect(response).toBeInstanceOf(Response)
    expect(location(response)).toBe('/profile')
    expect((response as Response).headers.getSetCookie().some((c) => c.startsWith('sp_toast='))).toBe(true)
    expect(await row(user.id)).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      phone: '+1 757-555-0100',
      consentToCommunications: true,
    })
  })

  test.each([
    ['firstName', '', 'First name is required'],
    ['lastName', ' ', 'Last name is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', '555-0100', 'Please enter a valid phone number'],
    ['phone', 'call me', 'Please enter a valid phone number'],
  ])('%s = %j → 400 with %j, nothing saved', async (field, value, message) => {
    const { user, cookie } = await createTestUser('organizer')
    const reply = (await post(cookie, {
      intent: 'details',
      firstName: 'New',
      lastName: 'Name',
      phone: '+1 512 555 0199',
      [field]: value,
    })) as Reply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result?.error?.[field]).toContain(message)
    expect(await row(user.id)).toMatchObject({ firstName: user.firstName, lastName: user.lastName, phone: user.phone })
  })

  test('signed out: the action redirects to /login and changes nothing', async () => {
    const request = formRequest('http://localhost/profile', { intent: 'details', firstName: 'X', lastName: 'Y', phone: '+1 512 555 0199' })
    const thrown = await Promise.resolve(profileAction(routeArgs(request))).catch((error: unknown) => error)
    expect(location(thrown)).toBe('/login?redirectTo=%2Fprofile')
  })

  test('an unknown intent is a 400', async () => {
    const { cookie } = await createTestUser('organizer')
    const reply = (await post(cookie, { intent: 'make-admin' })) as Reply
    expect(reply.init?.status).toBe(400)
  })
})

describe('profile picture', () => {
  async function pngWithMetadata() {
    return sharp({ create: { width: 640, height: 480, channels: 3, background: '#ff3d00' } })
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'taken at home' } })
      .jpeg()
      .toBuffer()
      .then((jpeg) => sharp(jpeg).keepExif().png().toBuffer())
  }

  test('a PNG is stored as a 256x256 WebP without metadata, and served safely', async () => {
    const { user, cookie } = await createTestUser('organizer')
    const png = await pngWithMetadata()
    // The input really carries EXIF, so its absence afterwards means something.
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', exif: expect.any(Buffer) })
    expect(png.includes(Buffer.from('secret-owner'))).toBe(true)

    const response = await upload(cookie, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
    expect(location(response)).toBe('/profile')
    const picture = (await row(user.id))!.profilePicture!
    expect(picture).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[0-9a-f]+\\.webp$`))

    const stored = (await storage().get(picture.slice('/uploads/'.length)))!.body
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false)

    const served = (await uploadsLoader(
      routeArgs(new Request(`http://localhost${picture}`), { '*': picture.slice('/uploads/'.length) }),
    )) as Response
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/webp')
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(served.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'/)
    expect(served.headers.get('Content-Security-Policy')).toMatch(/\bsandbox\b/)
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true)
  })

  test('a new picture replaces the old file; removing deletes it', async () => {
    const { user, cookie } = await createTestUser('organizer')
    const png = await pngWithMetadata()
    await upload(cookie, new Blob([new Uint8Array(png)]), 'one.png')
    const first = (await row(user.id))!.profilePicture!
    await upload(cookie, new Blob([new Uint8Array(png)]), 'two.png')
    const second = (await row(user.id))!.profilePicture!
    expect(second).not.toBe(first)
    const isStored = async (url: string) => (await storage().get(url.slice('/uploads/'.length))) !== null
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(true)
    await post(cookie, { intent: 'remove-picture' })
    expect((await row(user.id))!.profilePicture).toBeNull()
    expect(await isStored(second)).toBe(false)
  })

  test.each([
    [
      'an SVG named .png',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      'avatar.png',
      'image/png',
    ],
    [
      'an HTML page named .jpg',
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      'avatar.jpg',
      'image/jpeg',
    ],
    [
      'a GIF',
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
      'avatar.webp',
      'image/webp',
    ],
  ])('%s is refused by content', async (_name, content, filename, type) => {
    const { user, cookie } = await createTestUser('organizer')
    const reply = (await upload(cookie, new Blob([Buffer.from(content, 'latin1')], { type }), filename)) as Reply
    expect(reply.init?.status).toBe(415)
    expect(reply.data.result?.error?.picture).toEqual(['Please upload a JPEG, PNG or WebP image.'])
    expect((await row(user.id))!.profilePicture).toBeNull()
  })

  test('more than 10 MB is refused with a 413', async () => {
    const { user, cookie } = await createTestUser('organizer')
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(await pngWithMetadata())
    const reply = (await upload(cookie, new Blob([big], { type: 'image/png' }), 'huge.png')) as Reply
    expect(reply.init?.status).toBe(413)
    expect(reply.data.result?.error?.picture).toEqual(['Images can be at most 10 MB.'])
    expect((await row(user.id))!.profilePicture).toBeNull()
  })

  test('an empty file field asks for an image', async () => {
    const { cookie } = await createTestUser('organizer')
    const reply = (await upload(cookie, new Blob([]), 'empty.png')) as Reply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result?.error?.picture).toEqual(['Please choose an image to upload.'])
  })

  test('/uploads/* serves nothing outside the uploads folder', async () => {
    await fs.writeFile(path.join(dataDir(), 'secret.png'), 'not for you')
    for (const key of ['../secret.png', 'avatars/../../secret.png', '%2e%2e/secret.png', 'avatars/missing.webp']) {
      const thrown = await Promise.resolve(uploadsLoader(routeArgs(new Request('http://localhost/uploads/x'), { '*': key }))).catch(
        (e: unknown) => e,
      )
      expect((thrown as Response).status, key).toBe(404)
    }
  })
})

describe('password change', () => {
  test('a wrong current password is a field error and changes nothing', async () => {
    const { user, cookie } = await createTestUser('organizer', { password: 'current-pass' })
    const reply = (await post(cookie, {
      intent: 'password',
      currentPassword: 'not-it',
      newPassword: 'next-pass-1',
      confirmPassword: 'next-pass-1',
    })) as Reply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result?.error?.currentPassword).toEqual(['Your current password is not correct.'])
    expect((await row(user.id))!.passwordHash).toBe(user.passwordHash)
    expect(JSON.stringify(reply.data)).not.toContain('next-pass-1')
  })

  test('mismatched or short new passwords are field errors', async () => {
    const { cookie } = await createTestUser('organizer', { password: 'current-pass' })
    const mismatch = (await post(cookie, {
      intent: 'password',
      currentPassword: 'current-pass',
      newPassword: 'next-pass-1',
      confirmPassword: 'next-pass-2',
    })) as Reply
    expect(mismatch.data.result?.error?.confirmPassword).toEqual(['The passwords do not match'])
    const short = (await post(cookie, {
      intent: 'password',
      currentPassword: 'current-pass',
      newPassword: '123',
      confirmPassword: '123',
    })) as Reply
    expect(short.data.result?.error?.newPassword).toContain('Password must be at least 6 characters')
  })

  test('success signs out the OTHER sessions and keeps this one', async () => {
    const { user, token, cookie } = await createTestUser('organizer', { password: 'current-pass' })
    const otherDevice = await createSession(user.id, 'other device')
    const thirdDevice = await createSession(user.id, 'third device')
    const response = await post(cookie, {
      intent: 'password',
      currentPassword: 'current-pass',
      newPassword: 'next-pass-1',
      confirmPassword: 'next-pass-1',
    })
    expect(location(response)).toBe('/profile')
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(left.map((s) => s.tokenHash)).toEqual([hashToken(token)])
    expect(left.map((s) => s.tokenHash)).not.toContain(hashToken(otherDevice))
    expect(left.map((s) => s.tokenHash)).not.toContain(hashToken(thirdDevice))
    await expect(verifyLogin({ email: user.email, password: 'next-pass-1', ip: '192.0.2.30' })).resolves.toMatchObject({ id: user.id })
  })

  test('a Google-only account may set a password without a current one', async () => {
    const { user, cookie } = await createTestUser('organizer')
    expect(user.passwordHash).toBeNull()
    const response = await post(cookie, { intent: 'password', newPassword: 'first-pass', confirmPassword: 'first-pass' })
    expect(location(response)).toBe('/profile')
    await expect(verifyLogin({ email: user.email, password: 'first-pass', ip: '192.0.2.31' })).resolves.toBeDefined()
  })
})

describe('delete account', () => {
  test('asks twice: the first post only arms, the second deletes the user, its sessions and the cookie', async () => {
    const { user, cookie } = await createTestUser('organizer')
    await createSession(user.id, 'other device')
    const first = (await post(cookie, { intent: 'delete' })) as Reply
    expect(first.data).toMatchObject({ intent: 'delete', confirmDelete: true })
    expect(await row(user.id)).toBeDefined()

    const second = (await post(cookie, { intent: 'delete', confirm: 'yes' })) as Response
    expect(second.status).toBe(302)
    expect(second.headers.get('Location')).toBe('/')
    const cleared = second.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookie.name}=`))
    expect(cleared).toMatch(/Max-Age=0/i)
    expect(await row(user.id)).toBeUndefined()
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
  })

  test('any other confirm value does not delete', async () => {
    const { user, cookie } = await createTestUser('organizer')
    await post(cookie, { intent: 'delete', confirm: 'true' })
    expect(await row(user.id)).toBeDefined()
  })
})

describe('/complete-profile', () => {
  const load = (url: string, cookie: string) =>
    Promise.resolve(completeLoader(routeArgs(new Request(url, { headers: { Cookie: cookie } })))).catch((e: unknown) => e)

  test('a complete user is sent on: to redirectTo when safe, else their home', async () => {
    const { cookie } = await createTestUser('venue_owner')
    expect(location(await load('http://localhost/complete-profile', cookie))).toBe('/dashboard/venue')
    expect(location(await load('http://localhost/complete-profile?redirectTo=%2Fbookings', cookie))).toBe('/bookings')
    expect(location(await load('http://localhost/complete-profile?redirectTo=https%3A%2F%2Fevil.example', cookie))).toBe('/dashboard/venue')
  })

  test('an admin is always complete', async () => {
    const { cookie } = await createTestUser('admin', { complete: false })
    expect(location(await load('http://localhost/complete-profile', cookie))).toBe('/admin')
  })

  test('an incomplete user sees the form with what is known', async () => {
    const { cookie } = await createTestUser('organizer', { complete: false })
    const page = (await load('http://localhost/complete-profile', cookie)) as { defaults: unknown; constraint: Record<string, unknown> }
    expect(page.defaults).toEqual({ firstName: '', lastName: '', phone: '' })
    // The form's HTML constraints come from the schema through the loader (docs/decisions/040).
    expect(page.constraint.firstName).toMatchObject({ required: true })
  })

  test('saving completes the profile and goes on to redirectTo', async () => {
    const { user, cookie } = await createTestUser('organizer', { complete: false })
    const bad = (await completeAction({
      request: formRequest('http://localhost/complete-profile', { firstName: 'Ada', lastName: '', phone: '1' }, { Cookie: cookie }),
      params: {},
      context: {},
    })) as unknown as Reply
    expect(bad.init?.status).toBe(400)
    expect(bad.data.result?.error).toMatchObject({ lastName: ['Last name is required'], phone: ['Please enter a valid phone number'] })

    const response = await completeAction({
      request: formRequest(
        'http://localhost/complete-profile?redirectTo=%2Fwishlist',
        { firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0958' },
        { Cookie: cookie },
      ),
      params: {},
      context: {},
    })
    expect(location(response)).toBe('/wishlist')
    expect(await row(user.id)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0958' })
    expect(location(await load('http://localhost/complete-profile', cookie))).toBe('/dashboard')
  })

  test('signed out: to /login, remembering the page', async () => {
    const thrown = await Promise.resolve(completeLoader(routeArgs(new Request('http://localhost/complete-profile')))).catch(
      (e: unknown) => e,
    )
    expect(location(thrown)).toBe('/login?redirectTo=%2Fcomplete-profile')
  })
})
