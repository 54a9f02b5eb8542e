import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, jsonBodyOrUndefined } from '~/web/api.server'
import { venuePath } from '~/features/venues/venue-urls'
import { getUser } from '~/features/accounts/guards.server'
import { createVenue } from '~/features/venues/venue-writes.server'
import { venueJson } from './venue-json.server'

/** POST /api/v1/venues: a new listing. Who may create one is the service's decision. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const venue = await createVenue(await getUser(request), await jsonBodyOrUndefined(request))
    return apiData(venueJson(venue), { status: 201, headers: { Location: venuePath(venue) } })
  })
}
