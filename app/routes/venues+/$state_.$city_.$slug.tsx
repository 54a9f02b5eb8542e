import { data, replace, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, type ComponentProps, type ReactNode } from 'react'
import { trackEvent } from '~/features/analytics/track'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { LinkButton } from '~/components/ui/button'
import { MapPinIcon, UsersIcon } from '~/components/ui/icons'
import { serverIsland } from '~/components/server-island'
import type { AvailabilityMonth } from '~/components/venue/availability-calendar'
import { VenueGallery } from '~/components/venue/gallery'
import { InquiryForm } from '~/components/venue/inquiry-form'
import { VenueLocation } from '~/components/venue/location'
import { VenueGrid } from '~/components/venue/landing'
import { WishlistButton } from '~/components/venue/wishlist-button'
import { MessageOwnerButton } from '~/components/messaging/message-owner-button'
import { UnclaimedBadge } from '~/components/venue-card'
import { UnclaimedNotice } from '~/components/venue/unclaimed-notice'
import { SpecsAndTerms, TrustList } from '~/components/venue/specs-and-terms'
import { confirmedShowsLine } from '~/features/venues/specs'
import { cachedConfirmedShows } from '~/features/venues/specs.server'
import { VENUE_TYPE_LABELS, US_STATES, type VenueType } from '~/core/domain'
import { formatUsd } from '~/core/money'
import { formatCount } from '~/core/format'
import { venueNotFoundResponse } from '~/web/not-found.server'
import { seo } from '~/web/seo'
import { SHARE_IMAGE } from '~/features/venues/share-image'
import { ServerJsonLd } from '~/web/server-only-markup'
import { categoryPath, cityPath, datesQuery, venuePath } from '~/features/venues/venue-urls'
import { carriedDates, monthAvailability, requestedMonth } from '~/features/bookings/availability.server'
import { monthOf, todayIso } from '~/core/dates'
import { getUser } from '~/features/accounts/guards.server'
import { serverOnlyMarkup, shareResponse } from '~/web/page-serving.server'
import { beaconSrc } from '~/features/analytics/page-visits.server'
import { VisitBeacon } from '~/components/visit-beacon'
import { describeResponse } from '~/core/response-figures'
import { cachedVenueResponseStats } from '~/features/venues/response-figures.server'
import { canEditVenue } from '~/features/accounts/policy.server'
import { cachedListedBy, cachedNearbyVenues, visibleVenue } from '~/features/venues/venues.server'
import { savedVenueIds } from '~/features/venues/wishlist.server'
import { inquiryAction } from './inquiry-action.server'
import { venuePageParts } from './venue-page.server'

// The calendar is below the fold: the server draws it and its code comes with the first new month
// (components/server-island.tsx).
const AvailabilityIsland = serverIsland<ComponentProps<typeof AvailabilityMonth>>(
  'availability-month',
  () => import('~/components/venue/availability-calendar').then((m) => ({ default: m.AvailabilityMonth })),
  { preventScrollReset: true },
)

// One row of cards at desktop width; more would put the page's HTML over its 40 KB budget.
const NEARBY_COUNT = 4

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The hot reads come from in-process caches that every write to their tables empties.
  const viewer = await getUser(request)
  // Unlisted (unpublished, waiting for review, archived): gone for the public; its owner and admins still see it.
  const venue = await visibleVenue(viewer, { slug: params.slug ?? '', cached: true })
  if (!venue) throw venueNotFoundResponse()
  // One URL per venue: a wrong state or city, or capitals, lead to the canonical address.
  const canonical = venuePath(venue)
  const url = new URL(request.url)
  if (url.pathname !== canonical) throw replace(`${canonical}${url.search}`, 301)
  // A date (or range) chosen in search, and the availability month: a value that could not be
  // booked or shown leads to the URL without it (or with the nearest month), so every stored copy
  // of the page answers a real question (docs/venues.md).
  const carried = carriedDates(url.searchParams)
  const asked = requestedMonth(url.searchParams.get('month'))
  if (carried.dropped || asked.changed) throw replace(`${canonical}${datesQuery({ ...carried.dates, month: asked.month })}`)
  const month = asked.month ?? monthOf(carried.dates.date ?? todayIso())
  const [owner, nearby, availability, saved, responseStats, shows] = await Promise.all([
    cachedListedBy(venue),
    cachedNearbyVenues(venue, NEARBY_COUNT),
    monthAvailability(venue.id, month),
    savedVenueIds(viewer, [venue.id]),
    venue.claimed && venue.ownerId ? cachedVenueResponseStats(venue.id) : null,
    cachedConfirmedShows(venue.id),
  ])
  // The view (recently viewed, the owner's count, the analytics event) is reported by the page when
  // it is shown, from whichever cache it came; a hovered card's prefetch shows nothing
  // (services/page-visits.server.ts).
  const visit = await beaconSrc({ venue: venue.id })
  // The availability preview changes with the clock (holds expire), so a copy lives 5 s.
  shareResponse(context, 5, 25)
  const { jsonLd, ...parts } = venuePageParts(venue, nearby)
  serverOnlyMarkup(context, 'jsonLd', jsonLd)
  return data({
    ...parts,
    owner,
    availability,
    dates: carried.dates,
    canEdit: canEditVenue(viewer, venue),
    saved: saved.has(venue.id),
    signedIn: Boolean(viewer),
    // Owners do not message themselves; an unclaimed listing has no one to answer.
    canMessageOwner: Boolean(venue.ownerId) && viewer?.id !== venue.ownerId,
    // The share of messages answered in time, beside the reply badge.
    responseLine: responseStats?.rate != null ? describeResponse(responseStats) : null,
    showsLine: confirmedShowsLine(shows),
    // Named here so the page's JavaScript need not carry the table of states.
    stateName: US_STATES[venue.stateCode] ?? venue.stateCode,
    visit,
  })
}

