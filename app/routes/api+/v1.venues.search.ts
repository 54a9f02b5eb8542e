import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { withPhotoSrcs } from '~/features/venues/art-version'
import { shareResponse } from '~/web/page-serving.server'
import { searchProperties } from '~/routes/_marketing+/search-page.server'
import { getUser } from '~/features/accounts/guards.server'
import { countApiSearch } from '~/features/analytics/page-visits.server'
import { searchFromQuery } from '~/features/search/search.server'

/**
 * GET /api/v1/venues/search: public, every parameter of the search pages; bad values are a 400 by
 * field. The answer depends on the URL alone, so it is public for any cache
 * (docs/decisions/038-http-caching.md); its search event is counted when the app answers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = new URL(request.url).searchParams
    const result = await searchFromQuery(query)
    const user = await getUser(request)
    countApiSearch(request, context.ip, user, searchProperties(Object.fromEntries(query), result.total))
    shareResponse(context, 30, 60)
    return apiData({
      venues: result.venues.map(withPhotoSrcs),
      total: result.total,
      totalIsLowerBound: result.totalIsLowerBound,
      page: result.page,
      limit: result.limit,
      pageCount: result.pageCount,
      sort: result.sort,
      order: result.order,
      place: result.place,
      text: result.text,
    })
  })
}
