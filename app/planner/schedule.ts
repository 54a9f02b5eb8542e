// Dates along a fixed stop order: travel time against the daily travel limit, rest days, blackout
// dates, radius clauses and each venue's free dates. A stop that cannot be placed is reported.
import { formatDay } from './format'
import { fromDayNumber, toDayNumber } from './dates'
import { haversineKm, travelCost, travelHours, travelKm } from './geo'
import { showRevenue } from './revenue'
import { describeChoice, priceOn, type RankedVenue } from './venue-choice'
import type { Criteria, PlanLeg, PlanStop, TravelMode, Unplaced, VenueCandidate } from './types'

/** Days a show may slip to keep the best-ranked venue before the next-best free venue is preferred. */
const MAX_WAIT_DAYS = 2

export interface StopInput {
  city: string
  lat: number
  lng: number
  ranked: RankedVenue[]
  budgetShare: number
}

export interface ScheduleResult {
  stops: PlanStop[]
  legs: PlanLeg[]
  unplaced: Unplaced[]
  /** Show days (day numbers) aligned with `stops`. */
  days: number[]
  /** Days lost waiting beyond the earliest possible date (availability or radius clauses). */
  waitDays: number
  /** Stops left out because the tour ran out of days (not for want of a free room). */
  outOfTime: number
}

/** 1970-01-01, day number 0, was a Thursday. */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7
}

const unavailableCache = new WeakMap<VenueCandidate, Set<number>>()
function unavailableDays(v: VenueCandidate): Set<number> {
  let s = unavailableCache.get(v)
  if (!s) {
    s = new Set()
    for (const d of v.unavailableDates) {
      try {
        s.add(toDayNumber(d))
      } catch {
        // An unreadable date blocks nothing; the service validates dates on the way in.
      }
    }
    unavailableCache.set(v, s)
  }
  return s
}

export interface ScheduleOptions {
  maxWaitDays?: number
  /** Skip the reason text when only the totals matter (reordering, suggestions). */
  withReasons?: boolean
  /** Fly any leg the travel mode cannot cover in one travel day (the nearest plan when days are short). */
  flyLongLegs?: boolean
}

/** The mode of one leg: the tour's, or a flight when asked to fly legs too long for a day's travel. */
export function legMode(gcKm: number, c: Criteria, flyLongLegs: boolean, overWater = false): TravelMode {
  // Hawaii, or Alaska from the lower 48: no road a band drives; the leg is flown whatever the mode.
  if (overWater) return 'fly'
  if (!flyLongLegs || c.travelMode === 'fly') return c.travelMode
  return travelHours(gcKm, c.travelMode) > c.maxTravelHoursPerDay && travelHours(gcKm, 'fly') < travelHours(gcKm, c.travelMode)
    ? 'fly'
    : c.travelMode
}

/** Hawaii is reached only by air, Alaska from elsewhere only by air or a multi-day drive through Canada. */
export function overWater(a: { lat: number; lng: number }, b: { lat: number; lng: number }): boolean {
  const island = (p: { lat: number; lng: number }) => p.lng < -150 && p.lat < 30
  const alaska = (p: { lat: number; lng: number }) => p.lat > 51 && p.lng < -129
  return island(a) !== island(b) || alaska(a) !== alaska(b)
}

