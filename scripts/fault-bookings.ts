// Random booking attempts from concurrent clients against the booking service: exit 1 when two
// accepted bookings of a venue share a date or anything but a 4xx refusal occurs.
//   npx tsx scripts/fault-bookings.ts [--attempts 10000] [--clients 50] [--database-url URL]
import { parseArgs } from 'node:util'
import { connect, setConnection } from '~/db/client.server'
import { throwawayPostgres } from '~/db/embedded-postgres.server'
import { runBookingStorm } from '../tests/support/booking-storm'

const { values } = parseArgs({
  options: {
    attempts: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
})
const scratch = values['database-url'] ? null : await throwawayPostgres()
const conn = await connect({ databaseUrl: values['database-url'] ?? scratch!.url })
await conn.migrate()
setConnection(conn)
const result = await runBookingStorm({
  attempts: Number(values.attempts),
  clients: Number(values.clients),
  venues: 8,
  organizers: 40,
  days: 30,
  seed: 'fault-script',
})
console.log(
  `[fault-bookings] postgres: ${result.attempts} attempts, ${values.clients} clients in ${(result.ms / 1000).toFixed(1)} s ` +
    `(${Math.round(result.attempts / (result.ms / 1000))}/s); accepted ${result.accepted}; overlapping accepted pairs ${result.overlaps}`,
)
console.log('[fault-bookings] outcomes', result.outcomes)
if (result.unexpected.length) console.log('[fault-bookings] unexpected errors', result.unexpected.slice(0, 10))
await conn.close()
await scratch?.stop()
process.exit(result.overlaps === 0 && result.unexpected.length === 0 ? 0 : 1)
