import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'
import { listMyInquiries } from '~/features/venues/inquiries.server'

/** GET /api/v1/inquiries: { asked, received } for the caller. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiData(await listMyInquiries(await getUser(request))))
}
