import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { LinkButton } from '~/components/ui/button'
import { seo } from '~/web/seo'
import { myArtistProfiles } from '~/features/artists/artist-profiles.server'
import { requirePageUser } from '~/features/accounts/guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const profiles = await myArtistProfiles(user)
  return { profiles: profiles.map(({ id, name, slug, hometown, genres }) => ({ id, name, slug, hometown, genres })) }
}

export default function MyArtistProfiles() {
  const { profiles } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Artist profiles" title="Your artist profiles">
        <p>Attach one to a booking request so the venue knows who is playing.</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
        <LinkButton to="/artist-profiles/create">Create a profile</LinkButton>
        {profiles.length === 0 ? <p className="card p-6">No profiles yet.</p> : null}
        <ul className="space-y-3">
          {profiles.map((profile) => (
            <li key={profile.id} className="flex flex-wrap items-center justify-between gap-3 card p-4">
              <div>
                <Link to={`/artists/${profile.slug}`} className="text-lg link">
                  {profile.name}
                </Link>
                <p className="text-sm text-neutral-600 dark:text-neutral-400">
                  {[profile.hometown, profile.genres.join(', ')].filter(Boolean).join(' · ')}
                </p>
              </div>
              <Link to={`/artist-profiles/edit/${profile.id}`} className="link">
                Edit<span className="sr-only"> {profile.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Your artist profiles', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
