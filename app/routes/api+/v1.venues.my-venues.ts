import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'
import { myVenues } from '~/features/owners/owner-tools.server'

/** GET /api/v1/venues/my-venues: the venue owner's venues with quick stats. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiData(await myVenues(await getUser(request))))
}
