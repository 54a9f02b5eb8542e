// The input classes of issue #14 beyond dates, each through the real routes: control characters in
// any text (a 400 with a message, never a 500, nothing stored), a megabyte password (refused before
// scrypt), numbers in JSON bodies (true and [5] are not numbers), message metadata sized for a
// realtime payload. (The throttles: tests/integration/throttles.test.ts.)
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { contactMessages, messages, users, venues } from '~/db/schema'
import { encodeEvent } from '~/platform/realtime-bus.server'
import { action as apiLogin } from '~/routes/api+/v1.auth.login'
import { action as apiRegister } from '~/routes/api+/v1.auth.register'
import { action as apiBookings } from '~/routes/api+/v1.bookings._index'
import { action as apiConversations } from '~/routes/api+/v1.conversations'
import { action as apiMe } from '~/routes/api+/v1.users.me'
import { action as apiVenues } from '~/routes/api+/v1.venues._index'
import { action as tourPlanSave } from '~/routes/api+/v1.tour-plans.save'
import { action as askVenue } from '~/routes/api+/v1.venues.$id_.inquiries'
import { loader as apiSearch } from '~/routes/api+/v1.venues.search'
import { loader as adminUsers } from '~/routes/admin+/users'
import { action as loginPage } from '~/routes/_auth+/login'
import { action as registerPage } from '~/routes/_auth+/register'
import { action as contactPage } from '~/routes/_marketing+/contact'
import { loader as searchPage } from '~/routes/_marketing+/search'
import { verifyLogin } from '~/features/accounts/auth.server'
import { bookingBody } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { addressCounter, bearer, callApi as api } from '../support/api'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const freshIp = addressCounter('198.18.7')

