import type { ActionFunctionArgs } from '@remix-run/node'
import { createBookingApi } from './booking-json.server'

/** POST /api/v1/bookings: a booking request (see booking-json.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  return createBookingApi(request)
}
