import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/lib/api.server'
import { cancelSchema, declineSchema } from '~/lib/booking-schemas'
import { getBookingDetail } from '~/services/booking-queries.server'
import { acceptBooking, cancelBooking, declineBooking } from '~/services/bookings.server'
import { requireApiUser } from '~/services/guards.server'
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
])

/** POST /api/v1/bookings/{id} `{ action: 'accept' | 'decline' | 'cancel', reason? }`. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const body = await parseJsonBody(request, transitionSchema)
    const id = params.id ?? ''
    const booking =
      body.action === 'accept'
        ? await acceptBooking(user, id)
        : body.action === 'decline'
          ? await declineBooking(user, id, body.note)
          : await cancelBooking(user, id, body.reason)
    return apiData(bookingJson(booking))
  })
}
