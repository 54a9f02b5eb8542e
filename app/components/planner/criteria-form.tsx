import { Form, Link } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { CheckboxField, Field, SelectField, TextareaField } from '~/components/ui/field'
import { cityFromKey, cityLabel, tourPlannerParams } from '~/features/tours/tour-planner-link'
import type { Criteria } from '~/planner/types'
import { useIsPending } from '~/hooks/pending'

// The criteria as editable fields. A GET form whose names are the planner's query contract
// (app/features/tours/tour-planner-url.ts), so it works without JavaScript and the result is a shareable URL.

export const MODE_OPTIONS = [
  { value: 'drive', label: 'Drive' },
  { value: 'bus', label: 'Tour bus' },
  { value: 'train', label: 'Train' },
  { value: 'fly', label: 'Fly' },
]

const keyLabel = (key: string | null, c: Criteria) => (key ? cityFromKey(key, c.cities) : '')

const VISIBLE = ['cities', 'startDate', 'days', 'guests', 'ticket', 'attendance', 'budget', 'eventType', 'mode', 'genres']
const FULL_ONLY = [
  'crew',
  'priority',
  'startCity',
  'endCity',
  'venueTypes',
  'amenities',
  'maxHours',
  'restEvery',
  'shows',
  'endBy',
  'lastShow',
  'notStates',
  'noDays',
  'home',
  'order',
]
const WEEKDAY_CODES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']
const NOT_CARRIED = new Set(['shows', 'regions', 'heading'])

export function CriteriaFields({
  criteria,
  errors = {},
  full = false,
  prefix = '',
}: {
  criteria: Criteria
  errors?: Record<string, string>
  full?: boolean
  prefix?: string
}) {
  const err = (k: string) => (errors[k] ? [errors[k]] : undefined)
  const n = (k: string) => `${prefix}${k}`
  const shown = new Set([...VISIBLE, ...(full ? FULL_ONLY : [])])
  // What the form does not show still travels with it (a fixed order, home, days off), so
  // 'Update plan' changes only what was edited. Shows and regions are left out: once planned, the
  // cities are listed, and an edited list is the tour.
  const carried = [...tourPlannerParams(criteria)].filter(([k]) => !shown.has(k) && !NOT_CARRIED.has(k))
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={n(k)} value={v} />
      ))}
      <TextareaField
        className="sm:col-span-2"
        labelProps={{ children: criteria.keepOrder ? 'Cities (one per line, in this order)' : 'Cities (one per line, in any order)' }}
        textareaProps={{
          name: n('cities'),
          rows: 3,
          defaultValue: criteria.cities.map(cityLabel).join('\n'),
          className: 'min-h-20',
          placeholder: 'Austin, TX\nDenver, CO',
        }}
        errors={err('cities')}
      />
      <Field
        labelProps={{ children: 'Start date' }}
        inputProps={{ name: n('startDate'), type: 'date', defaultValue: criteria.startDate }}
        errors={err('startDate')}
      />
      <Field
        labelProps={{ children: 'Days' }}
        inputProps={{ name: n('days'), type: 'number', min: 1, max: 365, defaultValue: criteria.durationDays }}
        errors={err('days')}
      />
      <Field
        labelProps={{ children: 'Guests per show' }}
        inputProps={{ name: n('guests'), type: 'number', min: 1, defaultValue: criteria.guestCount || '' }}
        errors={err('guests')}
      />
      <Field
        labelProps={{ children: 'Ticket price (USD)' }}
        inputProps={{
          name: n('ticket'),
          inputMode: 'numeric',
          defaultValue: criteria.ticketPrice ? String(criteria.ticketPrice) : '',
        }}
        errors={err('ticket')}
      />
      <Field
        labelProps={{ children: 'Tickets expected a night' }}
        inputProps={{
          name: n('attendance'),
          type: 'number',
          min: 1,
          defaultValue: criteria.expectedAttendance || '',
        }}
        errors={err('attendance')}
      />
      {/* The default budget is no budget: the box stays empty until the booker gives one. */}
      <Field
        labelProps={{ children: 'Budget (USD)' }}
        inputProps={{
          name: n('budget'),
          inputMode: 'numeric',
          defaultValue: criteria.setFields.includes('budget') ? String(criteria.budget) : '',
        }}
        errors={err('budget')}
      />
      <Field
        labelProps={{ children: 'Event type' }}
        inputProps={{ name: n('eventType'), defaultValue: criteria.eventType ?? '', placeholder: 'concert' }}
        errors={err('eventType')}
      />
      <SelectField
        labelProps={{ children: 'Travel mode' }}
        selectProps={{ name: n('mode'), defaultValue: criteria.travelMode }}
        options={MODE_OPTIONS}
        errors={err('mode')}
      />
      <Field
        labelProps={{ children: 'Genres (comma-separated)' }}
        inputProps={{ name: n('genres'), defaultValue: criteria.preferences.genres.join(', '), placeholder: 'rock, indie' }}
        errors={err('genres')}
      />
      {full ? (
        <>
          <Field
            labelProps={{ children: 'Crew size' }}
            inputProps={{ name: n('crew'), type: 'number', min: 1, max: 200, defaultValue: criteria.crewSize }}
            errors={err('crew')}
          />
          <SelectField
            labelProps={{ children: 'Priority' }}
            selectProps={{ name: n('priority'), defaultValue: criteria.priority }}
            options={[
              { value: 'balanced', label: 'Balanced' },
              { value: 'cost', label: 'Lowest cost' },
              { value: 'quality', label: 'Best fit' },
            ]}
            errors={err('priority')}
          />
          <Field
            labelProps={{ children: 'Shows (optional)' }}
            inputProps={{ name: n('shows'), type: 'number', min: 1, max: 60, defaultValue: criteria.showCount ?? '' }}
            errors={err('shows')}
          />
          <Field
            labelProps={{ children: criteria.endExact ? 'Last show on' : 'Last show by (optional)' }}
            inputProps={{ name: n(criteria.endExact ? 'lastShow' : 'endBy'), type: 'date', defaultValue: criteria.endDate ?? '' }}
            errors={err(criteria.endExact ? 'lastShow' : 'endBy')}
          />
          <Field
            labelProps={{ children: 'Never in these states (codes, e.g. tx, ok)' }}
            inputProps={{ name: n('notStates'), defaultValue: criteria.exclude.states.join(', ').toLowerCase(), placeholder: 'tx, ok' }}
            errors={err('notStates')}
          />
          <Field
            labelProps={{ children: 'No shows on (e.g. mon, tue)' }}
            inputProps={{
              name: n('noDays'),
              defaultValue: criteria.daysOff.weekdays.map((d) => WEEKDAY_CODES[d]).join(', '),
              placeholder: 'mon, tue',
            }}
            errors={err('noDays')}
          />
          <Field
            labelProps={{ children: 'Home city: start there (optional)' }}
            inputProps={{ name: n('home'), defaultValue: keyLabel(criteria.homeCity, criteria) }}
            errors={err('home')}
          />
          <CheckboxField
            labelProps={{ children: 'Keep my order of cities' }}
            inputProps={{ name: n('order'), value: 'fixed', defaultChecked: criteria.keepOrder }}
          />
          <Field
            labelProps={{ children: 'Start in, or fly in to (optional)' }}
            inputProps={{ name: n('startCity'), defaultValue: keyLabel(criteria.startCity, criteria) }}
            errors={err('startCity')}
          />
          <Field
            labelProps={{ children: 'End in (optional)' }}
            inputProps={{ name: n('endCity'), defaultValue: keyLabel(criteria.endCity, criteria) }}
            errors={err('endCity')}
          />
          <Field
            labelProps={{ children: 'Venue types (comma-separated)' }}
            inputProps={{ name: n('venueTypes'), defaultValue: criteria.preferences.venueTypes.join(', '), placeholder: 'club, theater' }}
            errors={err('venueTypes')}
          />
          <Field
            labelProps={{ children: 'Amenities (comma-separated)' }}
            inputProps={{
              name: n('amenities'),
              defaultValue: criteria.preferences.amenities.join(', '),
              placeholder: 'PA system, Backline',
            }}
            errors={err('amenities')}
          />
          <Field
            labelProps={{ children: 'Max travel hours per day' }}
            inputProps={{ name: n('maxHours'), type: 'number', min: 1, max: 24, step: 0.5, defaultValue: criteria.maxTravelHoursPerDay }}
            errors={err('maxHours')}
          />
          <Field
            labelProps={{ children: 'A day off after every N shows' }}
            inputProps={{ name: n('restEvery'), type: 'number', min: 1, max: 60, defaultValue: criteria.daysOff.everyNShows ?? '' }}
            errors={err('restEvery')}
          />
        </>
      ) : null}
    </div>
  )
}