/** The inquiry form posts here. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await getUser(request)
  const venue = await visibleVenue(viewer, { slug: params.slug ?? '' })
  if (!venue) throw venueNotFoundResponse()
  return inquiryAction(request, viewer, venue, venuePath(venue), context.ip)
}

export default function VenueDetailPage() {
  const {
    venue,
    crumbs,
    map,
    owner,
    nearby,
    availability,
    dates,
    canEdit,
    saved,
    signedIn,
    canMessageOwner,
    replyLine,
    responseLine,
    reviewed,
    showsLine,
    specs,
    inquiryConstraint,
    stateName,
    visit,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const typeLabel = VENUE_TYPE_LABELS[venue.venueType as VenueType] ?? venue.venueType
  // Book links carry the date (or range) chosen in search to the booking form.
  const bookHref = `/book/${venue.id}${datesQuery(dates)}`
  // The visit beacon counts this view (VisitBeacon); this event only records that the script ran.
  useEffect(() => trackEvent('venue_view', { venueId: venue.id }), [venue.id])
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <ServerJsonLd name="jsonLd" id={venue.id} />
      <VisitBeacon src={visit} />
      <Breadcrumbs crumbs={crumbs} />
      <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-header uppercase dark:text-brand">
            <Link to={categoryPath(venue, venue.venueType)} className="hover:underline">
              {typeLabel}
            </Link>
          </p>
          <h1 className="mt-1 text-3xl leading-tight font-bold sm:text-4xl">{venue.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-neutral-700 dark:text-neutral-300">
            <span className="flex items-center gap-1">
              <MapPinIcon className="size-4" />
              <Link to={cityPath(venue)} className="hover:underline">
                {`${venue.city}, ${venue.stateCode}`}
              </Link>
            </span>
            <span>
              {owner ? (
                <>
                  Listed by {owner}
                  {replyLine ? <strong className="font-medium text-emerald-800 dark:text-emerald-300"> · {replyLine}</strong> : null}
                </>
              ) : (
                <span className="inline-flex flex-wrap items-center gap-2">
                  <UnclaimedBadge />
                  <Link to={`/claim/${venue.id}`} className="link">
                    Claim this venue
                  </Link>
                </span>
              )}
            </span>
            {canEdit ? (
              <Link to={`/venues/${venue.id}/edit`} className="link">
                Edit venue
              </Link>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <WishlistButton venueId={venue.id} venueName={venue.name} saved={saved} />
          {canMessageOwner ? <MessageOwnerButton venueId={venue.id} signedIn={signedIn} /> : null}
          <LinkButton to={bookHref} size="lg">
            Book this venue
          </LinkButton>
        </div>
      </header>

      {venue.claimed ? null : <UnclaimedNotice name={venue.name} />}

      <div className="mt-6">
        <VenueGallery photos={venue.photos} />
      </div>

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_340px]">
        {/* Key facts first in the source, so a phone shows capacity and price before the long sections. */}
        <aside className="lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1 lg:self-start" aria-label="Key facts">
          <div className="card p-6">
            <dl className="facts">
              <Fact label="Type" value={typeLabel} />
              <Fact
                label="Capacity"
                value={
                  <span className="flex items-center gap-1">
                    <UsersIcon className="size-4" />
                    {formatCount(venue.capacity)}
                  </span>
                }
              />
              <Fact label="Day rate" value={`${formatUsd(venue.dayRate)}`} />
              <Fact label="State" value={stateName} />
            </dl>
            <LinkButton to={bookHref} size="lg" className="mt-6 w-full">
              Book this venue
            </LinkButton>
            <TrustList claimed={venue.claimed} reviewed={reviewed} replies={responseLine} shows={showsLine} />
            {venue.website || venue.phone ? (
              <ul className="mt-6 space-y-2 text-sm">
                {venue.website ? (
                  <li>
                    <a href={venue.website} className="link wrap-anywhere" rel="noopener noreferrer nofollow" target="_blank">
                      {venue.website.replace(/^https?:\/\//, '')}
                    </a>
                  </li>
                ) : null}
                {venue.phone ? (
                  <li>
                    <a href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`} className="link">
                      {venue.phone}
                    </a>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>
        </aside>
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-1">
          <Section title="About this venue">
            <p className="prose-body whitespace-pre-line">{venue.description || `${venue.name} has not added a description yet.`}</p>
          </Section>
          <SpecsAndTerms rows={specs} />
          {venue.amenities.length > 0 ? (
            <Section title="Amenities">
              <Chips items={venue.amenities} />
            </Section>
          ) : null}
          {venue.genres.length > 0 ? (
            <Section title="Genres">
              <Chips items={venue.genres} className="capitalize" />
            </Section>
          ) : null}
          <Section title="Availability">
            <div id="availability" className="scroll-mt-20">
              <AvailabilityIsland
                version={JSON.stringify([availability, dates])}
                props={{
                  data: availability,
                  bookAction: `/book/${venue.id}`,
                  chosen: dates,
                  hrefFor: (month) => `${venuePath(venue)}${datesQuery({ ...dates, month })}#availability`,
                }}
              />
            </div>
          </Section>
          <Section title="Ask the venue">
            <div id="ask">
              {canEdit ? (
                <p>
                  Questions to this venue appear on{' '}
                  <Link to="/dashboard/venue#inquiries" className="link">
                    your venue dashboard
                  </Link>
                  .
                </p>
              ) : (
                <InquiryForm
                  venueName={venue.name}
                  signedIn={signedIn}
                  loginUrl={`/login?redirectTo=${encodeURIComponent(`${venuePath(venue)}${datesQuery(dates)}`)}`}
                  lastResult={actionData?.result}
                  constraint={inquiryConstraint}
                  date={dates.date}
                />
              )}
            </div>
          </Section>
          <Section title="Location">
            <VenueLocation venue={venue} map={map} />
          </Section>
        </div>
      </div>

      {nearby.length > 0 ? (
        <section className="mt-16" aria-labelledby="nearby-heading">
          <h2 id="nearby-heading" className="text-2xl">
            Nearby venues
          </h2>
          <div className="mt-6">
            <VenueGrid venues={nearby} columns={4} />
          </div>
        </section>
      ) : null}
      <div className="book-bar" aria-label="Book this venue" role="region">
        <p>
          <strong className="text-lg">{formatUsd(venue.dayRate)}</strong>
          <span className="text-sm text-neutral-600 dark:text-neutral-400"> per day</span>
        </p>
        <LinkButton to={`/book/${venue.id}`}>Request to book</LinkButton>
      </div>
    </article>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl">
        {title}
      </h2>
      {children}
    </section>
  )
}

// .chips and .facts in app.css style every item, rather than classes repeated on each.
function Chips({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={`chips ${className ?? ''}`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return seo({ matches, title: 'Venue Not Found', noIndex: true })
  const { venue } = data
  const typeLabel = VENUE_TYPE_LABELS[venue.venueType as VenueType] ?? venue.venueType
  const summary = venue.description.length > 155 ? `${venue.description.slice(0, 152).trimEnd()}…` : venue.description
  return seo({
    matches,
    title: `${venue.name}: ${typeLabel} in ${venue.city}, ${venue.stateCode}`,
    description: summary || `${typeLabel} in ${venue.city}, ${venue.stateCode} for up to ${formatCount(venue.capacity)} guests.`,
    path: venuePath(venue),
    image: data.shareImage.path,
    imageMeta: { ...SHARE_IMAGE, alt: data.shareImage.alt },
  })
}

export { GeneralErrorBoundary as ErrorBoundary }
