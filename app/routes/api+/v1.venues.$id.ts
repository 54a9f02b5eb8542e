import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, apiErrorFrom, assertApiOrigin, methodNotAllowed, readJson } from '~/lib/api-response.server'
import { getUser } from '~/services/guards.server'
import { deleteVenue, updateVenue, venueById, venueNotFound } from '~/services/venues.server'
import { venueJson } from './venue-json.server'

/** GET /api/v1/venues/{id}: public. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const venue = await venueById(params.id ?? '')
    if (!venue) throw venueNotFound()
    return apiData(venueJson(venue, request))
  } catch (error) {
    return apiErrorFrom(error)
  }
}

/** PUT (partial update) and DELETE: the venue's owner or an admin, decided by the service. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? ''
  try {
    switch (request.method) {
      case 'PUT':
      case 'PATCH': {
        assertApiOrigin(request)
        const venue = await updateVenue(await getUser(request), id, await readJson(request))
        return apiData(venueJson(venue, request))
      }
      case 'DELETE': {
        assertApiOrigin(request)
        return apiData(await deleteVenue(await getUser(request), id))
      }
      default:
        return methodNotAllowed(['GET', 'PUT', 'PATCH', 'DELETE'])
    }
  } catch (error) {
    return apiErrorFrom(error)
  }
}
