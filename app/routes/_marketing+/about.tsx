import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { PageHeader } from '~/components/page-header'
import { LinkButton } from '~/components/ui/button'
import { BuildingIcon, CalendarIcon, RouteIcon } from '~/components/marketing-icons'
import { UsersIcon } from '~/components/ui/icons'
import { seo } from '~/web/seo'
import { NO_SCRIPTS } from '~/web/route-handle'

const DIFFERENCES = [
  {
    icon: CalendarIcon,
    title: 'Real availability',
    text: 'Owners run their calendar on Stagepass, so a date search answers the question you actually have: is the room free on the 14th? A night with a confirmed booking does not show as open.',
  },
  {
    icon: BuildingIcon,
    title: 'Ranked holds the database enforces',
    text: 'Holds on a night queue in the order they were placed: first hold, second hold, and so on. The database itself refuses a second confirmed booking for the same room and night, so a double booking cannot slip through an inbox or a spreadsheet.',
  },
  {
    icon: RouteIcon,
    title: 'A tour plan in seconds',
    text: 'Type or say the cities, dates, headcount and budget. The planner picks a venue per city by capacity, type, availability and price, orders the stops to cut driving, fits the dates around travel and prices the run against your budget, with concrete cuts when it is over.',
  },
]

const AUDIENCES = [
  {
    icon: RouteIcon,
    title: 'Organizers and artists',
    points: [
      'Search by city, capacity, type, genre, date and budget.',
      'Save venues to a wishlist and keep tour plans.',
      'Place holds and message owners from one inbox.',
    ],
  },
  {
    icon: BuildingIcon,
    title: 'Venue owners',
    points: [
      'Claim your listing; we check you run the room.',
      'Keep photos, amenities, day rates and the calendar current.',
      'Answer inquiries, confirm holds in order and offer empty dates to acts passing through.',
    ],
  },
  {
    icon: UsersIcon,
    title: 'Admins',
    points: [
      'Approve venue claims, so only a real owner controls a listing.',
      'Manage accounts and the blog.',
      'See how the marketplace is doing on one dashboard.',
    ],
  },
]

export default function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="About Stagepass" title="Routing a tour should not take a month of email">
        <p>
          Stagepass is a venue marketplace with a tour planner built in. Organizers and artists find rooms that fit, see whether they are
          free, and hold a run of dates in one sitting. Venue owners keep one calendar that the whole market can see.
        </p>
      </PageHeader>

      <section aria-labelledby="problem-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="problem-heading" className="text-3xl">
          Why we built it
        </h2>
        <div className="mt-6 grid gap-6 text-lg leading-relaxed text-neutral-700 md:grid-cols-2 md:gap-10 dark:text-neutral-300">
          <p>
            Venue directories tell you a room exists. They rarely know whether it is free, what it costs, or who answers the booking email.
            So a ten-city run turns into dozens of inquiries, a spreadsheet of maybe-dates, and weeks of “we have a first hold on that
            night, can you do the 16th?”. Each reply moves one date, which moves the drive to the next city, which moves the next date.
          </p>
          <p>
            Owners have the mirror problem: holds arrive by email, text and phone, the order they came in lives in someone&apos;s head, and
            the empty Tuesday three weeks out stays empty because nobody passing through knows about it.
          </p>
        </div>
      </section>

      <section aria-labelledby="different-heading" className="bg-white py-12 dark:bg-card-dark">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="different-heading" className="text-3xl">
            How we differ from a listing directory
          </h2>
          <ul className="mt-8 grid gap-8 md:grid-cols-3">
            {DIFFERENCES.map((item) => (
              <li key={item.title}>
                <span className="flex size-12 items-center justify-center rounded-card bg-brand/15 text-header dark:text-brand">
                  <item.icon className="size-6" />
                </span>
                <h3 className="mt-4 text-xl">{item.title}</h3>
                <p className="mt-2 text-neutral-700 dark:text-neutral-300">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="who-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="who-heading" className="text-3xl">
          Who it is for
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((audience) => (
            <li key={audience.title} className="card p-6 hover:shadow-sm">
              <h3 className="flex items-center gap-2 text-xl">
                <audience.icon className="size-5 text-header dark:text-brand" />
                {audience.title}
              </h3>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-neutral-700 dark:text-neutral-300">
                {audience.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <div className="mx-auto max-w-7xl px-4 pb-12">
        <div className="grid gap-10 md:grid-cols-2">
          <section aria-labelledby="not-heading" className="prose-body">
            <h2 id="not-heading" className="text-3xl">
              What we do not do
            </h2>
            <ul>
              <li>We do not sell tickets or take money for shows. The fee, deposit and door split are agreed between you and the venue.</li>
              <li>We are not a party to your booking. We record who holds which night and who confirmed it; the deal is yours.</li>
              <li>
                We charge no booking fee. Paid plans cover heavier planning and venue groups; see <Link to="/pricing">pricing</Link>.
              </li>
              <li>We do not promise a venue will say yes. A hold is a place in line, not a contract.</li>
            </ul>
          </section>
          <section aria-labelledby="built-heading" className="prose-body">
            <h2 id="built-heading" className="text-3xl">
              How it is built
            </h2>
            <p>
              Pages render on the server and work without JavaScript, because a lot of booking happens on a phone in a van. Your data lives
              in one database run by the operator of this site, with no third-party trackers by default; the{' '}
              <Link to="/privacy">privacy policy</Link> lists exactly what is stored.
            </p>
          </section>
        </div>
        <div className="mt-10 flex flex-wrap gap-3">
          <LinkButton to="/register" size="lg">
            Sign Up
          </LinkButton>
          <LinkButton to="/ai-tour-planner" size="lg" variant="outline">
            Plan a tour in 5 minutes
          </LinkButton>
          <LinkButton to="/contact" size="lg" variant="ghost">
            Contact us
          </LinkButton>
        </div>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'About',
    description:
      'Stagepass shows real venue availability, ranks holds in order with the database enforcing one booking per night, and plans a multi-city tour in seconds.',
    path: '/about',
  })

/** Links and nothing else: the page ships no JavaScript (see app/web/route-handle.ts). */
export const handle = NO_SCRIPTS
