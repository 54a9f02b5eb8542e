import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import type { Place, PreparedSearch } from './prepare.server'
import { tsqueryFor } from './text.server'

// The SQL a prepared search runs, and EXPLAIN of it for the tests and the benchmark. Searches
// without free text read venue_facets (the narrow projection, decision 018) and then only the
// page's cards from venues; text searches read venues, where the tsvector is.

/** Text matches ranked per search. Beyond it, `total` is a lower bound. */
export const CANDIDATE_CAP = 1_000
/** Non-text searches count up to this many matches exactly, then report a lower bound. */
export const COUNT_CAP = 10_000

export const CARD_COLUMNS = sql.raw(
  `id, slug, name, venue_type as "venueType", city, city_slug as "citySlug", state_code as "stateCode", ` +
    `capacity, day_rate as "dayRate", photos, latitude, longitude, claimed, ` +
    `reply_considered as "replyConsidered", reply_hours as "replyHours"`,
)

export function where(filters: SQL[]) {
  return filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``
}

/** earthdistance's sphere: earth() is 6,378,168 m. */
const EARTH_RADIUS_M = 6_378_168

/**
 * Great-circle metres from the place to the row's venue, by the haversine formula on the sphere
 * earth_distance uses, so the same figure. Plain float arithmetic: earth_distance(ll_to_earth(…))
 * builds and domain-checks cubes per row, most of a radius search's time (docs/benchmarks.md).
 */
export function metresFrom(place: Place) {
  const cosLat = Math.cos((place.lat * Math.PI) / 180)
  return sql`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(latitude - ${place.lat}::float8) / 2), 2)
    + ${cosLat}::float8 * cos(radians(latitude)) * power(sin(radians(longitude - ${place.lng}::float8) / 2), 2)))))`
}

export function distanceExpr(place: Place | null) {
  return place ? sql`(${metresFrom(place)} / 1000)` : sql`null::float8`
}

/** Distance ties (two venues in one building) inside a KNN page are settled by id within this slack. */
const KNN_TIE_SLACK = 50

function orderBy(s: PreparedSearch, { ranked }: { ranked: boolean }) {
  const dir = sql.raw(s.order === 'asc' ? 'asc' : 'desc')
  switch (s.sort) {
    case 'relevance':
      // Without words, the venues' score (docs/search.md, 'The default order'), newest first among equals.
      if (!s.text) return ranked ? sql`"searchScore" desc, id desc` : sql`search_score desc, id desc`
      return sql`rank desc, id asc`
    case 'distance':
      return ranked ? sql`"distanceKm" ${dir}, id ${dir}` : sql`knn ${dir}, id ${dir}`
    case 'capacity':
      return sql`capacity ${dir}, id ${dir}`
    case 'price':
      return ranked ? sql`"dayRate" ${dir}, id ${dir}` : sql`day_rate ${dir}, id ${dir}`
    case 'newest':
      // Ids are time-ordered, so the primary key is the creation order.
      return sql`id ${dir}`
    case 'responsive':
      // Venues without figures (new, unclaimed, mostly unanswered) come last either way.
      return ranked ? sql`"replyHours" ${dir} nulls last, id asc` : sql`reply_hours ${dir} nulls last, id asc`
  }
}

/**
 * The page of a search without free text, as an index-ordered read of venue_facets that stops
 * after one page; counted separately. Used when there are no filters, or more than COUNT_CAP
 * matches (a filter that common finds a page quickly in index order). Ids only: the cards are
 * read by id afterwards (cardsByIds).
 */
export function plainPageQuery(s: PreparedSearch) {
  const offset = (s.params.page - 1) * s.params.limit
  if (s.sort === 'distance' && s.order === 'asc') {
    // Nearest first is a KNN walk of the gist index: cube's <-> is the chord length, which orders
    // points exactly as great-circle distance does. PostgreSQL 15 only walks it when <-> is the
    // whole ORDER BY, so the id tie-break is applied to a slightly longer KNN prefix outside.
    const knn = sql`ll_to_earth(latitude, longitude) <-> ll_to_earth(${s.place!.lat}, ${s.place!.lng})`
    return sql`
      select id from (
        select id, ${knn} as knn
        from venue_facets v ${where(s.filters)}
        order by ${knn}
        limit ${offset + s.params.limit + KNN_TIE_SLACK}
      ) k
      order by knn, id
      limit ${s.params.limit} offset ${offset}`
  }
  if (s.sort === 'newest' && s.city) return newestInCityQuery(s, s.city)
  return sql`
    select id from venue_facets v ${where(s.filters)}
    order by ${orderBy(s, { ranked: false })}
    limit ${s.params.limit} offset ${offset}`
}

/**
 * Newest first in a city too big to count: a backward walk of (city_slug, id) per slug. The lateral
 * join hides the slug from the planner, which would otherwise walk the primary key past every newer
 * venue (docs/benchmarks.md, "Figures behind the code").
 */
