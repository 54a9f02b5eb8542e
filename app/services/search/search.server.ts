import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { cachedRead } from '~/lib/cache.server'
import { REPLIES_WITHIN_A_DAY_HOURS } from '~/lib/response-figures'
import { loadUsCities } from '~/seed/gazetteer.server'
import { kebab } from '~/seed/random'
import { parseSearchParams, type SearchFieldErrors, type SearchOrder, type SearchParams, type SearchSort } from '~/lib/search-params'
import { cityLabel, type CityMatch } from '~/lib/city-resolution'
import { CITY_ALIASES, createGazetteer, normalizeCityName, normalizeState, type Gazetteer } from '~/planner/gazetteer'
import { cityIndex } from './city-catalogue.server'
import { DomainError } from '~/lib/errors'
import type { VenueCardData } from './venues.server'

// Venue search: the one engine behind /search, /enhanced-search, the globe pages, /venues and
// GET /api/v1/venues/search. Every filter is a predicate an index can serve (see
// docs/decisions 006 and 018 and tests/integration/search.test.ts's EXPLAIN checks). Searches
// without free text read venue_facets, the narrow projection of venues (decision 018), and only
// the page's cards from venues; text searches read venues, where the tsvector is:
//   city → *_city_slug_idx / venue_facets_city_idx · state → state indexes · venueType → type
//   capacity, price → (column, id) btrees · genre + amenities + deal + access → one GIN over the arrays
//   agePolicy → (age_policy, id) btree
//   near+radius → gist on ll_to_earth via earth_box · q → GIN on the generated tsvector
//   date → the accepted bookings' exclusion index and venue_calendar's primary key
// Free text is made typo-tolerant word by word: each query word that is not a known word is
// matched (trigram similarity, GIN trigram index) against search_terms, the vocabulary of venue
// names, cities, types and descriptions, and the close words join the full-text query as
// alternatives. The text query's matches are capped (CANDIDATE_CAP) before ranking, so a common
// word never ranks 100,000 rows.

/** Text matches ranked per search. Beyond it, `total` is a lower bound. */
export const CANDIDATE_CAP = 1_000
/** Non-text searches count up to this many matches exactly, then report a lower bound. */
export const COUNT_CAP = 10_000
/** A vocabulary word this similar (pg_trgm similarity, 0–1) to a query word is a correction. */
export const CORRECTION_MIN_SIMILARITY = 0.4
const CORRECTIONS_PER_WORD = 3
const MAX_QUERY_WORDS = 8

export class InvalidSearchError extends DomainError {
  constructor(readonly fields: SearchFieldErrors) {
    super(Object.values(fields).flat().join('; '), { status: 400, code: 'INVALID_PARAMS', field: Object.keys(fields)[0] })
    this.name = 'InvalidSearchError'
  }
}

export type Place = { name: string; stateCode: string | null; lat: number; lng: number }

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
  /** Misspelt words and the words searched for instead; `any` when no venue matched every word. */
  text: { corrections: { word: string; suggestions: string[] }[]; matched: 'all' | 'any' } | null
  /** The cities the city field was read as ('Washington, DC' for 'washington dc'), and whether it was a typo. */
  city: { typed: string; cities: string[]; corrected: boolean } | null
}

/** Parses a query string and searches; bad parameters throw InvalidSearchError (400). */
export async function searchFromQuery(query: URLSearchParams) {
  const parsed = parseSearchParams(query)
  if (!parsed.success) throw new InvalidSearchError(parsed.fieldErrors)
  return cachedSearchVenues(parsed.params)
}

/**
 * Venues that take a request for `date`: not booked that night (inside an accepted booking) and
 * not blocked by the owner. A held date (pending requests only) still takes requests, as the 2nd
 * or 3rd hold, so it counts as available. Both lookups are per venue on an index: the accepted
 * bookings' exclusion constraint (gist on venue_id, during) and venue_calendar's primary key.
 */
export function isAvailableOn(date: string): SQL {
  return sql`not exists (
      select 1 from bookings b
      where b.venue_id = v.id and b.status = 'accepted' and b.during @> ${date}::date
    ) and not exists (
      select 1 from venue_calendar c
      where c.venue_id = v.id and c.date = ${date}::date and c.blocked
    )`
}

