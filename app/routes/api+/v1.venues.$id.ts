import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, jsonBodyOrUndefined } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'
import { deleteVenue, updateVenue } from '~/features/venues/venue-writes.server'
import { venueNotFound, visibleVenue } from '~/features/venues/venues.server'
import { venueJson } from './venue-json.server'

/** GET /api/v1/venues/{id}: public. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const venue = await visibleVenue(await getUser(request), { id: params.id ?? '' })
    if (!venue) throw venueNotFound()
    return apiData(venueJson(venue))
  })
}

/** PUT (partial update) and DELETE: the venue's owner or an admin, decided by the service. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? ''
  switch (request.method) {
    case 'PUT':
    case 'PATCH':
      return handleApi(async () => {
        const venue = await updateVenue(await getUser(request), id, await jsonBodyOrUndefined(request))
        return apiData(venueJson(venue))
      })
    case 'DELETE':
      return handleApi(async () => apiData(await deleteVenue(await getUser(request), id)))
    default:
      return methodNotAllowed(['GET', 'PUT', 'PATCH', 'DELETE'])
  }
}
