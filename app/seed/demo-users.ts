import type { Role } from '../core/domain'
import type { User } from '../db/schema'
import type { Rng } from '../core/random'
import { idSequence, SEED_EPOCH } from './random'

/** The password of every demo account (listed in README.md); hashed at insert time. */
export const DEMO_PASSWORD = 'demo-pass-2026'

/** A user row before its password is hashed: hashing is salted, so it stays out of the pure part. */
export type SeedUser = Omit<User, 'passwordHash'> & { password: string }

const DEMO_ACCOUNTS: { email: string; role: Role; firstName: string; lastName: string; phone: string }[] = [
  { email: 'admin@example.com', role: 'admin', firstName: 'Avery', lastName: 'Collins', phone: '+1 512-555-0101' },
  { email: 'organizer@example.com', role: 'organizer', firstName: 'Jordan', lastName: 'Reyes', phone: '+1 615-555-0102' },
  { email: 'owner@example.com', role: 'venue_owner', firstName: 'Morgan', lastName: 'Hale', phone: '+1 212-555-0103' },
]

export function generateDemoUsers(rng: Rng): SeedUser[] {
  const nextId = idSequence(rng, SEED_EPOCH, 60_000)
  return DEMO_ACCOUNTS.map((account) => {
    const { id, createdAt } = nextId()
    return {
      id,
      ...account,
      password: DEMO_PASSWORD,
      profilePicture: null,
      googleId: null,
      consentToCommunications: true,
      // The demo owner manages 13 rooms and shows the owner's analytics, both Venue Pro features;
      // the demo organizer stays on Free, so its limits are there to try (docs/bookings.md).
      plan: account.role === 'venue_owner' ? 'pro' : 'free',
      // The organizer lets owners see their name, so the owner's 'Fill your empty dates' has names.
      visibleToVenues: account.role === 'organizer',
      emailOff: [],
      disabledAt: null,
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    }
  })
}
