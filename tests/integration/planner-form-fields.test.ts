import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'
import { loader as planApi } from '~/routes/api+/v1.tour-plans.plan'
import { planLimiter } from '~/features/tours/tour-planning.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'

// Issue 33 item 4: the full form has a field for every constraint the text reads. A sentence is
// planned, the full form shows what was understood in its fields, and submitting that form as a
// browser without JavaScript does (the fields, nothing else) gives the same plan; the JSON endpoint
// takes the same fields.

useTestDatabase()

const CITIES: [string, string, number, number][] = [
  ['Asheville', 'NC', 35.595, -82.551],
  ['Knoxville', 'TN', 35.96, -83.92],
  ['Chattanooga', 'TN', 35.05, -85.31],
  ['Greenville', 'SC', 34.85, -82.4],
  ['Charlotte', 'NC', 35.23, -80.84],
  ['Atlanta', 'GA', 33.75, -84.39],
  ['Nashville', 'TN', 36.16, -86.78],
  ['Birmingham', 'AL', 33.52, -86.8],
  ['Boone', 'NC', 36.22, -81.67],
  ['Raleigh', 'NC', 35.78, -78.64],
  ['Los Angeles', 'CA', 34.05, -118.24],
  ['San Diego', 'CA', 32.72, -117.16],
  ['Santa Barbara', 'CA', 34.42, -119.7],
  ['Fresno', 'CA', 36.74, -119.79],
  ['San Francisco', 'CA', 37.77, -122.42],
  ['Oakland', 'CA', 37.8, -122.27],
  ['Sacramento', 'CA', 38.58, -121.49],
  ['Chico', 'CA', 39.73, -121.84],
]

async function seed() {
  let n = 0
  for (const [city, stateCode, lat, lng] of CITIES)
    for (const capacity of [180, 350, 700]) {
      n++
      await db.insert(venues).values({
        slug: `form-${n}`,
        name: `${city} Room ${n}`,
        venueType: 'club',
        address: '1 Main St',
        city,
        citySlug: city.toLowerCase().replace(/[^a-z]+/g, '-'),
        stateCode,
        latitude: lat + n * 0.001,
        longitude: lng,
        capacity,
        dayRate: 400 + capacity * 2,
        genres: ['rock'],
      })
    }
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  return m ? decode(m[1] ?? '') : null
}

/** The fields a browser without JavaScript submits from the form labelled `label`, in document order. */
function formFields(html: string, label: string): URLSearchParams {
  const start = html.indexOf(`aria-label="${label}"`)
  expect(start, `a form labelled ${label}`).toBeGreaterThan(0)
  const form = html.slice(start, html.indexOf('</form>', start))
  const out = new URLSearchParams()
  for (const m of form.matchAll(/<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>|<select\b[^>]*>([\s\S]*?)<\/select>/g)) {
    const tag = m[0]
    const name = attr(tag, 'name')
    if (!name) continue
    if (tag.startsWith('<input')) {
      const type = attr(tag, 'type') ?? 'text'
      if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag)) continue
      if (type === 'submit') continue
      out.append(name, attr(tag, 'value') ?? (type === 'checkbox' ? 'on' : ''))
    } else if (tag.startsWith('<textarea')) out.append(name, decode(m[1] ?? '').replace(/^\n/, ''))
    else {
      const options = [...(m[2] ?? '').matchAll(/<option\b[^>]*>/g)].map((o) => o[0])
      const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options[0]
      out.append(name, chosen ? (attr(chosen, 'value') ?? '') : '')
    }
  }
  return out
}

type Body = {
  data?: {
    plan: { stops: { city: string; date: string; venue: { id: string } }[]; legs: unknown[]; returnLeg: unknown }
    constraints: { kind: string; hard: boolean; says: string }[]
    unmet: string[]
  }
  error?: { code: string; fields?: Record<string, string[]> }
}

async function api(params: URLSearchParams) {
  const response = (await planApi({
    request: new Request(`http://localhost/api/v1/tour-plans/plan?${params}`),
    params: {},
    context: { ip: '203.0.113.33' },
  })) as Response
  return { status: response.status, body: (await response.json()) as Body }
}

const shape = (b: Body) => ({
  stops: b.data!.plan.stops.map((s) => `${s.city} ${s.date} ${s.venue.id}`),
  home: Boolean(b.data!.plan.returnLeg),
  unmet: b.data!.unmet,
  // Once planned, the form lists the tour's cities (a region or a radius filled), so 'Play …' names
  // them all; its start date box holds the start the sentence left to the planner, now written.
  hard: b
    .data!.constraints.filter((x) => x.hard && x.kind !== 'residency' && x.kind !== 'cities' && !/^First show on or after/.test(x.says))
    .map((x) => x.says)
    .sort(),
})