describe('control characters: a 400 with a message, never a 500, nothing stored', () => {
  test('NUL in the search q (API and page)', async () => {
    const found = await api(apiSearch, new Request(`http://localhost/api/v1/venues/search?${new URLSearchParams({ q: 'jazz\u0000club' })}`))
    expect(found.status).toBe(400)
    expect(found.body.error?.fields?.q?.[0]).toMatch(/control characters/)
    const page = (await searchPage(routeArgs(new Request(`http://localhost/search?${new URLSearchParams({ q: 'a\u0000' })}`), {}))) as {
      init?: { status?: number } | null
      data?: unknown
    }
    expect(page.init?.status).toBe(400)
    expect(JSON.stringify(page.data)).toMatch(/control characters/)
  })

  test('NUL in an email (sign-in and sign-up APIs) and in names (sign-up form, profile API)', async () => {
    const login = await api(apiLogin, jsonRequest('http://localhost/api/v1/auth/login', { email: 'a\u0000@b.co', password: 'whatever1' }), {
      ip: freshIp(),
    })
    expect(login.status).toBe(400)
    const register = await api(
      apiRegister,
      jsonRequest('http://localhost/api/v1/auth/register', { email: 'new\u0000@example.com', password: 'a-good-pass-1', name: 'Jo' }),
    )
    expect(register.status).toBe(400)
    expect(register.body.error?.fields?.email).toBeDefined()
    const form = (await registerPage({
      request: formRequest('http://localhost/register', {
        firstName: 'Jo\r\nBcc: everyone@example.com',
        lastName: 'Doe',
        email: 'header-injection@example.com',
        password: 'a-good-pass-1',
        phone: '+1 512 555 0100',
        consentToCommunications: 'on',
      }),
      params: {},
      context: { ip: freshIp() },
    })) as { init?: { status?: number } | null; data: { result: { error?: Record<string, string[]> } } }
    expect(form.init?.status).toBe(400)
    expect(form.data.result.error?.firstName?.[0]).toMatch(/control characters/)
    expect(await db.select().from(users).where(eq(users.email, 'header-injection@example.com'))).toHaveLength(0)

    const { user, token } = await createTestUser('organizer')
    const patch = await api(
      apiMe,
      jsonRequest('http://localhost/api/v1/users/me', { firstName: 'Ann\u0000' }, { method: 'PATCH', headers: bearer(token) }),
    )
    expect(patch.status).toBe(400)
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row!.firstName).toBe('Test')
  })

  test('NUL in a venue description, a message and a question; multi-line texts keep their newlines', async () => {
    const owner = await createTestUser('venue_owner')
    const venue = await api(
      apiVenues,
      jsonRequest(
        'http://localhost/api/v1/venues',
        {
          name: 'Nul Hall',
          venueType: 'club',
          description: 'Great\u0000room',
          address: '1 Main St',
          city: 'Austin',
          stateCode: 'TX',
          capacity: 200,
          dayRate: 900,
        },
        { headers: bearer(owner.token) },
      ),
    )
    expect(venue.status).toBe(400)
    expect(venue.body.error?.fields?.description?.[0]).toMatch(/control characters/)
    expect(await db.select().from(venues).where(eq(venues.name, 'Nul Hall'))).toHaveLength(0)

    const { venue: hall, owner: hallOwner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const started = await api(
      apiConversations,
      jsonRequest(
        'http://localhost/api/v1/conversations',
        { recipientId: hallOwner!.user.id, content: 'Hi\u0000there' },
        { headers: bearer(organizer.token) },
      ),
    )
    expect(started.status).toBe(400)
    // A NUL inside metadata, which no text field describes, is caught where the JSON is read.
    const nested = await api(
      apiConversations,
      jsonRequest(
        'http://localhost/api/v1/conversations',
        { recipientId: hallOwner!.user.id, content: 'Hello', metadata: { note: { deep: 'x\u0000y' } } },
        { headers: bearer(organizer.token) },
      ),
    )
    expect(nested.status).toBe(400)
    expect(nested.body.error?.message).toMatch(/metadata\.note\.deep/)
    const asked = await api(
      askVenue,
      jsonRequest(
        `http://localhost/api/v1/venues/${hall.id}/inquiries`,
        { question: 'Is there a piano?\u0000' },
        { headers: bearer(organizer.token) },
      ),
      { params: { id: hall.id } },
    )
    expect(asked.status).toBe(400)
    const multiline = await api(
      askVenue,
      jsonRequest(
        `http://localhost/api/v1/venues/${hall.id}/inquiries`,
        { question: 'Two things:\r\n1. a piano?\n2.\tparking?' },
        { headers: bearer(organizer.token) },
      ),
      { params: { id: hall.id } },
    )
    expect(multiline.status).toBe(201)
    expect((multiline.body.data as { question: string }).question).toBe('Two things:\n1. a piano?\n2.\tparking?')
  })

  test('the contact form: CR/LF in the name never reaches the stored message (or a mail header)', async () => {
    const reply = (await contactPage({
      request: formRequest('http://localhost/contact', {
        name: 'Eve\r\nBcc: all@example.com',
        email: 'eve@example.com',
        topic: 'general',
        message: 'Hello there, a question about pricing.',
      }),
      params: {},
      context: { ip: freshIp() },
    })) as { init?: { status?: number } | null; data: { result: { error?: Record<string, string[]> } } }
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error?.name?.[0]).toMatch(/control characters/)
    expect(await db.select().from(contactMessages).where(eq(contactMessages.email, 'eve@example.com'))).toHaveLength(0)
  })

  test('an admin filter with NUL is a 400 naming the parameter', async () => {
    const admin = await createTestUser('admin')
    const thrown = await Promise.resolve(
      adminUsers(routeArgs(new Request('http://localhost/admin/users?q=a%00b', { headers: { Cookie: admin.cookie } }), {})),
    ).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(400)
    expect(await (thrown as Response).text()).toMatch(/^q: .*control characters/)
  })
})

describe('redirectTo after signing in', () => {
  test.each(['/bookings\u000b', '/bookings\u0000', '/bookings\u2028', '\u3000/bookings', `/bookings?${'x'.repeat(5000)}`])(
    'a hostile %j falls back to the default page, and the sign-in still works',
    async (redirectTo) => {
      const email = `redirect-${Math.random().toString(36).slice(2)}@example.com`
      await createTestUser('organizer', { password: 'right-pass', email })
      const response = (await loginPage({
        request: formRequest('http://localhost/login', { email, password: 'right-pass', redirectTo }),
        params: {},
        context: { ip: freshIp() },
      })) as Response
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/dashboard')
    },
  )
})

