// Roles, their labels and where each one's dashboard is (core/domain.ts).

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
