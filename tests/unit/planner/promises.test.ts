import { describe, expect, test } from 'vitest'
import {
  applyActions,
  describeChange,
  haversineKm,
  parseEdit,
  parseTourRequest,
  planRequest,
  type Criteria,
  type PlanRequestResult,
} from '~/planner'
import { plannerGazetteer } from '~/features/tours/tour-gazetteer.server'
import { demoCatalogue } from '../../planner-eval/demo-catalogue'

// The classes of silent failure of issue 33, each through the whole pipeline on the demo venues:
// what the booker wrote is kept, or the planner says it could not keep it. Calendar weekdays are
// checked with Date, not with the planner's own date code.

const TODAY = '2026-12-01'
const gazetteer = plannerGazetteer()
const catalogue = demoCatalogue()
const plan = async (q: string) => {
  const parsed = parseTourRequest(q, { today: TODAY, gazetteer })
  return { parsed, r: await planRequest(parsed.criteria, { gazetteer, catalogue, unresolved: parsed.unresolved }) }
}
const states = (r: PlanRequestResult) => r.plan.stops.map((s) => s.venue.stateCode)
const weekday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay()
const said = (r: PlanRequestResult) => [...r.changes, ...r.plan.unplaced.map((u) => `${u.city}: ${u.reason}`)].join('\n')
const edit = async (r: PlanRequestResult, say: string) => {
  const c: Criteria = { ...applyActions(r.criteria, parseEdit(say, r.criteria, { gazetteer, today: TODAY }).actions), lastError: null }
  return planRequest(c, { gazetteer, catalogue })
}

describe('exclusions are never inclusions', () => {
  test.each([
    ['Looking at 10 shows across the South in March, avoid Texas, 200 cap rooms', 'TX'],
    ['southern run in April, no Texas at all please, 6 shows, about 150 a night', 'TX'],
    ['Can you do 6 shows on the east coast in April without any Florida dates? 350 people', 'FL'],
    ['South, 6 dates in late January, no Texas, no Oklahoma, no Arkansas - 200 cap', 'OK'],
  ])('%s', async (q, st) => {
    const { r } = await plan(q)
    expect(r.plan.stops.length).toBeGreaterThan(0)
    expect(states(r)).not.toContain(st)
  })

  test("in the chat, 'no Texas at all please' takes Texas out and keeps the rest", async () => {
    const { r } = await plan('5 shows across the South in April, 200 cap, van')
    const next = await edit(r, 'no Texas at all please')
    expect(states(next)).not.toContain('TX')
    expect(next.plan.stops).toHaveLength(5)
  })
})

describe('anchored dates', () => {
  test("'starting Tuesday Jan 12': the year in which Jan 12 is a Tuesday", async () => {
    const { r } = await plan('starting Tuesday Jan 12, 4 shows out of Nashville heading north, 150 people, van')
    expect(r.plan.stops[0]?.date).toBe('2027-01-12')
    expect(weekday('2027-01-12')).toBe(2)
  })

  test("'Atlanta on the 14th and 15th, then Birmingham the 17th': two Atlanta nights in one room, then Birmingham", async () => {
    const { r } = await plan('Atlanta on the 14th and 15th of January, then Birmingham the 17th - 200 cap, we drive')
    expect(r.plan.stops.map((s) => [s.city, s.date])).toEqual([
      ['Atlanta, GA', '2027-01-14'],
      ['Atlanta, GA', '2027-01-15'],
      ['Birmingham, AL', '2027-01-17'],
    ])
    expect(r.plan.stops[0]?.venue.id).toBe(r.plan.stops[1]?.venue.id)
  })

  test("'the last show has to be on Aug 21 in Austin': the last show is that day, in Austin", async () => {
    const { r } = await plan('Record release run: 4 shows, last show has to be on Aug 21 in Austin, Texas dates before it, 300 cap')
    const last = r.plan.stops[r.plan.stops.length - 1]
    expect(last?.date).toBe('2027-08-21')
    expect(last?.city).toBe('Austin, TX')
  })

  test('no date given: about six weeks out, said as an assumption, never today', async () => {
    const { parsed, r } = await plan('Nashville, Louisville, Indianapolis and Chicago, 250 cap, van, 4 shows')
    expect(r.plan.stops[0]!.date >= '2027-01-05').toBe(true)
    expect(parsed.warnings.concat(JSON.stringify(parsed)).join(' ')).toMatch(/No date was given/)
  })
})

