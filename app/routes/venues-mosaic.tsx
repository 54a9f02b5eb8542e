import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { Pagination } from '~/components/pagination'
import { VENUE_TYPE_LABELS, type VenueType } from '~/core/domain'
import { cx } from '~/core/cx'
import { formatCount } from '~/core/format'
import { pageNotFoundResponse, parsePage } from '~/web/not-found.server'
import { seo } from '~/web/seo'
import { pagePath, venuePath } from '~/features/venues/venue-urls'
import { mosaicPage } from '~/features/venues/venue-directory.server'
import { shareResponse } from '~/web/page-serving.server'
import { photoSrc } from '~/features/venues/art-version'

export async function loader({ request, context }: LoaderFunctionArgs) {
  shareResponse(context, 60, 600)
  const page = parsePage(request)
  const result = await mosaicPage(page)
  if (page > result.pageCount) throw pageNotFoundResponse()
  return result
}

// A repeating rhythm of tile shapes over 12 tiles; `grid-flow-dense` fills the holes they leave.
const SHAPES: Record<number, { tile: string; sizes: string }> = {
  0: { tile: 'col-span-2 row-span-2', sizes: '(min-width: 1200px) 33vw, (min-width: 900px) 50vw, 100vw' },
  4: { tile: 'row-span-2', sizes: '(min-width: 1200px) 17vw, (min-width: 900px) 25vw, 50vw' },
  7: { tile: 'col-span-2', sizes: '(min-width: 1200px) 33vw, (min-width: 900px) 50vw, 100vw' },
  9: { tile: 'col-span-2 row-span-2', sizes: '(min-width: 1200px) 33vw, (min-width: 900px) 50vw, 100vw' },
}
const SMALL = { tile: '', sizes: '(min-width: 1200px) 17vw, (min-width: 900px) 25vw, 50vw' }
// Roughly the tiles of the first screen: these load eagerly, the rest when scrolled to.
const ABOVE_THE_FOLD = 6

export default function VenuesMosaicPage() {
  const { items, total, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Browse All Venues" title="Every room, at a glance">
        <p>
          {formatCount(total)} live-music and event venues across the US. Pick one that catches your eye.
          {pageCount > 1 ? ` Page ${page} of ${pageCount}.` : ''}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10">
        {items.length > 0 ? (
          <ul className="grid grid-flow-dense auto-rows-[150px] grid-cols-2 gap-2 sm:auto-rows-[170px] sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
            {items.map((venue, index) => {
              const shape = SHAPES[index % 12] ?? SMALL
              const photo = venue.photos[0]
              const eager = page === 1 && index < ABOVE_THE_FOLD
              return (
                <li key={venue.id} className={shape.tile}>
                  <Link
                    to={venuePath(venue)}
                    prefetch="intent"
                    className="group relative block h-full overflow-hidden rounded-card bg-neutral-200 dark:bg-neutral-800"
                  >
                    {photo ? (
                      <img
                        src={photoSrc(photo.url)}
                        alt=""
                        width={photo.width}
                        height={photo.height}
                        loading={eager ? 'eager' : 'lazy'}
                        decoding="async"
                        className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                      />
                    ) : null}
                    <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent p-3 pt-10 text-white">
                      <span className={cx('block leading-tight font-semibold', shape.tile.includes('row-span-2') && 'text-lg')}>
                        {venue.name}
                      </span>
                      <span className="block text-xs text-white/90">
                        {VENUE_TYPE_LABELS[venue.venueType as VenueType] ?? venue.venueType} · {venue.city}, {venue.stateCode}
                      </span>
                    </span>
                  </Link>
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="rounded-card border border-dashed border-neutral-300 p-8 text-center dark:border-line-dark">
            No venues are listed yet.
          </p>
        )}
        <Pagination path="/venues-mosaic" page={page} pageCount={pageCount} />
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({
    matches,
    title: data && data.page > 1 ? `Browse All Venues (page ${data.page})` : 'Browse All Venues',
    description: `A picture wall of ${data ? formatCount(data.total) : 'all'} live-music and event venues on Stagepass: clubs, theaters, breweries, ballrooms and more.`,
    path: pagePath('/venues-mosaic', data?.page ?? 1),
  })

export { GeneralErrorBoundary as ErrorBoundary }
