// A venue's closed vocabularies: types, amenities, genres, specs and terms (core/domain.ts).

export const VENUE_TYPES = [
  'club',
  'bar',
  'theater',
  'ballroom',
  'arena',
  'amphitheater',
  'brewery',
  'gallery',
  'church',
  'warehouse',
  'outdoor',
  'hotel',
] as const
export type VenueType = (typeof VENUE_TYPES)[number]

export function isVenueType(value: string | undefined): value is VenueType {
  return (VENUE_TYPES as readonly string[]).includes(value ?? '')
}

export const VENUE_TYPE_LABELS: Record<VenueType, string> = {
  club: 'Club',
  bar: 'Bar',
  theater: 'Theater',
  ballroom: 'Ballroom',
  arena: 'Arena',
  amphitheater: 'Amphitheater',
  brewery: 'Brewery',
  gallery: 'Gallery',
  church: 'Church',
  warehouse: 'Warehouse',
  outdoor: 'Outdoor',
  hotel: 'Hotel',
}

export const AMENITIES = [
  'PA system',
  'Stage lighting',
  'Backline',
  'Green room',
  'Full bar',
  'Kitchen',
  'Load-in dock',
  'Parking',
  'Wheelchair access',
  'Coat check',
  'Merch table',
  'Projector',
  'Dance floor',
  'Outdoor space',
  'Sound engineer',
  'Security staff',
  'Box office',
  'Wi-Fi',
] as const

export const GENRES = [
  'rock',
  'indie',
  'jazz',
  'blues',
  'country',
  'folk',
  'hip-hop',
  'r&b',
  'electronic',
  'pop',
  'metal',
  'punk',
  'classical',
  'latin',
  'reggae',
  'soul',
  'comedy',
  'world',
] as const

// A venue's specs and terms (docs/venues.md): closed vocabularies, stored by value, shown by label.

/** Who may come in: the venue's usual door policy. */
export const AGE_POLICIES = ['all_ages', '18_plus', '21_plus'] as const
export type AgePolicy = (typeof AGE_POLICIES)[number]
export const AGE_POLICY_LABELS: Record<AgePolicy, string> = { all_ages: 'All ages', '18_plus': '18+', '21_plus': '21+' }

/** How the venue usually pays an act; a venue may offer several. */
export const DEAL_TYPES = ['flat_fee', 'guarantee', 'door_split', 'bar_split'] as const
export type DealType = (typeof DEAL_TYPES)[number]
export const DEAL_TYPE_LABELS: Record<DealType, string> = {
  flat_fee: 'Flat fee',
  guarantee: 'Guarantee',
  door_split: 'Door split',
  bar_split: 'Bar split',
}

/** Access features an owner can state (the rest goes in the access note). */
export const ACCESS_FEATURES = ['step_free_entrance', 'accessible_restroom', 'wheelchair_seating', 'step_free_stage'] as const
export type AccessFeature = (typeof ACCESS_FEATURES)[number]
export const ACCESS_FEATURE_LABELS: Record<AccessFeature, string> = {
  step_free_entrance: 'Step-free entrance',
  accessible_restroom: 'Accessible restroom',
  wheelchair_seating: 'Wheelchair seating',
  step_free_stage: 'Step-free stage access',
}

/** Stage sizes are stored as the owner typed them: in feet or in metres. */
export const STAGE_UNITS = ['ft', 'm'] as const
export type StageUnit = (typeof STAGE_UNITS)[number]