// ---------------------------------------------------------------------------------------------
// Preparing a search: validated params → place, text query and the filter predicates.

type TextQuery = {
  raw: string
  words: string[]
  /** One tsquery alternative group per word: 'nashvile':* | 'nashville'. */
  groups: string[]
  corrections: { word: string; suggestions: string[] }[]
  /** The city some of the words name ('seatle' → Seattle): its venues rank first. */
  citySlugs: string[]
}

export type PreparedSearch = {
  params: SearchParams
  place: Place | null
  text: TextQuery | null
  sort: SearchSort
  order: SearchOrder
  /** Every filter, the city's included. */
  filters: SQL[]
  /** The city filter (one of `filters`) and the slugs it accepts ('NYC' → new-york-city). */
  city: { slugs: string[]; filter: SQL } | null
  /** What the city field was read as (app/lib/city-resolution.ts). */
  cityMatch: CityMatch | null
}

export async function prepareSearch(params: SearchParams): Promise<PreparedSearch> {
  const [place, text, hidden, cityMatch] = await Promise.all([
    resolvePlace(params),
    prepareText(params.q),
    anyUnlisted(),
    params.city ? cityIndex().then((index) => index.resolve(params.city!)) : null,
  ])
  const sort = effectiveSort(params, Boolean(text), Boolean(place))
  const order = params.order ?? DEFAULT_ORDER[sort]
  const typed = cityMatch ? cityFilterOf(cityMatch, await cityIndex()) : params.city ? unresolvedCity(params.city) : null
  const slugs = typed?.slugs ?? []
  const city = slugs.length
    ? {
        slugs,
        filter: sql`city_slug in (${sql.join(
          slugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})`,
      }
    : null
  const filters = [...(city ? [city.filter] : []), ...filtersFor(params, place, typed?.stateCode ?? null)]
  // Unlisted venues (unpublished, waiting for review, archived: the generated column `listed`) are
  // never found. The filter is added only while there are any (a lookup on a small partial index,
  // venues_unlisted_idx), so the usual plans, and their index use, stay as they are.
  if (hidden) filters.push(sql`id not in (select u.id from venues u where not u.listed)`)
  return { params, place, text, sort, order, filters, city, cityMatch }
}

/**
 * The slugs of the cities a typed city was read as, and their state when a slug alone would also
 * take in another state's city of that name ('Portland, ME' is not Portland, OR).
 */
function cityFilterOf(match: CityMatch, index: { cities: readonly { slug: string; stateCode: string }[] }) {
  const slugs = [...new Set(match.cities.map((c) => c.slug))]
  const states = new Set(match.cities.map((c) => c.stateCode))
  const elsewhere = index.cities.some((c) => slugs.includes(c.slug) && !states.has(c.stateCode))
  return { slugs, stateCode: elsewhere && states.size === 1 ? [...states][0]! : null }
}

/** A city no venue is in: searched as typed, so the page answers 'No venues found' for it. */
function unresolvedCity(value: string) {
  const typed = splitCityState(value)
  return { slugs: citySlugs(typed.name), stateCode: typed.stateCode }
}

async function anyUnlisted() {
  const [row] = await rows<{ found: boolean }>(sql`select exists (select 1 from venues where not listed) as found`)
  return Boolean(row?.found)
}

const DEFAULT_ORDER: Record<SearchSort, SearchOrder> = {
  relevance: 'desc',
  distance: 'asc',
  capacity: 'desc',
  price: 'asc',
  newest: 'desc',
  responsive: 'asc',
}

/** Relevance needs words to rank by; without them the place, then recency, orders results. */
function effectiveSort(params: SearchParams, hasText: boolean, hasPlace: boolean): SearchSort {
  if (params.sort && (params.sort !== 'relevance' || hasText)) return params.sort
  if (hasText) return 'relevance'
  return hasPlace ? 'distance' : 'newest'
}

/**
 * The filters but the city's (prepareSearch), as predicates on the columns venues and
 * venue_facets share; the table is aliased `v` in every query that uses them.
 */
