import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/lib/api.server'
import { listClaims } from '~/services/claims.server'
import { getUser } from '~/services/guards.server'

/** GET /api/v1/venue-claims: admins get every open claim, others their own. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiData(await listClaims(await getUser(request))))
}
