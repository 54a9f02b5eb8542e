// Domain vocabularies shared by the database schema, the forms and the UI: the database's check
// constraints are built from these lists, and the pages import them from here (never from the
// schema, which the browser bundle must not load).

import { lookupTable } from './lookup'

/** Our ids: 24 lowercase hex characters (app/db/ids.ts makes them). */
export const ID_PATTERN = /^[0-9a-f]{24}$/

/** Whether a value from outside (a URL, a form) has the shape of an id, before any query. */
export function isId(value: string) {
  return ID_PATTERN.test(value)
}

export const BOOKING_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'cancelled', 'completed'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
/** A request still in play: it holds its dates, or has them. One per organizer, venue and night. */
export const ACTIVE_BOOKING_STATUSES = ['pending', 'accepted'] as const
/** Booked, now or in the past: what revenue counts. `completed` is an accepted booking after its show. */
export const BOOKED_STATUSES = ['accepted', 'completed'] as const
export const CHANGE_STATUSES = ['pending', 'accepted', 'declined'] as const
/** Who blocked a calendar date: the owner by hand, or the sync of the venue's external calendar. */
export const CALENDAR_DAY_SOURCES = ['owner', 'feed'] as const
export const INQUIRY_STATUSES = ['open', 'answered', 'expired'] as const
export const CLAIM_STATUSES = ['open', 'approved', 'rejected'] as const
export const PLAN_REQUEST_STATUSES = ['open', 'granted', 'declined'] as const

/** First-party analytics events (docs/decisions/010-first-party-analytics.md). */
export const ANALYTICS_EVENT_NAMES = [
  'venue_booking',
  'venue_inquiry',
  'user_registration',
  'venue_favorite',
  'venue_view',
  'search',
] as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number]

export const ROLES = ['admin', 'user', 'venue_owner', 'organizer', 'event_organizer', 'attendee'] as const
export type Role = (typeof ROLES)[number]

/**
 * What people read for each role, everywhere (never the stored value, 'venue_owner'): the
 * sign-up form's words ('Booker', 'Venue Owner', docs/accounts.md) are the product's words.
 */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  user: 'Member',
  venue_owner: 'Venue Owner',
  organizer: 'Booker',
  event_organizer: 'Event Organizer',
  attendee: 'Attendee',
}

/**
 * The roles the product gives out (sign-up's two and admin); the others are only read, from old
 * accounts. An admin assigns only these (services/admin.server.ts).
 */
export const PRODUCT_ROLES = ['organizer', 'venue_owner', 'admin'] as const satisfies readonly Role[]

/** 'Venue owner' for 'venue_owner'; an unknown stored value is shown with its underscores as spaces. */
export function roleLabel(role: string) {
  return ROLE_LABELS[role as Role] ?? role.replace(/_/g, ' ')
}

/** A role string from outside (a URL, an old session, a test): roles compare case-insensitively. */
export function roleOf(role: string | null | undefined): Role | null {
  const lower = role?.toLowerCase()
  return (ROLES as readonly string[]).includes(lower ?? '') ? (lower as Role) : null
}

/** The answers for signed out (401) and signed in without the right (403), pages and API alike. */
export const LOGIN_REQUIRED = 'Please login to access this resource'
export const NO_PERMISSION = 'You do not have permission to access this resource'

/** Sign-up may choose only these (docs/product.md §6); the form calls organizers "Bookers". */
export const SIGNUP_ROLES = [
  { value: 'organizer', label: ROLE_LABELS.organizer },
  { value: 'venue_owner', label: ROLE_LABELS.venue_owner },
] as const
export type SignupRole = (typeof SIGNUP_ROLES)[number]['value']

/**
 * The account type a link or a returning form asks for ('/register?role=venue_owner', 'Venue-Owner',
 * 'owner'), or null: anything else keeps the form's default.
 */
export function signupRoleOf(value: string | null | undefined): SignupRole | null {
  const key = value
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  if (key === 'venue_owner' || key === 'owner') return 'venue_owner'
  if (key === 'organizer' || key === 'booker') return 'organizer'
  return null
}

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

/** Dashboard link by role (docs/product.md §4 and §6), case-insensitive. */
export function dashboardPathFor(role: string | null | undefined) {
  switch (roleOf(role)) {
    case 'admin':
      return '/admin'
    case 'organizer':
      return '/dashboard/organizer'
    case 'venue_owner':
      return '/dashboard/venue'
    default:
      return '/dashboard'
  }
}

export const US_STATES = lookupTable<string>({
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
})

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
