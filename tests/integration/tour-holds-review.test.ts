import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db, writesAnnounced } from '~/db/client.server'
import { bookings, notifications } from '~/db/schema'
import { acceptBooking } from '~/features/bookings/bookings.server'
import { createMultiBooking } from '~/features/bookings/multi-booking.server'
import { groupByTour, listBookings } from '~/features/bookings/queries.server'
import { holdAllDates, releaseTourHolds, reviewTourHolds } from '~/features/tours/tour-holds.server'
import { calendarEditorAction, calendarEditorData } from '~/features/calendars/calendar-editor.server'
import { setCalendarDays } from '~/features/calendars/calendar.server'
import { action as multiAction, loader as multiLoader } from '~/routes/multi-venue-booking'
import { routeArgs } from '../support/api'
import { useAppServer } from '../support/app-server'
import { inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { ownedRoom, roomOwners, savedFiveCityPlan } from '../support/tour-plans'
import { createTestUser, formRequest } from '../support/users'

// Issue 38, items 1 and 5: 'Hold all dates' offers each venue the plan's own price for its date,
// after a review step (edit, untick, 'Send N requests'), idempotent and atomic; /bookings groups a
// tour's requests under the plan's name with a roll-up, and releases its holds together, asking
// first (a page without JavaScript, the same statement as the dialog).

useTestDatabase()

const mineOf = (userId: string) => db.select().from(bookings).where(eq(bookings.organizerId, userId))

describe('Hold all dates: offers per hold', () => {
  test("each hold offers the plan's own price for its venue and date, never the average", async () => {
    const { me, saved } = await savedFiveCityPlan()
    const review = await reviewTourHolds(me.user, saved.id)
    expect(review.drafts).toHaveLength(5)
    // A rented room offers the plan's price for it; Dallas states a guarantee and a door split, and
    // the plan costed it as a guarantee versus the door: its offer is the plan's guarantee.
    const dallasStop = saved.plan.stops.find((s) => s.city.startsWith('Dallas'))!
    expect(dallasStop.money).toMatchObject({ deal: 'versus', cost: 0 })
    const guarantee = Math.floor((dallasStop.money!.door - 1275) / 2)
    expect(dallasStop.money!.offer).toBe(guarantee)
    for (const stop of saved.plan.stops) {
      const draft = review.drafts.find((d) => d.venueId === stop.venue.id && d.date === stop.date)!
      expect(draft.offerAmount).toBe(stop === dallasStop ? guarantee : stop.price)
    }
    const dallasDraft = review.drafts.find((d) => d.city.startsWith('Dallas'))!
    expect(dallasDraft.dealType).toBe('guarantee')
    expect(dallasDraft.dealNote).toMatch(/^Versus — a \$[\d,]+ guarantee or 70% of the door after the house's \$1,275/)
    expect(dallasDraft.message).toMatch(/Deal: a \$[\d,]+ guarantee versus 70% of the door/)
    expect(review.drafts.find((d) => d.city.startsWith('Austin'))!.dealType).toBeNull()

    const result = await holdAllDates(me.user, saved.id, { submissionId: 'press-1' })
    expect(result.created).toBe(true)
    const mine = await mineOf(me.user.id)
    expect(mine).toHaveLength(5)
    const offers = new Map(mine.map((b) => [`${b.venueId}|${b.startDate}`, b.offerAmount]))
    expect(new Map(saved.plan.stops.map((s) => [`${s.venue.id}|${s.date}`, s === dallasStop ? guarantee : s.price]))).toEqual(offers)
    expect([...offers.values()].sort((a, b) => a - b)).toEqual([725, 1000, 1450, 1800, guarantee].sort((a, b) => a - b))
    expect(mine.every((b) => b.tourPlanId === saved.id)).toBe(true)
    expect(mine.find((b) => b.venueId === dallasStop.venue.id)!.dealType).toBe('guarantee')

    // Idempotent: the same press again, and a fresh press, send nothing twice.
    expect((await holdAllDates(me.user, saved.id, { submissionId: 'press-1' })).created).toBe(false)
    const fresh = await holdAllDates(me.user, saved.id, { submissionId: 'press-2' })
    expect(fresh.created).toBe(false)
    expect(fresh.alreadyHeld).toBe(5)
    expect(await mineOf(me.user.id)).toHaveLength(5)
    expect((await reviewTourHolds(me.user, saved.id)).drafts).toHaveLength(0)
  })

  test('the review step: edited offers and deals are sent, unticked dates are not, and a later press sends only those', async () => {
    const { me, saved } = await savedFiveCityPlan()
    const { drafts } = await reviewTourHolds(me.user, saved.id)
    const dallas = drafts.find((d) => d.city.startsWith('Dallas'))!
    const austin = drafts.find((d) => d.city.startsWith('Austin'))!
    const rows = drafts
      .filter((d) => d !== austin)
      .map((d) => ({
        venueId: d.venueId,
        date: d.date,
        offerAmount: d === dallas ? '1500' : String(d.offerAmount),
        dealType: d === dallas ? 'guarantee' : '',
        message: d === dallas ? 'Guarantee, please.' : d.message,
      }))
    const result = await holdAllDates(me.user, saved.id, { submissionId: 'r-1', rows })
    expect(result.bookings).toHaveLength(4)
    const sent = await mineOf(me.user.id)
    const dallasHold = sent.find((b) => b.venueId === dallas.venueId)!
    expect([dallasHold.offerAmount, dallasHold.dealType, dallasHold.message]).toEqual([1500, 'guarantee', 'Guarantee, please.'])
    expect(sent.some((b) => b.venueId === austin.venueId)).toBe(false)
    // The unticked date is what is left to review; the held ones are not offered again.
    const next = await reviewTourHolds(me.user, saved.id)
    expect(next.drafts.map((d) => d.venueId)).toEqual([austin.venueId])
    expect(next.alreadyHeld).toBe(4)
    // Re-sending the old review (a new submission id) sends only what is missing: nothing.
    const resent = await holdAllDates(me.user, saved.id, { submissionId: 'r-2', rows })
    expect(resent.created).toBe(false)
    expect(await mineOf(me.user.id)).toHaveLength(4)
  })

  test('refusals: nothing ticked, a stop not in the plan, a deal the venue does not state, a bad offer; nothing is half sent', async () => {
    const { me, saved } = await savedFiveCityPlan()
    const { drafts } = await reviewTourHolds(me.user, saved.id)
    const row = (d: (typeof drafts)[number], over: Record<string, string> = {}) => ({
      venueId: d.venueId,
      date: d.date,
      offerAmount: String(d.offerAmount),
      dealType: '',
      message: '',
      ...over,
    })
    const refusal = (rows: unknown) => holdAllDates(me.user, saved.id, { submissionId: null, rows }).catch((e: unknown) => e)
    expect(await refusal([])).toMatchObject({ code: 'NOTHING_SELECTED', status: 422 })
    const other = await ownedRoom('Austin', 'TX', 30.3, -97.7)
    expect(await refusal([row(drafts[0]!), { ...row(drafts[1]!), venueId: other.venue.id }])).toMatchObject({ code: 'PLAN_CHANGED' })
    // Austin states no deal: the whole batch is refused, the other four rows included.
    const austin = drafts.find((d) => d.city.startsWith('Austin'))!
    const failed = await refusal(drafts.map((d) => row(d, d === austin ? { dealType: 'guarantee' } : {})))
    expect(failed).toMatchObject({ code: 'MULTI_BOOKING_FAILED' })
    expect((failed as { failures: { message: string }[] }).failures[0]!.message).toMatch(/does not state a guarantee deal/)
    expect(await refusal([row(drafts[0]!, { offerAmount: '-5' })])).toMatchObject({ name: 'ZodError' })
    expect(await refusal([row(drafts[0]!, { offerAmount: '12.5' })])).toMatchObject({ name: 'ZodError' })
    expect(await refusal(Array.from({ length: 40 }, () => row(drafts[0]!)))).toMatchObject({ name: 'ZodError' })
    expect(await refusal('not rows')).toMatchObject({ name: 'ZodError' })
    expect(await mineOf(me.user.id)).toHaveLength(0)
    // Someone else's plan is not found.
    const stranger = await createTestUser('organizer')
    expect(await holdAllDates(stranger.user, saved.id).catch((e: unknown) => e)).toMatchObject({ status: 404 })
    expect(await reviewTourHolds(stranger.user, saved.id).catch((e: unknown) => e)).toMatchObject({ status: 404 })
  })
})

describe('/bookings groups a tour and releases its holds together', () => {
  test("roll-up '3 of 5 accepted', release of the rest in one call, owners told, others' plans refused", async () => {
    const { me, saved } = await savedFiveCityPlan('Spring tour')
    await holdAllDates(me.user, saved.id, { submissionId: 'g-1' })
    // An unrelated request stays its own row.
    const lone = await ownedRoom('Austin', 'TX', 30.29, -97.73)
    await createMultiBooking(me.user, {
      items: [{ venueId: lone.venue.id, startDate: inDays(60) }],
      eventType: 'Gig',
      guests: 50,
      offerAmount: 300,
    })
    const mine = await mineOf(me.user.id)
    const tourHolds = mine.filter((b) => b.tourPlanId === saved.id)
    for (const b of tourHolds.slice(0, 3)) {
      const owner = roomOwners.get(b.venueId)!
      await acceptBooking(owner.user, b.id)
    }
    const groups = groupByTour(await listBookings(me.user))
    const tour = groups.find((g) => g.kind === 'tour')
    expect(tour).toMatchObject({ kind: 'tour', name: 'Spring tour', accepted: 3, pending: 2, total: 5 })
    expect(groups.filter((g) => g.kind === 'single')).toHaveLength(1)
    // The venue's side never sees the organizer's plan.
    const anOwner = roomOwners.get(tourHolds[0]!.venueId)!
    expect((await listBookings(anOwner.user)).every((b) => b.tour === null)).toBe(true)

    const stranger = await createTestUser('organizer')
    expect(await releaseTourHolds(stranger.user, saved.id).catch((e: unknown) => e)).toMatchObject({ status: 404 })
    expect(await releaseTourHolds(anOwner.user, saved.id).catch((e: unknown) => e)).toMatchObject({ status: 404 })

    const { released } = await releaseTourHolds(me.user, saved.id)
    expect(released).toHaveLength(2)
    const after = await mineOf(me.user.id)
    expect(
      after
        .filter((b) => b.tourPlanId === saved.id)
        .map((b) => b.status)
        .sort(),
    ).toEqual(['accepted', 'accepted', 'accepted', 'cancelled', 'cancelled'])
    expect(after.find((b) => b.venueId === lone.venue.id)!.status).toBe('pending')
    for (const b of released) {
      const owner = roomOwners.get(b.venueId)!
      const told = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.user.id), eq(notifications.title, 'Booking cancelled')))
      expect(told).toHaveLength(1)
    }
    expect(await releaseTourHolds(me.user, saved.id).catch((e: unknown) => e)).toMatchObject({ code: 'NOTHING_TO_RELEASE', status: 409 })
  })
})