describe('several nights in one city and residencies are planned', () => {
  test.each([
    ['We want a residency in Nashville: every Tuesday in February, same room, 150 cap', 'Nashville, TN', 2, 4],
    ['Chicago residency please - every Thursday in April, same venue each week, about 200 people', 'Chicago, IL', 4, 5],
  ])('%s', async (q, city, day, nights) => {
    const { r } = await plan(q)
    expect(r.plan.stops).toHaveLength(nights)
    for (const s of r.plan.stops) {
      expect(s.city).toBe(city)
      expect(weekday(s.date)).toBe(day)
    }
    expect(new Set(r.plan.stops.map((s) => s.venue.id)).size).toBe(1)
  })

  test("'Denver on Friday and Saturday May 14 and 15, then Salt Lake City on the 17th'", async () => {
    const { parsed, r } = await plan('Denver on Friday and Saturday May 14 and 15, then Salt Lake City on the 17th, 300 cap, we drive')
    expect(r.plan.stops.map((s) => [s.city, s.date])).toEqual([
      ['Denver, CO', '2027-05-14'],
      ['Denver, CO', '2027-05-15'],
      ['Salt Lake City, UT', '2027-05-17'],
    ])
    expect(parsed.warnings.join(' ')).not.toMatch(/is a Friday/)
  })

  test('a night whose room is taken goes to another room of the city and says so', async () => {
    const { parsed } = await plan('two nights in Atlanta on Jan 14 and 15, same room both nights, 250 cap')
    const first = await planRequest(parsed.criteria, { gazetteer, catalogue })
    const room = first.plan.stops[0]!.venue.id
    const busy = {
      cities: catalogue.cities,
      load: async (...args: Parameters<typeof catalogue.load>) =>
        (await catalogue.load(...args)).map((v) => (v.id === room ? { ...v, unavailableDates: ['2027-01-15'] } : v)),
    }
    const r = await planRequest(parsed.criteria, { gazetteer, catalogue: busy })
    expect(r.plan.stops.map((s) => s.date)).toEqual(['2027-01-14', '2027-01-15'])
    expect(r.plan.stops[1]!.venue.id).not.toBe(room)
    expect(r.unmet.join(' ')).toMatch(/Not met: one room for every night in Atlanta, GA/)
  })
})

describe('off-day counts', () => {
  const offDays = (r: PlanRequestResult) => {
    const d = r.plan.stops.map((s) => Date.parse(`${s.date}T00:00:00Z`) / 86_400_000)
    return d.length ? d[d.length - 1]! - d[0]! + 1 - new Set(d).size : 0
  }
  const longestRun = (r: PlanRequestResult) => {
    let run = 0
    let worst = 0
    r.plan.stops.forEach((s, i) => {
      const prev = r.plan.stops[i - 1]
      run = prev && Date.parse(s.date) - Date.parse(prev.date) === 86_400_000 ? run + 1 : 1
      worst = Math.max(worst, run)
    })
    return worst
  }

  test.each([
    ['8 shows in the Midwest starting Saturday May 1 with two off days somewhere in the run, 200 cap', 2],
    ['southeast run, 7 shows in October with 2 days off, no Mondays, 180 cap', 2],
    ['6 shows in Texas starting June 3 with 3 rest days, 250 cap', 3],
  ])('%s', async (q, n) => {
    const { r } = await plan(q)
    expect(offDays(r)).toBeGreaterThanOrEqual(n)
  })

  test.each(['no more than 3 in a row', 'max 3 shows in a row', 'at most 3 back to back'])("'%s'", async (words) => {
    const { r } = await plan(`Pacific Northwest in September, 6 shows, ${words}, 200 cap, van, starting Sept 9`)
    expect(r.plan.stops[0]?.date).toBe('2027-09-09')
    expect(longestRun(r)).toBeLessThanOrEqual(3)
  })

  test('off days that do not fit the window are kept by a longer tour, or named', async () => {
    const { r } = await plan('Austin, Dallas, Houston and San Antonio from March 5 to March 8, two days off, 200 cap')
    const kept = offDays(r) >= 2 && r.changes.some((c) => /with 2 days off.*the tour now runs/.test(c))
    expect(kept || /Not met: 2 days off/.test(r.unmet.join(' '))).toBe(true)
  })

  test.each([
    [4, 2],
    [5, 2],
    [7, 3],
    [8, 2],
  ])('%i shows with %i days off get every day off asked for', async (n, k) => {
    const { r } = await plan(`${n} shows in the Midwest in May with ${k} days off, 200 cap, van`)
    expect(r.plan.stops).toHaveLength(n)
    expect(offDays(r)).toBeGreaterThanOrEqual(k)
  })
})