const REQUESTS: { q: string; fields: Record<string, string | RegExp>; notRegions?: string[] }[] = [
  {
    q: 'Out of Asheville, 5 shows within 4 hours of Asheville starting March 4 2027, two off days, 200 people, we drive, back home after',
    fields: { withinCity: 'Asheville, NC', withinHours: '4', offDays: '2', home: 'Asheville, NC', back: '1', shows: '5' },
  },
  {
    q: 'Sacramento band, 6 shows in California from April 8 2027, back home after, no SoCal, no more than 3 in a row, 300 cap, no Chico',
    fields: { restEvery: '3', notCities: 'Chico, CA', guests: '300' },
    notRegions: ['socal'],
  },
  {
    q: 'two nights in Atlanta on Feb 12 and 13 2027, then Nashville, Birmingham and Chattanooga, we fly in to Atlanta, no Knoxville, 4-5 dates, 150 in Atlanta and 100 elsewhere',
    fields: {
      pins: /^Atlanta, GA @ 2027-02-12\nAtlanta, GA @ 2027-02-13$/,
      notCities: 'Knoxville, TN',
      minShows: '4',
      draws: 'Atlanta, GA @ 150',
    },
  },
  {
    q: 'a residency in Nashville, every Tuesday in March 2027, same room, 200 people',
    fields: { pins: /^(Nashville, TN @ 2027-03-\d\d\n?){5}$/ },
  },
  {
    q: 'Charlotte, Raleigh and Greenville SC, ending March 20 2027, no Mondays, in this order, 250 people',
    fields: { lastShow: '2027-03-20', noDays: 'mon', order: 'fixed' },
  },
]

describe('the full form round trip, without JavaScript', () => {
  let server: AppServer
  beforeAll(async () => {
    await seed()
    server = await startAppServer({ responseCache: false })
  }, 90_000)
  afterAll(() => server?.close())
  beforeEach(() => planLimiter.reset())

  test.each(REQUESTS)('$q', async ({ q, fields, notRegions = [] }) => {
    const fromText = await api(new URLSearchParams({ q }))
    expect(fromText.status, JSON.stringify(fromText.body.error)).toBe(200)

    const page = await fetch(`${server.origin}/ai-tour-planner/enhanced?${new URLSearchParams({ q })}`)
    expect(page.status).toBe(200)
    const submitted = formFields(await page.text(), 'Tour criteria')
    for (const [name, want] of Object.entries(fields)) {
      const got = submitted.getAll(name).filter(Boolean)
      expect(got, `${name} shown filled`).toHaveLength(1)
      if (typeof want === 'string') expect(got[0]).toMatch(new RegExp(`^${want}$`, 'i'))
      else expect(got[0]).toMatch(want)
    }
    expect(submitted.getAll('notRegions')).toEqual(notRegions)
    // Nothing travels twice: a field shown is not also a hidden copy.
    for (const name of ['pins', 'within', 'notCities', 'draws', 'minShows', 'offDays', 'back', 'notRegions'])
      expect(submitted.getAll(name).length, name).toBeLessThanOrEqual(name === 'notRegions' ? notRegions.length : 1)
    expect(submitted.has('within')).toBe(false)

    // The same plan from the form's fields, through the API and through the page.
    const fromForm = await api(submitted)
    expect(fromForm.status, JSON.stringify(fromForm.body.error)).toBe(200)
    expect(shape(fromForm.body)).toEqual(shape(fromText.body))
    const again = await fetch(`${server.origin}/ai-tour-planner/enhanced?${submitted}`)
    expect(again.status).toBe(200)
    expect(formFields(await again.text(), 'Tour criteria').toString()).toBe(submitted.toString())
  })

  test('fields the form sends that cannot be used are named on their field', async () => {
    const base = { cities: 'Asheville, NC\nKnoxville, TN', startDate: '2027-03-04' }
    for (const [extra, field] of [
      [{ withinCity: 'Asheville', withinHours: '' }, 'withinHours'],
      [{ withinCity: '', withinHours: '3' }, 'withinCity'],
      [{ withinCity: 'Asheville', withinHours: '900' }, 'withinHours'],
      [{ offDays: '99' }, 'offDays'],
      [{ minShows: '0' }, 'minShows'],
      [{ pins: 'Asheville @ March 4' }, 'pins'],
      [{ draws: 'Knoxville @ lots' }, 'draws'],
    ] as const) {
      const r = await api(new URLSearchParams({ ...base, ...extra }))
      expect(r.status, JSON.stringify(extra)).toBe(400)
      expect(Object.keys(r.body.error?.fields ?? {}), JSON.stringify(extra)).toContain(field)
      const html = await (await fetch(`${server.origin}/ai-tour-planner/enhanced?${new URLSearchParams({ ...base, ...extra })}`)).text()
      expect(html).toMatch(/aria-invalid="true"/)
    }
  })

  test('a city typed on a dated line joins the tour, and its draw is the city of the tour', async () => {
    const r = await api(
      new URLSearchParams({
        cities: 'Asheville, NC\nKnoxville, TN',
        startDate: '2027-03-04',
        pins: 'Boone @ 2027-03-06',
        draws: 'knoxville @ 120',
      }),
    )
    expect(r.status, JSON.stringify(r.body.error)).toBe(200)
    const stops = r.body.data!.plan.stops.map((s) => `${s.city} ${s.date}`)
    expect(stops).toContain('Boone, NC 2027-03-06')
    expect(r.body.data!.constraints.map((x) => x.says)).toContain('Rooms for about 120 people in Knoxville, TN')
  })
})