describe("'Book these': an offer and a deal per venue", () => {
  test("rows are prefilled from each venue's day rate and stated deal; each booking keeps its own; a refusal keeps every row", async () => {
    const brewery = await ownedRoom('Austin', 'TX', 30.26, -97.73, { capacity: 85, dayRate: 650, dealTypes: ['door_split'] })
    const club = await ownedRoom('Austin', 'TX', 30.27, -97.75, { capacity: 1100, dayRate: 4200 })
    const me = await createTestUser('organizer')
    const url = `http://localhost/multi-venue-booking?venueId=${brewery.venue.id}&venueId=${club.venue.id}`
    const page = await multiLoader(routeArgs(new Request(url, { headers: { Cookie: me.cookie } })))
    expect(page.rows.slice(0, 2).map((r) => [r.offerAmount, r.dealType])).toEqual([
      ['650', 'door_split'],
      ['4200', ''],
    ])
    const fields = {
      submissionId: 'b-1',
      eventType: 'Gig',
      guests: '80',
      message: '',
      'items[0].venueId': brewery.venue.id,
      'items[0].startDate': inDays(50),
      'items[0].offerAmount': '700',
      'items[0].dealType': 'door_split',
      'items[1].venueId': club.venue.id,
      'items[1].startDate': inDays(51),
      'items[1].offerAmount': '',
      'items[1].dealType': 'guarantee',
    }
    const post = (f: Record<string, string>) =>
      multiAction(routeArgs(formRequest(url, f, { Cookie: me.cookie }))) as unknown as Promise<
        Response & { data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }; init: { status: number } }
      >
    // The club states no deal: refused on its row, nothing sent, every row kept as typed.
    const refused = await post(fields)
    expect(refused.init.status).toBe(409)
    expect(refused.data.result.error['items[1].dealType']![0]).toMatch(/does not state a guarantee deal/)
    expect(refused.data.result.initialValue).toMatchObject(
      Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('items['))),
    )
    expect(await mineOf(me.user.id)).toHaveLength(0)
    const sent = (await post({ ...fields, 'items[1].dealType': '' })) as Response
    expect(sent.status).toBe(302)
    const mine = await mineOf(me.user.id)
    // An empty offer is the venue's day rate, never another venue's figure.
    expect(mine.map((b) => [b.venueId, b.offerAmount, b.dealType]).sort()).toEqual(
      [
        [brewery.venue.id, 700, 'door_split'],
        [club.venue.id, 4200, null],
      ].sort(),
    )
  })
})

