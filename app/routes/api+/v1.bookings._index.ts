import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { listBookings, parseStatusFilter } from '~/features/bookings/queries.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { createBookingApi } from './booking-json.server'

/** GET /api/v1/bookings[?status=]: my requests and the requests for my venues, upcoming first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const bookings = await listBookings(user, { status: parseStatusFilter(new URL(request.url).searchParams.get('status')) })
    return apiData({ bookings: bookings.map(({ venueOwnerId: _o, ...b }) => b) })
  })
}

/** POST /api/v1/bookings: a booking request (see booking-json.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  return createBookingApi(request)
}
