import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  addDays,
  applyActions,
  BUS_COST_PER_BUS_KM,
  createCriteria,
  DRIVE_COST_PER_VEHICLE_KM,
  FLIGHT_BASE_FARE,
  FLIGHT_COST_PER_PERSON_KM,
  haversineKm,
  LODGING_PER_ROOM_NIGHT,
  PER_DIEM_PER_PERSON,
  planTour,
  ROAD_FACTOR,
  roomsFor,
  TRAIN_COST_PER_PERSON_KM,
  travelCost,
  travelHours,
  type Action,
  type VenueCandidate,
} from '~/planner'

const START = '2026-05-01'
const PLACES = [
  { name: 'Nashville', stateCode: 'TN', lat: 36.16589, lng: -86.78444 },
  { name: 'Memphis', stateCode: 'TN', lat: 35.14953, lng: -90.04898 },
  { name: 'Atlanta', stateCode: 'GA', lat: 33.749, lng: -84.38798 },
  { name: 'Chicago', stateCode: 'IL', lat: 41.85003, lng: -87.65005 },
]

let n = 0
function v(place: (typeof PLACES)[number], over: Partial<VenueCandidate> = {}): VenueCandidate {
  n++
  return {
    id: n.toString(16).padStart(24, '0'),
    name: `${place.name} ${n}`,
    city: place.name,
    stateCode: place.stateCode,
    lat: place.lat,
    lng: place.lng,
    capacity: 400,
    dayRate: 1500,
    venueType: 'theater',
    genres: ['jazz'],
    amenities: [],
    unavailableDates: [],
    ...over,
  }
}

function setup(more: Action[] = []) {
  return applyActions(createCriteria(START), [
    { type: 'setCities', cities: PLACES },
    { type: 'setStartCity', city: PLACES[0]! },
    { type: 'setDuration', days: 20 },
    { type: 'setGuestCount', count: 300 },
    ...more,
  ])
}

describe('geo and fares', () => {
  test('haversine: known distance New York → Los Angeles ≈ 3936 km', () => {
    expect(haversineKm(40.7128, -74.006, 34.0522, -118.2437)).toBeCloseTo(3936, -1)
    expect(haversineKm(1, 2, 1, 2)).toBe(0)
  })

  test('travel time and price follow the documented constants', () => {
    const km = 400
    expect(travelHours(km, 'drive')).toBeCloseTo((km * ROAD_FACTOR) / 106, 9)
    expect(travelHours(km, 'bus')).toBeCloseTo((km * ROAD_FACTOR) / 75 + 0.5, 9)
    expect(travelHours(km, 'train')).toBeCloseTo((km * ROAD_FACTOR) / 110 + 1, 9)
    expect(travelHours(km, 'fly')).toBeCloseTo(km / 750 + 3, 9)
    expect(travelCost(km, 'drive', 4)).toBeCloseTo(km * ROAD_FACTOR * DRIVE_COST_PER_VEHICLE_KM, 9)
    expect(travelCost(km, 'bus', 4)).toBeCloseTo(km * ROAD_FACTOR * BUS_COST_PER_BUS_KM, 9)
    expect(travelCost(km, 'train', 4)).toBeCloseTo(km * ROAD_FACTOR * TRAIN_COST_PER_PERSON_KM * 4, 9)
    expect(travelCost(km, 'fly', 4)).toBeCloseTo((FLIGHT_BASE_FARE + km * FLIGHT_COST_PER_PERSON_KM) * 4, 9)
  })
})

