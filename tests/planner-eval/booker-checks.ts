// The booker's rubric: each stated constraint of a request (tests/planner-eval/booker-corpus.ts)
// checked against the plan by independent means: real calendar weekdays through Date, the published
// road times of road-times.ts (and, for pairs not in it, a ratio fitted here on that table), and the
// dates written by hand in the corpus. Never the planner's own travel model. A constraint broken is
// a failure; broken and not named anywhere in what the planner said is a silent failure.
import {
  applyActions,
  describeChange,
  haversineKm,
  normalizeCityName,
  parseEdit,
  parseTourRequest,
  planRequest,
  type Criteria,
  type Gazetteer,
  type PlanRequestResult,
  type VenueCatalogue,
} from '~/planner'
import { ROAD_TIMES, roadHours } from './road-times'
import type { BookerCase, BookerExpect } from './booker-corpus'

export interface BookerResult {
  q: string
  failures: string[]
  /** Failures the planner did not name: a promise broken in silence. */
  silent: string[]
  ms: number
}

interface Ctx {
  today: string
  gazetteer: Gazetteer
  catalogue: VenueCatalogue
}

const STATE_NAMES: Record<string, string> = {
  TX: 'Texas',
  FL: 'Florida',
  GA: 'Georgia',
  OK: 'Oklahoma',
  CA: 'California',
  TN: 'Tennessee',
  NY: 'New York',
  LA: 'Louisiana',
  AL: 'Alabama',
  NV: 'Nevada',
  AZ: 'Arizona',
  OH: 'Ohio',
  IL: 'Illinois',
  MI: 'Michigan',
  WA: 'Washington',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  NJ: 'New Jersey',
  MS: 'Mississippi',
  KY: 'Kentucky',
  AR: 'Arkansas',
  CO: 'Colorado',
  UT: 'Utah',
  NM: 'New Mexico',
  NC: 'North Carolina',
  SC: 'South Carolina',
  VA: 'Virginia',
  MO: 'Missouri',
  IN: 'Indiana',
  WI: 'Wisconsin',
  MN: 'Minnesota',
  MA: 'Massachusetts',
}

const same = (stopCity: string, expected: string) => {
  const [en, es] = expected.split(/,\s*(?=[A-Z]{2}$)/) as [string, string]
  const [sn, ss] = stopCity.split(/,\s*(?=[A-Z]{2}$)/) as [string, string]
  return ss === es && normalizeCityName(sn) === normalizeCityName(en)
}

/** Real weekday of a calendar date, by the platform's calendar. */
const weekday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay()
const daysApart = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)

let fitted: number | null = null
/** Road hours per great-circle km, fitted on the table (median ratio) with the gazetteer's coordinates. */
function hoursPerKm(g: Gazetteer): number {
  if (fitted !== null) return fitted
  const ratios: number[] = []
  for (const r of ROAD_TIMES) {
    const a = place(g, r.a)
    const b = place(g, r.b)
    if (a && b) ratios.push(r.hours / haversineKm(a.lat, a.lng, b.lat, b.lng))
  }
  ratios.sort((x, y) => x - y)
  fitted = ratios[Math.floor(ratios.length / 2)] ?? 0.011
  return fitted
}

function place(g: Gazetteer, label: string) {
  const [name, st] = label.split(/,\s*(?=[A-Z]{2}$)/) as [string, string]
  return g.findCity(name, st)
}

/** Reference road hours between two stops: the table, else the fitted ratio on the straight line. */
function referenceHours(g: Gazetteer, a: string, b: string, la: { lat: number; lng: number }, lb: { lat: number; lng: number }): number {
  return roadHours(a, b) ?? haversineKm(la.lat, la.lng, lb.lat, lb.lng) * hoursPerKm(g)
}

