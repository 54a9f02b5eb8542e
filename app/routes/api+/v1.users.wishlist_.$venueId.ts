import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { removeFromWishlist } from '~/features/venues/wishlist.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  return handleApi(async () => {
    const user = await requireApiUser(request)
    return apiData(await removeFromWishlist(user, params.venueId ?? ''))
  })
}

export const loader = () => methodNotAllowed(['DELETE'])
