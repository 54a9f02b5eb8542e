import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { VisitBeacon } from '~/components/visit-beacon'
import { data } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { SearchForm } from '~/components/search/search-form'
import { SearchResults } from '~/components/search/search-results'
import { US_STATES } from '~/core/domain'
import { formatCount } from '~/core/format'
import { loadSearchPage } from '~/routes/_marketing+/search-page.server'
import { seo } from '~/web/seo'
import { venueCountsByState } from '~/features/search/catalogue.server'

const PATH = '/venues'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, states] = await Promise.all([loadSearchPage(request, context), venueCountsByState()])
  return data({ ...page.data, states }, page.init ?? undefined)
}

export default function VenuesPage() {
  const { values, fieldErrors, result, states, savedIds, visit } = useLoaderData<typeof loader>()
  return (
    <>
      {visit ? <VisitBeacon src={visit} /> : null}
      <PageHeader eyebrow="Venues" title="Venues across the US">
        <p>Every listed room, the best match first. Narrow it down here, or open a state to see its cities.</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        <SearchForm action={PATH} values={values} errors={fieldErrors} idPrefix="venues" label="Filter venues" />
        <SearchResults result={result} savedIds={savedIds} pathname={PATH} values={values} label="Venues" />
        <section aria-labelledby="states-heading" className="border-t border-neutral-200 pt-8 dark:border-line-dark">
          <h2 id="states-heading" className="text-2xl">
            Browse by state
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
            {[...states]
              .sort((a, b) => (US_STATES[a.stateCode] ?? a.stateCode).localeCompare(US_STATES[b.stateCode] ?? b.stateCode))
              .map(({ stateCode, count }) => (
                <li key={stateCode}>
                  <Link to={`/venues/${stateCode.toLowerCase()}`} className="link">
                    {US_STATES[stateCode] ?? stateCode}
                  </Link>{' '}
                  <span className="text-sm text-neutral-600 dark:text-neutral-400">({formatCount(count)})</span>
                </li>
              ))}
          </ul>
        </section>
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) => {
  const page = new URLSearchParams(location.search).get('page')
  const onlyPage = location.search === '' || /^\?page=\d+$/.test(location.search)
  return seo({
    matches,
    title: page && page !== '1' ? `Venues, page ${page}` : 'Venues',
    description: 'Browse live-music and event venues across the US by state, city, type and capacity.',
    // Plain pages of the list are worth indexing; filtered views are duplicates of the state pages.
    path: onlyPage && page && page !== '1' ? `${PATH}?page=${page}` : PATH,
    noIndex: !onlyPage,
  })
}

export { GeneralErrorBoundary as ErrorBoundary }
