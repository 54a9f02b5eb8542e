import type { AccessFeature, AgePolicy, DealType, VenueType } from '../core/domain'
import { EMPTY_SPECS, type VenueSpecs } from '../features/venues/specs'

// Plausible specs and terms for a demo venue, from its type and capacity, varied by its id (a hash,
// not the seed's random stream, so adding specs changed no other seeded value). About one venue in
// six states nothing, as real listings do.

/** A number in [0, 1) from the id and a salt: the same venue always gets the same specs. */
function unit(id: string, salt: number) {
  let h = 2166136261 ^ salt
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619)
  return ((h >>> 0) % 10_000) / 10_000
}

const BAR_LIKE = new Set<VenueType>(['bar', 'club', 'brewery'])
const SEATED = new Set<VenueType>(['theater', 'church', 'ballroom', 'hotel', 'gallery'])
const BIG = new Set<VenueType>(['arena', 'amphitheater', 'outdoor'])

function agePolicy(type: VenueType, r: number): AgePolicy {
  if (type === 'bar') return r < 0.7 ? '21_plus' : '18_plus'
  if (type === 'club') return r < 0.5 ? '21_plus' : r < 0.85 ? '18_plus' : 'all_ages'
  if (type === 'brewery') return r < 0.6 ? '21_plus' : 'all_ages'
  if (type === 'warehouse') return r < 0.5 ? '18_plus' : 'all_ages'
  return 'all_ages'
}

function deals(type: VenueType, capacity: number, r: number): DealType[] {
  if (BIG.has(type) || capacity >= 2000) return r < 0.5 ? ['guarantee', 'door_split'] : ['guarantee']
  if (BAR_LIKE.has(type)) return r < 0.4 ? ['door_split', 'bar_split'] : r < 0.7 ? ['door_split'] : ['guarantee', 'door_split']
  if (SEATED.has(type)) return r < 0.6 ? ['flat_fee'] : ['flat_fee', 'guarantee']
  return r < 0.5 ? ['door_split'] : ['flat_fee']
}

function stage(capacity: number, r: number): Pick<VenueSpecs, 'stageWidth' | 'stageDepth' | 'stageUnit'> {
  // Roughly: a 100-cap bar has a 12 × 8 ft corner, a 1,000-cap club a 32 × 20 ft stage; arenas top out at 60 × 40.
  const width = Math.min(60, Math.max(10, Math.round(8 + Math.sqrt(capacity) * 0.8 + r * 6)))
  const depth = Math.max(6, Math.round(width * (0.55 + r * 0.15)))
  // A few owners think in metres.
  if (r > 0.9) return { stageWidth: Math.round(width * 3.048) / 10, stageDepth: Math.round(depth * 3.048) / 10, stageUnit: 'm' }
  return { stageWidth: width, stageDepth: depth, stageUnit: 'ft' }
}

export function seedSpecs(id: string, type: VenueType, capacity: number): VenueSpecs {
  const [r1, r2, r3, r4] = [unit(id, 1), unit(id, 2), unit(id, 3), unit(id, 4)]
  if (r1 < 0.16) return { ...EMPTY_SPECS }
  const size = stage(capacity, r2)
  const backline = BAR_LIKE.has(type) || type === 'warehouse' ? r3 < 0.6 : r3 < 0.25
  const kw = Math.max(2, Math.round(capacity / 60))
  const access: AccessFeature[] = []
  if (r4 < 0.7) access.push('step_free_entrance')
  if (r4 < 0.55) access.push('accessible_restroom')
  if (SEATED.has(type) && r4 < 0.45) access.push('wheelchair_seating')
  if (r4 < 0.2) access.push('step_free_stage')
  const lateNight = BAR_LIKE.has(type) || type === 'warehouse'
  return {
    ...size,
    paBackline: backline ? `${kw} kW PA, 4 monitors; drums, 2 guitar amps, bass amp` : `${kw} kW PA, 4 monitors; no backline`,
    loadIn:
      r3 < 0.5 || access.includes('step_free_entrance') ? 'Street-level alley door, from 5 pm' : 'Front door, two steps up, from 4 pm',
    curfew: lateNight ? (r2 < 0.5 ? '02:00' : '00:00') : BIG.has(type) ? '23:00' : r2 < 0.5 ? '22:30' : '23:00',
    agePolicy: agePolicy(type, r2),
    dealTypes: deals(type, capacity, r3),
    parking: r4 < 0.5 ? 'Van space at the door; street parking' : 'Paid lot across the street',
    accessibility: access,
    accessibilityNote: access.includes('step_free_entrance') ? null : 'Entrance has three steps; staff can help',
  }
}