function filtersFor(p: SearchParams, place: Place | null, cityState: string | null): SQL[] {
  const filters: SQL[] = []
  const state = p.state ?? cityState
  if (state) filters.push(sql`state_code = ${state}`)
  if (p.venueType) filters.push(sql`venue_type = ${p.venueType}`)
  if (p.capacity !== undefined && p.capacity > 0) filters.push(sql`capacity >= ${p.capacity}`)
  if (p.genre) filters.push(sql`genres @> array[${p.genre}]::text[]`)
  if (p.amenities.length)
    filters.push(
      sql`amenities @> array[${sql.join(
        p.amenities.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`,
    )
  if (p.minPrice !== undefined) filters.push(sql`day_rate >= ${p.minPrice}`)
  if (p.maxPrice !== undefined) filters.push(sql`day_rate <= ${p.maxPrice}`)
  if (p.date) filters.push(isAvailableOn(p.date))
  // 'Only venues that answer on Stagepass': claimed listings, whose owner gets the request.
  if (p.claimed) filters.push(sql`claimed`)
  // 'Replies within a day': the owner's median reply time (the projection's copy of venues.reply_hours).
  if (p.replyWithinDay) filters.push(sql`reply_hours <= ${REPLIES_WITHIN_A_DAY_HOURS}`)
  // Specs and terms (docs/venues.md): the age policy by its (value, id) btree, a deal and step-free
  // access through the one GIN index over the projection's arrays.
  if (p.agePolicy) filters.push(sql`age_policy = ${p.agePolicy}`)
  if (p.deal) filters.push(sql`deal_types @> array[${p.deal}]::text[]`)
  if (p.stepFree) filters.push(sql`accessibility @> array['step_free_entrance']::text[]`)
  if (place && p.radius !== undefined) {
    const metres = p.radius * 1000
    // earth_box is the index-friendly bounding cube; the great-circle distance trims its corners.
    filters.push(sql`earth_box(ll_to_earth(${place.lat}, ${place.lng}), ${metres}) @> ll_to_earth(latitude, longitude)`)
    filters.push(sql`${metresFrom(place)} <= ${metres}`)
  }
  return filters
}

/** 'Austin, TX' → Austin in TX; 'Austin' → Austin anywhere. */
function splitCityState(value: string): { name: string; stateCode: string | null } {
  const comma = /^(.+?),\s*([A-Za-z. ]+)$/.exec(value)
  const stateCode = comma ? normalizeState(comma[2]) : null
  return stateCode && comma ? { name: comma[1]!.trim(), stateCode } : { name: value.trim(), stateCode: null }
}

/** The slugs a typed city name may be stored under: as typed, normalised ('St.'), or aliased ('NYC'). */
export function citySlugs(name: string): string[] {
  const normalized = normalizeCityName(name)
  const alias = CITY_ALIASES[normalized]?.name
  return [...new Set([kebab(name), kebab(normalized), ...(alias ? [kebab(alias)] : [])].filter(Boolean))]
}

// ---------------------------------------------------------------------------------------------
// Places.

let gazetteer: Gazetteer | undefined
/** Every US place of 1,000+ people; read once (~0.4 s), only when a place has no venues. */
function usGazetteer() {
  gazetteer ??= createGazetteer(
    loadUsCities().map((c) => ({ name: c.name, stateCode: c.stateCode, lat: c.latitude, lng: c.longitude, population: c.population })),
  )
  return gazetteer
}

export async function resolvePlace(p: Pick<SearchParams, 'near' | 'lat' | 'lng'>): Promise<Place | null> {
  if (p.lat !== undefined && p.lng !== undefined)
    return { name: p.near ?? `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`, stateCode: null, lat: p.lat, lng: p.lng }
  if (!p.near) return null
  // A city with venues, however it was written: the centre of its venues (index on city_slug).
  const known = (await cityIndex()).resolve(p.near)?.cities[0]
  if (known) {
    const result = await db.execute(sql`
      select city as name, state_code as "stateCode", avg(latitude)::float8 as lat, avg(longitude)::float8 as lng
      from venue_facets
      where city_slug = ${known.slug} and state_code = ${known.stateCode}
      group by city, state_code
      limit 1`)
    const found = (result as unknown as { rows: Place[] }).rows[0]
    if (found) return found
  }
  const city = usGazetteer().findCity(p.near)
  if (city) return { name: city.name, stateCode: city.stateCode, lat: city.lat, lng: city.lng }
  throw new InvalidSearchError({ near: [`We could not find a place called '${p.near}'. Try a US city, like Austin, TX`] })
}