describe('a radius from home', () => {
  test.each([
    ['Chicago band here - 4 shows within 3 hours of home in June, 200 cap, van', 'Chicago, IL', 3],
    ['We are Denver-based and want to stay within 5 hours of Denver: 4 shows in July, 250 cap, van', 'Denver, CO', 5],
    ['Atlanta-based 5-piece, 6 dates within 6 hrs of Atlanta in May, 200 cap', 'Atlanta, GA', 6],
  ])('%s', async (q, home, hours) => {
    const { r } = await plan(q)
    const [name, st] = home.split(', ') as [string, string]
    const h = gazetteer.findCity(name, st)!
    expect(r.plan.stops.length).toBeGreaterThanOrEqual(3)
    // Judged on the travel table's own median hours per great-circle km, not the planner's model.
    for (const s of r.plan.stops) expect(haversineKm(h.lat, h.lng, s.venue.lat, s.venue.lng) * 0.0107).toBeLessThanOrEqual(hours * 1.1)
  })

  test('a named city beyond the radius is played and named', async () => {
    const { r } = await plan('Chicago band, Milwaukee and Denver within 3 hours of home in June, 200 cap')
    expect(r.unmet.join(' ')).toMatch(/Not met: every show within 3 h of Chicago, IL, but Denver, CO is about \d+\.\d h away/)
  })
})

describe('a region ruled out in part', () => {
  test.each([
    ['California in May: 5 shows but no Southern California, 250 cap, by van', 'CA', (lat: number) => lat < 35.8, 5],
    ['West coast run in June, 6 shows, no SoCal this time, 300 cap, van', 'CA', (lat: number) => lat < 35.8, 6],
    ['Northeast in October, 6 shows, skip upstate NY, 200 cap, no Sundays', 'NY', (lat: number) => lat > 41.3, 6],
  ])('%s', async (q, st, inArea, n) => {
    const { r } = await plan(q)
    expect(r.plan.stops).toHaveLength(n)
    for (const s of r.plan.stops) expect(s.venue.stateCode === st && inArea(s.venue.lat)).toBe(false)
  })

  test("'no SoCal' keeps the rest of California", async () => {
    const { r } = await plan('West coast run in June, 6 shows, no SoCal this time, 300 cap, van')
    expect(r.plan.stops.some((s) => s.venue.stateCode === 'CA')).toBe(true)
  })

  test('a named city in the ruled-out part is left out and said', async () => {
    const { r } = await plan('San Francisco, Los Angeles and Sacramento in May, no SoCal, 300 cap')
    expect(r.plan.stops.map((s) => s.city)).not.toContain('Los Angeles, CA')
    expect(said(r)).toMatch(/Los Angeles, CA is in a place you ruled out/)
  })

  test("in the chat, 'no upstate NY' rules out only upstate", async () => {
    const { r } = await plan('New York, Albany, Buffalo and Boston in May, 300 cap, van')
    const next = await edit(r, 'no upstate NY')
    expect(next.plan.stops.map((s) => s.city).sort()).toEqual(['Boston, MA', 'New York City, NY'])
  })
})

describe('words read as places or numbers', () => {
  test("'March 5-8, 2027 - 600 cap': 2027 is a year, 600 the draw", async () => {
    const { r } = await plan('Play Chicago, Detroit and State College, PA in March 5-8, 2027 - 600 cap')
    expect(r.criteria.guestCount).toBe(600)
    // State College is one of the touring markets of the demo catalogue (app/seed/touring-markets.ts).
    expect(r.plan.stops.map((s) => s.city)).toEqual(expect.arrayContaining(['Chicago, IL', 'Detroit, MI', 'State College, PA']))
    expect(said(r)).not.toMatch(/College, AK/)
  })

  test('industry shorthand: atl nash bham chatt knox', async () => {
    const { r } = await plan('atl nash bham chatt knox in February, 300 cap, no more than 4 hrs drive between shows')
    expect(r.plan.stops.map((s) => s.city).sort()).toEqual([
      'Atlanta, GA',
      'Birmingham, AL',
      'Chattanooga, TN',
      'Knoxville, TN',
      'Nashville, TN',
    ])
  })

  test('a named city without venues is offered the nearest cities that have some, with drive times', async () => {
    const { r } = await plan('Kalispell, Billings and Missoula in June, 200 cap, van')
    expect(said(r)).toMatch(/Kalispell, MT: No venues are listed .* nearest cities with venues: .*\(about \d+ h by road\)/)
  })

  test.each(['Toronto', 'Mexico City', 'Vancouver', 'Montreal'])('%s is outside the US, named, never a namesake', async (place) => {
    const { r } = await plan(`Seattle, ${place} and Portland in May, 3 shows, 250 cap, we drive`)
    expect(said(r)).toMatch(new RegExp(`${place}.*outside the US`))
    expect(r.plan.stops.every((s) => !s.city.startsWith(place))).toBe(true)
  })
})

