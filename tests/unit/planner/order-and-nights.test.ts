import { describe, expect, test } from 'vitest'
import { applyActions, describeChange, parseEdit, parseTourRequest, planRequest } from '~/planner'
import { plannerGazetteer } from '~/features/tours/tour-gazetteer.server'
import { demoCatalogue } from '../../planner-eval/demo-catalogue'

// Issue 33, the two classes still misread: words about the order of the cities, and a city named
// more than once with a list of dates. Each phrasing is built from parts (a verb, a determiner, a
// noun; a date list in every separator a booker types) and run through the whole pipeline: the
// order or the nights are kept, or named as not met, and no word of them is left unread in silence.

const TODAY = '2026-12-01'
const gazetteer = plannerGazetteer()
const catalogue = demoCatalogue()
const run = async (q: string) => {
  const parsed = parseTourRequest(q, { today: TODAY, gazetteer })
  const r = await planRequest(parsed.criteria, { gazetteer, catalogue, unresolved: parsed.unresolved, constraints: parsed.constraints })
  return { parsed, r }
}
// Written in an order no shortest route takes: reordering would show.
const CITIES = 'New Orleans, Nashville, Atlanta and Memphis in March'
const WRITTEN = ['New Orleans, LA', 'Nashville, TN', 'Atlanta, GA', 'Memphis, TN']

const keepPhrases = [
  ...['keep', 'keeping', 'stick to', 'follow', 'in', 'respect', 'use'].flatMap((verb) =>
    ['this', 'that', 'the same', 'my', 'the exact'].map((det) => `${verb} ${det} order`),
  ),
  ...['listed', 'written', 'given', 'above', 'shown'].flatMap((how) => [`as ${how}`, `route as ${how}`, `play them as ${how}`]),
  'in the order above',
  'in the order listed',
  'in the order written',
  'order as listed',
  'in that sequence',
  'in this exact sequence',
  'order matters',
  'the order is fixed',
  "please don't reorder",
  'do not shuffle the cities',
  'no rearranging',
  'same order as the email',
]

const freePhrases = [
  'any order is fine',
  'in whatever order works',
  'order does not matter',
  "order doesn't matter",
  'not necessarily in this order',
  'feel free to reorder',
  'in no particular order',
]

describe('order words are one class: kept, traced to the words, or reported', () => {
  test.each(keepPhrases)("'%s' keeps the written order", async (phrase) => {
    const { parsed, r } = await run(`${CITIES}, ${phrase}, 200 cap, van`)
    expect(parsed.criteria.keepOrder).toBe(true)
    expect(parsed.notUnderstood).toEqual([])
    const order = parsed.constraints.find((k) => k.kind === 'order')
    expect(order?.from.join(' ')).toMatch(/order|sequence|listed|written|given|above|shown|shuffle|rearrang/i)
    const played = r.plan.stops.map((s) => s.city)
    const idx = WRITTEN.map((c) => played.indexOf(c))
    const inOrder = idx.every((v, k) => k === 0 || v > (idx[k - 1] as number))
    expect(inOrder || r.unmet.some((u) => /order/i.test(u))).toBe(true)
  })

  test.each(freePhrases)("'%s' leaves the order to the planner, said as understood", async (phrase) => {
    const { parsed } = await run(`${CITIES}, ${phrase}, 200 cap, van`)
    expect(parsed.criteria.keepOrder).toBe(false)
    expect(parsed.notUnderstood).toEqual([])
  })

  test('order words no reader understands are reported, never dropped', async () => {
    const { parsed } = await run(`${CITIES}, order per the routing sheet, 200 cap, van`)
    expect(parsed.notUnderstood.map((w) => w.toLowerCase())).toContain('order')
  })

  test("'in order to' is no order constraint and no unread word", async () => {
    const { parsed } = await run(`${CITIES} in order to save gas money, 200 cap, van`)
    expect(parsed.criteria.keepOrder).toBe(false)
    expect(parsed.notUnderstood.map((w) => w.toLowerCase())).not.toContain('order')
  })

  test('a kept order the plan cannot keep is named', async () => {
    // Dates written against the written order: the order cannot hold, and the planner says so.
    const { parsed, r } = await run('Memphis on March 20, then Atlanta on March 10, keep this order, 200 cap, van')
    expect(parsed.criteria.keepOrder).toBe(true)
    const played = r.plan.stops.map((s) => s.city)
    const inOrder = played.indexOf('Memphis, TN') < played.indexOf('Atlanta, GA')
    expect(inOrder || r.unmet.some((u) => /order/i.test(u))).toBe(true)
  })
})

