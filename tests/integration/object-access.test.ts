// Object-level authorization, generated: fast-check picks a resource kind, one of its owners, a
// stranger of any non-admin role and one of the things a stranger might try (read, list, change,
// delete) through the real route modules. The stranger must get a 4xx (or a list without the
// object) and the object must be exactly as it was. Adding a resource is one entry in RESOURCES.
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { artistProfiles, bookings, conversations, messages, notifications, tourPlans, venues, wishlistItems } from '~/db/schema'
import type { Role } from '~/core/domain'
import { answeringRefusals } from '~/web/route-errors.server'
import { action as bookingAction, loader as bookingLoader } from '~/routes/api+/v1.bookings.$id'
import { loader as bookingsListLoader } from '~/routes/api+/v1.bookings._index'
import { action as notificationsAction, loader as notificationsLoader } from '~/routes/api+/v1.notifications'
import { action as notificationDelete } from '~/routes/api+/v1.notifications_.$id'
import { action as notificationRead } from '~/routes/api+/v1.notifications_.$id_.read'
import { action as readAll } from '~/routes/api+/v1.notifications_.read-all'
import { action as wishlistAction, loader as wishlistLoader } from '~/routes/api+/v1.users.wishlist'
import { action as wishlistDelete } from '~/routes/api+/v1.users.wishlist_.$venueId'
import { action as venueAction } from '~/routes/api+/v1.venues.$id'
import { action as bookingPageAction, loader as bookingPageLoader } from '~/routes/bookings+/$id'
import { action as conversationsAction, loader as conversationsLoader } from '~/routes/api+/v1.conversations'
import { action as messagesAction, loader as messagesLoader } from '~/routes/api+/v1.conversations_.$id_.messages'
import { action as conversationReadAction } from '~/routes/api+/v1.conversations_.$id_.read'
import { action as tourPlanAction, loader as tourPlanLoader } from '~/routes/api+/v1.tour-plans.$id'
import { loader as myPlansLoader } from '~/routes/api+/v1.tour-plans.my-plans'
import { action as artistEditAction, loader as artistEditLoader } from '~/routes/artist-profiles+/edit.$id'
import { createArtistProfile } from '~/features/artists/artist-profiles.server'
import { startConversation } from '~/features/messaging/messaging.server'
import { savePlan } from '~/features/tours/tours.server'
import { createBooking } from '~/features/bookings/bookings.server'
import { notify } from '~/features/notifications/notifications.server'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { bookingBody } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest, type TestAccount } from '../support/users'

useTestDatabase()

type Actor = TestAccount
type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown

/** What a stranger tries. `list` attempts succeed but must not mention the object. */
type Attempt = { label: string; kind: 'deny' | 'list'; run: (stranger: Actor, id: string) => Promise<Response> }

type Resource = {
  name: string
  /** The role that owns this kind of object. */
  ownerRole: Role
  /** Creates an object owned by `owner` and returns its id (the one the URLs use). */
  create: (owner: Actor, index: number) => Promise<string>
  /** Everything about the object that a stranger must not be able to change. */
  snapshot: (id: string, owner: Actor) => Promise<unknown>
  attempts: Attempt[]
}

const url = (path: string) => `http://localhost${path}`
const bearer = (actor: Actor) => ({ Authorization: `Bearer ${actor.token}` })
// As the server calls them: a service's refusal that escapes is answered with its status.
const call = (handler: Handler, request: Request, params: Record<string, string> = {}) =>
  answer(() => answeringRefusals(handler)({ request, params, context: { ip: '203.0.113.50' } }))
const get = (handler: Handler, path: string, actor: Actor, params: Record<string, string> = {}) =>
  call(handler, new Request(url(path), { headers: bearer(actor) }), params)
const send = (handler: Handler, method: string, path: string, actor: Actor, body: unknown, params: Record<string, string> = {}) =>
  call(handler, jsonRequest(url(path), body, { method, headers: bearer(actor) }), params)
const form = (handler: Handler, path: string, actor: Actor, fields: Record<string, string>, params: Record<string, string>) =>
  call(handler, formRequest(url(path), fields, { Cookie: actor.cookie }), params)

