import { nounFor, plural } from '~/core/words'
import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
import { VenueCard } from '~/components/venue-card'
import { VENUE_TYPE_LABELS, type VenueType } from '~/core/domain'
import { formatCount, formatDate } from '~/core/format'
import { searchQueryString, SORT_LABELS, type SearchField } from '~/features/search/search-params'
import type { GeoPoint } from '~/components/geo/us-map'
import type { CityCluster } from '~/features/search/catalogue.server'
import type { SearchResult } from '~/features/search/search.server'
import type { SearchValues } from './search-fields'
import { bookTheseHref } from '~/features/bookings/book-these'
import { datesQuery } from '~/features/venues/venue-urls'
import { formatUsd } from '~/core/money'

/** The first row of the widest grid loads eagerly; the rest lazily (docs/product.md §1). */
const EAGER_CARDS = 4

/** A link to the same search with some values changed (undefined removes one). */
function searchHref(pathname: string, values: SearchValues, changes: Partial<Record<SearchField, string | string[] | undefined>>) {
  const next: Record<string, unknown> = { ...values, ...changes }
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete next[key]
  return `${pathname}${searchQueryString(next)}`
}

export function ResultSummary({ result, id }: { result: SearchResult; id?: string }) {
  const from = (result.page - 1) * result.limit + 1
  const to = from + result.venues.length - 1
  const total = `${formatCount(result.total)}${result.totalIsLowerBound ? '+' : ''}`
  return (
    <div id={id} className="space-y-1" aria-live="polite">
      {/* A heading, so the cards' h3 names sit under it (h1 → h2 → h3). */}
      <h2 className="text-lg font-semibold">
        {result.total === 0
          ? 'No venues found'
          : result.venues.length === 0
            ? `${total} venues, none on this page`
            : `${formatCount(from)}–${formatCount(to)} of ${total} ${nounFor(result.total, 'venue')}`}
      </h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Sorted by {SORT_LABELS[result.sort].toLowerCase()}
        {result.place ? ` · distances from ${result.place.name}${result.place.stateCode ? `, ${result.place.stateCode}` : ''}` : ''}
        {result.date
          ? result.end && result.end !== result.date
            ? ` · open ${formatDate(result.date)} to ${formatDate(result.end)}`
            : ` · open on ${formatDate(result.date)}`
          : ''}
      </p>
      {result.city?.corrected ? (
        <p className="text-sm">
          Showing venues in <strong>{result.city.cities.join(' and ')}</strong> (for “{result.city.typed}”)
        </p>
      ) : null}
      {result.text?.showing ? (
        <p className="text-sm">
          Showing results for <strong>{result.text.showing}</strong>
        </p>
      ) : null}
      {result.text?.corrections.length ? (
        <p className="text-sm">
          Also searched for{' '}
          {result.text.corrections.map((c, i) => (
            <span key={c.word}>
              {i > 0 ? '; ' : ''}
              <strong>{c.suggestions.join(', ')}</strong> (for “{c.word}”)
            </span>
          ))}
        </p>
      ) : null}
      {result.text?.matched === 'any' && result.total > 0 ? (
        <p className="text-sm">No venue matches every word, so these match some of them.</p>
      ) : null}
    </div>
  )
}

