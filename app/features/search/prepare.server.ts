import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { REPLIES_WITHIN_A_DAY_HOURS } from '~/core/response-figures'
import { loadUsCities } from '~/features/search/gazetteer.server'
import type { SearchFieldErrors, SearchOrder, SearchParams, SearchSort } from '~/features/search/search-params'
import type { CityMatch } from '~/features/search/city-resolution'
import { CITY_ALIASES, createGazetteer, normalizeCityName, normalizeState, type Gazetteer } from '~/planner/gazetteer'
import { DomainError } from '~/core/errors'
import { cityIndex } from './city-catalogue.server'
import { metresFrom, rows } from './queries.server'
import { prepareText, type TextQuery } from './text.server'
import { slugify } from '~/core/words'

// Preparing a search: validated params → the place, the text query and the filter predicates that
// every query of the search (./queries.server.ts) and the map's clusters share.

export class InvalidSearchError extends DomainError {
  constructor(readonly fields: SearchFieldErrors) {
    super(Object.values(fields).flat().join('; '), { status: 400, code: 'INVALID_PARAMS', field: Object.keys(fields)[0] })
    this.name = 'InvalidSearchError'
  }
}

export type Place = { name: string; stateCode: string | null; lat: number; lng: number }

/**
 * Venues that take a request for every day from `date` to `end` (inclusive; `end` defaults to
 * `date`): none booked (inside an accepted booking) and none blocked by the owner. A held date (pending requests only) still takes requests, as the 2nd
 * or 3rd hold, so it counts as available. Both lookups are per venue on an index: the accepted
 * bookings' exclusion constraint (gist on venue_id, during) and venue_calendar's primary key.
 */
function isAvailableOn(date: string, end = date): SQL {
  return sql`not exists (
      select 1 from bookings b
      where b.venue_id = v.id and b.status = 'accepted' and b.during && daterange(${date}::date, ${end}::date, '[]')
    ) and not exists (
      select 1 from venue_calendar c
      where c.venue_id = v.id and c.date between ${date}::date and ${end}::date and c.blocked
    )`
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
  /** What the city field was read as (app/features/search/city-resolution.ts). */
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

/**
 * Best match ranks words when there are some and the venues' score (docs/search.md, 'The default
 * order') when there are none; a place orders by distance unless another order is asked for.
 */
function effectiveSort(params: SearchParams, hasText: boolean, hasPlace: boolean): SearchSort {
  if (params.sort) return params.sort
  if (hasText) return 'relevance'
  return hasPlace ? 'distance' : 'relevance'
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
  if (p.date) filters.push(isAvailableOn(p.date, p.end))
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
function citySlugs(name: string): string[] {
  const normalized = normalizeCityName(name)
  const alias = CITY_ALIASES[normalized]?.name
  return [...new Set([slugify(name), slugify(normalized), ...(alias ? [slugify(alias)] : [])].filter(Boolean))]
}

// ---------------------------------------------------------------------------------------------
// Places.

let gazetteer: Gazetteer | undefined
/** Every US place of 1,000+ people; read once, and only when a place has no venues, as reading it is slow. */
function usGazetteer() {
  gazetteer ??= createGazetteer(
    loadUsCities().map((c) => ({ name: c.name, stateCode: c.stateCode, lat: c.latitude, lng: c.longitude, population: c.population })),
  )
  return gazetteer
}

async function resolvePlace(p: Pick<SearchParams, 'near' | 'lat' | 'lng'>): Promise<Place | null> {
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