describe('costs', () => {
  test('rooms = ceil(crew / 2) per night; per diem per person per day', () => {
    expect([1, 2, 3, 4, 5, 9].map(roomsFor)).toEqual([1, 1, 2, 2, 3, 5])
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (crew) => {
        const c = setup([{ type: 'setCrewSize', size: crew }])
        const plan = planTour(c, {
          nashville: [v(PLACES[0]!)],
          memphis: [v(PLACES[1]!)],
          atlanta: [v(PLACES[2]!)],
          chicago: [v(PLACES[3]!)],
        })
        expect(plan.tourDays).toBeGreaterThan(0)
        expect(plan.costs.lodging).toBe(plan.tourDays * Math.ceil(crew / 2) * LODGING_PER_ROOM_NIGHT)
        expect(plan.costs.perDiem).toBe(plan.tourDays * crew * PER_DIEM_PER_PERSON)
        expect(plan.costs.venues).toBe(plan.stops.reduce((s, x) => s + x.price, 0))
        expect(plan.costs.travel).toBe(Math.round(plan.legs.reduce((s, l) => s + l.cost, 0)))
        const { venues, travel, lodging, perDiem, total } = plan.costs
        expect(total).toBe(venues + travel + lodging + perDiem)
      }),
      { numRuns: 15 },
    )
  })

  test('date price overrides are charged', () => {
    const c = setup([{ type: 'setCities', cities: [PLACES[0]!] }])
    const plan = planTour(c, { nashville: [v(PLACES[0]!, { priceOverrides: { [START]: 999 } })] })
    expect(plan.stops[0]?.price).toBe(999)
    expect(plan.costs.venues).toBe(999)
  })

  test('within budget: no suggestions, nothing over', () => {
    const plan = planTour(setup([{ type: 'setBudget', amount: 1_000_000 }]), {
      nashville: [v(PLACES[0]!)],
      memphis: [v(PLACES[1]!)],
    })
    expect(plan.overBudgetBy).toBe(0)
    expect(plan.suggestions).toEqual([])
  })

  test('over budget: concrete suggestions of every kind, positive savings, sorted, and true when applied', () => {
    const venues = {
      nashville: [
        v(PLACES[0]!, { dayRate: 6000 }),
        v(PLACES[0]!, { dayRate: 700, name: 'Cheap Nashville', genres: ['rock'], venueType: 'bar' }),
      ],
      memphis: [v(PLACES[1]!)],
      atlanta: [v(PLACES[2]!)],
      chicago: [v(PLACES[3]!, { dayRate: 9000 })],
    }
    const c = setup([
      { type: 'setBudget', amount: 5000 },
      { type: 'setPriority', priority: 'quality' },
      { type: 'setPreferences', preferences: { genres: ['jazz', 'theater'] } },
      { type: 'setTravelMode', mode: 'fly' },
    ])
    const plan = planTour(c, venues)
    expect(plan.overBudgetBy).toBe(plan.costs.total - 5000)
    expect(plan.suggestions.length).toBeGreaterThan(0)
    const kinds = new Set(plan.suggestions.map((s) => s.kind))
    expect(kinds).toEqual(new Set(['cheaper-venue', 'travel-mode', 'drop-stop']))
    for (const s of plan.suggestions) expect(s.savings).toBeGreaterThan(0)
    const savings = plan.suggestions.map((s) => s.savings)
    expect(savings).toEqual([...savings].sort((a, b) => b - a))

    const cheaper = plan.suggestions.find((s) => s.kind === 'cheaper-venue' && s.city === 'Nashville, TN')
    expect(cheaper?.description).toMatch(/Cheap Nashville/)
    const mode = plan.suggestions.find((s) => s.kind === 'travel-mode')
    const replanned = planTour({ ...c, travelMode: mode!.mode! }, venues, { suggestions: false, repair: false })
    expect(plan.costs.total - replanned.costs.total).toBe(mode!.savings)
    const drop = plan.suggestions.find((s) => s.kind === 'drop-stop')
    expect(drop?.city).toBe('Chicago, IL')
  })

  test('a cheaper venue that is booked on the show date is not suggested', () => {
    const busy = Array.from({ length: 20 }, (_, i) => addDays(START, i))
    const c = setup([
      { type: 'setCities', cities: [PLACES[0]!] },
      { type: 'setBudget', amount: 10 },
    ])
    const plan = planTour(c, { nashville: [v(PLACES[0]!, { dayRate: 3000 }), v(PLACES[0]!, { dayRate: 100, unavailableDates: busy })] })
    expect(plan.suggestions.filter((s) => s.kind === 'cheaper-venue')).toEqual([])
  })
})
