import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { ErrorList, Field, SelectField } from '~/components/ui/field'
import {
  ACCESS_FEATURES,
  ACCESS_FEATURE_LABELS,
  AGE_POLICIES,
  AGE_POLICY_LABELS,
  DEAL_TYPES,
  DEAL_TYPE_LABELS,
  STAGE_UNITS,
} from '~/core/domain'
import { SPEC_LIMITS } from '~/features/venues/specs'

/** What the form shows: the saved specs, or what the owner typed when it was refused. */
export type SpecsFormValues = Partial<Record<string, string | string[] | number | null>>
type Errors = Partial<Record<string, string[]>>

const str = (value: SpecsFormValues[string]) => (value === null || value === undefined || Array.isArray(value) ? '' : String(value))
const list = (value: SpecsFormValues[string]) => (Array.isArray(value) ? value : [])

/** /venues/{id}/edit: stage, PA, load-in, curfew, ages, deals, parking and access. Every field optional. */
export function VenueSpecsForm({ values, errors, pending }: { values: SpecsFormValues; errors?: Errors; pending: boolean }) {
  const text = (name: string, label: string, max: number, hint?: string) => (
    <Field
      labelProps={{ children: label }}
      hint={hint}
      inputProps={{ id: `spec-${name}`, name, maxLength: max, defaultValue: str(values[name]) }}
      errors={errors?.[name]}
    />
  )
  return (
    <Form method="post" className="max-w-2xl" preventScrollReset>
      <input type="hidden" name="intent" value="specs" />
      <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">
        What a booker checks before pitching. Every field is optional; the public page shows only what you fill in.
      </p>
      <fieldset className="grid grid-cols-[1fr_1fr_minmax(0,7rem)] gap-x-3">
        <legend className="mb-1 text-sm font-medium">Stage size</legend>
        <Field
          labelProps={{ children: 'Width' }}
          inputProps={{
            id: 'spec-stageWidth',
            name: 'stageWidth',
            inputMode: 'decimal',
            maxLength: 12,
            defaultValue: str(values.stageWidth),
          }}
          errors={errors?.stageWidth}
        />
        <Field
          labelProps={{ children: 'Depth' }}
          inputProps={{
            id: 'spec-stageDepth',
            name: 'stageDepth',
            inputMode: 'decimal',
            maxLength: 12,
            defaultValue: str(values.stageDepth),
          }}
          errors={errors?.stageDepth}
        />
        <SelectField
          labelProps={{ children: 'Unit' }}
          selectProps={{ id: 'spec-stageUnit', name: 'stageUnit', defaultValue: str(values.stageUnit) || 'ft' }}
          options={STAGE_UNITS.map((unit) => ({ value: unit, label: unit === 'ft' ? 'feet' : 'metres' }))}
          errors={errors?.stageUnit}
        />
      </fieldset>
      {text(
        'paBackline',
        'PA and backline',
        SPEC_LIMITS.paBackline,
        'For example: 4 kW PA, drum kit (bring breakables), 2 guitar amps, bass amp',
      )}
      {text('loadIn', 'Load-in', SPEC_LIMITS.loadIn, 'Where and when bands load in')}
      {text('curfew', 'Curfew', 20, 'When the music stops, like 23:00 or 11 pm')}
      <SelectField
        labelProps={{ children: 'Age policy' }}
        selectProps={{ id: 'spec-agePolicy', name: 'agePolicy', defaultValue: str(values.agePolicy) }}
        options={AGE_POLICIES.map((policy) => ({ value: policy, label: AGE_POLICY_LABELS[policy] }))}
        placeholder="Not stated"
        errors={errors?.agePolicy}
      />
      <Checkboxes
        name="dealTypes"
        legend="Typical deal (any that apply)"
        options={DEAL_TYPES.map((deal) => ({ value: deal, label: DEAL_TYPE_LABELS[deal] }))}
        checked={list(values.dealTypes)}
        errors={errors?.dealTypes}
      />
      {text('parking', 'Parking', SPEC_LIMITS.parking, 'For the band’s van and for guests')}
      <Checkboxes
        name="accessibility"
        legend="Accessibility"
        options={ACCESS_FEATURES.map((feature) => ({ value: feature, label: ACCESS_FEATURE_LABELS[feature] }))}
        checked={list(values.accessibility)}
        errors={errors?.accessibility}
      />
      {text('accessibilityNote', 'Access note', SPEC_LIMITS.accessibilityNote, 'Anything else a guest or a performer should know')}
      {/* Sticky at the window's foot while the form is on screen (.save-bar in app.css). */}
      <div className="save-bar">
        <Button type="submit" variant="outline" pending={pending}>
          Save specs and terms
        </Button>
      </div>
    </Form>
  )
}

function Checkboxes({
  name,
  legend,
  options,
  checked,
  errors,
}: {
  name: string
  legend: string
  options: { value: string; label: string }[]
  checked: string[]
  errors?: string[]
}) {
  return (
    <fieldset className="mb-2" aria-describedby={errors?.length ? `spec-${name}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
              className="size-5 rounded border-neutral-500 accent-header"
            />
            {option.label}
          </label>
        ))}
      </div>
      <div className="min-h-6 pt-1">
        <ErrorList id={`spec-${name}-error`} errors={errors} />
      </div>
    </fieldset>
  )
}