/** Save from any planner: signed-in users post the criteria; visitors sign in and come back. */
export function SavePlanForm({
  query,
  signedIn,
  returnTo,
  defaultName,
}: {
  query: string
  signedIn: boolean
  returnTo: string
  defaultName: string
}) {
  const saving = useIsPending({ action: '/saved-tour-plans' })
  if (!signedIn) {
    return (
      <p className="text-sm">
        <Link to={`/login?${new URLSearchParams({ redirectTo: returnTo })}`} className="link font-medium">
          Sign in to save this plan
        </Link>{' '}
        (or{' '}
        <Link to={`/register?${new URLSearchParams({ redirectTo: returnTo })}`} className="link">
          create an account
        </Link>
        ) and hold all its dates in one step. You come back here, to this plan.
      </p>
    )
  }
  return (
    <Form method="post" action="/saved-tour-plans" className="flex flex-wrap items-end gap-3" aria-label="Save plan">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="criteria" value={query} />
      {/* Keyed by the name: after a client-side navigation (a chat turn) the field shows the new
          plan's name instead of keeping the old one in the DOM. */}
      <Field
        key={defaultName}
        className="min-w-40 flex-1"
        labelProps={{ children: 'Plan name' }}
        inputProps={{ name: 'name', defaultValue: defaultName, maxLength: 120 }}
      />
      <Button type="submit" className="mb-4" pending={saving}>
        Save plan
      </Button>
    </Form>
  )
}

export function PlannerNav({ current }: { current: string }) {
  const links = [
    ['/ai-tour-planner', 'Text'],
    ['/ai-tour-planner/conversational', 'Chat'],
    ['/ai-tour-planner/enhanced', 'Full form'],
    ['/ai-tour-planner/voice', 'Voice'],
    ['/saved-tour-plans', 'Saved plans'],
  ] as const
  return (
    <nav aria-label="Planners" className="mt-3 flex flex-wrap gap-2 text-sm">
      {links.map(([to, label]) => (
        <Link
          key={to}
          to={to}
          aria-current={to === current ? 'page' : undefined}
          className={
            to === current
              ? 'rounded-full bg-header px-3 py-1 text-white dark:bg-brand dark:text-brand-ink'
              : 'rounded-full border border-neutral-300 px-3 py-1 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-white/10'
          }
        >
          {label}
        </Link>
      ))}
    </nav>
  )
}