describe('travel', () => {
  test('Honolulu to Anchorage is flown, never driven', async () => {
    const { r } = await plan('Honolulu and Anchorage in May, 2 shows, 300 cap, we drive')
    expect(r.plan.legs.map((l) => l.mode)).toEqual(['fly'])
    expect(said(r)).toMatch(/flown .*over the ocean/)
  })

  test("'no more than 4 hrs drive': every leg over 4 h is named", async () => {
    const { r } = await plan('Denver, Salt Lake City and Boise in May, no more than 4 hrs drive, 200 cap')
    const long = r.plan.legs.filter((l) => l.hours > 4)
    expect(long.length).toBeGreaterThan(0)
    for (const l of long) expect(said(r)).toContain(`${l.from} → ${l.to}`)
  })

  test("'we fly in to Seattle': Seattle is the first show", async () => {
    const { r } = await plan('we fly in to Seattle, 5 shows in the Pacific Northwest, weekend shows only, 200 cap')
    expect(r.plan.stops[0]?.city).toBe('Seattle, WA')
    for (const s of r.plan.stops) expect([5, 6, 0]).toContain(weekday(s.date))
  })

  test("'out of Chicago … back home after': the van comes home", async () => {
    const { r } = await plan("We're out of Chicago - 5 shows in the Midwest in October and back home after, 250 cap")
    expect(r.plan.stops[0]?.city).toBe('Chicago, IL')
    expect(r.plan.returnLeg?.to).toBe('Chicago, IL')
  })
})

describe('draws per city', () => {
  test("'100-200 in Chicago, 50-80 elsewhere': a room for 200 in Chicago, small rooms elsewhere", async () => {
    const { r } = await plan('100-200 in Chicago, 50-80 elsewhere: Chicago, Milwaukee, Madison, Minneapolis in April')
    const chicago = r.plan.stops.find((s) => s.city === 'Chicago, IL')
    expect(chicago?.venue.capacity).toBeGreaterThanOrEqual(200)
    expect(r.criteria.guestCount).toBe(80)
  })
})

describe('chat edits change only what they name', () => {
  test("'swap Boise for Albuquerque' replaces Boise", async () => {
    const { r } = await plan('Denver, Salt Lake City and Boise in May, 200 cap, we drive')
    const next = await edit(r, 'swap Boise for Albuquerque')
    expect(next.plan.stops.map((s) => s.city).sort()).toEqual(['Albuquerque, NM', 'Denver, CO', 'Salt Lake City, UT'])
  })

  test("'make it 2 more shows' adds two", async () => {
    const { r } = await plan('Austin, Dallas and Houston in March, 300 people, van')
    const next = await edit(r, 'make it 2 more shows')
    expect(next.plan.stops).toHaveLength(5)
  })

  test("'start a week later' counts from the tour, not from today", async () => {
    const { r } = await plan('Chicago, Milwaukee, Minneapolis starting May 14, 250 cap, van')
    const next = await edit(r, 'start a week later')
    expect(next.plan.stops[0]!.date >= '2027-05-21').toBe(true)
  })
})