// ---------------------------------------------------------------------------------------------
// Free text.

// PostgreSQL's English stop words: to_tsquery drops them, and a query of nothing but stop words
// would match nothing, so they never reach it.
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under ' +
    'again further then once here there when where why how all any both each few more most other some such no nor not ' +
    'only own same so than too very s t can will just don should now'
  ).split(' '),
)

/** Lowercase ASCII words of at least two characters, stop words removed. */
export function queryWords(q: string): string[] {
  const words = q
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w))
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS)
}

async function prepareText(q: string | undefined): Promise<TextQuery | null> {
  if (!q) return null
  const words = queryWords(q)
  if (!words.length) return null
  const [corrections, index] = await Promise.all([correctWords(words), cityIndex()])
  const groups = words.map((word) => {
    const alternatives = [`'${word}':*`, ...(corrections.get(word) ?? []).map((s) => `'${s}'`)]
    return alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!
  })
  const city = citySpan(words, index)
  if (city) {
    // The words that name the city match its venues by the city's own name too ('seatle' finds
    // Seattle even when the vocabulary offers closer words), and those venues rank first.
    const spanned = groups.slice(city.start, city.end).join(' & ')
    const named = city.nameWords.map((w) => `'${w}'`).join(' & ')
    groups.splice(city.start, city.end - city.start, `((${spanned}) | (${named}))`)
  }
  return {
    raw: q,
    words,
    groups,
    corrections: words.flatMap((word) => (corrections.get(word)?.length ? [{ word, suggestions: corrections.get(word)! }] : [])),
    citySlugs: city?.slugs ?? [],
  }
}

const CITY_SPAN_WORDS = 3

/** The longest run of query words that names a city with venues ('washington dc', 'seatle'), or null. */
function citySpan(words: string[], index: Awaited<ReturnType<typeof cityIndex>>) {
  for (let length = Math.min(CITY_SPAN_WORDS, words.length); length >= 1; length--)
    for (let start = 0; start + length <= words.length; start++) {
      const match = index.resolve(words.slice(start, start + length).join(' '))
      const city = match?.cities[0]
      if (!match || !city) continue
      const nameWords = queryWords(normalizeCityName(city.name))
      if (nameWords.length) return { start, end: start + length, nameWords, slugs: [...new Set(match.cities.map((c) => c.slug))] }
    }
  return null
}

/**
 * For each word that is not itself in the vocabulary, the closest vocabulary words. `%` uses the
 * GIN trigram index with pg_trgm's default similarity_threshold (0.3) as a coarse filter; the
 * stricter CORRECTION_MIN_SIMILARITY then keeps only real near-misses.
 */
async function correctWords(words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= 3 && !/^\d+$/.test(w))
  const map = new Map<string, string[]>()
  if (!candidates.length) return map
  const result = await db.execute(sql`
    select w.word, t.term
    from (values ${sql.join(
      candidates.map((w) => sql`(${w}::text)`),
      sql`, `,
    )}) as w(word)
    cross join lateral (
      select term, similarity(term, w.word) as sim
      from search_terms
      where term % w.word and term <> w.word
      order by sim desc, term
      limit ${CORRECTIONS_PER_WORD}
    ) t
    where t.sim >= ${CORRECTION_MIN_SIMILARITY}
      and not exists (select 1 from search_terms known where known.term = w.word)
    order by w.word, t.sim desc, t.term`)
  for (const row of (result as unknown as { rows: { word: string; term: string }[] }).rows) {
    const list = map.get(row.word) ?? []
    list.push(row.term)
    map.set(row.word, list)
  }
  return map
}

function tsqueryFor(text: TextQuery, matched: 'all' | 'any') {
  return text.groups.join(matched === 'all' ? ' & ' : ' | ')
}

// ---------------------------------------------------------------------------------------------
// The queries.

