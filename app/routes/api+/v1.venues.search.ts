import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/lib/api.server'
import { withPhotoSrcs } from '~/lib/art-version'
import { countVisit, shareResponse } from '~/lib/page-serving.server'
import { searchProperties } from '~/routes/_marketing+/search-page.server'
import { getUser } from '~/services/guards.server'
import { searchVisit } from '~/services/page-visits.server'
import { SEARCH_FIELDS } from '~/lib/search-params'
import { searchFromQuery } from '~/services/search/search.server'

/**
 * GET /api/v1/venues/search: public, no token. Every parameter of lib/search-params (the product's
 * city, state, venueType, capacity and limit, plus q, genre, amenities, price, date, near/lat/lng,
 * radius, sort, page). Bad values answer 400 with a message per field in error.fields.
 *
 * The answer depends on the URL alone, so a caller without credentials may be sent a stored copy
 * (the response cache, emptied by every venue write); the search event is counted for every answer,
 * stored or not, like the search pages'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = new URL(request.url).searchParams
    const result = await searchFromQuery(query)
    const user = await getUser(request)
    countVisit(context, searchVisit(user, { ...searchProperties(Object.fromEntries(query), result.total), api: true }))
    shareResponse(context, 30, SEARCH_FIELDS)
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