describe('lengths', () => {
  test('a 5 MB password is a 400 at once on the sign-in API, and the service refuses it too (never hashed)', async () => {
    const huge = 'p'.repeat(5_000_000)
    const started = performance.now()
    const login = await api(apiLogin, jsonRequest('http://localhost/api/v1/auth/login', { email: 'someone@example.com', password: huge }), {
      ip: freshIp(),
    })
    expect(login.status).toBe(400)
    expect(login.body.error?.fields?.password).toEqual(['Password must be at most 200 characters'])
    await expect(verifyLogin({ email: 'someone@example.com', password: huge, ip: freshIp() })).rejects.toThrow(
      'Password must be at most 200 characters',
    )
    expect(performance.now() - started).toBeLessThan(3000)
  })

  test('message metadata is capped so the realtime payload always fits NOTIFY (under 8000 bytes)', async () => {
    const { owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const big = await api(
      apiConversations,
      jsonRequest(
        'http://localhost/api/v1/conversations',
        { recipientId: owner!.user.id, content: 'Hello', metadata: { blob: '😀'.repeat(1000) } },
        { headers: bearer(organizer.token) },
      ),
    )
    expect(big.status).toBe(400)
    expect(big.body.error?.fields?.metadata?.[0]).toBe('Metadata must be at most 2000 bytes of JSON')
    // The largest allowed message and metadata, in four-byte characters, still make a frame that fits.
    const content = '😀'.repeat(2000)
    const metadata = { blob: '😀'.repeat(480) }
    const ok = await api(
      apiConversations,
      jsonRequest(
        'http://localhost/api/v1/conversations',
        { recipientId: owner!.user.id, content, metadata },
        { headers: bearer(organizer.token) },
      ),
    )
    expect(ok.status).toBe(201)
    const [stored] = await db.select().from(messages).where(eq(messages.senderId, organizer.user.id))
    const payload = encodeEvent({
      userIds: [owner!.user.id],
      frame: {
        type: 'message',
        message: { ...stored!, createdAt: stored!.createdAt.toISOString(), metadata: stored!.metadata },
      } as never,
    })
    expect(Buffer.byteLength(payload)).toBeLessThan(8000)
  })
})

describe('numbers in JSON bodies are numbers', () => {
  test.each([
    ['true', true],
    ['[5]', [5]],
    ['{"n":5}', { n: 5 }],
    ['"5 people"', '5 people'],
    ['1.5', 1.5],
  ])('guests: %s is a 400 naming the field', async (_label, guests) => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const answer = await api(
      apiBookings,
      jsonRequest('http://localhost/api/v1/bookings', bookingBody(venue.id, { guests }), { headers: bearer(organizer.token) }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body.error?.fields?.guests?.[0]).toMatch(/whole number/)
  })

  test('offerAmount: true is refused; a number is taken as it is', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const refused = await api(
      apiBookings,
      jsonRequest('http://localhost/api/v1/bookings', bookingBody(venue.id, { offerAmount: true }), { headers: bearer(organizer.token) }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error?.fields?.offerAmount).toBeDefined()
    const taken = await api(
      apiBookings,
      jsonRequest('http://localhost/api/v1/bookings', bookingBody(venue.id, { guests: 80 }), { headers: bearer(organizer.token) }),
    )
    expect(taken.status).toBe(201)
  })
})

describe('tour-plan criteria from the JSON API are of the types they name', () => {
  test.each([
    ['cities as a string', { cities: 'Austin, TX' }],
    ['durationDays: [5]', { cities: ['Austin, TX'], durationDays: [5] }],
    ['durationDays: true', { cities: ['Austin, TX'], durationDays: true }],
    ['budget: "15k" as an object', { cities: ['Austin, TX'], budget: { amount: 15000 } }],
    ['startDate: a number', { cities: ['Austin, TX'], startDate: 20270301 }],
  ])('%s is a 400', async (_label, criteria) => {
    const organizer = await createTestUser('organizer')
    const answer = await api(
      tourPlanSave,
      jsonRequest('http://localhost/api/v1/tour-plans/save', { criteria }, { headers: bearer(organizer.token) }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body.error?.message).toMatch(/[a-z]{4,}/i)
  })
})
