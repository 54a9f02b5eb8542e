import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, apiError, handleApi, methodNotAllowed } from '~/web/api.server'
import { anonymousId, beaconLimiter, readBeacon, recordBeacons } from '~/platform/analytics-events.server'
import { getUser } from '~/features/accounts/guards.server'

/**
 * POST /api/v1/events: the browser helper's beacons (one event, or `{events: [...]}` from its
 * queue). Unknown names, unknown keys and bodies over 4 KB are 400; more than 120 events a minute
 * per user (or IP when signed out) is 429. Stored as source 'client', which the figures do not
 * count (the server records the same events itself).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const events = await readBeacon(request)
    const user = await getUser(request)
    const key = user ? `user:${user.id}` : `ip:${context.ip ?? 'unknown'}`
    if (!beaconLimiter.take(key, events.length)) return apiError(429, 'Too many events. Please slow down.', 'RATE_LIMITED')
    await recordBeacons(events, { userId: user?.id ?? null, anonId: anonymousId(request, context.ip) })
    return apiData({ accepted: events.length }, 202)
  })
}

export function loader() {
  return methodNotAllowed(['POST'])
}
