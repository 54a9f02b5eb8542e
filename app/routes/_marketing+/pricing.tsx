import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { PageHeader } from '~/components/page-header'
import { LinkButton, type ButtonVariant } from '~/components/ui/button'
import { CheckIcon } from '~/components/ui/icons'
import { cx } from '~/core/cx'
import {
  ORGANIZER_PLANS,
  audienceFor,
  VENUE_PLANS,
  formatLimit,
  formatPrice,
  type OrganizerLimits,
  type OrganizerPlanId,
  type Plan,
  type VenueLimits,
  type VenuePlanId,
} from '~/features/plans/plans'
import { seo } from '~/web/seo'
import { NO_SCRIPTS } from '~/web/route-handle'
import { UpgradeRequest } from '~/components/upgrade-request'
import { actionAttempt } from '~/web/form-errors.server'
import { getUser } from '~/features/accounts/guards.server'
import { planState, requestUpgrade } from '~/features/plans/plan-requests.server'
import { redirectWithToast } from '~/platform/toast.server'
import { failureMessage } from '~/web/form-failure'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  return {
    state: user ? await planState(user) : null,
    audience: user ? audienceFor(user.role) : null,
    wanted: new URL(request.url).searchParams.get('plan'),
  }
}

/** 'Request an upgrade': a signed-in user asks, an admin grants it on /admin/users. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getUser(request)
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: '/pricing#upgrade' })}`)
  const form = await request.formData()
  return actionAttempt(
    async () => {
      await requestUpgrade(user, { plan: form.get('plan') ?? '', note: form.get('note') ?? '' })
      return redirectWithToast('/pricing#upgrade', {
        type: 'success',
        description: 'Upgrade requested. An admin moves your account to the plan and you get a notification.',
      })
    },
    { fallback: 'Choose a plan', values: form },
  )
}

// No checkout exists: every button leads to sign-up or to a person.
type CtaKey = `organizer:${OrganizerPlanId}` | `venue_owner:${VenuePlanId}`
type Cta = { label: string; to: string | null; variant: ButtonVariant }
const CTA: Record<CtaKey, Cta> = {
  'organizer:free': { label: 'Sign up free', to: '/register', variant: 'primary' },
  'organizer:pro': { label: 'Start with Free, upgrade later', to: '/register', variant: 'primary' },
  'organizer:agency': { label: 'Contact sales', to: '/contact?topic=sales', variant: 'outline' },
  'venue_owner:free': { label: 'Claim your venue free', to: '/register?role=venue_owner', variant: 'primary' },
  'venue_owner:pro': { label: 'Contact sales', to: '/contact?topic=sales', variant: 'outline' },
}

export default function PricingPage() {
  const { state, audience, wanted } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const ctaFor = (plan: Plan) => planCta(plan, state && audience ? { audience, current: state.current.id } : null)
  return (
    <>
      <PageHeader eyebrow="Pricing" title="Plans that grow with the tour">
        <p>
          Searching, saving venues and booking are free. Pay when you plan tours at scale, work for a roster, or run several rooms. There is
          no booking fee on any plan.
        </p>
      </PageHeader>

      <section aria-labelledby="organizer-heading" className="mx-auto max-w-7xl px-4 pt-12">
        <h2 id="organizer-heading" className="text-3xl">
          For organizers and artists
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {ORGANIZER_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} featured={plan.id === 'pro'} cta={ctaFor(plan)} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="venue-heading" className="mx-auto max-w-7xl px-4 pt-16">
        <h2 id="venue-heading" className="text-3xl">
          For venue owners
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          <ul className="grid gap-6 md:col-span-2 md:grid-cols-2">
            {VENUE_PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} cta={ctaFor(plan)} />
            ))}
          </ul>
          <BillingNote />
        </div>
      </section>

      <UpgradeRequest state={state} wanted={wanted} error={failureMessage(actionData)} />

      <section aria-labelledby="compare-heading" className="mx-auto max-w-7xl px-4 pt-16">
        <h2 id="compare-heading" className="text-3xl">
          Compare plans
        </h2>
        <Comparison caption="Organizer and artist plans" plans={ORGANIZER_PLANS} rows={ORGANIZER_ROWS} />
        <Comparison caption="Venue owner plans" plans={VENUE_PLANS} rows={VENUE_ROWS} />
      </section>

      <Faq />
    </>
  )
}

/**
 * A plan card's button for who is looking: sign-up for visitors; for a signed-in user 'Your plan'
 * on their own plan, 'Request an upgrade' on a dearer one of their kind, 'Change plan' on a
 * cheaper one, and nothing on the other kind's plans (an account is one kind, docs/accounts.md).
 */
