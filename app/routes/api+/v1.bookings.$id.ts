import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { cancelSchema, declineSchema } from '~/features/bookings/booking-schemas'
import { getBookingDetail } from '~/features/bookings/queries.server'
import { acceptBooking, cancelBooking, declineBooking } from '~/features/bookings/bookings.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { answerChallenge, challengeHold } from '~/features/bookings/hold-challenges.server'
import { bookingJson } from './booking-json.server'

/** GET /api/v1/bookings/{id}: the booking, its timeline and the actions allowed to me. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { venueOwnerId: _owner, ...detail } = await getBookingDetail(await requireApiUser(request), params.id ?? '')
    return apiData(detail)
  })
}

const transitionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({ action: z.literal('decline'), note: declineSchema.shape.note }),
  z.object({ action: z.literal('cancel'), reason: cancelSchema.shape.reason }),
  // Hold challenges (docs/bookings.md): the later holder challenges; the first holder answers.
  z.object({ action: z.literal('challenge') }),
  z.object({ action: z.literal('confirm-hold') }),
  z.object({ action: z.literal('release-hold') }),
])

/** POST /api/v1/bookings/{id} `{ action: 'accept' | 'decline' | 'cancel' | 'challenge' | 'confirm-hold' | 'release-hold', reason? }`. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const body = await parseJsonBody(request, transitionSchema)
    const id = params.id ?? ''
    if (body.action === 'challenge' || body.action === 'confirm-hold' || body.action === 'release-hold') {
      const challenge =
        body.action === 'challenge'
          ? await challengeHold(user, id)
          : await answerChallenge(user, id, body.action === 'confirm-hold' ? 'confirm' : 'release')
      const { id: challengeId, bookingId, challengerBookingId, status, answerBy } = challenge
      return apiData({ challenge: { id: challengeId, bookingId, challengerBookingId, status, answerBy: answerBy.toISOString() } })
    }
    const booking =
      body.action === 'accept'
        ? await acceptBooking(user, id)
        : body.action === 'decline'
          ? await declineBooking(user, id, body.note)
          : await cancelBooking(user, id, body.reason)
    return apiData(bookingJson(booking))
  })
}
