import { z } from 'zod'
import type { Booking } from '~/db/schema'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { createBooking } from '~/features/bookings/bookings.server'
import { requireApiUser } from '~/features/accounts/guards.server'

export const CREATE_FAILED = 'Failed to create booking'

export function bookingJson(booking: Booking) {
  const { idempotencyKey: _k, requestHash: _h, during: _d, ...shown } = booking
  return shown
}

/**
 * POST /api/v1/bookings and POST /api/bookings: 201 with the booking, 200 for a retry with the same
 * Idempotency-Key. Every refusal says 'Failed to create booking' with its reason in `fields`,
 * except a missing sign-in and a reused key, whose messages say what to fix (docs/api.md).
 */
export async function createBookingApi(request: Request) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(
    async () => {
      const user = await requireApiUser(request)
      const body = await parseJsonBody(request, z.unknown())
      const { booking, created } = await createBooking(user, body, { idempotencyKey: request.headers.get('Idempotency-Key') })
      return apiData(bookingJson(booking), { status: created ? 201 : 200, headers: { Location: `/bookings/${booking.id}` } })
    },
    {
      // Every refusal is "Failed to create booking" with the reason in fields (docs/api.md).
      summary: CREATE_FAILED,
      keepsMessage: (error) => error.status === 401 || error.code === 'IDEMPOTENCY_MISMATCH',
      unexpected: { message: CREATE_FAILED, code: 'SERVER_ERROR', label: 'api: create booking' },
    },
  )
}