const CARD_COLUMNS = sql.raw(
  `id, slug, name, venue_type as "venueType", city, city_slug as "citySlug", state_code as "stateCode", ` +
    `capacity, day_rate as "dayRate", photos, latitude, longitude, claimed, ` +
    `reply_considered as "replyConsidered", reply_hours as "replyHours"`,
)

function where(filters: SQL[]) {
  return filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``
}

/** earthdistance's sphere: earth() is 6,378,168 m. */
const EARTH_RADIUS_M = 6_378_168

/**
 * Great-circle metres from the place to the row's venue, by the haversine formula on the sphere
 * earth_distance uses, so the same figure. Plain float arithmetic: earth_distance(ll_to_earth(…))
 * builds and domain-checks cubes per row, which made a 100 km search around Chicago (4,600
 * candidates) take 59 ms of which 50 were this; the haversine takes under 2.
 */
function metresFrom(place: Place) {
  const cosLat = Math.cos((place.lat * Math.PI) / 180)
  return sql`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(latitude - ${place.lat}::float8) / 2), 2)
    + ${cosLat}::float8 * cos(radians(latitude)) * power(sin(radians(longitude - ${place.lng}::float8) / 2), 2)))))`
}

function distanceExpr(place: Place | null) {
  return place ? sql`(${metresFrom(place)} / 1000)` : sql`null::float8`
}

/** Distance ties (two venues in one building) inside a KNN page are settled by id within this slack. */
const KNN_TIE_SLACK = 50