function newestInCityQuery(s: PreparedSearch, city: NonNullable<PreparedSearch['city']>) {
  const offset = (s.params.page - 1) * s.params.limit
  const dir = sql.raw(s.order === 'asc' ? 'asc' : 'desc')
  const others = s.filters.filter((filter) => filter !== city.filter)
  return sql`
    select p.id
    from unnest(array[${sql.join(
      city.slugs.map((slug) => sql`${slug}`),
      sql`, `,
    )}]::text[]) as c(slug)
    cross join lateral (
      select id from venue_facets v
      ${where([sql`city_slug = c.slug`, ...others])}
      order by id ${dir}
      limit ${offset + s.params.limit}
    ) p
    order by p.id ${dir}
    limit ${s.params.limit} offset ${offset}`
}

/**
 * A filtered search in one pass over venue_facets: the matches (through the filters' indexes, at
 * most COUNT_CAP + 1), counted by a window and sorted. Exact when there are no more than
 * COUNT_CAP; it does not lean on an index order that the filtered rows may be spread thinly
 * along. Only ids and sort keys are sorted; the page's cards are read by id afterwards.
 */
export function plainWindowQuery(s: PreparedSearch) {
  const offset = (s.params.page - 1) * s.params.limit
  const distance = s.sort === 'distance' ? sql`, ${distanceExpr(s.place)} as "distanceKm"` : sql``
  return sql`
    select m.id, count(*) over ()::int as "totalCount"
    from (
      select id, capacity, day_rate as "dayRate", reply_hours as "replyHours", search_score as "searchScore"${distance}
      from venue_facets v ${where(s.filters)}
      limit ${COUNT_CAP + 1}
    ) m
    order by ${orderBy(s, { ranked: true })}
    limit ${s.params.limit} offset ${offset}`
}

export async function estimatedOverCap(executor: Executor = db) {
  const result = await executor.execute(sql`select greatest(reltuples, 0)::int as n from pg_class where oid = 'venues'::regclass`)
  return ((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > COUNT_CAP * 2
}

/** Counting stops at COUNT_CAP + 1 rows: an exact total for narrow searches, "10,000+" otherwise. */
export function plainCountQuery(s: PreparedSearch) {
  return sql`select count(*)::int as n from (select 1 from venue_facets v ${where(s.filters)} limit ${COUNT_CAP + 1}) t`
}

/**
 * Text matches that pass the filters, capped at CANDIDATE_CAP in index order, ranked, then
 * paged; the window count is the candidate count.
 */
export function textCandidatesQuery(s: PreparedSearch, matched: 'all' | 'any') {
  const text = s.text!
  return sql`
    select ${CARD_COLUMNS}, ${distanceExpr(s.place)} as "distanceKm",
      (ts_rank(search, to_tsquery('english', ${tsqueryFor(text, matched)})) + similarity(name, ${text.raw})
        ${
          text.citySlugs.length
            ? sql`+ (city_slug in (${sql.join(
                text.citySlugs.map((slug) => sql`${slug}`),
                sql`, `,
              )}))::int`
            : sql``
        })::float8 as rank
    from venues v
    ${where([sql`search @@ to_tsquery('english', ${tsqueryFor(text, matched)})`, ...s.filters])}
    limit ${CANDIDATE_CAP}`
}

export function textPageQuery(s: PreparedSearch, matched: 'all' | 'any') {
  const offset = (s.params.page - 1) * s.params.limit
  return sql`
    select c.*, count(*) over ()::int as "totalCount"
    from (${textCandidatesQuery(s, matched)}) c
    order by ${orderBy(s, { ranked: true })}
    limit ${s.params.limit} offset ${offset}`
}

export async function rows<T>(query: SQL): Promise<T[]> {
  const result = await db.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

export type Executor = Pick<typeof db, 'execute'>

/**
 * EXPLAIN (FORMAT JSON) of the queries a prepared search runs, for tests and the benchmark. Pass
 * a transaction as `executor` to explain under its settings (SET LOCAL enable_seqscan = off).
 */
export async function explainSearch(s: PreparedSearch, { analyze = false, executor = db as Executor } = {}) {
  // The unfiltered count is only run while the table is small (see countAllVenues in search.server.ts).
  const queries = s.text
    ? [textPageQuery(s, 'all')]
    : s.filters.length
      ? [plainWindowQuery(s), plainPageQuery(s)]
      : [plainPageQuery(s), ...((await estimatedOverCap(executor)) ? [] : [plainCountQuery(s)])]
  const plans: unknown[] = []
  for (const query of queries) {
    const result = await executor.execute(sql`explain (format json${sql.raw(analyze ? ', analyze' : '')}) ${query}`)
    const plan = (result as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows[0]?.['QUERY PLAN']
    plans.push(typeof plan === 'string' ? JSON.parse(plan) : plan)
  }
  return plans
}

/** Index names and scan node types anywhere in EXPLAIN (FORMAT JSON) output. */
export function planSummary(plans: unknown): { indexes: string[]; nodes: string[] } {
  const indexes = new Set<string>()
  const nodes = new Set<string>()
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (!value || typeof value !== 'object') return
    const node = value as Record<string, unknown>
    if (typeof node['Index Name'] === 'string') indexes.add(node['Index Name'])
    if (typeof node['Node Type'] === 'string') nodes.add(node['Node Type'])
    Object.values(node).forEach(walk)
  }
  walk(plans)
  return { indexes: [...indexes].sort(), nodes: [...nodes].sort() }
}
