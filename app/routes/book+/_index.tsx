import type { MetaFunction } from '@remix-run/node'
import { DEFAULT_HOLD_DAYS } from '~/core/booking-constants'
import { Link } from '@remix-run/react'
import { PageHeader } from '~/components/page-header'
import { LinkButton } from '~/components/ui/button'
import { seo } from '~/web/seo'

// The /book landing (docs/product.md §2): how booking works, then the way to a venue.

const STEPS = [
  ['Find a venue', 'Search by city, capacity and type, or let the tour planner pick venues along your route.'],
  [
    'Request your dates',
    'Send the date or dates, the event, expected guests and your offer. Your request holds the date: the first request is the 1st hold, the next the 2nd, and so on.',
  ],
  [
    'The venue answers',
    `The owner accepts or declines before the hold expires (${DEFAULT_HOLD_DAYS} days unless the venue says otherwise). When the 1st hold is released, the next one moves up and we tell its organizer.`,
  ],
  [
    'It is booked',
    'An accepted date is yours alone: no venue can be booked twice for the same date. Either side may ask for a change or cancel with a reason.',
  ],
] as const

export default function BookLandingPage() {
  return (
    <div>
      <PageHeader eyebrow="Booking" title="Book a venue">
        Request a date at any venue in a minute, see where your request stands, and know the moment it is booked.
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-12">
        <ol className="grid gap-6 sm:grid-cols-2">
          {STEPS.map(([title, text], index) => (
            <li key={title} className="card p-6">
              <p className="text-sm font-semibold text-header dark:text-brand">Step {index + 1}</p>
              <h2 className="mt-1 text-xl">{title}</h2>
              <p className="mt-2 text-neutral-700 dark:text-neutral-300">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-wrap gap-3">
          <LinkButton to="/venues" size="lg">
            Find a venue
          </LinkButton>
          <LinkButton to="/ai-tour-planner" size="lg" variant="outline">
            Plan a tour
          </LinkButton>
          <LinkButton to="/multi-venue-booking" size="lg" variant="outline">
            Book several venues at once
          </LinkButton>
        </div>
        <p className="mt-6 text-sm text-neutral-700 dark:text-neutral-300">
          Already sent requests? See them in{' '}
          <Link to="/bookings" className="link">
            your bookings
          </Link>
          .
        </p>
      </div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Book a venue',
    description: 'How booking a venue on Stagepass works: request a date, hold it, get it booked.',
    path: '/book',
  })