/** Loaders and actions answer or throw a Response (redirects, 404s); both are answers. */
async function answer(run: () => unknown): Promise<Response> {
  try {
    const result = await run()
    if (result instanceof Response) return result
    // Remix's data() helper: { type: 'DataWithResponseInit', data, init }.
    const init = (result as { init?: { status?: number } | null }).init
    return Response.json((result as { data?: unknown }).data ?? result, { status: init?.status ?? 200 })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

let venueHost: Actor
let hostVenueIds: string[] = []

const RESOURCES: Resource[] = [
  {
    name: 'booking',
    ownerRole: 'organizer',
    async create(owner, index) {
      const { booking } = await createBooking(
        owner.user,
        bookingBody(hostVenueIds[index % hostVenueIds.length]!, { startDate: isoIn(40 + index * 3) }),
      )
      return booking.id
    },
    snapshot: async (id) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0],
    attempts: [
      {
        label: 'GET /api/v1/bookings/:id',
        kind: 'deny',
        run: (s, id) => get(bookingLoader as Handler, `/api/v1/bookings/${id}`, s, { id }),
      },
      {
        label: 'cancel through the API',
        kind: 'deny',
        run: (s, id) =>
          send(bookingAction as Handler, 'POST', `/api/v1/bookings/${id}`, s, { action: 'cancel', reason: 'mine now' }, { id }),
      },
      {
        label: 'accept through the API',
        kind: 'deny',
        run: (s, id) => send(bookingAction as Handler, 'POST', `/api/v1/bookings/${id}`, s, { action: 'accept' }, { id }),
      },
      {
        label: 'decline through the API',
        kind: 'deny',
        run: (s, id) => send(bookingAction as Handler, 'POST', `/api/v1/bookings/${id}`, s, { action: 'decline' }, { id }),
      },
      {
        label: 'the booking page',
        kind: 'deny',
        run: (s, id) => call(bookingPageLoader as Handler, new Request(url(`/bookings/${id}`), { headers: { Cookie: s.cookie } }), { id }),
      },
      {
        label: 'cancel on the booking page',
        kind: 'deny',
        run: (s, id) => form(bookingPageAction as Handler, `/bookings/${id}`, s, { intent: 'cancel', reason: 'mine now' }, { id }),
      },
      {
        label: 'accept on the booking page',
        kind: 'deny',
        run: (s, id) => form(bookingPageAction as Handler, `/bookings/${id}`, s, { intent: 'accept' }, { id }),
      },
      { label: 'GET /api/v1/bookings', kind: 'list', run: (s) => get(bookingsListLoader as Handler, '/api/v1/bookings', s) },
    ],
  },
  {
    name: 'notification',
    ownerRole: 'organizer',
    create: async (owner, index) => (await notify(owner.user.id, { title: `Private ${index}`, message: 'Only for the owner' })).id,
    snapshot: async (id) => (await db.select().from(notifications).where(eq(notifications.id, id)))[0],
    attempts: [
      {
        label: 'PUT /notifications/:id/read',
        kind: 'deny',
        run: (s, id) => send(notificationRead as Handler, 'PUT', `/api/v1/notifications/${id}/read`, s, {}, { id }),
      },
      {
        label: 'DELETE /notifications/:id',
        kind: 'deny',
        run: (s, id) => send(notificationDelete as Handler, 'DELETE', `/api/v1/notifications/${id}`, s, {}, { id }),
      },
      { label: 'GET /notifications', kind: 'list', run: (s) => get(notificationsLoader as Handler, '/api/v1/notifications', s) },
      {
        label: 'PUT /notifications/read-all',
        kind: 'list',
        run: (s) => send(readAll as Handler, 'PUT', '/api/v1/notifications/read-all', s, {}),
      },
      {
        label: 'DELETE /notifications',
        kind: 'list',
        run: (s) => send(notificationsAction as Handler, 'DELETE', '/api/v1/notifications', s, {}),
      },
    ],
  },
  {
    name: 'wishlist item',
    ownerRole: 'organizer',
    async create(owner, index) {
      const venueId = hostVenueIds[index % hostVenueIds.length]!
      await addToWishlist(owner.user, venueId)
      return venueId
    },
    // The owner's item for that venue: a stranger's calls only ever touch their own list.
    snapshot: async (venueId, owner) =>
      (await db.select().from(wishlistItems).where(eq(wishlistItems.venueId, venueId))).filter((row) => row.userId === owner.user.id),
    attempts: [
      {
        label: 'DELETE /users/wishlist/:venueId',
        kind: 'list',
        run: (s, id) => send(wishlistDelete as Handler, 'DELETE', `/api/v1/users/wishlist/${id}`, s, {}, { venueId: id }),
      },
      { label: 'GET /users/wishlist', kind: 'list', run: (s) => get(wishlistLoader as Handler, '/api/v1/users/wishlist', s) },
      {
        label: 'POST /users/wishlist',
        kind: 'list',
        run: (s, id) => send(wishlistAction as Handler, 'POST', '/api/v1/users/wishlist', s, { venueId: id }),
      },
    ],
  },
  {
    name: 'venue',
    ownerRole: 'venue_owner',
    create: async (owner) => (await createTestVenue({ ownerId: owner.user.id })).venue.id,
    snapshot: async (id) => (await db.select().from(venues).where(eq(venues.id, id)))[0],
    attempts: [
      {
        label: 'PUT /api/v1/venues/:id',
        kind: 'deny',
        run: (s, id) => send(venueAction as Handler, 'PUT', `/api/v1/venues/${id}`, s, { name: 'Taken over', dayRate: 1 }, { id }),
      },
      {
        label: 'DELETE /api/v1/venues/:id',
        kind: 'deny',
        run: (s, id) => send(venueAction as Handler, 'DELETE', `/api/v1/venues/${id}`, s, {}, { id }),
      },
    ],
  },
  {
    name: 'conversation',
    ownerRole: 'organizer',
    async create(owner, index) {
      const { conversation } = await startConversation(owner.user, {
        recipientId: venueHost.user.id,
        content: `Only for the owner ${index}`,
      })
      return conversation.id
    },
    snapshot: async (id) => ({
      conversation: (await db.select().from(conversations).where(eq(conversations.id, id)))[0],
      messages: await db.select().from(messages).where(eq(messages.conversationId, id)),
    }),
    attempts: [
      {
        label: 'GET /conversations/:id/messages',
        kind: 'deny',
        run: (s, id) => get(messagesLoader as Handler, `/api/v1/conversations/${id}/messages`, s, { id }),
      },
      {
        label: 'POST /conversations/:id/messages',
        kind: 'deny',
        run: (s, id) =>
          send(messagesAction as Handler, 'POST', `/api/v1/conversations/${id}/messages`, s, { content: 'let me in' }, { id }),
      },
      {
        label: 'PATCH /conversations/:id/read',
        kind: 'deny',
        run: (s, id) => send(conversationReadAction as Handler, 'PATCH', `/api/v1/conversations/${id}/read`, s, {}, { id }),
      },
      { label: 'GET /conversations', kind: 'list', run: (s) => get(conversationsLoader as Handler, '/api/v1/conversations', s) },
      {
        label: 'POST /conversations (to the host)',
        kind: 'list',
        run: (s) => send(conversationsAction as Handler, 'POST', '/api/v1/conversations', s, { recipientId: venueHost.user.id }),
      },
    ],
  },
  {
    name: 'tour plan',
    ownerRole: 'organizer',
    create: async (owner, index) =>
      (
        await savePlan(owner.user, {
          name: `Spring tour stop ${index}`,
          criteria: `cities=Austin, TX&startDate=${isoIn(60 + index)}&days=2&guests=100`,
        })
      ).id,
    snapshot: async (id) => (await db.select().from(tourPlans).where(eq(tourPlans.id, id)))[0],
    attempts: [
      {
        label: 'GET /api/v1/tour-plans/:id',
        kind: 'deny',
        run: (s, id) => get(tourPlanLoader as Handler, `/api/v1/tour-plans/${id}`, s, { id }),
      },
      {
        label: 'PUT /api/v1/tour-plans/:id',
        kind: 'deny',
        run: (s, id) => send(tourPlanAction as Handler, 'PUT', `/api/v1/tour-plans/${id}`, s, { name: 'Mine now' }, { id }),
      },
      {
        label: 'DELETE /api/v1/tour-plans/:id',
        kind: 'deny',
        run: (s, id) => send(tourPlanAction as Handler, 'DELETE', `/api/v1/tour-plans/${id}`, s, {}, { id }),
      },
      {
        label: 'GET /api/v1/tour-plans/my-plans',
        kind: 'list',
        run: (s) => get(myPlansLoader as Handler, '/api/v1/tour-plans/my-plans', s),
      },
    ],
  },
  {
    name: 'artist profile',
    ownerRole: 'organizer',
    create: async (owner, index) =>
      (await createArtistProfile(owner.user, { name: `Private Band ${index}`, bio: 'Only for the owner to edit' })).id,
    snapshot: async (id) => (await db.select().from(artistProfiles).where(eq(artistProfiles.id, id)))[0],
    attempts: [
      {
        label: 'the edit page',
        kind: 'deny',
        run: (s, id) =>
          call(artistEditLoader as Handler, new Request(url(`/artist-profiles/edit/${id}`), { headers: { Cookie: s.cookie } }), { id }),
      },
      {
        label: 'save on the edit page',
        kind: 'deny',
        run: (s, id) => form(artistEditAction as Handler, `/artist-profiles/edit/${id}`, s, { intent: 'save', name: 'Taken over' }, { id }),
      },
      {
        label: 'delete on the edit page',
        kind: 'deny',
        run: (s, id) => form(artistEditAction as Handler, `/artist-profiles/edit/${id}`, s, { intent: 'delete' }, { id }),
      },
    ],
  },
]

function isoIn(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** Per resource: two owners with two objects each, made once; strangers of every non-admin role. */
const owned = new Map<string, Array<{ owner: Actor; id: string }>>()
const strangers: Actor[] = []

beforeAll(async () => {
  venueHost = await createTestUser('venue_owner')
  hostVenueIds = await Promise.all([0, 1, 2].map(async () => (await createTestVenue({ ownerId: venueHost.user.id })).venue.id))
  for (const role of ['organizer', 'user', 'venue_owner', 'event_organizer'] as Role[]) strangers.push(await createTestUser(role))
  let index = 0
  for (const resource of RESOURCES) {
    const objects = []
    for (let o = 0; o < 2; o++) {
      // On the top plan of their audience, so two objects each stay within the plan limits.
      const owner = await createTestUser(resource.ownerRole, { plan: resource.ownerRole === 'venue_owner' ? 'pro' : 'agency' })
      for (let k = 0; k < 2; k++) objects.push({ owner, id: await resource.create(owner, index++) })
    }
    owned.set(resource.name, objects)
  }
})

async function strangerTries(r: number, a: number, o: number, s: number) {
  const resource = RESOURCES[r]!
  const attempt = resource.attempts[a]!
  const { owner, id } = owned.get(resource.name)![o]!
  const stranger = strangers[s]!
  const before = await resource.snapshot(id, owner)
  const response = await attempt.run(stranger, id)
  const body = await response.text()
  const label = `${resource.name}: ${attempt.label} (stranger ${stranger.user.role})`
  if (attempt.kind === 'deny') {
    // 4xx, or a redirect away (a page sending the user elsewhere); never 2xx and never 5xx.
    expect(response.status >= 300 && response.status < 500, `${label} answered ${response.status}`).toBe(true)
  } else {
    expect(response.status, label).toBeLessThan(500)
  }
  // Whatever came back says nothing of the object beyond the id the stranger already had.
  const snapshot = JSON.stringify(before)
  for (const secret of ['Only for the owner', 'Spring tour stop', owner.user.email]) {
    if (snapshot.includes(secret)) expect(body, label).not.toContain(secret)
  }
  if (attempt.kind === 'list' && resource.name !== 'wishlist item') expect(body, label).not.toContain(id)
  expect(await resource.snapshot(id, owner), label).toEqual(before)
}

test('every attempt of every resource, once, is refused and changes nothing', async () => {
  let n = 0
  for (const [r, resource] of RESOURCES.entries()) {
    for (const a of resource.attempts.keys()) await strangerTries(r, a, n % 4, n++ % strangers.length)
  }
})

test('a user never reads or changes another user’s booking, notification, wishlist item, venue, conversation, tour plan or artist profile (generated)', async () => {
  const resourceAndAttempt = fc.integer({ min: 0, max: RESOURCES.length - 1 }).chain((r) =>
    fc.record({
      r: fc.constant(r),
      a: fc.integer({ min: 0, max: RESOURCES[r]!.attempts.length - 1 }),
      o: fc.integer({ min: 0, max: 3 }),
    }),
  )
  await fc.assert(
    fc.asyncProperty(resourceAndAttempt, fc.integer({ min: 0, max: strangers.length - 1 }), ({ r, a, o }, s) => strangerTries(r, a, o, s)),
    { numRuns: 80 },
  )
})

test('the owner can do what the strangers could not (the checks above are not vacuous)', async () => {
  const { owner, id } = owned.get('notification')![0]!
  expect((await send(notificationRead as Handler, 'PUT', `/api/v1/notifications/${id}/read`, owner, {}, { id })).status).toBe(200)
  const [booking] = owned.get('booking')!
  expect((await get(bookingLoader as Handler, `/api/v1/bookings/${booking!.id}`, booking!.owner, { id: booking!.id })).status).toBe(200)
  const [venue] = owned.get('venue')!
  const renamed = await send(
    venueAction as Handler,
    'PUT',
    `/api/v1/venues/${venue!.id}`,
    venue!.owner,
    { name: 'Renamed by owner' },
    { id: venue!.id },
  )
  expect(renamed.status).toBe(200)
})
