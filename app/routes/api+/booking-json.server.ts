import { z } from 'zod'
import type { Booking } from '~/db/schema'
import { apiData, apiError, methodNotAllowed, parseJsonBody, withRetryAfter, zodFields } from '~/web/api.server'
import { createBooking } from '~/features/bookings/bookings.server'
import { DomainError } from '~/core/errors'
import { requireApiUser } from '~/features/accounts/guards.server'

export const CREATE_FAILED = 'Failed to create booking'

export function bookingJson(booking: Booking) {
  const { idempotencyKey: _k, requestHash: _h, during: _d, ...shown } = booking
  return shown
}

/**
 * POST /api/v1/bookings and the product's POST /api/bookings: the booking form's values as JSON.
 * Success is 201 with the booking; a retry with the same Idempotency-Key and body is 200 with
 * the first booking. Every failure's message is the product's 'Failed to create booking' with the
 * specific reasons in `fields` (field name, or `body`), except a missing sign-in (401) and a
 * reused idempotency key (422), whose messages say what to fix.
 */
export async function createBookingApi(request: Request) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  try {
    const user = await requireApiUser(request)
    const body = await parseJsonBody(request, z.unknown())
    const { booking, created } = await createBooking(user, body, { idempotencyKey: request.headers.get('Idempotency-Key') })
    return apiData(bookingJson(booking), { status: created ? 201 : 200, headers: { Location: `/bookings/${booking.id}` } })
  } catch (error) {
    // The API answers every refusal as "Failed to create booking" with the reason in fields (docs/api.md).
    if (error instanceof DomainError) {
      if (error.status === 401 || error.code === 'IDEMPOTENCY_MISMATCH') return apiError(error.status, error.message, error.code)
      return withRetryAfter(error, apiError(error.status, CREATE_FAILED, error.code, { [error.field ?? 'body']: [error.message] }))
    }
    if (error instanceof z.ZodError) return apiError(400, CREATE_FAILED, 'VALIDATION_ERROR', zodFields(error).fields)
    console.error('[api] creating a booking failed:', error)
    return apiError(500, CREATE_FAILED, 'SERVER_ERROR')
  }
}
