import { lazy, Suspense, useState } from 'react'
import { Form, Link, useLocation } from '@remix-run/react'
import { CityField, HiddenValues, QueryField, type FieldsProps, type SearchValues } from '~/components/search/search-fields'
import { serverIsland } from '~/components/server-island'
import { ErrorSummary } from '~/components/search/search-results'
import { Button } from '~/components/ui/button'
import { SearchIcon } from '~/components/ui/icons'
import type { SearchFieldErrors } from '~/features/search/search-params'
import { useIsLoading } from '~/hooks/pending'

const FiltersSheet = lazy(() => import('./filters-sheet'))
// The filters' fields keep the server's markup until a new search draws them (components/server-island.tsx).
const FilterFields = serverIsland<FieldsProps>('search-filters', () => import('./filter-fields'))

// The one search form of every search page, so a new filter (search-fields.tsx) reaches them all.
// Filters sit in a <details> closed until used, so on a phone the results start on the first
// screen. A plain GET form, not GetForm, for the search pages' script budget; with JavaScript a
// phone opens the same fields in a sheet (filters-sheet.tsx).

/** What the visible row and the URL's own bookkeeping carry: every other parameter is a filter. */
const NOT_FILTERS = new Set(['q', 'city', 'page', 'limit', 'lat', 'lng'])

function activeFilterCount(values: SearchValues) {
  // A range (date and end) is one filter.
  return Object.keys(values).filter((name) => !NOT_FILTERS.has(name) && !(name === 'end' && values.date)).length
}

export function SearchForm({
  action,
  values,
  errors,
  idPrefix,
  label = 'Search venues',
}: {
  action: string
  values: SearchValues
  errors: SearchFieldErrors | null
  idPrefix: string
  label?: string
}) {
  const location = useLocation()
  const pending = useIsLoading(action)
  const active = activeFilterCount(values)
  // Filters with an error are shown open, so the message is next to its field.
  const open = active > 0 || Boolean(errors && Object.keys(errors).some((name) => !NOT_FILTERS.has(name)))
  const [sheet, setSheet] = useState(false)
  return (
    <>
      {/* key: a new URL resets the uncontrolled fields to its values. */}
      <Form key={location.search} method="get" action={action} className="card p-4 hover:shadow-sm sm:p-5" aria-label={label}>
        {errors ? <ErrorSummary fieldErrors={errors} /> : null}
        <div className="grid gap-x-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_auto] sm:items-start">
          <QueryField values={values} errors={errors} idPrefix={idPrefix} />
          <CityField values={values} errors={errors} idPrefix={idPrefix} />
          <Button type="submit" size="lg" pending={pending} className="mb-2 sm:mt-6 sm:mb-0">
            <SearchIcon className="size-5" /> Search
          </Button>
        </div>
        {/* Shown instead of the disclosure on a phone that runs scripts (app.css, .filters-button). */}
        <button type="button" className="filters-button disclosure" onClick={() => setSheet(true)}>
          Filters{active ? ` (${active})` : ''}
        </button>
        <details open={open || undefined} className="filters-details group">
          <summary className="disclosure inline-flex h-11 cursor-pointer items-center gap-2 text-sm font-semibold">
            Filters and sorting{active ? ` (${active})` : ''}
          </summary>
          <FilterFields version={location.search} props={{ values, errors, idPrefix }} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="secondary" pending={pending}>
              Apply filters
            </Button>
            <Link to={action} className="inline-flex h-10 items-center px-2 text-sm link">
              Clear all
            </Link>
          </div>
        </details>
        <HiddenValues values={values} names={['lat', 'lng', 'limit']} errors={errors} />
      </Form>
      {/* Outside the form: React events bubble through portals, and the sheet has a form of its own. */}
      {sheet ? (
        <Suspense fallback={null}>
          <FiltersSheet action={action} values={values} errors={errors} idPrefix={idPrefix} onClose={() => setSheet(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