/** Everything the planner said next to the plan. */
function saidOf(r: PlanRequestResult, warnings: string[]): string {
  return [...r.changes, ...r.unmet, ...r.plan.unplaced.map((u) => `${u.city}: ${u.reason}`), ...r.plan.warnings, ...warnings].join('\n')
}

function judge(
  e: BookerExpect,
  r: PlanRequestResult,
  warnings: string[],
  ctx: Ctx,
  assumptions: string[],
): { failures: string[]; silent: string[] } {
  const failures: string[] = []
  const silent: string[] = []
  const said = saidOf(r, warnings)
  const stops = r.plan.stops
  const fail = (what: string, named: boolean) => {
    failures.push(what)
    if (!named) silent.push(what)
  }
  const mentions = (...words: string[]) => words.some((w) => said.toLowerCase().includes(w.toLowerCase()))
  const at = (city: string) => stops.find((s) => same(s.city, city))

  for (const city of e.places ?? []) if (!at(city)) fail(`${city} not played`, mentions(city.split(',')[0] as string))
  if (e.order && e.places) {
    const idx = e.places.map((c) => stops.findIndex((s) => same(s.city, c))).filter((i) => i >= 0)
    if (idx.some((v, i) => i > 0 && v < (idx[i - 1] as number))) fail(`order ${stops.map((s) => s.city).join(' → ')}`, mentions('order'))
  }
  for (const st of e.no ?? [])
    for (const s of stops)
      if (s.venue.stateCode === st) fail(`${s.city} in ruled-out ${st}`, mentions(STATE_NAMES[st] ?? st) && mentions('Not met'))
  for (const city of e.noCity ?? []) if (at(city)) fail(`${city} ruled out but played`, mentions('Not met'))
  if (e.shows !== undefined) {
    const [lo, hi] = typeof e.shows === 'number' ? [e.shows, e.shows] : e.shows
    if (stops.length < lo || stops.length > hi) fail(`${stops.length} shows, asked ${lo === hi ? lo : `${lo}-${hi}`}`, mentions('shows'))
  }
  for (const [city, date] of Object.entries(e.on ?? {})) {
    const s = at(city)
    if (!s || s.date !== date) fail(`${city} on ${s?.date ?? 'nothing'}, asked ${date}`, mentions(city.split(',')[0] as string))
  }
  const first = stops[0]
  const last = stops[stops.length - 1]
  if (e.from && !(first && first.date >= e.from[0] && first.date <= e.from[1]))
    fail(`first show ${first?.date ?? 'none'}, asked ${e.from.join('..')}`, mentions('Not met', 'is a '))
  if (e.lastOn && last?.date !== e.lastOn) fail(`last show ${last?.date ?? 'none'}, asked on ${e.lastOn}`, mentions('Not met: last show'))
  if (e.endBy && !(last && last.date <= e.endBy))
    fail(`last show ${last?.date ?? 'none'}, asked by ${e.endBy}`, mentions('Not met: last show'))
  if (e.only)
    for (const s of stops)
      if (!e.only.includes(weekday(s.date)))
        fail(
          `${s.city} on a ${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][weekday(s.date)]} (${s.date})`,
          mentions('Not met: no shows on'),
        )
  if (e.first && !(first && same(first.city, e.first)))
    fail(`first show in ${first?.city ?? 'none'}, asked ${e.first}`, mentions('Not met: start'))
  if (e.lastCity && !(last && same(last.city, e.lastCity)))
    fail(`last show in ${last?.city ?? 'none'}, asked ${e.lastCity}`, mentions('Not met: end'))
  if (e.back && !(r.plan.returnLeg && same(r.plan.returnLeg.to, e.back))) fail(`no way home to ${e.back}`, mentions('way home'))
  for (const o of e.outside ?? []) {
    const u = r.plan.unplaced.find((x) => normalizeCityName(x.city).startsWith(normalizeCityName(o)))
    if (!u || !/outside the US/i.test(u.reason)) fail(`${o} not named as outside the US`, false)
    const namesake = stops.find((s) => normalizeCityName(s.city).startsWith(normalizeCityName(o)))
    if (namesake) fail(`${o} mapped to ${namesake.city}`, false)
  }
  for (const m of e.missing ?? []) {
    const u = r.plan.unplaced.find((x) => same(x.city, m))
    if (!u) fail(`${m} dropped without a word`, false)
    else if (!/nearest cities with venues: .+\(about \d+ h by road\)/i.test(u.reason)) fail(`${m}: no nearest city offered`, true)
  }
  for (const [city, n] of Object.entries(e.draw ?? {})) {
    const s = at(city)
    if (s && s.venue.capacity < n) fail(`${city}: ${s.venue.capacity}-cap room for a draw of ${n}`, mentions(city.split(',')[0] as string))
  }
  if (e.drawElsewhere !== undefined)
    for (const s of stops)
      if (!Object.keys(e.draw ?? {}).some((c) => same(s.city, c)) && s.venue.capacity > 3 * e.drawElsewhere && s.venue.capacity > 300)
        fail(`${s.city}: ${s.venue.capacity}-cap room for a draw of ${e.drawElsewhere}`, true)
  if (e.noDate) {
    const lead = first ? daysApart(ctx.today, first.date) : -1
    if (lead < 35 || lead > 75) fail(`no date given: first show ${first?.date ?? 'none'} (${lead} days out)`, false)
    if (!assumptions.some((a) => /No date was given/.test(a))) fail('no date given, and no assumption said', false)
  }
  for (const [city, dates] of Object.entries(e.nights ?? {})) {
    const played = stops.filter((s) => same(s.city, city)).map((s) => s.date)
    const missed = dates.filter((d) => !played.includes(d))
    if (missed.length) fail(`${city}: no show on ${missed.join(', ')} (played ${played.join(', ') || 'never'})`, mentions('Not met'))
  }
  for (const city of e.sameRoom ?? []) {
    const rooms = new Set(stops.filter((s) => same(s.city, city)).map((s) => s.venue.id))
    if (rooms.size > 1) fail(`${city}: ${rooms.size} different rooms, asked one`, mentions('Not met') && mentions('room'))
  }
  if (e.offDays !== undefined && first && last) {
    const off = daysApart(first.date, last.date) + 1 - new Set(stops.map((s) => s.date)).size
    if (off < e.offDays)
      fail(`${off} day(s) off between the first and last show, asked ${e.offDays}`, mentions('Not met') && mentions('off'))
  }
  if (e.maxRun !== undefined) {
    let run = 0
    let worst = 0
    stops.forEach((s, i) => {
      run = i > 0 && daysApart((stops[i - 1] as (typeof stops)[number]).date, s.date) === 1 ? run + 1 : 1
      worst = Math.max(worst, run)
    })
    if (worst > e.maxRun) fail(`${worst} shows in a row, asked at most ${e.maxRun}`, mentions('Not met') && mentions('in a row'))
  }
  if (e.within) {
    const home = place(ctx.gazetteer, e.within.of)
    if (!home) fail(`${e.within.of}: not in the gazetteer`, false)
    else
      for (const s of stops) {
        const ref = referenceHours(ctx.gazetteer, e.within.of, s.city, home, { lat: s.venue.lat, lng: s.venue.lng })
        if (ref > e.within.hours * 1.1 + 0.25)
          fail(
            `${s.city}: about ${ref.toFixed(1)} h by road from ${e.within.of}, asked within ${e.within.hours} h`,
            mentions('Not met') && mentions(s.city),
          )
      }
  }
  for (const area of e.noArea ?? [])
    for (const s of stops)
      if (
        s.venue.stateCode === area.state &&
        (area.south === undefined || s.venue.lat < area.south) &&
        (area.north === undefined || s.venue.lat > area.north)
      )
        fail(`${s.city} is in ruled-out ${area.name}`, mentions('Not met') && mentions(s.city))
  // Travel, judged on the reference road times: never a drive over water, never a drive leg that
  // does not fit its days at the cap (or 10 h when none was given), and legs over a stated cap named.
  const cap = e.cap ?? 10
  const legs = [...r.plan.legs, ...(r.plan.returnLeg ? [r.plan.returnLeg] : [])]
  legs.forEach((l, i) => {
    const isReturn = l === r.plan.returnLeg
    const a = isReturn ? last : stops[i]
    const b = isReturn ? null : stops[i + 1]
    const water = /,\s*HI$/.test(l.from) !== /,\s*HI$/.test(l.to) || /,\s*AK$/.test(l.from) !== /,\s*AK$/.test(l.to)
    if (water && l.mode !== 'fly') fail(`${l.from} → ${l.to} driven over water`, false)
    if (l.mode === 'fly' || !a) return
    const la = { lat: a.venue.lat, lng: a.venue.lng }
    const to = b ? { lat: b.venue.lat, lng: b.venue.lng } : place(ctx.gazetteer, l.to)
    if (!to) return
    const ref = referenceHours(ctx.gazetteer, l.from, l.to, la, to)
    const days = b ? daysApart(a.date, b.date) : (l.days ?? 1)
    if (ref > days * cap + 0.5)
      fail(`${l.from} → ${l.to}: about ${ref.toFixed(1)} h by road in ${days} day(s)`, mentions(`${l.from} → ${l.to}`))
    if (e.cap !== undefined && ref > e.cap * 1.15 && !mentions(`${l.from} → ${l.to}`))
      fail(`${l.from} → ${l.to}: about ${ref.toFixed(1)} h, over the ${e.cap} h cap, not named`, false)
  })
  return { failures, silent }
}