function orderBy(s: PreparedSearch, { ranked }: { ranked: boolean }) {
  const dir = sql.raw(s.order === 'asc' ? 'asc' : 'desc')
  switch (s.sort) {
    case 'relevance':
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
 * Newest first in a city too big to count: per slug, a backward walk of (city_slug, id) that stops
 * after the page, merged. Written as `city_slug = id-of-venue order by id desc`, PostgreSQL walks
 * the primary key instead, expecting the city's venues spread evenly over time, and went past
 * 89,000 newer venues of other cities (20 ms) for New York, whose venues are old; the lateral
 * join hides the slug from that estimate (0.2 ms).
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
      select id, capacity, day_rate as "dayRate", reply_hours as "replyHours"${distance}
      from venue_facets v ${where(s.filters)}
      limit ${COUNT_CAP + 1}
    ) m
    order by ${orderBy(s, { ranked: true })}
    limit ${s.params.limit} offset ${offset}`
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
 * capped count reads up to COUNT_CAP + 1 rows, which at 100,000 venues was a sequential read of
 * 10,001 rows on every unfiltered page (≈15 ms).
 */
async function countAllVenues(s: PreparedSearch) {
  return (await estimatedOverCap()) ? COUNT_CAP + 1 : ((await rows<{ n: number }>(plainCountQuery(s)))[0]?.n ?? 0)
}

async function estimatedOverCap(executor: Executor = db) {
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

type Row = SearchVenue & { rank?: number; totalCount?: number }

async function rows<T>(query: SQL): Promise<T[]> {
  const result = await db.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

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
    text: s.text ? { corrections: s.text.corrections, matched } : null,
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

// ---------------------------------------------------------------------------------------------
// Maps and raw lists.

export type CityCluster = { city: string; citySlug: string; stateCode: string; lat: number; lng: number; count: number }

/**
 * Where a search's matches are, one point per city (a map of 10,000 pins helps nobody). Text
 * searches cluster their ranked candidates; others aggregate every match.
 */
let allClustersCache: { at: number; clusters: CityCluster[] } | undefined

export async function searchClusters(params: SearchParams, { maxCities = 300 } = {}): Promise<CityCluster[]> {
  const s = await prepareSearch({ ...params, page: 1 })
  // Every venue (the unfiltered page): a full-table aggregate, kept for ten minutes.
  const everything = !s.text && !s.filters.length
  if (everything && allClustersCache && Date.now() - allClustersCache.at < SAMPLE_TTL_MS) return allClustersCache.clusters
  const source = s.text ? sql`(${textCandidatesQuery(s, 'all')}) c` : sql`venue_facets v ${where(s.filters)}`
  const cityCol = s.text ? sql.raw(`"citySlug"`) : sql.raw('city_slug')
  const stateCol = s.text ? sql.raw(`"stateCode"`) : sql.raw('state_code')
  const clusters = await rows<CityCluster>(sql`
    select min(city) as city, ${cityCol} as "citySlug", ${stateCol} as "stateCode",
      avg(latitude)::float8 as lat, avg(longitude)::float8 as lng, count(*)::int as count
    from ${source}
    group by ${cityCol}, ${stateCol}
    order by count desc, ${stateCol}, ${cityCol}
    limit ${maxCities}`)
  if (everything) allClustersCache = { at: Date.now(), clusters }
  return clusters
}

type SamplePoint = {
  id: string
  name: string
  city: string
  stateCode: string
  latitude: number
  longitude: number
  slug: string
  citySlug: string
}
let sampleCache: { at: number; max: number; points: SamplePoint[] } | undefined
const SAMPLE_TTL_MS = 10 * 60 * 1000

/**
 * A spread of venues for the globe showcase: every n-th venue by id, so it is stable. It reads
 * the whole table, so the answer is kept for ten minutes.
 */
export async function sampleVenuePoints(max = 400): Promise<SamplePoint[]> {
  if (sampleCache && sampleCache.max === max && Date.now() - sampleCache.at < SAMPLE_TTL_MS) return sampleCache.points
  const points = await rows<SamplePoint>(sql`
    select id, name, city, state_code as "stateCode", latitude, longitude, slug, city_slug as "citySlug"
    from (select id, name, city, state_code, latitude, longitude, slug, city_slug,
            row_number() over (order by id) as n, count(*) over () as total
          from venues where listed) v
    where n % greatest(1, total / ${max}) = 0
    order by id
    limit ${max}`)
  sampleCache = { at: Date.now(), max, points }
  return points
}

/** Every venue, newest first, a page at a time (GET /api/v1/venues/all-raw). */
export async function allVenuesRaw({ page, limit }: { page: number; limit: number }) {
  const [list, [count]] = await Promise.all([
    rows<Record<string, unknown>>(sql`
      select id, slug, name, description, venue_type as "venueType", address, city, city_slug as "citySlug",
        state_code as "stateCode", postal_code as "postalCode", latitude, longitude, capacity, day_rate as "dayRate",
        amenities, genres, photos, website, phone, claimed, created_at as "createdAt", updated_at as "updatedAt"
      from venues where listed order by id desc limit ${limit} offset ${(page - 1) * limit}`),
    rows<{ n: number }>(sql`select count(*)::int as n from venues where listed`),
  ])
  return { venues: list, total: count?.n ?? 0, page, limit }
}

type Executor = Pick<typeof db, 'execute'>

/**
 * EXPLAIN (FORMAT JSON) of the queries a prepared search runs, for tests and the benchmark. Pass
 * a transaction as `executor` to explain under its settings (SET LOCAL enable_seqscan = off).
 */
export async function explainSearch(s: PreparedSearch, { analyze = false, executor = db as Executor } = {}) {
  // The unfiltered count is only run while the table is small (see countAllVenues).
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

let stateCountCache: { at: number; counts: { stateCode: string; count: number }[] } | undefined

/** Venues per state, for the directory's state links; a full-table count, kept for ten minutes. */
export async function venueCountsByState() {
  if (stateCountCache && Date.now() - stateCountCache.at < SAMPLE_TTL_MS) return stateCountCache.counts
  const counts = await rows<{ stateCode: string; count: number }>(
    sql`select state_code as "stateCode", count(*)::int as count from venues where listed group by state_code order by state_code`,
  )
  stateCountCache = { at: Date.now(), counts }
  return counts
}

// The pages' and the API's searches, cached in the process: a result depends only on these tables
// and is emptied by any write to them. The benchmark and the tests call searchVenues itself.
const SEARCH_TTL_MS = 30_000
const SEARCH_TABLES = ['venues', 'search_terms', 'bookings', 'venue_calendar']
export const cachedSearchVenues = cachedRead(searchVenues, { ttlMs: SEARCH_TTL_MS, max: 1000, tables: SEARCH_TABLES })
export const cachedSearchClusters = cachedRead(searchClusters, { ttlMs: SEARCH_TTL_MS, max: 500, tables: SEARCH_TABLES })