export function ResultGrid({ result, savedIds }: { result: SearchResult; savedIds: string[] }) {
  // The date (or range) searched for follows the visitor to the listing and its booking form.
  const query = datesQuery({ date: result.date ?? undefined, end: result.end ?? undefined })
  return (
    <>
      {/* The cards' titles are h3s: this keeps the outline whole (h1, h2, h3) for screen readers and the HTML checker. */}
      <h2 className="sr-only">Venues</h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {result.venues.map((venue, index) => (
          // The id is where the map's pins lead (docs/search.md, 'Maps').
          <li key={venue.id} id={`venue-${venue.id}`} className="flex flex-col">
            <VenueCard venue={venue} eager={index < EAGER_CARDS} wishlist={{ saved: savedIds.includes(venue.id) }} query={query} />
            {venue.distanceKm !== null ? (
              <p className="mt-1 px-1 text-sm text-neutral-600 dark:text-neutral-400">{formatDistance(venue.distanceKm)} away</p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}

function formatDistance(km: number) {
  return km < 10 ? `${km.toFixed(1)} km` : `${formatCount(Math.round(km))} km`
}

/** Page links around the current one: 1 … 4 5 [6] 7 8 … 20. */
function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap')
    out.push(p)
  })
  return out
}

function Pagination({ result, pathname, values }: { result: SearchResult; pathname: string; values: SearchValues }) {
  const { page, pageCount } = result
  if (pageCount <= 1) return null
  const href = (p: number) => searchHref(pathname, values, { page: p === 1 ? undefined : String(p) })
  const linkClass = 'inline-flex h-10 min-w-10 items-center justify-center rounded-control px-3 text-sm font-medium'
  return (
    <nav aria-label="Pages of results" className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${linkClass} hover:bg-black/5 dark:hover:bg-white/10`} preventScrollReset={false}>
          ‹ Previous
        </Link>
      ) : null}
      {pageWindow(page, Math.min(pageCount, 500)).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-neutral-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={href(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            className={`${linkClass} ${p === page ? 'bg-header text-white' : 'hover:bg-black/5 dark:hover:bg-white/10'}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={`${linkClass} hover:bg-black/5 dark:hover:bg-white/10`}>
          Next ›
        </Link>
      ) : null}
    </nav>
  )
}

/** A price filter from the URL in dollars; anything but digits as it came. */
const dollars = (v: string) => (/^\d{1,9}$/.test(v) ? formatUsd(Number(v)) : v)

const FILTER_LABELS: Partial<Record<SearchField, (value: string) => string>> = {
  q: (v) => `“${v}”`,
  city: (v) => `in ${v}`,
  state: (v) => `state ${v.toUpperCase()}`,
  venueType: (v) => VENUE_TYPE_LABELS[v.toLowerCase() as VenueType] ?? v,
  capacity: (v) => `${v}+ guests`,
  genre: (v) => v,
  minPrice: (v) => `from ${dollars(v)}`,
  maxPrice: (v) => `up to ${dollars(v)}`,
  date: (v) => `free on ${v}`,
  end: (v) => `until ${v}`,
  near: (v) => `near ${v}`,
  radius: (v) => `within ${v} km`,
}

const POPULAR_CITIES = ['Nashville, TN', 'Austin, TX', 'Chicago, IL', 'New York City, NY', 'Denver, CO', 'Seattle, WA']

/** No results: each active filter as a link that drops it, then a few starting points. */
function EmptyState({ pathname, values }: { pathname: string; values: SearchValues }) {
  const active = (Object.keys(FILTER_LABELS) as SearchField[]).filter((name) => values[name] !== undefined)
  const amenities = ([] as string[]).concat(values.amenities ?? [])
  return (
    <section aria-labelledby="empty-heading" className="rounded-card border border-dashed border-neutral-300 p-6 dark:border-line-dark">
      <h2 id="empty-heading" className="text-xl">
        No venues match all of that
      </h2>
      {active.length || amenities.length ? (
        <>
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">Try without one of these filters:</p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {active.map((name) => (
              <li key={name}>
                <Link
                  to={searchHref(pathname, values, {
                    [name]: undefined,
                    page: undefined,
                    ...(name === 'near' ? { radius: undefined } : {}),
                    // A range's end means nothing without its first date.
                    ...(name === 'date' ? { end: undefined } : {}),
                  })}
                  className="inline-flex items-center gap-1 rounded-control border border-neutral-300 px-3 py-1.5 text-sm hover:bg-black/5 dark:border-neutral-600 dark:hover:bg-white/10"
                >
                  {FILTER_LABELS[name]!(String(values[name]))} <span aria-hidden="true">✕</span>
                  <span className="sr-only">(remove)</span>
                </Link>
              </li>
            ))}
            {amenities.length ? (
              <li>
                <Link
                  to={searchHref(pathname, values, { amenities: undefined, page: undefined })}
                  className="inline-flex items-center gap-1 rounded-control border border-neutral-300 px-3 py-1.5 text-sm hover:bg-black/5 dark:border-neutral-600 dark:hover:bg-white/10"
                >
                  {amenities.join(', ')} <span aria-hidden="true">✕</span>
                  <span className="sr-only">(remove)</span>
                </Link>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">Or start from a city with a busy scene:</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {POPULAR_CITIES.map((city) => (
          <li key={city}>
            <Link to={`${pathname}${searchQueryString({ city })}`} className="link">
              {city}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/venues-mosaic" className="link">
            Browse All Venues
          </Link>
        </li>
      </ul>
    </section>
  )
}

/** Errors the form shows beside fields, summarised at the top for screen readers and phones. */
export function ErrorSummary({ fieldErrors }: { fieldErrors: Record<string, string[] | undefined> }) {
  const messages = Object.values(fieldErrors).flat().filter(Boolean)
  if (!messages.length) return null
  return (
    <div
      role="alert"
      className="mb-4 rounded-card border border-red-700/40 bg-red-50 p-4 text-red-800 dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="font-semibold">Please check the search:</p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  )
}

/**
 * What every search page shows under its form: the count, the cards (or an empty state with
 * suggestions) and the pages. `aside` sits between the count and the cards (the map, say).
 */
export function SearchResults({
  result,
  savedIds,
  pathname,
  values,
  label = 'Results',
  className = 'space-y-6',
  aside,
  list,
}: {
  result: SearchResult | null
  savedIds: string[]
  pathname: string
  values: SearchValues
  label?: string
  className?: string
  aside?: ReactNode
  /** Draws the cards another way (with a map beside them: results-map.tsx). */
  list?: (result: SearchResult) => ReactNode
}) {
  return (
    <section aria-label={label} className={className}>
      {result ? (
        <>
          <ResultSummary result={result} />
          {result.venues.length > 1 ? (
            <p className="text-sm">
              <Link
                to={bookTheseHref(
                  result.venues.map((v) => v.id),
                  { as: 'options' },
                )}
                className="link"
              >
                Book several of these venues in one request
              </Link>
            </p>
          ) : null}
          {aside}
          {result.total === 0 ? (
            <EmptyState pathname={pathname} values={values} />
          ) : list ? (
            list(result)
          ) : (
            <ResultGrid result={result} savedIds={savedIds} />
          )}
          <Pagination result={result} pathname={pathname} values={values} />
        </>
      ) : null}
    </section>
  )
}

/** One map point per matching city, each linking to the same search narrowed to that city. */
export function clusterPoints(clusters: CityCluster[], pathname: string, values: SearchValues): GeoPoint[] {
  return clusters.map((c) => ({
    id: `${c.stateCode}-${c.citySlug}`,
    lat: c.lat,
    lng: c.lng,
    weight: c.count,
    label: `${c.city}, ${c.stateCode}: ${plural(c.count, 'venue')}`,
    href: searchHref(pathname, values, { city: `${c.city}, ${c.stateCode}`, page: undefined }),
  }))
}
