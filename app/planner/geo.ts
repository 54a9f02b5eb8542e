// Distances, travel times and travel prices. Every number here is an assumption; each is a named
// constant with the reason for its value so the UI and the docs can quote it.
import type { TravelMode } from './types'

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088

/** Road (and rail) km per great-circle km: the median over the travel table of docs/planner.md is 1.13. */
export const ROAD_FACTOR = 1.15

interface ModeProfile {
  /** Average door-to-door cruising speed, km/h. */
  speedKmh: number
  /** Fixed hours per leg (boarding, stations, airports, loading). */
  overheadHours: number
  /** Whether distance follows roads/rails (ROAD_FACTOR) or the great circle (flights). */
  usesRoadFactor: boolean
}

/** Speeds and overheads per mode. */
const MODE_PROFILES: Record<TravelMode, ModeProfile> = {
  /** Van or car on interstates, time at the wheel as map services publish it (the travel table in docs/planner.md). */
  drive: { speedKmh: 106, overheadHours: 0, usesRoadFactor: true },
  /** Chartered coach: slower than a van (75 km/h), plus 30 min loading. */
  bus: { speedKmh: 75, overheadHours: 0.5, usesRoadFactor: true },
  /** Intercity rail averages ~110 km/h; 1 h for getting to/through stations with gear. */
  train: { speedKmh: 110, overheadHours: 1, usesRoadFactor: true },
  /** Jet block speed ~750 km/h; 3 h for airport transfers, security and baggage. */
  fly: { speedKmh: 750, overheadHours: 3, usesRoadFactor: false },
}

/** Passenger van (rental, fuel, tolls, wear): USD per vehicle-km. */
export const DRIVE_COST_PER_VEHICLE_KM = 0.55
/** A 12–15-seat passenger van with gear: people per vehicle. */
const DRIVE_SEATS_PER_VEHICLE = 8
/** Chartered tour bus with driver: USD per bus-km (US charters run $2–4/km). */
export const BUS_COST_PER_BUS_KM = 2.8
/** Seats for a touring party in one bus (sleeper/coach with gear bays). */
const BUS_SEATS_PER_BUS = 14
/** Intercity rail fare: USD per person-km (Amtrak coach averages $0.10–0.20). */
export const TRAIN_COST_PER_PERSON_KM = 0.15
/** Domestic one-way fare base per person, USD (taxes, fees, a checked bag). */
export const FLIGHT_BASE_FARE = 120
/** Domestic fare per great-circle km per person, USD. */
export const FLIGHT_COST_PER_PERSON_KM = 0.09

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLng = (lng2 - lng1) * rad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Distance actually travelled by a mode between two points whose great-circle distance is given. */
export function travelKm(greatCircleKm: number, mode: TravelMode): number {
  return MODE_PROFILES[mode].usesRoadFactor ? greatCircleKm * ROAD_FACTOR : greatCircleKm
}

/** Hours for one leg. A zero-length leg (same place) takes no time at all. */
export function travelHours(greatCircleKm: number, mode: TravelMode): number {
  if (greatCircleKm <= 0) return 0
  const p = MODE_PROFILES[mode]
  return travelKm(greatCircleKm, mode) / p.speedKmh + p.overheadHours
}

/** USD for moving the whole party (crew) one leg. */
export function travelCost(greatCircleKm: number, mode: TravelMode, crewSize: number): number {
  if (greatCircleKm <= 0) return 0
  const km = travelKm(greatCircleKm, mode)
  const people = Math.max(1, crewSize)
  switch (mode) {
    case 'drive':
      return km * DRIVE_COST_PER_VEHICLE_KM * Math.ceil(people / DRIVE_SEATS_PER_VEHICLE)
    case 'bus':
      return km * BUS_COST_PER_BUS_KM * Math.ceil(people / BUS_SEATS_PER_BUS)
    case 'train':
      return km * TRAIN_COST_PER_PERSON_KM * people
    case 'fly':
      return (FLIGHT_BASE_FARE + km * FLIGHT_COST_PER_PERSON_KM) * people
  }
}
