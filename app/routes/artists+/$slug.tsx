import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { pageNotFoundResponse } from '~/web/not-found.server'
import { NO_SCRIPTS } from '~/web/route-handle'
import { seo } from '~/web/seo'
import { artistBySlug } from '~/features/artists/artist-profiles.server'
import { getUser } from '~/features/accounts/guards.server'

export const handle = NO_SCRIPTS

export async function loader({ request, params }: LoaderFunctionArgs) {
  const profile = await artistBySlug(params.slug ?? '')
  if (!profile) throw pageNotFoundResponse()
  const viewer = await getUser(request)
  const { userId, createdAt: _c, updatedAt: _u, ...shown } = profile
  return { profile: shown, canEdit: viewer?.id === userId }
}

export default function ArtistPage() {
  const { profile, canEdit } = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-col gap-8 sm:flex-row">
        {profile.photoUrl ? (
          <img src={profile.photoUrl} alt={profile.name} width={240} height={240} className="size-60 shrink-0 rounded-card object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-60 shrink-0 items-center justify-center rounded-card bg-header text-6xl font-bold text-white"
          >
            {profile.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="space-y-3">
          <p className="text-sm font-semibold tracking-widest text-header uppercase dark:text-brand">Artist</p>
          <h1 className="text-4xl font-bold">{profile.name}</h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-neutral-700 dark:text-neutral-300">
            {profile.hometown ? (
              <>
                <dt className="font-medium">Hometown</dt>
                <dd>{profile.hometown}</dd>
              </>
            ) : null}
            {profile.genres.length ? (
              <>
                <dt className="font-medium">Genres</dt>
                <dd>{profile.genres.join(', ')}</dd>
              </>
            ) : null}
            {profile.drawEstimate !== null ? (
              <>
                <dt className="font-medium">Typical draw</dt>
                <dd>{profile.drawEstimate.toLocaleString('en-US')} people</dd>
              </>
            ) : null}
          </dl>
          {canEdit ? (
            <p>
              <Link to={`/artist-profiles/edit/${profile.id}`} className="link">
                Edit this profile
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      {profile.bio ? <p className="mt-8 max-w-prose leading-relaxed whitespace-pre-line">{profile.bio}</p> : null}
      {profile.links.length ? (
        <section aria-labelledby="links-heading" className="mt-8">
          <h2 id="links-heading" className="text-xl font-semibold">
            Links
          </h2>
          <ul className="mt-2 space-y-1">
            {profile.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer nofollow ugc" className="link">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? seo({
        matches,
        title: data.profile.name,
        description:
          data.profile.bio.slice(0, 160) ||
          `${data.profile.name}${data.profile.hometown ? ` from ${data.profile.hometown}` : ''} on Stagepass.`,
        path: `/artists/${data.profile.slug}`,
        type: 'profile',
        image: data.profile.photoUrl ?? undefined,
      })
    : seo({ matches, title: 'Page not found', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
