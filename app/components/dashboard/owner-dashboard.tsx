import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
import { LinkButton } from '~/components/ui/button'
import { cx } from '~/core/cx'

/** The owner dashboard's tabs, chosen by ?tab= so each is a server-rendered page of its own. */
export const OWNER_TABS = ['todo', 'performance'] as const
export type OwnerTab = (typeof OWNER_TABS)[number]

const TAB_LABELS: Record<OwnerTab, string> = { todo: 'To do', performance: 'Performance' }

/** Plain links (no script needed); the current one is marked for screen readers too. */
export function OwnerTabs({ current, counts }: { current: OwnerTab; counts: Partial<Record<OwnerTab, number>> }) {
  return (
    <nav aria-label="Dashboard sections" className="border-b border-neutral-200 dark:border-line-dark">
      <ul className="relative flex gap-1 overflow-x-auto">
        {OWNER_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={tab === 'todo' ? '/dashboard/venue' : `/dashboard/venue?tab=${tab}`}
              aria-current={tab === current ? 'page' : undefined}
              className={cx(
                '-mb-px inline-flex min-h-11 items-center gap-2 border-b-4 px-4 font-medium whitespace-nowrap',
                tab === current
                  ? 'border-header text-header dark:border-brand dark:text-brand'
                  : 'border-transparent hover:bg-black/5 dark:hover:bg-white/10',
              )}
            >
              {TAB_LABELS[tab]}
              {counts[tab] ? (
                <span className="rounded-full bg-header px-2 text-sm text-white dark:bg-brand dark:text-black">{counts[tab]}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Links to the sections of a long tab, for people who would rather jump than scroll. */
export function JumpLinks({ links }: { links: Array<{ href: string; label: string }> }) {
  return (
    <nav aria-label="On this tab" className="text-sm">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="link">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

type Claim = { id: string; venueName: string }

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 card p-5">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-header text-lg font-bold text-white dark:bg-brand dark:text-black"
      >
        {n}
      </span>
      <div className="space-y-2">
        <h3 className="text-xl">{title}</h3>
        {children}
      </div>
    </li>
  )
}

/**
 * What a new owner sees instead of empty figures: how to get a venue onto Stagepass (claim a
 * listed one or list a new one), then what to set before the first request comes in.
 */
export function FirstRunGuide({ openClaims }: { openClaims: Claim[] }) {
  return (
    <section aria-labelledby="first-run-heading" className="space-y-6">
      <div>
        <h2 id="first-run-heading" className="text-2xl">
          Get your venue ready for bookings
        </h2>
        <p className="mt-1 max-w-prose text-neutral-700 dark:text-neutral-300">
          You have no venue on Stagepass yet. Three steps, and organizers can find you, see your open dates and send requests.
        </p>
      </div>
      {openClaims.length ? (
        <ul
          aria-label="Your claims"
          className="space-y-1 rounded-control border border-amber-600/40 bg-amber-50 p-3 text-amber-950 dark:border-amber-400/40 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {openClaims.map((claim) => (
            <li key={claim.id}>
              Your claim for <strong>{claim.venueName}</strong> is waiting for an admin’s review. The venue appears here once it is
              approved.
            </li>
          ))}
        </ul>
      ) : null}
      <ol className="space-y-4">
        <Step n={1} title="Claim your venue or list a new one">
          <p>
            Already listed? Search for your venue, open its page and choose <strong>Claim this venue</strong>; an admin checks the claim
            before the venue is yours. Not listed yet? List it: name, address, capacity and day rate are enough to start.
          </p>
          <div className="flex flex-wrap gap-3">
            <LinkButton to="/search">Find your venue to claim</LinkButton>
            <LinkButton to="/venues/create" variant="outline">
              List a new venue
            </LinkButton>
          </div>
        </Step>
        <Step n={2} title="Set your calendar">
          <p>
            On your venue’s edit page, under <strong>Calendar</strong>, mark the nights you are closed or already booked, so organizers only
            ask for open dates.
          </p>
        </Step>
        <Step n={3} title="Set your booking rules">
          <p>
            Under <strong>Booking rules</strong> on the same page, choose how many hours you take to answer a request and how long a hold on
            a date lasts.
          </p>
        </Step>
      </ol>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        Once your venue is on Stagepass, this page shows your booking requests, questions from organizers and how your venue performs.
      </p>
    </section>
  )
}
