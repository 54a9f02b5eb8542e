import { CheckboxField, Field, TextareaField } from '~/components/ui/field'
import type { Criteria } from '~/planner/types'

// The full form's fields for the constraints the text planner reads beyond the plain criteria
// (docs/planner.md, A request is a set of constraints): a show range, days off, a radius from home,
// cities and parts of states ruled out, cities on dates, per-city draws and the way home. Only the
// full form renders them, so the text planner's first load does not grow.

/** The criteria without what these fields show, for `CriteriaFields`: it would carry them as hidden fields too. */
export function withoutConstraintFields(c: Criteria): Criteria {
  return {
    ...c,
    minShows: null,
    within: null,
    pins: [],
    guestsByCity: {},
    returnHome: false,
    exclude: { ...c.exclude, cities: [], regions: [] },
    daysOff: { ...c.daysOff, count: null },
  }
}

/** 'asheville, nc' (a criteria key) → 'Asheville, NC'. */
function keyText(key: string): string {
  const [name = '', state] = key.split(/,\s*/)
  const title = name.replace(/(^|[\s.-])([a-z])/g, (m) => m.toUpperCase())
  return state ? `${title}, ${state.toUpperCase()}` : title
}

export function ConstraintFields({
  criteria: c,
  errors = {},
  areas,
}: {
  criteria: Criteria
  errors?: Record<string, string>
  /** The parts of states that can be ruled out (app/planner/regions.ts), and any region already ruled out. */
  areas: { id: string; label: string }[]
}) {
  const err = (k: string) => (errors[k] ? [errors[k]] : undefined)
  const out = new Set(c.exclude.regions ?? [])
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {/* The regions that filled the tour still bound the number of shows ('6 shows in California'). */}
      {c.regions.length ? <input type="hidden" name="regions" value={c.regions.join(',')} /> : null}
      {c.heading ? <input type="hidden" name="heading" value={c.heading} /> : null}
      <Field
        labelProps={{ children: 'At least this many shows (the low end of a range)' }}
        inputProps={{ name: 'minShows', type: 'number', min: 1, max: 60, defaultValue: c.minShows ?? '' }}
        errors={err('minShows')}
      />
      <Field
        labelProps={{ children: 'Days off in all' }}
        inputProps={{ name: 'offDays', type: 'number', min: 1, max: 30, defaultValue: c.daysOff.count ?? '' }}
        errors={err('offDays')}
      />
      <Field
        labelProps={{ children: 'Every show within this many hours by road …' }}
        inputProps={{ name: 'withinHours', type: 'number', min: 0.5, max: 48, step: 0.25, defaultValue: c.within?.hours ?? '' }}
        errors={err('withinHours') ?? err('within')}
      />
      <Field
        labelProps={{ children: '… of this city' }}
        inputProps={{ name: 'withinCity', defaultValue: c.within ? keyText(c.within.city) : '', placeholder: 'Asheville, NC' }}
        errors={err('withinCity')}
      />
      <TextareaField
        labelProps={{ children: 'Never in these cities (one per line)' }}
        textareaProps={{ name: 'notCities', rows: 2, defaultValue: c.exclude.cities.map(keyText).join('\n'), className: 'min-h-11' }}
        errors={err('notCities')}
      />
      <TextareaField
        labelProps={{ children: 'Cities on dates (one per line, city @ date; a city on several lines plays several nights in one room)' }}
        textareaProps={{
          name: 'pins',
          rows: 2,
          defaultValue: c.pins.map((p) => `${keyText(p.city)} @ ${p.date}`).join('\n'),
          placeholder: 'Atlanta, GA @ 2027-01-14',
          className: 'min-h-11',
        }}
        errors={err('pins')}
      />
      <TextareaField
        labelProps={{ children: 'Draw in one city (one per line, city @ people)' }}
        textareaProps={{
          name: 'draws',
          rows: 2,
          defaultValue: Object.entries(c.guestsByCity)
            .map(([city, n]) => `${keyText(city)} @ ${n}`)
            .join('\n'),
          placeholder: 'Chicago, IL @ 200',
          className: 'min-h-11',
        }}
        errors={err('draws')}
      />
      <fieldset className="mb-4">
        <legend className="text-sm font-medium">Never in these parts of states</legend>
        {areas.map((a) => (
          <CheckboxField
            key={a.id}
            className="mt-1"
            labelProps={{ children: a.label }}
            inputProps={{ name: 'notRegions', value: a.id, defaultChecked: out.has(a.id) }}
          />
        ))}
      </fieldset>
      <CheckboxField
        labelProps={{ children: 'Back home (or to the first city) at the end' }}
        inputProps={{ name: 'back', value: '1', defaultChecked: c.returnHome }}
      />
    </div>
  )
}
