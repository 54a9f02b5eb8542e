import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { objectId } from '~/core/fields'
import { requireApiUser } from '~/features/accounts/guards.server'
import { addToWishlist, listWishlist } from '~/features/venues/wishlist.server'

/** GET: the wishlist as an array (docs/product.md §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const items = await listWishlist(user)
    return apiData(items.map(({ venue: _venue, ...item }) => item))
  })
}

const body = z.object({
  venueId: objectId('venueId must be a 24-character hex id', 'venueId is required'),
})

/** POST { venueId }: adds the venue; adding twice is harmless. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const { venueId } = await parseJsonBody(request, body)
    return apiData(await addToWishlist(user, venueId), 201)
  })
}
