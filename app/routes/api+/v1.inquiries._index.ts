import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/lib/api.server'
import { getUser } from '~/services/guards.server'
import { listMyInquiries } from '~/services/inquiries.server'

/** GET /api/v1/inquiries: { asked, received } for the caller. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => apiData(await listMyInquiries(await getUser(request))))
}
