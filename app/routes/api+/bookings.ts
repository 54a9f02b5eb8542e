import type { ActionFunctionArgs } from '@remix-run/node'
import { createBookingApi } from './booking-json.server'

/** The product's POST /api/bookings (section 7): the same call as POST /api/v1/bookings. */
export async function action({ request }: ActionFunctionArgs) {
  return createBookingApi(request)
}
