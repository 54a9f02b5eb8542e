import { describe, expect, test } from 'vitest'
import { loader as notificationsApi, action as clearApi } from '~/routes/api+/v1.notifications'
import { action as deleteNotificationApi } from '~/routes/api+/v1.notifications_.$id'
import { action as readNotificationApi } from '~/routes/api+/v1.notifications_.$id_.read'
import { action as readAllApi } from '~/routes/api+/v1.notifications_.read-all'
import { action as wishlistPost, loader as wishlistGet } from '~/routes/api+/v1.users.wishlist'
import { action as wishlistDelete } from '~/routes/api+/v1.users.wishlist_.$venueId'
import { action as heartAction } from '~/routes/resources+/wishlist'
import { notify, unreadCount } from '~/features/notifications/notifications.server'
import { bearer, routeArgs } from '../support/api'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest } from '../support/users'

useTestDatabase()

async function aVenue() {
  return (await createTestVenue({ owned: false })).venue
}

describe('wishlist', () => {
  test('add twice is harmless, list is an array with the fields of docs/product.md, delete removes', async () => {
    const { token } = await createTestUser('organizer')
    const venue = await aVenue()
    for (let i = 0; i < 2; i++) {
      const res = await wishlistPost(
        routeArgs(jsonRequest('http://localhost/api/v1/users/wishlist', { venueId: venue.id }, { headers: bearer(token) })),
      )
      expect(res.status).toBe(201)
    }
    const list = await (
      await wishlistGet(routeArgs(new Request('http://localhost/api/v1/users/wishlist', { headers: bearer(token) })))
    ).json()
    expect(Array.isArray(list.data)).toBe(true)
    expect(list.data).toHaveLength(1)
    expect(Object.keys(list.data[0]).sort()).toEqual(['addedAt', 'id', 'imageUrl', 'venueId', 'venueName'])
    const del = await wishlistDelete(
      routeArgs(new Request(`http://localhost/api/v1/users/wishlist/${venue.id}`, { method: 'DELETE', headers: bearer(token) }), {
        venueId: venue.id,
      }),
    )
    expect(del.status).toBe(200)
    const after = await (
      await wishlistGet(routeArgs(new Request('http://localhost/api/v1/users/wishlist', { headers: bearer(token) })))
    ).json()
    expect(after.data).toEqual([])
  })

  test('an unknown venue is 404, a bad id 400, no token 401', async () => {
    const { token } = await createTestUser('organizer')
    const unknown = await wishlistPost(
      routeArgs(jsonRequest('http://localhost/api/v1/users/wishlist', { venueId: 'f'.repeat(24) }, { headers: bearer(token) })),
    )
    expect(unknown.status).toBe(404)
    const bad = await wishlistPost(
      routeArgs(jsonRequest('http://localhost/api/v1/users/wishlist', { venueId: 'nope' }, { headers: bearer(token) })),
    )
    expect(bad.status).toBe(400)
    const anon = await wishlistGet(routeArgs(new Request('http://localhost/api/v1/users/wishlist')))
    expect(anon.status).toBe(401)
  })

  test('the heart: signed-out goes to /login and comes back; a form post toggles and returns', async () => {
    const venue = await aVenue()
    const anon = await heartAction(
      routeArgs(formRequest('http://localhost/resources/wishlist', { venueId: venue.id, intent: 'toggle', redirectTo: '/venues/tx' })),
    ).catch((e: unknown) => e)
    expect((anon as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fvenues%2Ftx')
    const { cookie, token } = await createTestUser('organizer')
    const added = (await heartAction(
      routeArgs(
        formRequest(
          'http://localhost/resources/wishlist',
          { venueId: venue.id, intent: 'add', redirectTo: '/venues/tx' },
          { Cookie: cookie },
        ),
      ),
    )) as Response
    expect(added.status).toBe(302)
    expect(added.headers.get('Location')).toBe('/venues/tx')
    const viaFetcher = await heartAction(
      routeArgs(
        formRequest('http://localhost/resources/wishlist', { venueId: venue.id, intent: 'toggle', via: 'fetcher' }, { Cookie: cookie }),
      ),
    )
    expect(viaFetcher).toEqual({ saved: false })
    const list = await (
      await wishlistGet(routeArgs(new Request('http://localhost/api/v1/users/wishlist', { headers: bearer(token) })))
    ).json()
    expect(list.data).toEqual([])
  })
})

describe('notifications', () => {
  test('users see and touch only their own', async () => {
    const alice = await createTestUser('organizer')
    const bob = await createTestUser('organizer')
    const mine = await notify(alice.user.id, { title: 'Hold placed', message: 'Your hold is first.', type: 'success' })
    await notify(bob.user.id, { title: 'For Bob', message: 'x' })
    const list = await (
      await notificationsApi(routeArgs(new Request('http://localhost/api/v1/notifications', { headers: bearer(alice.token) })))
    ).json()
    expect(list.data.notifications.map((n: { title: string }) => n.title)).toEqual(['Hold placed'])
    expect(list.data.unreadCount).toBe(1)
    // Bob can neither read nor delete Alice's notification.
    const read = await readNotificationApi(
      routeArgs(new Request(`http://localhost/api/v1/notifications/${mine.id}/read`, { method: 'PUT', headers: bearer(bob.token) }), {
        id: mine.id,
      }),
    )
    expect(read.status).toBe(404)
    const del = await deleteNotificationApi(
      routeArgs(new Request(`http://localhost/api/v1/notifications/${mine.id}`, { method: 'DELETE', headers: bearer(bob.token) }), {
        id: mine.id,
      }),
    )
    expect(del.status).toBe(404)
    expect(await unreadCount(alice.user)).toBe(1)
  })

  test('read, read-all, delete and clear change the counts as docs/product.md says', async () => {
    const { user, token } = await createTestUser('organizer')
    const a = await notify(user.id, { title: 'A', message: 'a' })
    await notify(user.id, { title: 'B', message: 'b' })
    const c = await notify(user.id, { title: 'C', message: 'c' })
    await readNotificationApi(routeArgs(new Request(`http://localhost/x`, { method: 'PUT', headers: bearer(token) }), { id: a.id }))
    expect(await unreadCount(user)).toBe(2)
    // Deleting a read item leaves the count; deleting an unread one lowers it.
    await deleteNotificationApi(routeArgs(new Request(`http://localhost/x`, { method: 'DELETE', headers: bearer(token) }), { id: a.id }))
    expect(await unreadCount(user)).toBe(2)
    await deleteNotificationApi(routeArgs(new Request(`http://localhost/x`, { method: 'DELETE', headers: bearer(token) }), { id: c.id }))
    expect(await unreadCount(user)).toBe(1)
    await readAllApi(routeArgs(new Request(`http://localhost/x`, { method: 'PUT', headers: bearer(token) })))
    expect(await unreadCount(user)).toBe(0)
    const cleared = await clearApi(routeArgs(new Request(`http://localhost/x`, { method: 'DELETE', headers: bearer(token) })))
    expect(cleared.status).toBe(200)
    const list = await (await notificationsApi(routeArgs(new Request('http://localhost/x', { headers: bearer(token) })))).json()
    expect(list.data.notifications).toEqual([])
  })
})
