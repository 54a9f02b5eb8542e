import { Form } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { Button } from '~/components/ui/button'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { AMENITIES, GENRES, US_STATES, VENUE_TYPES, VENUE_TYPE_LABELS } from '~/core/domain'
import { useIsPending } from '~/hooks/pending'
import type { FormFailure } from '~/web/form-failure'
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useServerForm, type Constraint } from '~/web/server-form'

export type VenueFormDefaults = Partial<{
  name: string
  venueType: string
  description: string
  address: string
  city: string
  stateCode: string
  capacity: number
  dayRate: number
  amenities: string[]
  genres: string[]
  website: string | null
  phone: string | null
}>

const typeOptions = VENUE_TYPES.map((value) => ({ value, label: VENUE_TYPE_LABELS[value] }))
const stateOptions = Object.entries(US_STATES).map(([value, label]) => ({ value, label }))

/**
 * The whole venue profile, for /venues/create and /venues/{id}/edit. A server form (decision 040):
 * the venue service's schema checks it on the server, its HTML constraints come from the loader
 * (`getZodConstraint(createVenueSchema)`), and a refusal comes back with what was typed.
 */
export function VenueForm({
  defaults,
  lastResult,
  constraint,
  submitLabel,
}: {
  defaults?: VenueFormDefaults
  lastResult?: FormFailure | null
  constraint: Record<string, Constraint>
  submitLabel: string
}) {
  const savingDetails = useIsPending({ fields: { intent: 'details' } })
  const [form, fields] = useServerForm<VenueFormDefaults>({
    id: 'venue',
    lastResult,
    constraint,
    // The controls' defaults are text: numbers as typed, no value for an unset website or phone.
    defaultValue: {
      ...defaults,
      capacity: defaults?.capacity === undefined ? undefined : String(defaults.capacity),
      dayRate: defaults?.dayRate === undefined ? undefined : String(defaults.dayRate),
      website: defaults?.website ?? '',
      phone: defaults?.phone ?? '',
    } as Record<string, unknown>,
  })
  // Ticked boxes: the refused post's (one box sends a string), else the venue's.
  const ticked = (initial: unknown) => (Array.isArray(initial) ? initial.map(String) : typeof initial === 'string' ? [initial] : [])
  const checked = (list: string[], value: string) => list.some((item) => item.toLowerCase() === value.toLowerCase())
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="details" />
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field labelProps={{ children: 'Name' }} inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
      <SelectField
        labelProps={{ children: 'Type' }}
        selectProps={getSelectProps(fields.venueType)}
        options={typeOptions}
        placeholder="Choose a type"
        errors={fields.venueType.errors}
      />
      <TextareaField
        labelProps={{ children: 'Description' }}
        textareaProps={getTextareaProps(fields.description)}
        errors={fields.description.errors}
      />
      <Field
        labelProps={{ children: 'Street address' }}
        inputProps={{ ...getInputProps(fields.address, { type: 'text' }), autoComplete: 'street-address' }}
        errors={fields.address.errors}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'City' }}
          hint="We place the venue at the city's centre."
          inputProps={getInputProps(fields.city, { type: 'text' })}
          errors={fields.city.errors}
        />
        <SelectField
          labelProps={{ children: 'State' }}
          selectProps={getSelectProps(fields.stateCode)}
          options={stateOptions}
          placeholder="Choose a state"
          errors={fields.stateCode.errors}
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Capacity' }}
          inputProps={{ ...getInputProps(fields.capacity, { type: 'number' }), min: 1 }}
          errors={fields.capacity.errors}
        />
        <Field
          labelProps={{ children: 'Day rate (US$)' }}
          inputProps={{ ...getInputProps(fields.dayRate, { type: 'number' }), min: 0 }}
          errors={fields.dayRate.errors}
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Website (optional)' }}
          inputProps={{ ...getInputProps(fields.website, { type: 'url' }), autoComplete: 'url' }}
          errors={fields.website.errors}
        />
        <Field
          labelProps={{ children: 'Phone (optional)' }}
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
          errors={fields.phone.errors}
        />
      </div>
      <CheckboxGroup
        legend="Amenities"
        name={fields.amenities.name}
        options={AMENITIES}
        isChecked={(value) => checked(ticked(fields.amenities.initialValue), value)}
        errors={fields.amenities.errors}
      />
      <CheckboxGroup
        legend="Genres"
        name={fields.genres.name}
        options={GENRES}
        isChecked={(value) => checked(ticked(fields.genres.initialValue), value)}
        errors={fields.genres.errors}
        capitalize
      />
      {/* Sticky at the window's foot while the form is on screen (.save-bar in app.css). */}
      <div className="save-bar">
        <Button type="submit" pending={savingDetails}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}

function CheckboxGroup({
  legend,
  name,
  options,
  isChecked,
  errors,
  capitalize,
}: {
  legend: string
  name: string
  options: readonly string[]
  isChecked: (value: string) => boolean
  errors?: string[]
  capitalize?: boolean
}) {
  return (
    <fieldset className="pb-4">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option} className={`flex items-center gap-2 text-sm ${capitalize ? 'capitalize' : ''}`}>
            <input type="checkbox" name={name} value={option} defaultChecked={isChecked(option)} className="size-4 accent-header" />
            {option}
          </label>
        ))}
      </div>
      {errors?.length ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.join(' ')}</p> : null}
    </fieldset>
  )
}