export async function evaluateBookerCase(kase: BookerCase, ctx: Ctx): Promise<BookerResult> {
  const t0 = performance.now()
  try {
    const parsed = parseTourRequest(kase.q, { today: ctx.today, gazetteer: ctx.gazetteer })
    let criteria: Criteria = parsed.criteria
    const failures: string[] = []
    const silent: string[] = []
    let warnings = parsed.warnings
    let result = await planRequest(criteria, {
      gazetteer: ctx.gazetteer,
      catalogue: ctx.catalogue,
      unresolved: parsed.unresolved,
      constraints: parsed.constraints,
    })
    const first = judge(kase.x, result, warnings, ctx, parsed.assumptions)
    failures.push(...first.failures)
    silent.push(...first.silent)
    for (const [k, turn] of (kase.turns ?? []).entries()) {
      // As the chat does: the edit applies to the criteria of the plan shown.
      const before = result.criteria
      const edit = parseEdit(turn.say, before, { gazetteer: ctx.gazetteer, today: ctx.today })
      criteria = { ...applyActions(before, edit.actions), lastError: null }
      const changed = describeChange(before, criteria)
      if (!edit.understood || changed.length === 0) {
        failures.push(`turn ${k + 1} '${turn.say}': not understood`)
        silent.push(`turn ${k + 1} '${turn.say}': nothing changed and nothing said`)
        continue
      }
      warnings = []
      result = await planRequest(criteria, { gazetteer: ctx.gazetteer, catalogue: ctx.catalogue })
      const j = judge({ ...kase.x, shows: undefined, noDate: undefined, ...turn.x }, result, warnings, ctx, [])
      failures.push(...j.failures.map((f) => `turn ${k + 1}: ${f}`))
      silent.push(...j.silent.map((f) => `turn ${k + 1}: ${f}`))
    }
    return { q: kase.q, failures, silent, ms: performance.now() - t0 }
  } catch (error) {
    const what = `threw: ${(error as Error).stack ?? String(error)}`
    return { q: kase.q, failures: [what], silent: [what], ms: performance.now() - t0 }
  }
}
