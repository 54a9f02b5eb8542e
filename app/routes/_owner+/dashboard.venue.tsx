import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { seo } from '~/web/seo'
import { DomainError } from '~/core/errors'
import { actionAttempt } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { answerInquiry, openInquiriesForOwner } from '~/features/venues/inquiries.server'
import { ownerResponseStats } from '~/features/venues/response-figures.server'
import { replyBadge, replyTips } from '~/core/response-figures'
import { ReplyFigures } from '~/components/venue/reply-figures'
import { emptyDateSuggestions, offerDate, ownsAVenue } from '~/features/owners/owner-tools.server'
import { listClaims } from '~/features/owners/claims.server'
import { FirstRunGuide, JumpLinks, OWNER_TABS, OwnerTabs } from '~/components/dashboard/owner-dashboard'
import { redirectWithToast } from '~/platform/toast.server'
import { BookingRequests, FillDates, OpenInquiries } from '~/components/venue/dashboard-sections'
import { listBookings } from '~/features/bookings/queries.server'
import { VenuePerformance } from '~/components/dashboard/venue-performance'
import { readChoice, TIME_RANGES } from '~/features/analytics/analytics'
import { venueOwnerStats } from '~/features/analytics/venue-owner.server'
import { hasVenueFeature } from '~/features/plans/plan-limits.server'
import { UpgradeText } from '~/components/upgrade-text'
import { UPGRADE_PHRASE } from '~/features/plans/upgrade'
import { todayIso } from '~/core/dates'
import { failureMessage, failureOf } from '~/web/form-failure'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const params = new URL(request.url).searchParams
  const range = readChoice(params, 'timeRange', TIME_RANGES, '30d')
  // An unknown tab shows the first one: a hand-edited address still lands somewhere useful.
  const tab = readChoice(params, 'tab', OWNER_TABS, 'todo').value
  // Venue analytics are a Venue Pro feature: a Free owner sees what they would get instead.
  const analytics = await hasVenueFeature(user, 'analytics')
  const [inquiries, fill, pending, accepted, stats, replies, hasVenue, claims] = await Promise.all([
    openInquiriesForOwner(user),
    emptyDateSuggestions(user),
    listBookings(user, { status: 'pending' }),
    listBookings(user, { status: 'accepted' }),
    analytics ? venueOwnerStats(user, range.value) : null,
    ownerResponseStats(user.id),
    ownsAVenue(user),
    listClaims(user),
  ])
  const today = todayIso()
  const forMyVenues = (rows: typeof pending) => rows.filter((row) => row.venueOwnerId === user.id)
  return {
    requests: forMyVenues(pending).map(bookingRow),
    upcoming: forMyVenues(accepted)
      .filter((row) => row.endDate >= today)
      .map(bookingRow),
    inquiries: inquiries.map((inquiry) => ({
      ...inquiry,
      createdAt: inquiry.createdAt.toISOString(),
      expiresAt: inquiry.expiresAt.toISOString(),
    })),
    fill,
    stats,
    replies: {
      stats: replies,
      // What cards show: figures are refreshed by the job runner, so this is the live equivalent.
      badge: replyBadge({
        claimed: true,
        replyConsidered: replies.considered,
        replyHours: replies.medianMs === null ? null : Math.max(1, Math.ceil(replies.medianMs / 3_600_000)),
      }),
      tips: replyTips(replies, { requests: forMyVenues(pending).length, questions: inquiries.length }),
    },
    tab,
    // Without a venue the page is a first-run guide (and says which claims are waiting).
    firstRun: hasVenue
      ? null
      : { openClaims: claims.filter((claim) => claim.status === 'open').map((claim) => ({ id: claim.id, venueName: claim.venueName })) },
    timeRange: range.value,
    // An unknown range shows the default with a note, so the form stays usable.
    invalidRange: range.invalid,
  }
}

/** What the dashboard shows of a booking: enough to decide, the rest is on /bookings/{id}. */
function bookingRow(row: Awaited<ReturnType<typeof listBookings>>[number]) {
  return {
    id: row.id,
    venueName: row.venueName,
    startDate: row.startDate,
    endDate: row.endDate,
    guests: row.guests,
    offerAmount: row.offerAmount,
    eventType: row.eventType,
    holdRank: row.holdRank,
    organizer: [row.organizerFirstName, row.organizerLastName].filter(Boolean).join(' ') || 'An organizer',
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const formData = await request.formData()
  const intent = formData.get('intent')
  const target = String(formData.get('inquiryId') ?? formData.get('key') ?? '')
  return actionAttempt(
    async () => {
      switch (intent) {
        case 'answer':
          await answerInquiry(user, target, { answer: formData.get('answer') })
          return redirectWithToast('/dashboard/venue#inquiries', { type: 'success', description: 'Answer sent.' })
        case 'offer': {
          // The form sends the venue and organizer as `key` and the chosen `date`.
          const [venueId = '', organizerId = ''] = target.split(':')
          const date = String(formData.get('date') ?? '')
          await offerDate(user, { venueId, organizerId, date })
          return redirectWithToast('/dashboard/venue#fill', { type: 'success', description: `Offered ${date}.` })
        }
        default:
          throw new DomainError('Unknown action.')
      }
    },
    { extra: { target }, values: formData },
  )
}

export default function VenueDashboard() {
  const { inquiries, fill, requests, upcoming, stats, replies, tab, firstRun, timeRange, invalidRange } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // Which inquiry or date the refusal is about, and its text.
  const refused = actionData && failureOf(actionData) ? { target: actionData.target, error: failureMessage(actionData)! } : undefined
  return (
    <>
      <PageHeader eyebrow="Venue dashboard" title="Your venue dashboard">
        <p>
          <Link to="/venues/manage" className="link">
            My venues
          </Link>{' '}
          ·{' '}
          <Link to="/venues/create" className="link">
            List a venue
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        {firstRun ? (
          <FirstRunGuide openClaims={firstRun.openClaims} />
        ) : (
          <>
            <OwnerTabs current={tab} counts={{ todo: requests.length + inquiries.length }} />
            {tab === 'performance' ? (
              <>
                {stats ? (
                  <VenuePerformance stats={stats} timeRange={timeRange} invalidRange={invalidRange} />
                ) : (
                  <section aria-labelledby="performance-heading" className="card p-6">
                    <h2 id="performance-heading" className="text-2xl">
                      Venue performance
                    </h2>
                    <p className="mt-2">
                      <UpgradeText
                        text={`Views, requests, conversion and revenue for your venues are part of Venue Pro. ${UPGRADE_PHRASE}.`}
                      />
                    </p>
                  </section>
                )}
                <ReplyFigures stats={replies.stats} badge={replies.badge} tips={replies.tips} />
              </>
            ) : (
              <>
                <JumpLinks
                  links={[
                    { href: '#requests', label: `Booking requests (${requests.length})` },
                    { href: '#inquiries', label: `Open questions (${inquiries.length})` },
                    { href: '#fill', label: 'Fill your empty dates' },
                  ]}
                />
                <section id="requests" aria-labelledby="requests-heading" className="card p-6">
                  <h2 id="requests-heading" className="text-2xl">
                    Booking requests and upcoming bookings
                  </h2>
                  <BookingRequests requests={requests} upcoming={upcoming} />
                </section>
                <OpenInquiries inquiries={inquiries} error={refused} />
                <FillDates fill={fill} error={refused} />
              </>
            )}
          </>
        )}
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Venue dashboard', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