const twoDates = [
  'Feb 12 and 13',
  'Feb 12 & 13',
  'the 12th & 13th of Feb',
  '12th & 13th Feb',
  'Feb 12-13',
  'Feb 12th/13th',
  'Feb 12 + 13',
  'Fri Feb 12 and Sat Feb 13',
  'February 12, 13',
  'Feb 12 thru 13',
  'the 12th and 13th of February',
  'Feb 12th & Feb 13th',
  'Feb 12 and Feb 13',
  'Feb 12/13',
  '2/12 and 2/13',
  '2/12 & 13',
]
const templates = [
  'we fly in to Atlanta, Atlanta on {d}, then Nashville and Memphis, 200 cap, van',
  'fly into Atlanta - two nights in Atlanta on {d} - then Nashville then Memphis, 200 cap',
  'Atlanta {d}, then Nashville and Memphis, 200 cap, van',
  'starting in Atlanta: Atlanta {d} (same room), Nashville, Memphis, 200 cap',
]

describe('a city named twice with a list of dates: every night pinned there, or refused out loud', () => {
  test.each(templates.flatMap((tpl) => twoDates.map((d) => tpl.replace('{d}', d))))('%s', async (q) => {
    const { parsed, r } = await run(q)
    const atl = parsed.criteria.pins.filter((p) => p.city === 'atlanta, ga').map((p) => p.date)
    expect(atl).toEqual(['2027-02-12', '2027-02-13'])
    expect(parsed.notUnderstood.filter((w) => /^\d+$/.test(w))).toEqual([])
    const nights = r.plan.stops.filter((s) => s.city === 'Atlanta, GA')
    const kept = nights.map((s) => s.date).join() === '2027-02-12,2027-02-13' && new Set(nights.map((s) => s.venue.id)).size === 1
    expect(kept || r.unmet.some((u) => /Atlanta/.test(u))).toBe(true)
    expect(r.plan.stops[0]?.city).toBe('Atlanta, GA')
  })

  test('dates written before the city: Feb 12 & 13 in Atlanta', async () => {
    const { parsed } = await run('Feb 12 & 13 in Atlanta, then Nashville Feb 15 and Memphis, 200 cap, van')
    expect(parsed.criteria.pins).toEqual([
      { city: 'atlanta, ga', date: '2027-02-12' },
      { city: 'atlanta, ga', date: '2027-02-13' },
      { city: 'nashville, tn', date: '2027-02-15' },
    ])
  })

  test('a number after a city that is no date stays what it was', async () => {
    const { parsed } = await run('Atlanta Feb 12, 300 cap, then Nashville and Memphis, van')
    expect(parsed.criteria.pins).toEqual([{ city: 'atlanta, ga', date: '2027-02-12' }])
    expect(parsed.criteria.guestCount).toBe(300)
  })
})

describe('order words in the chat', () => {
  const base = async () => (await run('Atlanta, Nashville and Memphis in March, 200 cap, van')).r.criteria
  test.each([
    ['keep this order please', true, 3],
    ['actually route them as listed', true, 3],
    ['add Birmingham, keep this order', true, 4],
    ['any order is fine, and add Birmingham', false, 4],
  ])("'%s'", async (say, keep, cities) => {
    const before = await base()
    const edit = parseEdit(say, before, { gazetteer, today: TODAY })
    const after = { ...applyActions(before, edit.actions), lastError: null }
    expect(after.keepOrder).toBe(keep)
    expect(after.cities).toHaveLength(cities)
    if (keep) expect(describeChange(before, after).join(' ')).toMatch(/in this order/)
  })
})

describe('a return visit is refused out loud', () => {
  test("'Nashville Feb 12, Memphis, then back to Nashville on Feb 20' says why Memphis cannot go between", async () => {
    const { parsed } = await run('Nashville Feb 12, Memphis, then back to Nashville on Feb 20 for the hometown show, 200 cap, van')
    expect(parsed.criteria.pins.filter((p) => p.city === 'nashville, tn').map((p) => p.date)).toEqual(['2027-02-12', '2027-02-20'])
    expect(parsed.warnings.join(' ')).toMatch(/Nashville, TN is written twice, with Memphis, TN between/)
  })

  test("a day alone after a dated city takes that date's month: 'Feb 12 and 13 but the 13th is a maybe'", async () => {
    const { parsed, r } = await run('Atlanta on Feb 12 and 13 but the 13th is a maybe, then Nashville, 200 cap')
    expect(parsed.criteria.startDate).toBe('2027-02-12')
    expect(r.plan.stops.map((s) => s.city)).toContain('Nashville, TN')
  })
})
