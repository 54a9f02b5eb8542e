import { ACCESS_FEATURE_LABELS, AGE_POLICY_LABELS, DEAL_TYPE_LABELS, type AccessFeature, type AgePolicy, type DealType } from '~/lib/domain'
import { formatCurfew, formatStage, type VenueSpecs } from '~/lib/venue-specs'

// The venue page's 'Specs and terms': only what the owner filled in, as a definition list, one
// column on a phone (the values are short sentences, not the key facts' single words). Nothing at
// all when nothing was stated.

/** The rows to show, in a booker's order: the room, the rules, the money, getting there. */
export function specRows(specs: VenueSpecs): { label: string; value: string }[] {
  const access = [
    ...specs.accessibility.map((feature) => ACCESS_FEATURE_LABELS[feature as AccessFeature] ?? feature),
    ...(specs.accessibilityNote ? [specs.accessibilityNote] : []),
  ]
  const rows: [string, string | null][] = [
    ['Stage', formatStage(specs)],
    ['PA and backline', specs.paBackline],
    ['Load-in', specs.loadIn],
    ['Curfew', specs.curfew ? formatCurfew(specs.curfew) : null],
    ['Ages', specs.agePolicy ? (AGE_POLICY_LABELS[specs.agePolicy as AgePolicy] ?? null) : null],
    ['Typical deal', specs.dealTypes.map((deal) => DEAL_TYPE_LABELS[deal as DealType] ?? deal).join(', ') || null],
    ['Parking', specs.parking],
    ['Accessibility', access.join('. ') || null],
  ]
  return rows.filter((row): row is [string, string] => Boolean(row[1])).map(([label, value]) => ({ label, value }))
}

export function SpecsAndTerms({ specs }: { specs: VenueSpecs }) {
  const rows = specRows(specs)
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="section-specs-and-terms" data-testid="specs-and-terms">
      <h2 id="section-specs-and-terms" className="mb-4 text-2xl">
        Specs and terms
      </h2>
      <dl className="grid gap-4 card p-6 sm:grid-cols-2 sm:gap-x-8">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm text-neutral-600 dark:text-neutral-400">{row.label}</dt>
            <dd className="mt-1 font-semibold whitespace-pre-line">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** 'Claimed', 'Reviewed', the reply line and the confirmed shows: why a booker can trust the listing. */
export function TrustList({
  claimed,
  reviewed,
  replies,
  shows,
}: {
  claimed: boolean
  reviewed: boolean
  replies: string | null
  shows: string | null
}) {
  const items = [claimed ? 'Claimed by its owner' : null, reviewed ? 'Reviewed by Stagepass' : null, replies, shows].filter(
    (item): item is string => Boolean(item),
  )
  if (items.length === 0) return null
  return (
    <ul
      className="mt-6 space-y-1 border-t border-neutral-200 pt-4 text-sm dark:border-neutral-700"
      aria-label="Trust"
      data-testid="venue-trust"
    >
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span aria-hidden="true" className="text-emerald-700 dark:text-emerald-400">
            ✓
          </span>
          {item}
        </li>
      ))}
    </ul>
  )
}
