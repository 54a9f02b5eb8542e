import { CheckboxField, Field, SelectField } from '~/components/ui/field'
import {
  AGE_POLICIES,
  AGE_POLICY_LABELS,
  AMENITIES,
  DEAL_TYPES,
  DEAL_TYPE_LABELS,
  GENRES,
  US_STATES,
  VENUE_TYPES,
  VENUE_TYPE_LABELS,
} from '~/core/domain'
import { cx } from '~/core/cx'
import { todayIso } from '~/core/today'
import { MAX_RADIUS_KM, ORDERS, RADIUS_OPTIONS_KM, SORTS, SORT_LABELS } from '~/features/search/search-params'
import { errs, one, type FieldsProps } from './search-fields'

// The filters under the search form's 'Filters and sorting' and in the phone's sheet. The page's
// first load does not carry them: the form keeps the server's markup of them until a new URL
// needs them drawn again (server-island.tsx, docs/search.md 'Filters').

const TYPE_OPTIONS = VENUE_TYPES.map((value) => ({ value, label: VENUE_TYPE_LABELS[value] }))
const STATE_OPTIONS = Object.entries(US_STATES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label))
const AGE_OPTIONS = AGE_POLICIES.map((value) => ({ value, label: AGE_POLICY_LABELS[value] }))
const DEAL_OPTIONS = DEAL_TYPES.map((value) => ({ value, label: DEAL_TYPE_LABELS[value] }))
const GENRE_OPTIONS = GENRES.map((value) => ({ value, label: value === 'r&b' ? 'R&B' : value[0]!.toUpperCase() + value.slice(1) }))

/** Type, capacity, dates and whether the owner answers: the first filters under 'Filters'. */
export function BasicFields({ values, errors, idPrefix }: FieldsProps) {
  return (
    <>
      <SelectField
        labelProps={{ children: 'Venue type' }}
        selectProps={{ id: `${idPrefix}-venueType`, name: 'venueType', defaultValue: one(values, 'venueType') }}
        placeholder="Any type"
        options={TYPE_OPTIONS}
        errors={errs(errors, 'venueType')}
      />
      <Field
        labelProps={{ children: 'Guests (minimum capacity)' }}
        inputProps={{
          id: `${idPrefix}-capacity`,
          name: 'capacity',
          inputMode: 'numeric',
          defaultValue: one(values, 'capacity'),
          placeholder: 'Any',
        }}
        errors={errs(errors, 'capacity')}
      />
      <Field
        labelProps={{ children: 'Date' }}
        inputProps={{ id: `${idPrefix}-date`, name: 'date', type: 'date', min: todayIso(), defaultValue: one(values, 'date') }}
        errors={errs(errors, 'date')}
      />
      {/* A range: the venue must be free every day to this one; the listing and booking form carry it. */}
      <Field
        labelProps={{ children: 'Until (optional)' }}
        inputProps={{ id: `${idPrefix}-end`, name: 'end', type: 'date', min: todayIso(), defaultValue: one(values, 'end') }}
        errors={errs(errors, 'end')}
      />
      <CheckboxField
        className="sm:col-span-2 sm:self-center"
        labelProps={{ children: 'Only venues that answer on Stagepass (claimed by their owner)' }}
        inputProps={{
          id: `${idPrefix}-claimed`,
          name: 'claimed',
          value: 'on',
          defaultChecked: ['on', 'true', '1', 'yes'].includes(one(values, 'claimed').toLowerCase()),
        }}
        errors={errs(errors, 'claimed')}
      />
      <CheckboxField
        className="sm:col-span-2 sm:self-center"
        labelProps={{ children: 'Only venues that usually reply within a day' }}
        inputProps={{
          id: `${idPrefix}-replyWithinDay`,
          name: 'replyWithinDay',
          value: 'on',
          defaultChecked: ['on', 'true', '1', 'yes'].includes(one(values, 'replyWithinDay').toLowerCase()),
        }}
        errors={errs(errors, 'replyWithinDay')}
      />
    </>
  )
}

function StateField({ values, errors, idPrefix }: FieldsProps) {
  return (
    <SelectField
      labelProps={{ children: 'State' }}
      selectProps={{ id: `${idPrefix}-state`, name: 'state', defaultValue: one(values, 'state').toUpperCase() }}
      placeholder="Any state"
      options={STATE_OPTIONS}
      errors={errs(errors, 'state')}
    />
  )
}