export function scheduleStops(route: StopInput[], c: Criteria, opts: ScheduleOptions = {}): ScheduleResult {
  const maxWait = opts.maxWaitDays ?? MAX_WAIT_DAYS
  const withReasons = opts.withReasons ?? true
  const firstDay = toDayNumber(c.startDate)
  const lastDay = firstDay + c.durationDays - 1
  const blackout = new Set(c.daysOff.dates.map(toDayNumber))
  const weekdaysOff = new Set(c.daysOff.weekdays ?? [])
  // Shows fall on strictly increasing days, so one act never double-books a day or a venue; the set
  // makes that invariant explicit rather than implied.
  const usedDays = new Set<number>()
  // A city bound to a date ('Atlanta on the 14th') plays that day or not at all; several dates are
  // several nights there, in the same room unless it is taken (docs/planner.md).
  const pinnedDays = new Map<string, number[]>()
  for (const p of c.pins ?? [])
    pinnedDays.set(
      p.city,
      [...(pinnedDays.get(p.city) ?? []), toDayNumber(p.date)].sort((a, b) => a - b),
    )
  const pinned = new Map([...pinnedDays].map(([city, days]) => [city, days[0] as number]))
  const placed: { lat: number; lng: number; day: number }[] = []
  const out: ScheduleResult = { stops: [], legs: [], unplaced: [], days: [], waitDays: 0, outOfTime: 0 }
  let prev: { stop: StopInput; day: number } | null = null
  let showsSinceRest = 0
  // 'Two off days' without a rhythm: a day off after every N shows, N spread so the run gets that many.
  const shows = route.length + Math.max(0, (c.pins ?? []).length - pinnedDays.size)
  const restEvery = c.daysOff.everyNShows
  // 'Two off days' alone: the shows split into count + 1 groups as even as can be, a rest between
  // each (a rhythm of every N shows gives fewer rests when N does not divide the shows).
  const spread = restEvery === null && c.daysOff.count ? c.daysOff.count : null
  const group = (n: number) => Math.floor((n * ((spread ?? 0) + 1)) / Math.max(1, shows))
  const restBefore = (n: number) => spread !== null && n >= 2 && group(n - 1) > group(n - 2)

  const radiusOk = (s: StopInput, day: number) => {
    for (const clause of c.radiusClauses)
      for (const p of placed) if (Math.abs(day - p.day) < clause.days && haversineKm(s.lat, s.lng, p.lat, p.lng) < clause.km) return false
    return true
  }

  for (const stop of route) {
    let gcKm = 0
    let hours = 0
    let extraTravelDays = 0
    let earliest = firstDay
    let mode = c.travelMode
    if (prev) {
      gcKm = haversineKm(prev.stop.lat, prev.stop.lng, stop.lat, stop.lng)
      mode = legMode(gcKm, c, opts.flyLongLegs ?? false, overWater(prev.stop, stop))
      hours = travelHours(gcKm, mode)
      // Up to maxTravelHoursPerDay can be travelled on a show day; each further block needs a day.
      extraTravelDays = Math.max(0, Math.ceil(hours / c.maxTravelHoursPerDay) - 1)
      earliest = prev.day + 1 + extraTravelDays
      if ((restEvery !== null && showsSinceRest >= restEvery) || restBefore(out.stops.length + 1)) earliest += 1
    }
    let chosen: { r: RankedVenue; rank: number; day: number } | null = null
    let radiusBlocked = false
    const free = (v: VenueCandidate, day: number) => {
      if (blackout.has(day) || usedDays.has(day) || weekdaysOff.has(weekdayOfDay(day)) || unavailableDays(v).has(day)) return false
      if (!radiusOk(stop, day)) {
        radiusBlocked = true
        return false
      }
      return true
    }
    const pin = pinned.get(stop.city.toLowerCase())
    const reachable = earliest
    if (pin !== undefined && pin >= earliest) earliest = pin
    const stopLast = pin !== undefined ? Math.min(lastDay, pin) : lastDay
    // Pass 1: the best-ranked venue free within a short wait. Pass 2: whichever venue is free first.
    const shortEnd = Math.min(stopLast, earliest + maxWait)
    for (let rank = 0; rank < stop.ranked.length && !chosen; rank++) {
      const r = stop.ranked[rank] as RankedVenue
      for (let day = earliest; day <= shortEnd; day++)
        if (free(r.venue, day)) {
          chosen = { r, rank, day }
          break
        }
    }
    if (!chosen) {
      for (let rank = 0; rank < stop.ranked.length; rank++) {
        const r = stop.ranked[rank] as RankedVenue
        const limit = Math.min(stopLast, chosen ? chosen.day - 1 : stopLast)
        for (let day = shortEnd + 1; day <= limit; day++)
          if (free(r.venue, day)) {
            chosen = { r, rank, day }
            break
          }
      }
    }
    if (!chosen) {
      const from = formatDay(fromDayNumber(earliest))
      const to = formatDay(fromDayNumber(lastDay))
      if (earliest > lastDay) out.outOfTime++
      if (pin !== undefined) {
        out.unplaced.push({
          city: stop.city,
          kind: 'dates',
          reason: !withReasons
            ? ''
            : reachable > pin
              ? `It cannot be reached by ${formatDay(fromDayNumber(pin))}, its date (the earliest is ${formatDay(fromDayNumber(reachable))}).`
              : `No suitable venue in ${stop.city} is free on ${formatDay(fromDayNumber(pin))}, its date.`,
        })
        continue
      }
      out.unplaced.push({
        city: stop.city,
        kind: earliest > lastDay ? 'time' : radiusBlocked ? 'radius' : 'dates',
        reason: !withReasons
          ? ''
          : earliest > lastDay
            ? `No time left: the earliest it can be reached is ${from}, after the tour's last day, ${to}.`
            : radiusBlocked
              ? `A radius clause blocks every free date for ${stop.city} from ${from} to ${to}.`
              : `No suitable venue in ${stop.city} is free from ${from} to ${to}${weekdaysOff.size ? ' on the days you play' : ''}.`,
      })
      continue
    }
    const { r, rank, day } = chosen
    const date = fromDayNumber(day)
    const price = priceOn(r.venue, date)
    let reason = ''
    if (withReasons) {
      reason = describeChoice(r, c, price, stop.budgetShare)
      if (rank > 0) reason += `; ${(stop.ranked[0] as RankedVenue).venue.name} was not free`
      if (day > earliest) reason += `; ${day - earliest} day(s) later than the earliest possible date`
    }
    if (restEvery !== null && prev && showsSinceRest >= restEvery) showsSinceRest = 0
    showsSinceRest++
    out.waitDays += day - earliest
    usedDays.add(day)
    placed.push({ lat: stop.lat, lng: stop.lng, day })
    const km = prev ? travelKm(gcKm, mode) : 0
    out.stops.push({
      city: stop.city,
      venue: r.venue,
      date,
      arriveFrom: prev ? prev.stop.city : null,
      travelKm: km,
      travelHours: hours,
      travelDays: extraTravelDays,
      price,
      reason,
      ...showRevenue(r.venue, c.guestsByCity?.[stop.city.toLowerCase()] ?? c.guestCount, {
        roomPrice: price,
        ticketPrice: c.ticketPrice ?? null,
        attendance: c.expectedAttendance ?? null,
      }),
    })
    out.days.push(day)
    if (prev)
      out.legs.push({
        from: prev.stop.city,
        to: stop.city,
        km,
        hours,
        mode,
        cost: travelCost(gcKm, mode, c.crewSize),
        days: extraTravelDays + 1,
      })
    let nightDay = day
    for (const extra of (pinnedDays.get(stop.city.toLowerCase()) ?? []).slice(1)) {
      if (extra <= nightDay) continue
      // Its own earlier nights are no radius clause: only the calendar decides.
      const open = (v: VenueCandidate, d: number) =>
        !blackout.has(d) && !usedDays.has(d) && !weekdaysOff.has(weekdayOfDay(d)) && !unavailableDays(v).has(d)
      const night = placeNight(stop, r, extra, open, withReasons)
      if (!night) {
        out.unplaced.push({
          city: stop.city,
          kind: 'dates',
          reason: withReasons ? `No suitable venue in ${stop.city} is free on ${formatDay(fromDayNumber(extra))}, one of its nights.` : '',
        })
        continue
      }
      usedDays.add(extra)
      placed.push({ lat: stop.lat, lng: stop.lng, day: extra })
      out.stops.push({
        city: stop.city,
        venue: night.venue,
        date: night.date,
        arriveFrom: stop.city,
        travelKm: 0,
        travelHours: 0,
        travelDays: 0,
        price: night.price,
        reason: night.reason,
        ...showRevenue(night.venue, c.guestsByCity?.[stop.city.toLowerCase()] ?? c.guestCount),
      })
      out.days.push(extra)
      out.legs.push({ from: stop.city, to: stop.city, km: 0, hours: 0, mode, cost: 0, days: extra - nightDay })
      showsSinceRest++
      nightDay = extra
    }
    prev = { stop, day: nightDay }
  }
  return out
}

/** A further night in a city already played: the same room when it is free that day, else the best other one. */
function placeNight(
  stop: StopInput,
  first: RankedVenue,
  day: number,
  free: (v: VenueCandidate, day: number) => boolean,
  withReasons: boolean,
): { venue: VenueCandidate; date: string; price: number; reason: string } | null {
  const date = fromDayNumber(day)
  const r = free(first.venue, day) ? first : stop.ranked.find((x) => free(x.venue, day))
  if (!r) return null
  const price = priceOn(r.venue, date)
  const reason = !withReasons
    ? ''
    : r === first
      ? `Another night at ${r.venue.name}, the same room`
      : `${r.venue.name}: ${first.venue.name} is not free on ${formatDay(date)}, so this night is in another room`
  return { venue: r.venue, date, price, reason }
}