describe("the owner's calendar: every hold and booking on each date, by rank; the past is settled", () => {
  test('ranks, organizers and offers per date; past dates shown as past and refused by the service', async () => {
    const room = await ownedRoom('Austin', 'TX', 30.25, -97.7, { dayRate: 900, dealTypes: ['guarantee'] })
    const date = inDays(12)
    const [first, second, third] = [await createTestUser('organizer'), await createTestUser('organizer'), await createTestUser('organizer')]
    await createMultiBooking(first.user, {
      items: [{ venueId: room.venue.id, startDate: date, offerAmount: 900 }],
      eventType: 'Gig',
      guests: 50,
    })
    await createMultiBooking(second.user, {
      items: [{ venueId: room.venue.id, startDate: date, offerAmount: 1100, dealType: 'guarantee' }],
      eventType: 'Gig',
      guests: 50,
    })
    const [booked] = (
      await createMultiBooking(third.user, { items: [{ venueId: room.venue.id, startDate: inDays(13) }], eventType: 'Gig', guests: 50 })
    ).bookings
    await acceptBooking(room.owner.user, booked!.id)
    const month = (d: string) => d.slice(0, 7)
    const grid = await calendarEditorData(room.owner.user, room.venue.id, month(date))
    const day = grid.days.find((d) => d.date === date)!
    expect(day.past).toBe(false)
    expect(day.entries.map((e) => [e.rank, e.organizer, e.offerAmount, e.dealType])).toEqual([
      [1, `${first.user.firstName} ${first.user.lastName}`, 900, null],
      [2, `${second.user.firstName} ${second.user.lastName}`, 1100, 'guarantee'],
    ])
    if (month(inDays(13)) === month(date)) {
      const next = grid.days.find((d) => d.date === inDays(13))!
      expect(next.entries.map((e) => [e.status, e.rank, e.offerAmount])).toEqual([['accepted', null, 900]])
    }
    // Seen from three weeks on, the date is past: shown as such, and no apply may change it.
    const later = new Date(Date.now() + 21 * 86_400_000)
    const pastGrid = await calendarEditorData(room.owner.user, room.venue.id, month(date), { now: later })
    expect(pastGrid.days.find((d) => d.date === date)!.past).toBe(true)
    const form = new FormData()
    form.set('op', 'block')
    form.append('dates', date)
    form.append('dates', inDays(30))
    expect(await calendarEditorAction(room.owner.user, room.venue.id, form, { now: later })).toEqual({
      ok: false,
      errors: { dates: [`Past dates cannot be changed: ${date}.`] },
    })
    expect(await setCalendarDays(room.owner.user, room.venue.id, [inDays(-1)], { blocked: true }).catch((e: unknown) => e)).toMatchObject({
      code: 'DATE_IN_PAST',
    })
    // Nothing was written by the refused apply.
    expect(
      (await calendarEditorData(room.owner.user, room.venue.id, month(inDays(30)))).days.find((d) => d.date === inDays(30))!.status,
    ).toBe('available')
    // Another owner sees nothing of it.
    const stranger = await createTestUser('venue_owner')
    expect(await calendarEditorData(stranger.user, room.venue.id, month(date)).catch((e: unknown) => e)).toMatchObject({ status: 403 })
  })
})

