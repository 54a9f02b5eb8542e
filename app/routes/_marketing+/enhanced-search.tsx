import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { UsMap } from '~/components/geo/us-map'
import { useAutoSubmit } from '~/components/search/auto-submit'
import { AdvancedFields, AmenityFields, BasicFields, HiddenValues, QueryField } from '~/components/search/search-fields'
import { ErrorSummary, SearchResults, clusterPoints } from '~/components/search/search-results'
import { Button } from '~/components/ui/button'
import { formatCount } from '~/lib/format'
import { loadSearchPage } from '~/routes/_marketing+/search-page.server'
import { seo } from '~/lib/seo'

const PATH = '/enhanced-search'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearchPage(request, context, { clusters: true })
}

export default function EnhancedSearchPage() {
  const { values, fieldErrors, result, clusters, savedIds } = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && navigation.location.pathname === PATH
  const onChange = useAutoSubmit()
  const state = typeof values.state === 'string' ? values.state : undefined
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Enhanced venue search</h1>
      <p className="mt-2 max-w-2xl text-neutral-700 dark:text-neutral-300">
        Every filter at once: amenities, genre, day rate, distance from a place. The map shows where the matches are, city by city.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <Form
          key={location.search}
          method="get"
          action={PATH}
          onChange={onChange}
          className="h-fit card p-4 hover:shadow-sm"
          aria-label="Search filters"
        >
          {fieldErrors ? <ErrorSummary fieldErrors={fieldErrors} /> : null}
          <QueryField values={values} errors={fieldErrors} idPrefix="enh" />
          <BasicFields values={values} errors={fieldErrors} idPrefix="enh" />
          <AdvancedFields values={values} errors={fieldErrors} idPrefix="enh" />
          <AmenityFields values={values} errors={fieldErrors} idPrefix="enh" />
          <HiddenValues values={values} names={['lat', 'lng', 'limit']} errors={fieldErrors} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" pending={pending}>
              Search
            </Button>
            <Link to={PATH} className="inline-flex h-10 items-center px-2 text-sm link">
              Clear all
            </Link>
          </div>
        </Form>
        <SearchResults
          result={result}
          savedIds={savedIds}
          pathname={PATH}
          values={values}
          className="min-w-0 space-y-6"
          aside={
            clusters.length && result ? (
              <figure className="card p-3 hover:shadow-sm">
                <UsMap points={clusterPoints(clusters, PATH, values)} highlightState={state} title="Map of matching venues by city" />
                <figcaption className="px-1 pt-2 text-sm text-neutral-600 dark:text-neutral-400">
                  {formatCount(clusters.length)} {clusters.length === 1 ? 'city' : 'cities'}
                  {result.totalIsLowerBound ? ' among the first matches' : ''}. Select a dot to search that city.
                </figcaption>
              </figure>
            ) : null
          }
        />
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  seo({
    matches,
    title: 'Enhanced venue search',
    description: 'Filter US venues by amenities, genre, day rate, capacity, date and distance, with a map of the matches.',
    path: PATH,
    noIndex: location.search.length > 1,
  })

export { GeneralErrorBoundary as ErrorBoundary }
