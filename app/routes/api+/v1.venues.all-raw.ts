import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { withPhotoSrcs } from '~/features/venues/art-version'
import { parseSearchParams } from '~/features/search/search-params'
import { allVenuesRaw } from '~/features/search/catalogue.server'
import { InvalidSearchError } from '~/features/search/prepare.server'

/**
 * GET /api/v1/venues/all-raw: every venue with all its public fields, newest first, paged with
 * the same page/limit rules (and messages) as search. Public, no token.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = new URL(request.url).searchParams
    const paging = new URLSearchParams()
    for (const key of ['page', 'limit']) if (query.get(key)) paging.set(key, query.get(key)!)
    const parsed = parseSearchParams(paging)
    if (!parsed.success) throw new InvalidSearchError(parsed.fieldErrors)
    const listed = await allVenuesRaw({ page: parsed.params.page, limit: parsed.params.limit })
    return apiData({ ...listed, venues: listed.venues.map(withPhotoSrcs) })
  })
}
