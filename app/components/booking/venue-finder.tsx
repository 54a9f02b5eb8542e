import { Link } from '@remix-run/react'
import { useAutoSubmit } from '~/components/search/auto-submit'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { GetForm } from '~/components/ui/get-form'
import type { VenueChoice } from '~/features/venues/venue-picker.server'

type Choices = { wishlist: VenueChoice[]; found: VenueChoice[]; findProblem: string | null; find: string }

/**
 * Finding venues for a booking by name, city or kind of room instead of an id. A GET form: without
 * JavaScript its button returns the choices; with it the choices follow the typing (a type-ahead).
 * Each choice is a link (`pick`) that adds the venue to the booking.
 */
export function VenueFinder({
  choices,
  action,
  keep,
  pick,
  pickLabel,
}: {
  choices: Choices
  action: string
  /** Query values the page keeps while finding (the date, the venues already chosen). */
  keep: [string, string][]
  pick: (id: string) => string
  pickLabel: string
}) {
  const onChange = useAutoSubmit(300)
  return (
    <section aria-labelledby="venue-finder-heading" className="card p-6">
      <h2 id="venue-finder-heading" className="text-lg font-semibold">
        Find a venue
      </h2>
      <GetForm
        action={action}
        onChange={onChange}
        onSubmit={onChange.cancel}
        className="mt-3 flex flex-col gap-x-3 sm:flex-row sm:items-start"
        role="search"
      >
        {keep.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <Field
          className="flex-1"
          labelProps={{ children: 'Venue name, city or kind of room' }}
          hint="For example “Blue Note”, “Austin, TX” or “brewery Denver”."
          inputProps={{ name: 'find', type: 'search', defaultValue: choices.find, maxLength: 100, autoComplete: 'off' }}
        />
        <Button type="submit" variant="secondary" className="mb-6 sm:mt-6 sm:mb-0">
          Find
        </Button>
      </GetForm>
      <div aria-live="polite">
        {choices.findProblem ? <p className="text-sm">{choices.findProblem}</p> : null}
        <ChoiceList
          title={choices.find ? `Venues for “${choices.find}”` : null}
          choices={choices.found}
          pick={pick}
          pickLabel={pickLabel}
        />
      </div>
      <ChoiceList title="From your wishlist" choices={choices.wishlist} pick={pick} pickLabel={pickLabel} />
    </section>
  )
}

function ChoiceList({
  title,
  choices,
  pick,
  pickLabel,
}: {
  title: string | null
  choices: VenueChoice[]
  pick: (id: string) => string
  pickLabel: string
}) {
  if (!choices.length || !title) return null
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold">{title}</h3>
      <ul className="mt-2 divide-y divide-neutral-200 dark:divide-neutral-700">
        {choices.map((choice) => (
          <li key={choice.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              {choice.label}
              {choice.claimed ? null : <span className="text-neutral-600 dark:text-neutral-400"> · Unclaimed listing</span>}
            </span>
            <Link to={pick(choice.id)} className="shrink-0 link" aria-label={`${pickLabel}: ${choice.label}`}>
              {pickLabel}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
