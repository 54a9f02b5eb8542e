import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { listClaims } from '~/features/owners/claims.server'
import { getUser } from '~/features/accounts/guards.server'

/** GET /api/v1/venue-claims: admins get every open claim, others their own. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiData(await listClaims(await getUser(request))))
}
