import { nounFor } from '~/core/words'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { LinkButton } from '~/components/ui/button'
import { ArrowRightIcon, BuildingIcon, CalendarIcon, RouteIcon } from '~/components/marketing-icons'
import { SearchIcon } from '~/components/ui/icons'
import { VenueCard } from '~/components/venue-card'
import { formatCount } from '~/core/format'
import { TAGLINE, seo } from '~/web/seo'
import { cachedFeaturedVenues, cachedVenueStats, cardData } from '~/features/venues/venues.server'
import { shareResponse } from '~/web/page-serving.server'
import { GetForm } from '~/components/ui/get-form'

export async function loader({ context }: LoaderFunctionArgs) {
  // The same for every visitor; any write to what it shows empties the stored page.
  shareResponse(context, 60, 600)
  const [venues, stats] = await Promise.all([cachedFeaturedVenues(8), cachedVenueStats()])
  return { venues: venues.map(cardData), stats }
}

export default function Home() {
  const { venues, stats } = useLoaderData<typeof loader>()
  return (
    <>
      <Hero stats={stats} />
      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="featured-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-3xl">
              Featured venues
            </h2>
            <p className="mt-2 text-neutral-700 dark:text-neutral-300">Rooms with owners on Stagepass who answer fast.</p>
          </div>
          <Link to="/venues-mosaic" className="inline-flex items-center gap-1 link">
            Browse All Venues <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        {venues.length > 0 ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {venues.map((venue, index) => (
              <li key={venue.id} className="flex">
                <VenueCard venue={venue} eager={index < 4} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 rounded-card border border-dashed border-neutral-300 p-8 text-center dark:border-line-dark">
            No venues are listed yet. Own one?{' '}
            <Link to="/register?role=venue_owner" className="link">
              List it for free
            </Link>
            .
          </p>
        )}
      </section>
      <HowItWorks />
      <CallsToAction />
    </>
  )
}

function Hero({ stats }: { stats: { venues: number; cities: number; states: number; dc: boolean } }) {
  return (
    <section className="on-green relative overflow-hidden bg-gradient-to-br from-header-dark via-header to-[#0b6b4f] text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 md:grid-cols-[1.2fr_1fr] md:py-24">
        <div>
          <p className="text-sm font-semibold tracking-widest text-white/85 uppercase">Venues · Holds · Tours</p>
          <h1 className="mt-4 text-4xl leading-tight font-bold sm:text-5xl">{TAGLINE}</h1>
          <p className="mt-6 max-w-xl text-lg text-white/90">
            Search {formatCount(stats.venues)} live-music and event venues in {formatCount(stats.cities)} cities, see real availability, and
            route a multi-city tour with costs against your budget.
          </p>
          <GetForm action="/search" className="mt-8 flex max-w-xl gap-2" role="search">
            <label htmlFor="hero-q" className="sr-only">
              City, venue or type
            </label>
            <input
              id="hero-q"
              name="q"
              type="search"
              placeholder="Try “Nashville” or “brewery”"
              className="h-12 min-w-0 flex-1 rounded-control border-0 bg-white px-4 text-neutral-900 placeholder:text-neutral-600"
            />
            <button
              type="submit"
              className="inline-flex h-12 items-center gap-2 rounded-control bg-brand px-5 font-semibold text-brand-ink hover:bg-brand-hover"
            >
              <SearchIcon />
              <span className="hidden sm:inline">Search</span>
              <span className="sr-only sm:hidden">Search</span>
            </button>
          </GetForm>
          <div className="mt-6 flex flex-wrap gap-3">
            <LinkButton to="/ai-tour-planner" size="lg">
              Plan a tour in 5 minutes <ArrowRightIcon />
            </LinkButton>
            <LinkButton to="/venues-mosaic" size="lg" variant="onHeader">
              Browse All Venues
            </LinkButton>
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-4 self-end rounded-card bg-black/20 p-6 text-center backdrop-blur md:grid-cols-1 md:text-left">
          <Stat value={formatCount(stats.venues)} label="venues listed" />
          <Stat value={formatCount(stats.cities)} label="cities" />
          <Stat value={formatCount(stats.states)} label={`${nounFor(stats.states, 'state')}${stats.dc ? ' and DC' : ''}`} />
        </dl>
      </div>
    </section>
  )
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-white/85">{label}</dt>
      <dd className="order-first text-3xl font-bold">{value}</dd>
    </div>
  )
}

const ORGANIZER_STEPS = [
  { title: 'Search', text: 'Filter by city, capacity, type, genre, date and budget, on a map or a globe.', icon: SearchIcon },
  { title: 'Plan', text: 'Type or say your tour. We pick a venue per city, route it and price it against your budget.', icon: RouteIcon },
  { title: 'Hold and book', text: 'Place every hold in one step, then confirm with owners as offers come back.', icon: CalendarIcon },
]

const OWNER_STEPS = [
  { title: 'Claim', text: 'Find your venue and claim it. We verify you and hand you the keys.', icon: BuildingIcon },
  {
    title: 'Profile and calendar',
    text: 'Photos, amenities, day rates and a calendar that takes holds in rank order.',
    icon: CalendarIcon,
  },
  { title: 'Fill empty dates', text: 'See which touring acts pass near you on your open dates and offer them the night.', icon: RouteIcon },
]

function HowItWorks() {
  return (
    <section className="bg-white py-16 dark:bg-card-dark" aria-labelledby="how-heading">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="how-heading" className="text-center text-3xl">
          How it works
        </h2>
        <div className="mt-10 grid gap-10 md:grid-cols-2">
          <Steps title="For organizers and artists" steps={ORGANIZER_STEPS} />
          <Steps title="For venue owners" steps={OWNER_STEPS} />
        </div>
      </div>
    </section>
  )
}

function Steps({ title, steps }: { title: string; steps: typeof ORGANIZER_STEPS }) {
  return (
    <div>
      <h3 className="text-xl">{title}</h3>
      <ol className="mt-6 space-y-6">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-card bg-brand/15 text-header dark:text-brand">
              <step.icon className="size-6" />
            </span>
            <div>
              <p className="font-semibold">
                {index + 1}. {step.title}
              </p>
              <p className="mt-1 text-neutral-700 dark:text-neutral-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  )
}

function CallsToAction() {
  return (
    <section className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:grid-cols-2">
      <CtaCard title="Start booking today" text="Free for organizers: search, save venues and plan tours. Upgrade when you book at scale.">
        <LinkButton to="/register" size="lg">
          Sign Up
        </LinkButton>
        <LinkButton to="/pricing" size="lg" variant="outline">
          See pricing
        </LinkButton>
      </CtaCard>
      <CtaCard
        title="Questions? Talk to a person"
        text="Booking a festival run, or listing a dozen rooms? We answer within one business day."
      >
        <LinkButton to="/contact" size="lg" variant="secondary">
          Contact us
        </LinkButton>
      </CtaCard>
    </section>
  )
}

function CtaCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="card p-8">
      <h2 className="text-2xl">{title}</h2>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">{text}</p>
      <div className="mt-6 flex flex-wrap gap-3">{children}</div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, path: '/' })
