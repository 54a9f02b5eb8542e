import type { SpecRow } from '~/features/venues/specs'

// The venue page's 'Specs and terms': only what the owner filled in (the loader's specRows, worded
// on the server), as a definition list, one column on a phone (the values are short sentences, not
// the key facts' single words). Nothing at all when nothing was stated.

export function SpecsAndTerms({ rows }: { rows: SpecRow[] }) {
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="section-specs-and-terms">
      <h2 id="section-specs-and-terms" className="mb-4 text-2xl">
        Specs and terms
      </h2>
      <dl className="specs card">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
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
    <ul className="trust" aria-label="Why you can trust this listing">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}