describe('relative dates inside a chat turn', () => {
  test("'push it to the following weekend' moves the whole weekend a week on", async () => {
    const { r } = await plan('Nashville, Louisville and Cincinnati, Friday to Sunday March 12-14, 200 cap, van')
    expect(r.plan.stops[0]?.date).toBe('2027-03-12')
    const next = await edit(r, 'push it to the following weekend')
    expect(next.plan.stops.map((s) => s.date)).toEqual(['2027-03-19', '2027-03-20', '2027-03-21'])
  })

  test("'move Denver two days earlier' moves Denver only", async () => {
    const { r } = await plan('Salt Lake City on May 10, Denver on May 13 and Albuquerque on May 15, 250 cap, van')
    const next = await edit(r, 'move Denver two days earlier')
    expect(next.plan.stops.map((s) => [s.city, s.date])).toEqual([
      ['Salt Lake City, UT', '2027-05-10'],
      ['Denver, CO', '2027-05-11'],
      ['Albuquerque, NM', '2027-05-15'],
    ])
    expect(describeChange(r.criteria, next.criteria)).toEqual(['Denver, CO on Tue, May 11'])
  })

  test("'push everything back a week' moves the tour, not from today", async () => {
    const { r } = await plan('Portland, Seattle and Spokane starting Thursday July 8, 200 cap, van')
    const next = await edit(r, 'push everything back a week')
    expect(next.plan.stops[0]?.date).toBe('2027-07-15')
  })

  test('a city without a date of its own is not moved alone, and the whole tour is not moved either', () => {
    const c = parseTourRequest('Austin, Dallas and Houston starting May 14, 300 cap', { today: TODAY, gazetteer }).criteria
    expect(parseEdit('move Dallas two days later', c, { gazetteer, today: TODAY }).understood).toBe(false)
  })
})

describe('what a loose email says', () => {
  test("'this spring … can only do weekends … pull 150ish': March, weekends, a draw of 150, the rest said back", async () => {
    const { parsed, r } = await plan(
      'Hey! Could you put together something for us in the Midwest this spring? Thinking 6-8 shows, mostly clubs, our drummer can only do weekends, we usually pull 150ish',
    )
    expect(r.plan.stops[0]!.date.startsWith('2027-03')).toBe(true)
    for (const s of r.plan.stops) expect([5, 6, 0]).toContain(weekday(s.date))
    expect(r.criteria.guestCount).toBe(150)
    expect(parsed.notUnderstood).toEqual(['together', 'mostly', 'drummer', 'usually'])
  })

  test("'no LA dates' rules out Los Angeles, not Louisiana", async () => {
    const { r } = await plan('no LA dates this time, 4 shows on the west coast in May, 300 cap')
    expect(r.plan.stops.map((s) => s.city)).not.toContain('Los Angeles, CA')
    expect(r.plan.stops).toHaveLength(4)
  })

  test('a number or a weekday nobody read is said back', () => {
    const parsed = parseTourRequest('Austin and Denver in May, 300 cap, the Thursday slot is 45 minutes', { today: TODAY, gazetteer })
    expect(parsed.notUnderstood).toEqual(expect.arrayContaining(['Thursday', '45']))
  })
})

describe('hostile and tangled input', () => {
  // Seeded, so a failure can be replayed: booker words, triggers and numbers in any order, up to the
  // 1,000 characters the service reads.
  const WORDS = (
    'avoid no not skip without except Texas Florida the South west coast Denver Austin Toronto Mexico City State College ' +
    'starting ending last show has to be on by Tuesday Friday Jan 12 Aug 21 the 14th 15th and then , - 4-5 dates shows ' +
    '100-200 in Chicago 50-80 elsewhere 2027 600 cap max no more than 4 hrs drive hours a day we fly in to out of ' +
    'based back home after weekend only every Tuesday in March same room nash bham atl chatt knox swap for 2 more a week later'
  ).split(' ')
  let seed = 33
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
  const sentence = () => {
    const out: string[] = []
    while (out.join(' ').length < 20 + random() * 980) out.push(WORDS[Math.floor(random() * WORDS.length)] as string)
    return out.join(' ').slice(0, 1000)
  }

  test('100 random requests: every one is read without throwing, quickly, and every plan keeps what it says it keeps', async () => {
    const times: number[] = []
    for (let i = 0; i < 100; i++) {
      const q = sentence()
      const t0 = performance.now()
      const parsed = parseTourRequest(q, { today: TODAY, gazetteer })
      times.push(performance.now() - t0)
      expect(parsed.constraints.length + parsed.notUnderstood.length + parsed.warnings.length).toBeGreaterThanOrEqual(0)
      if (i % 10 === 0) {
        const r = await planRequest(parsed.criteria, { gazetteer, catalogue, unresolved: parsed.unresolved })
        // A ruled-out state is never played without a 'Not met' line.
        for (const s of r.plan.stops)
          if (parsed.criteria.exclude.states.includes(s.venue.stateCode)) expect(r.unmet.join(' ')).toMatch(/Not met/)
      }
      if (i % 25 === 0) parseEdit(q.slice(0, 240), parsed.criteria, { gazetteer, today: TODAY })
    }
    // Dense 1,000-character date soup is chrono-node's worst case; the goal is the p95 of issue 33.
    times.sort((a, b) => a - b)
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(200)
  }, 60_000)
})