describe('over HTTP, without JavaScript', () => {
  const { get, post } = useAppServer()

  test("the review page lists one row per hold at the plan's price, and 'Send N requests' places them once", async () => {
    const { me, saved } = await savedFiveCityPlan('HTTP tour')
    const page = await get(`/saved-tour-plans/${saved.id}/hold`, me.cookie)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Send 5 requests')
    // Each row offers the plan's figure for its show: the room's price, or Dallas's guarantee.
    for (const stop of saved.plan.stops) expect(html).toContain(`value="${stop.money!.deal === 'rental' ? stop.price : stop.money!.offer}"`)
    expect(html).toMatch(/The plan costs it as: (<!-- -->)?Versus/)
    const submissionId = /name="submissionId" value="([^"]+)"/.exec(html)![1]!
    const body = new URLSearchParams({ submissionId })
    saved.plan.stops.forEach((s, i) => {
      body.append('send', String(i))
      body.append(`venueId.${i}`, s.venue.id)
      body.append(`date.${i}`, s.date)
      body.append(`offer.${i}`, String(s.price))
      body.append(`deal.${i}`, '')
      body.append(`message.${i}`, 'Hello')
    })
    // A refused send keeps every row as typed (here: one offer that is no number).
    const bad = new URLSearchParams(body)
    bad.set('offer.2', 'lots')
    const refused = await post(`/saved-tour-plans/${saved.id}/hold`, bad, me.cookie)
    expect(refused.status).toBe(400)
    const again = await refused.text()
    expect(again).toContain('value="lots"')
    expect(again).toContain('Offer amount must be whole dollars')
    expect(await mineOf(me.user.id)).toHaveLength(0)
    const [first, second] = await Promise.all([
      post(`/saved-tour-plans/${saved.id}/hold`, body, me.cookie),
      post(`/saved-tour-plans/${saved.id}/hold`, body, me.cookie),
    ])
    for (const r of [first, second]) {
      expect(r.status).toBe(302)
      expect(r.headers.get('Location')).toBe('/bookings')
    }
    expect((await mineOf(me.user.id)).map((b) => b.offerAmount).sort((a, b) => a - b)).toEqual([725, 1000, 1275, 1450, 1800])
    // The saved plan's own button leads to the review, not straight to sending.
    const planPage = await (await get(`/saved-tour-plans/${saved.id}`, me.cookie)).text()
    expect(planPage).toContain(`href="/saved-tour-plans/${saved.id}/hold"`)
    const list = await (await get('/bookings', me.cookie)).text()
    expect(list).toContain('HTTP tour')
    expect(list).toMatch(/0 of 5 accepted/)
    expect(list).toContain(`href="/bookings/tours/${saved.id}/release"`)
  }, 60_000)

  test("the owner's calendar page lists each date's holds by rank with accept and decline, and the past without a checkbox", async () => {
    const room = await ownedRoom('Austin', 'TX', 30.24, -97.72, { dayRate: 800 })
    // Today's month, with a past date in it (on the 1st, the 1st is all it has: today is not past).
    const ahead = inDays(0)
    const month = ahead.slice(0, 7)
    const yesterday = inDays(-1).slice(0, 7) === month ? inDays(-1) : null
    const [a, b] = [await createTestUser('organizer'), await createTestUser('organizer')]
    for (const [who, offer] of [
      [a, 800],
      [b, 1250],
    ] as const)
      await createMultiBooking(who.user, {
        items: [{ venueId: room.venue.id, startDate: ahead, offerAmount: offer }],
        eventType: 'Gig',
        guests: 40,
      })
    await writesAnnounced()
    const html = await (await get(`/venues/${room.venue.id}/edit?month=${month}`, room.owner.cookie)).text()
    expect(html).toContain('Holds and bookings this month')
    expect(html).toMatch(/1st hold<\/strong> · Test User\d+ · \$800/)
    expect(html).toMatch(/2nd hold<\/strong> · Test User\d+ · \$1,250/)
    expect(html.match(/name="intent" value="accept"/g)).toHaveLength(2)
    const box = (date: string) => new RegExp(`name="dates"[^>]*value="${date}"`)
    expect(html).toMatch(box(ahead))
    if (yesterday) {
      expect(html).not.toMatch(box(yesterday))
      expect(html).toMatch(new RegExp(`data-date="${yesterday}"><span[^>]*>.*?past</span>`))
    }
  }, 60_000)

  test('releasing a tour asks on its own page first; only the confirmation form acts', async () => {
    const { me, saved } = await savedFiveCityPlan('Confirm tour')
    await holdAllDates(me.user, saved.id, { submissionId: 'c-1' })
    const path = `/bookings/tours/${saved.id}/release`
    const ask = await get(path, me.cookie)
    expect(ask.status).toBe(200)
    const html = await ask.text()
    expect(html).toContain('Release the 5 holds of “Confirm tour”?')
    expect(html).toContain('Each venue&#x27;s owner is told')
    expect(html).toContain('Keep them')
    // A POST without the confirmation's yes only asks.
    const sneaky = await post(path, new URLSearchParams(), me.cookie)
    expect(sneaky.status).toBe(302)
    expect(sneaky.headers.get('Location')).toBe(path)
    expect((await mineOf(me.user.id)).every((b) => b.status === 'pending')).toBe(true)
    const stranger = await createTestUser('organizer')
    expect((await get(path, stranger.cookie)).status).toBe(404)
    expect((await post(path, new URLSearchParams({ confirm: 'yes' }), stranger.cookie)).status).toBe(404)
    const done = await post(path, new URLSearchParams({ confirm: 'yes' }), me.cookie)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/bookings')
    expect((await mineOf(me.user.id)).every((b) => b.status === 'cancelled')).toBe(true)
    const twice = await post(path, new URLSearchParams({ confirm: 'yes' }), me.cookie)
    expect(twice.status).toBe(409)
  }, 60_000)

  test('cancelling a confirmed show asks first, says who is told, and needs a reason; a hold is withdrawn at once', async () => {
    const room = await ownedRoom('Austin', 'TX', 30.23, -97.71)
    const me = await createTestUser('organizer')
    const [show, hold] = (
      await createMultiBooking(me.user, {
        items: [
          { venueId: room.venue.id, startDate: inDays(20) },
          { venueId: room.venue.id, startDate: inDays(22) },
        ],
        eventType: 'Gig',
        guests: 40,
      })
    ).bookings
    await acceptBooking(room.owner.user, show!.id)
    await writesAnnounced()
    const statusOf = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status
    // The booking page: the cancel is its own section, a link to the confirmation, never a one-press form.
    const page = await (await get(`/bookings/${show!.id}`, me.cookie)).text()
    expect(page).toMatch(/<section aria-labelledby="cancel-heading"[^>]*>.*Cancel this show/s)
    expect(page).toContain(`href="/bookings/${show!.id}/cancel"`)
    expect(page).toContain('The venue’s owner is told at once')
    const oneClick = await post(`/bookings/${show!.id}`, new URLSearchParams({ intent: 'cancel', reason: 'Van broke down' }), me.cookie)
    expect(oneClick.status).toBe(302)
    expect(oneClick.headers.get('Location')).toBe(`/bookings/${show!.id}/cancel`)
    expect(await statusOf(show!.id)).toBe('accepted')
    // The confirmation page, as the owner would see it, says the organizer is told.
    const asOwner = await (await get(`/bookings/${show!.id}/cancel`, room.owner.cookie)).text()
    expect(asOwner).toContain('The organizer is told at once')
    const ask = await (await get(`/bookings/${show!.id}/cancel`, me.cookie)).text()
    expect(ask).toContain('Yes, cancel the show')
    const path = `/bookings/${show!.id}/cancel`
    expect((await post(path, new URLSearchParams({ reason: 'x' }), me.cookie)).headers.get('Location')).toBe(path)
    const noReason = await post(path, new URLSearchParams({ confirm: 'yes', reason: ' ' }), me.cookie)
    expect(noReason.status).toBe(400)
    expect(await statusOf(show!.id)).toBe('accepted')
    const stranger = await createTestUser('organizer')
    expect((await post(path, new URLSearchParams({ confirm: 'yes', reason: 'mine' }), stranger.cookie)).status).toBe(403)
    const done = await post(path, new URLSearchParams({ confirm: 'yes', reason: 'Van broke down' }), me.cookie)
    expect(done.headers.get('Location')).toBe(`/bookings/${show!.id}`)
    expect(await statusOf(show!.id)).toBe('cancelled')
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, room.owner.user.id), eq(notifications.title, 'Booking cancelled')))
    expect(told).toHaveLength(1)
    // A hold still waiting is withdrawn from its own section at once.
    const withdrawn = await post(`/bookings/${hold!.id}`, new URLSearchParams({ intent: 'cancel', reason: 'Dates moved' }), me.cookie)
    expect(withdrawn.headers.get('Location')).toBe(`/bookings/${hold!.id}`)
    expect(await statusOf(hold!.id)).toBe('cancelled')
  }, 60_000)
})
