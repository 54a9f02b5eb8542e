import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { Button, LinkButton } from '~/components/ui/button'
import { VenueGrid } from '~/components/venue/landing'
import { seo } from '~/web/seo'
import { getUser } from '~/features/accounts/guards.server'
import { clearRecentlyViewed, recentlyViewedVenues } from '~/features/venues/recently-viewed.server'
import { useIsPending } from '~/hooks/pending'

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getUser(request)
  return { venues: await recentlyViewedVenues(request, viewer), signedIn: viewer !== null }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  if (form.get('intent') !== 'clear') throw data('Unknown intent', { status: 400 })
  const setCookie = await clearRecentlyViewed(request, await getUser(request))
  return redirect('/venues/recently-viewed', setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
}

export default function RecentlyViewedPage() {
  const { venues, signedIn } = useLoaderData<typeof loader>()
  const clearing = useIsPending({ fields: { intent: 'clear' }, state: 'non-idle' })
  return (
    <>
      <PageHeader eyebrow="Your history" title="Recently viewed venues">
        <p>The venues you opened lately, most recent first. {signedIn ? 'Saved to your account.' : 'Kept in this browser only.'}</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10">
        {venues.length > 0 ? (
          <>
            <VenueGrid venues={venues} eagerCount={4} />
            <Form method="post" className="mt-10">
              <input type="hidden" name="intent" value="clear" />
              <Button variant="outline" pending={clearing}>
                Clear this list
              </Button>
            </Form>
          </>
        ) : (
          <div className="rounded-card border border-dashed border-neutral-300 p-10 text-center dark:border-line-dark">
            <h2 className="text-xl">You haven&apos;t viewed any venues yet</h2>
            <p className="mt-2 text-neutral-700 dark:text-neutral-300">
              Venues you open show up here, so you can get back to them quickly.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <LinkButton to="/venues-mosaic">Browse All Venues</LinkButton>
              <LinkButton to="/search" variant="outline">
                Search venues
              </LinkButton>
            </div>
          </div>
        )}
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, title: 'Recently viewed venues', path: '/venues/recently-viewed', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