/** State, genre, ages, deal, step-free entrance, price range, place and radius, sort: the rest of the filters. */
export function AdvancedFields({ values, errors, idPrefix }: FieldsProps) {
  return (
    <>
      <StateField values={values} errors={errors} idPrefix={idPrefix} />
      <SelectField
        labelProps={{ children: 'Genre' }}
        selectProps={{ id: `${idPrefix}-genre`, name: 'genre', defaultValue: one(values, 'genre').toLowerCase() }}
        placeholder="Any genre"
        options={GENRE_OPTIONS}
        errors={errs(errors, 'genre')}
      />
      <SelectField
        labelProps={{ children: 'Ages' }}
        selectProps={{ id: `${idPrefix}-agePolicy`, name: 'agePolicy', defaultValue: one(values, 'agePolicy') }}
        placeholder="Any age policy"
        options={AGE_OPTIONS}
        errors={errs(errors, 'agePolicy')}
      />
      <SelectField
        labelProps={{ children: 'Deal' }}
        selectProps={{ id: `${idPrefix}-deal`, name: 'deal', defaultValue: one(values, 'deal') }}
        placeholder="Any deal"
        options={DEAL_OPTIONS}
        errors={errs(errors, 'deal')}
      />
      <CheckboxField
        className="sm:col-span-2 sm:self-center"
        labelProps={{ children: 'Step-free entrance' }}
        inputProps={{
          id: `${idPrefix}-stepFree`,
          name: 'stepFree',
          value: 'on',
          defaultChecked: ['on', 'true', '1', 'yes'].includes(one(values, 'stepFree').toLowerCase()),
        }}
        errors={errs(errors, 'stepFree')}
      />
      <fieldset className="grid grid-cols-2 gap-x-3">
        <legend className="sr-only">Day rate in US dollars</legend>
        <Field
          labelProps={{ children: 'Day rate from ($)' }}
          inputProps={{
            id: `${idPrefix}-minPrice`,
            name: 'minPrice',
            inputMode: 'numeric',
            defaultValue: one(values, 'minPrice'),
            placeholder: '0',
          }}
          errors={errs(errors, 'minPrice')}
        />
        <Field
          labelProps={{ children: 'to ($)' }}
          inputProps={{
            id: `${idPrefix}-maxPrice`,
            name: 'maxPrice',
            inputMode: 'numeric',
            defaultValue: one(values, 'maxPrice'),
            placeholder: 'Any',
          }}
          errors={errs(errors, 'maxPrice')}
        />
      </fieldset>
      <fieldset className="grid grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] gap-x-3">
        <legend className="sr-only">Distance from a place</legend>
        <Field
          labelProps={{ children: 'Near' }}
          inputProps={{ id: `${idPrefix}-near`, name: 'near', defaultValue: one(values, 'near'), placeholder: 'Denver, CO' }}
          errors={[...(errs(errors, 'near') ?? []), ...(errs(errors, 'lat') ?? []), ...(errs(errors, 'lng') ?? [])]}
        />
        <SelectField
          labelProps={{ children: 'Within' }}
          selectProps={{ id: `${idPrefix}-radius`, name: 'radius', defaultValue: one(values, 'radius') }}
          placeholder="Any"
          options={radiusOptions(one(values, 'radius'))}
          errors={errs(errors, 'radius')}
        />
      </fieldset>
      <div className="grid grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] gap-x-3">
        <SelectField
          labelProps={{ children: 'Sort by' }}
          selectProps={{ id: `${idPrefix}-sort`, name: 'sort', defaultValue: one(values, 'sort') }}
          placeholder="Best match"
          options={SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          errors={errs(errors, 'sort')}
        />
        <SelectField
          labelProps={{ children: 'Order' }}
          selectProps={{ id: `${idPrefix}-order`, name: 'order', defaultValue: one(values, 'order') }}
          placeholder="Default"
          options={ORDERS.map((value) => ({ value, label: value === 'asc' ? 'Ascending' : 'Descending' }))}
          errors={errs(errors, 'order')}
        />
      </div>
    </>
  )
}

/** The preset radii, plus a value from the URL that is not one of them (so it is not lost). */
function radiusOptions(current: string) {
  const options = RADIUS_OPTIONS_KM.map((km) => ({ value: String(km), label: `${km} km` }))
  const n = Number(current)
  if (current && !options.some((o) => o.value === current) && n > 0 && n <= MAX_RADIUS_KM)
    options.push({ value: current, label: `${current} km` })
  return options
}

export function AmenityFields({ values, errors, idPrefix }: FieldsProps) {
  const selected = new Set(
    ([] as string[])
      .concat(values.amenities ?? [])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase()),
  )
  const error = errs(errors, 'amenities')
  return (
    <fieldset aria-describedby={error?.length ? `${idPrefix}-amenities-error` : undefined}>
      <legend className="text-sm font-medium">Amenities (all of)</legend>
      <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5">
        {AMENITIES.map((amenity) => (
          <label key={amenity} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="amenities"
              value={amenity}
              defaultChecked={selected.has(amenity.toLowerCase())}
              className="size-4 rounded border-neutral-500 accent-header"
            />
            {amenity}
          </label>
        ))}
      </div>
      <div className={cx('min-h-6 pt-1 text-sm text-red-700 dark:text-red-400')} id={`${idPrefix}-amenities-error`}>
        {error?.join(' ')}
      </div>
    </fieldset>
  )
}

/** Everything under 'Filters and sorting' but its buttons: the server draws it, and the browser after a new search. */
export default function FilterFields(props: FieldsProps) {
  return (
    <>
      <div className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <BasicFields {...props} />
        <AdvancedFields {...props} />
      </div>
      <AmenityFields {...props} />
    </>
  )
}