function planCta(plan: Plan, viewer: { audience: Plan['audience']; current: string } | null): Cta | null {
  if (!viewer) return CTA[`${plan.audience}:${plan.id}` as CtaKey]
  if (viewer.audience !== plan.audience) return null
  if (plan.id === viewer.current) return { label: 'Your plan', to: null, variant: 'outline' }
  const plans: readonly Plan[] = plan.audience === 'venue_owner' ? VENUE_PLANS : ORGANIZER_PLANS
  const current = plans.find((p) => p.id === viewer.current)
  if (current && plan.priceUsd < current.priceUsd) return { label: 'Change plan', to: '/contact?topic=sales', variant: 'outline' }
  return { label: 'Request an upgrade', to: `/pricing?plan=${plan.id}#upgrade`, variant: 'primary' }
}

function PlanCard({ plan, featured = false, cta }: { plan: Plan; featured?: boolean; cta: Cta | null }) {
  const headingId = `plan-${plan.audience}-${plan.id}`
  return (
    <li
      aria-labelledby={headingId}
      className={cx('flex flex-col card p-6 hover:shadow-sm', featured && 'ring-2 ring-header dark:ring-brand')}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl">
          {plan.name}
        </h3>
        {featured ? (
          <span className="rounded-control bg-brand/15 px-2 py-1 text-xs font-semibold text-header-dark dark:text-brand">
            For touring acts
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">{plan.summary}</p>
      <p className="mt-4">
        <span className="text-4xl font-bold">{formatPrice(plan)}</span>{' '}
        <span className="text-neutral-700 dark:text-neutral-300">{plan.per ? `/ ${plan.per}` : 'forever'}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-2">
        {plan.highlights.map((line) => (
          <li key={line} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-header dark:text-brand" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
      {cta?.to ? (
        <LinkButton to={cta.to} variant={cta.variant} size="lg" className="mt-6 w-full text-center whitespace-normal">
          {cta.label}
        </LinkButton>
      ) : cta ? (
        // The viewer's own plan: said, not offered.
        <p className="mt-6 rounded-control border-2 border-header px-4 py-3 text-center font-semibold text-header-dark dark:border-brand dark:text-brand">
          {cta.label}
        </p>
      ) : null}
    </li>
  )
}

function BillingNote() {
  return (
    <aside aria-labelledby="billing-heading" className="rounded-card border border-dashed border-neutral-300 p-6 dark:border-line-dark">
      <h3 id="billing-heading" className="text-xl">
        How billing works
      </h3>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-neutral-700 dark:text-neutral-300">
        <li>Prices are in US dollars.</li>
        <li>Paid plans are billed monthly and can be cancelled any time.</li>
        <li>No booking fee and no commission, on any plan.</li>
        <li>
          Online checkout is not open yet: sign up on Free, then{' '}
          <Link to="/pricing#upgrade" className="link">
            request an upgrade
          </Link>{' '}
          and an admin moves your account to the paid plan.
        </li>
      </ul>
    </aside>
  )
}

type Row<L> = { label: string; value: (limits: L) => number | boolean }

const ORGANIZER_ROWS: Row<OrganizerLimits>[] = [
  { label: 'Venue search', value: (l) => l.searches },
  { label: 'Wishlist venues', value: (l) => l.wishlistVenues },
  { label: 'Saved tour plans', value: (l) => l.savedTourPlans },
  { label: 'New conversations a month', value: (l) => l.newConversationsPerMonth },
  { label: 'Open holds at a time', value: (l) => l.openHolds },
  { label: 'Artist profiles', value: (l) => l.artistProfiles },
  { label: 'Priority support', value: (l) => l.prioritySupport },
]

const VENUE_ROWS: Row<VenueLimits>[] = [
  { label: 'Claimed venues', value: (l) => l.claimedVenues },
  { label: 'Calendar and ranked holds', value: (l) => l.calendarAndHolds },
  { label: 'Booking inquiries', value: (l) => l.inquiries },
  { label: 'Venue analytics', value: (l) => l.analytics },
  { label: 'Empty-date offers', value: (l) => l.emptyDateOffers },
]

// The feature column stays put while a narrow screen scrolls the plan columns.
const STICKY = 'sticky left-0 z-10 bg-white px-3 py-3 sm:px-4 dark:bg-card-dark'

function Comparison<P extends Plan>({ caption, plans, rows }: { caption: string; plans: readonly P[]; rows: Row<P['limits']>[] }) {
  return (
    // Scrolls sideways on a narrow phone instead of squeezing the columns; focusable so keyboards can scroll it.
    <div className="mt-6 overflow-x-auto card hover:shadow-sm" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm sm:text-base">
        <caption className="px-3 pt-4 text-left text-lg font-semibold sm:px-4">{caption}</caption>
        <thead>
          <tr className="border-b border-neutral-200 dark:border-line-dark">
            <th scope="col" className={cx(STICKY, 'font-medium text-neutral-700 dark:text-neutral-300')}>
              Feature
            </th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col" className="px-2 py-3 text-center sm:px-3">
                {plan.name}
                <span className="block text-sm font-normal text-neutral-700 dark:text-neutral-300">
                  {formatPrice(plan)}
                  {plan.per ? ' / month' : ''}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-neutral-100 last:border-0 dark:border-white/5">
              <th scope="row" className={cx(STICKY, 'font-normal')}>
                {row.label}
              </th>
              {plans.map((plan) => (
                <td key={plan.id} className="px-2 py-3 text-center sm:px-3">
                  <Cell value={row.value(plan.limits)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Cell({ value }: { value: number | boolean }) {
  if (value === true) return <CheckIcon className="mx-auto size-5 text-header dark:text-brand" title="Included" />
  if (value === false)
    return (
      <>
        <span aria-hidden="true" className="text-neutral-500 dark:text-neutral-400">
          –
        </span>
        <span className="sr-only">Not included</span>
      </>
    )
  return <>{formatLimit(value)}</>
}

const FAQ: Array<{ q: string; a: ReactNode }> = [
  {
    q: 'What is a hold?',
    a: (
      <>
        A hold is a provisional claim on a date at a venue. Holds on the same night are ranked in the order they were placed: first hold,
        second hold, and so on. When the owner confirms a date it becomes a booking and the other holds on that night are released; if the
        first hold is dropped, the next one moves up. The database accepts only one booking per venue and night, so two acts can never both
        be confirmed for the same room.
      </>
    ),
  },
  {
    q: 'Is a hold a contract?',
    a: 'No. A hold reserves your place in line, nothing more. The deal (fee, door split, production) is agreed between you and the venue, and only a confirmed booking counts.',
  },
  {
    q: 'Is there a booking fee?',
    a: 'No. We take no commission and add no fee to bookings on any plan, for organizers or for venues. Money for a show goes between you and the venue.',
  },
  {
    q: 'Can I cancel?',
    a: 'Yes. Paid plans are billed monthly with no minimum term, and you can cancel any time. At the end of the month you paid for, you go back to Free. Nothing is deleted: if you have more than Free allows (say 12 saved tour plans), you keep and open all of them, but cannot add new ones until you are under the limit.',
  },
  {
    q: 'What counts as a conversation?',
    a: 'A new one-to-one thread you start with a venue owner, counted when you send its first message (opening ‘Message the owner’ costs nothing). Replies in a thread you already have never count, and neither do threads an owner starts with you about their venue.',
  },
  {
    q: 'Do venue owners pay to receive inquiries or holds?',
    a: 'No. A claimed venue on Free gets its calendar, ranked holds, every inquiry and the response-time badge. Venue Pro adds tools for groups of rooms: up to 10 venues, analytics and offers of empty dates to organizers.',
  },
]

function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16">
      <h2 id="faq-heading" className="text-3xl">
        Questions
      </h2>
      <div className="mt-6 max-w-3xl divide-y divide-neutral-200 border-y border-neutral-200 dark:divide-line-dark dark:border-line-dark">
        {FAQ.map((item) => (
          <details key={item.q} className="group py-4">
            <summary className="flex cursor-pointer items-center justify-between gap-4 text-lg font-medium">
              {item.q}
              <span
                aria-hidden="true"
                className="text-2xl leading-none text-header transition-transform group-open:rotate-45 dark:text-brand"
              >
                +
              </span>
            </summary>
            <p className="mt-3 text-neutral-700 dark:text-neutral-300">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Pricing',
    description:
      'Stagepass is free for searching and booking venues. Pro is $29 a month, Agency $99, Venue Pro $39 per venue group. No booking fee.',
    path: '/pricing',
  })

/** Links and plain forms: the page ships no JavaScript (see app/web/route-handle.ts). */
export const handle = NO_SCRIPTS
