import { refusalOr } from '~/web/form-errors.server'
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { groupPins, usMarks, type Mark } from '~/components/geo/cluster'
import { clusterPoints } from '~/components/search/search-results'
import type { SearchValues } from '~/components/search/search-fields'
import { withoutEmptyParams } from '~/web/non-empty-params'
import { shareResponse } from '~/web/page-serving.server'
import {
  parseSearchParams,
  searchInput,
  searchQueryString,
  type SearchFieldErrors,
  type SearchParams,
} from '~/features/search/search-params'
import { beaconSrc } from '~/features/analytics/page-visits.server'
import { getUser } from '~/features/accounts/guards.server'
import { cachedSearchClusters, type CityCluster } from '~/features/search/catalogue.server'
import { InvalidSearchError } from '~/features/search/prepare.server'
import { cachedSearchVenues, type SearchResult } from '~/features/search/search.server'
import { savedVenueIds } from '~/features/venues/wishlist.server'

/** Above this many cities, the map of matching cities merges nearby ones into sized dots. */
const CLUSTER_THRESHOLD = 300

export type SearchPageData = {
  /** The raw query values, so the form shows what was typed, bad values included. */
  values: Record<string, string | string[]>
  fieldErrors: SearchFieldErrors | null
  result: SearchResult | null
  /** Per-city points of the whole result set, for the map pages. */
  clusters: CityCluster[]
  /** Which of the shown venues the visitor has saved (hearts on the cards). */
  savedIds: string[]
  /** The beacon the page sends when shown, for a search with criteria (components/visit-beacon.tsx). */
  visit: string | null
  /**
   * The pins of the map beside the results, one per venue on the page, projected here so the page
   * carries no projection code; each links to its card (docs/search.md, 'Maps').
   */
  mapMarks: Mark[]
  /** The dots of the map of matching cities (with `clusters`), drawn here so pages need no projection code. */
  clusterMarks: Mark[]
}

/**
 * The loader of every search page: the URL is the state. Bad parameters are a 400 page that still
 * renders the form with each message next to its field, never an error screen.
 */
export async function loadSearchPage(
  request: Request,
  context: AppLoadContext,
  { clusters = false, map = false, defaults = {} }: { clusters?: boolean; map?: boolean; defaults?: Partial<SearchParams> } = {},
) {
  const url = new URL(request.url)
  // A form sent without JavaScript carries its empty fields: the same search at its tidy URL.
  const tidy = withoutEmptyParams(url)
  if (tidy) throw redirect(tidy)
  const query = url.searchParams
  const values = searchInput(query)
  const parsed = parseSearchParams(query)
  if (!parsed.success) return invalid(values, parsed.fieldErrors)
  const params = { ...defaults, ...parsed.params }
  const tried = await refusalOr(() =>
    Promise.all([cachedSearchVenues(params), clusters ? cachedSearchClusters(params) : [], getUser(request)]),
  )
  if (!tried.ok) {
    // An unusable search shows the form with its messages, at 400.
    if (tried.refusal instanceof InvalidSearchError) return invalid(values, tried.refusal.fields)
    throw tried.refusal
  }
  const [result, points, user] = tried.value
  const saved = await savedVenueIds(
    user,
    result.venues.map((v) => v.id),
  )
  // A search is a results page asked for with criteria; the bare landing page is not one. The
  // page reports it when shown, from whichever cache it came (services/page-visits.server.ts).
  const visit = Object.keys(values).length > 0 ? await beaconSrc({ search: searchProperties(params, result.total) }) : null
  // Results change only with writes, which empty the stored pages; half a minute bounds the rest.
  shareResponse(context, 30, 60)
  const mapMarks = map ? resultMarks(result, url) : []
  return data<SearchPageData>({
    values,
    fieldErrors: null,
    result,
    clusters: points,
    savedIds: [...saved],
    visit,
    mapMarks,
    clusterMarks: clusterMarks(points, url.pathname, values),
  })
}

/**
 * The dots of the map of matching cities: one per city, linking to the search narrowed to it;
 * above CLUSTER_THRESHOLD cities, nearby ones merge into sized bins.
 */
export function clusterMarks(clusters: CityCluster[], pathname: string, values: SearchValues): Mark[] {
  return clusters.length ? usMarks(clusterPoints(clusters, pathname, values), CLUSTER_THRESHOLD) : []
}

/** Pins closer than this on the 975 px canvas overlap (a pin is 14 across). */
const OVERLAP = 14

/**
 * The SVG map's pins: one per venue on the page, each a link to its card; pins that would overlap
 * are one pin with their count, a link to the results in that city (or to the first card when
 * they are in several cities). `data-pin` names every venue of a pin, so each card marks it.
 */
function resultMarks(result: SearchResult, url: URL): Mark[] {
  const venues = new Map(result.venues.map((v) => [v.id, v]))
  const single = usMarks(
    result.venues.map((v) => ({
      id: v.id,
      lat: v.latitude,
      lng: v.longitude,
      label: `${v.name}, ${v.city}, ${v.stateCode}`,
      href: `#venue-${v.id}`,
    })),
    Infinity,
  ).map((mark) => ({ ...mark, r: 7, ids: [mark.key] }))
  return groupPins(single, (m) => m, OVERLAP).map((group) => {
    if (group.length === 1) return group[0]!
    const members = group.map((m) => venues.get(m.key)!)
    const cities = [...new Set(members.map((v) => `${v.city}, ${v.stateCode}`))]
    const values = searchInput(url.searchParams)
    delete values.page
    const href = cities.length === 1 ? `${url.pathname}${searchQueryString({ ...values, city: cities[0] })}` : group[0]!.href
    return {
      key: `group-${group[0]!.key}`,
      x: Math.round((group.reduce((sum, m) => sum + m.x, 0) / group.length) * 10) / 10,
      y: Math.round((group.reduce((sum, m) => sum + m.y, 0) / group.length) * 10) / 10,
      r: 24,
      label: `${group.length} venues in ${cities.join('; ')}${cities.length === 1 ? ': show only these' : ''}`,
      href,
      count: group.length,
      ids: group.map((m) => m.key),
    }
  })
}

function invalid(values: SearchPageData['values'], fieldErrors: SearchFieldErrors) {
  return data<SearchPageData>(
    { values, fieldErrors, result: null, clusters: [], savedIds: [], visit: null, mapMarks: [], clusterMarks: [] },
    { status: 400 },
  )
}

/** What a search event keeps: the criteria's shape, not free text beyond 200 characters. */
export function searchProperties(params: Partial<SearchParams>, total: number) {
  const p = params as Record<string, unknown>
  const pick = (key: string) => (typeof p[key] === 'string' || typeof p[key] === 'number' ? (p[key] as string | number) : null)
  return { q: pick('q'), city: pick('city'), state: pick('state'), venueType: pick('venueType'), near: pick('near'), results: total }
}
