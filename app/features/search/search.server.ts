import { sql } from 'drizzle-orm'
import { cachedRead } from '~/platform/cache.server'
import { parseSearchParams, type SearchOrder, type SearchParams, type SearchSort } from '~/features/search/search-params'
import { cityLabel } from '~/features/search/city-resolution'
import type { VenueCardData } from '../venues/venues.server'
import { InvalidSearchError, prepareSearch, type Place, type PreparedSearch } from './prepare.server'
import {
  CANDIDATE_CAP,
  CARD_COLUMNS,
  COUNT_CAP,
  distanceExpr,
  estimatedOverCap,
  plainCountQuery,
  plainPageQuery,
  plainWindowQuery,
  rows,
  textCandidatesQuery,
  textPageQuery,
} from './queries.server'

// Venue search: the one engine behind every search page and GET /api/v1/venues/search, so all
// filter and rank alike. Every filter is a predicate an index can serve (docs/search.md, "How a
// search uses the indexes").

export type SearchVenue = VenueCardData & { latitude: number; longitude: number; distanceKm: number | null }

export type SearchResult = {
  venues: SearchVenue[]
  /** Matches, exact unless `totalIsLowerBound` (more than CANDIDATE_CAP / COUNT_CAP matched). */
  total: number
  totalIsLowerBound: boolean
  page: number
  limit: number
  pageCount: number
  sort: SearchSort
  order: SearchOrder
  /** The place `near` (or lat/lng) resolved to. */
  place: Place | null
  /** The night the venues take requests for (the date filter), yyyy-mm-dd. */
  date: string | null
  /** The last day of a range from `date` (the `end` filter), yyyy-mm-dd. */
  end: string | null
  /** Misspelt words and the words searched for instead; `any` when no venue matched every word. */
  text: { corrections: { word: string; suggestions: string[] }[]; matched: 'all' | 'any'; showing: string | null } | null
  /** The cities the city field was read as ('Washington, DC' for 'washington dc'), and whether it was a typo. */
  city: { typed: string; cities: string[]; corrected: boolean } | null
}

/** Parses a query string and searches; bad parameters throw InvalidSearchError (400). */
export async function searchFromQuery(query: URLSearchParams) {
  const parsed = parseSearchParams(query)
  if (!parsed.success) throw new InvalidSearchError(parsed.fieldErrors)
  return cachedSearchVenues(parsed.params)
}

/** The cards of a page, in the order of `ids`. */
async function cardsByIds(s: PreparedSearch, ids: string[]): Promise<Row[]> {
  if (!ids.length) return []
  const found = await rows<Row>(sql`
    select ${CARD_COLUMNS}, ${distanceExpr(s.place)} as "distanceKm"
    from venues where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`)
  const byId = new Map(found.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * The unfiltered total. The planner's row estimate answers at once when the table is clearly over
 * COUNT_CAP (twice over, so a stale estimate cannot misreport a table near the cap); otherwise the
 * capped count reads up to COUNT_CAP + 1 rows, a sequential read on every unfiltered page of a big
 * table (docs/benchmarks.md).
 */
async function countAllVenues(s: PreparedSearch) {
  return (await estimatedOverCap()) ? COUNT_CAP + 1 : ((await rows<{ n: number }>(plainCountQuery(s)))[0]?.n ?? 0)
}

type Row = SearchVenue & { rank?: number; totalCount?: number }

function toVenue({ rank: _rank, totalCount: _total, ...venue }: Row): SearchVenue {
  return venue
}

export async function searchVenues(params: SearchParams): Promise<SearchResult> {
  const s = await prepareSearch(params)
  const { page, limit } = params
  let total: number
  let lowerBound: boolean
  let found: Row[]
  let matched: 'all' | 'any' = 'all'

  if (s.text) {
    found = await rows<Row>(textPageQuery(s, 'all'))
    total = found[0]?.totalCount ?? (page > 1 ? await countText(s, 'all') : 0)
    if (total === 0 && s.text.words.length > 1) {
      // No venue has every word: show venues with any of them, and say so.
      matched = 'any'
      found = await rows<Row>(textPageQuery(s, 'any'))
      total = found[0]?.totalCount ?? (page > 1 ? await countText(s, 'any') : 0)
    }
    lowerBound = total >= CANDIDATE_CAP
  } else if (s.filters.length) {
    const window = await rows<{ id: string; totalCount: number }>(plainWindowQuery(s))
    total = window[0]?.totalCount ?? (page > 1 ? ((await rows<{ n: number }>(plainCountQuery(s)))[0]?.n ?? 0) : 0)
    lowerBound = total > COUNT_CAP
    if (lowerBound) {
      total = COUNT_CAP
      found = await cardsByIds(
        s,
        (await rows<{ id: string }>(plainPageQuery(s))).map((row) => row.id),
      )
    } else
      found = await cardsByIds(
        s,
        window.map((row) => row.id),
      )
  } else {
    const [pageIds, count] = await Promise.all([rows<{ id: string }>(plainPageQuery(s)), countAllVenues(s)])
    found = await cardsByIds(
      s,
      pageIds.map((row) => row.id),
    )
    lowerBound = count > COUNT_CAP
    total = Math.min(count, COUNT_CAP)
  }

  return {
    venues: found.map(toVenue),
    total,
    totalIsLowerBound: lowerBound,
    page,
    limit,
    pageCount: Math.ceil(total / limit),
    sort: s.sort,
    order: s.order,
    place: s.place,
    date: params.date ?? null,
    end: params.end ?? null,
    text: s.text ? { corrections: s.text.corrections, matched, showing: s.text.showing } : null,
    city:
      s.cityMatch && params.city
        ? { typed: params.city, cities: s.cityMatch.cities.map(cityLabel), corrected: s.cityMatch.corrected }
        : null,
  }
}

async function countText(s: PreparedSearch, matched: 'all' | 'any') {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from (${textCandidatesQuery(s, matched)}) c`)
  return row?.n ?? 0
}

// The pages' and the API's searches, cached in the process: a result depends only on these tables
// and is emptied by any write to them. The benchmark and the tests call searchVenues itself.
export const SEARCH_CACHE = { ttlMs: 30_000, tables: ['venues', 'search_terms', 'bookings', 'venue_calendar'] }
export const cachedSearchVenues = cachedRead(searchVenues, { ...SEARCH_CACHE, max: 1000 })
