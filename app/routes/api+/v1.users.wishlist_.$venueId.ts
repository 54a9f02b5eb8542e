import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/lib/api.server'
import { requireApiUser } from '~/services/guards.server'
import { removeFromWishlist } from '~/services/wishlist.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  return handleApi(async () => {
    const user = await requireApiUser(request)
    return apiData(await removeFromWishlist(user, params.venueId ?? ''))
  })
}

export const loader = () => methodNotAllowed(['DELETE'])
