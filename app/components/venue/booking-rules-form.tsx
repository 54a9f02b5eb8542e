import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { BOOKING_RULE_FIELDS, type BookingRuleField, type BookingRules } from '~/features/bookings/venue-booking-rules'

/** /venues/{id}/edit: how long requests wait for an answer and hold their dates, and challenge answers. */
export function BookingRulesForm({
  rules,
  errors,
  pending,
}: {
  rules: BookingRules
  errors?: Partial<Record<string, string[]>>
  pending: boolean
}) {
  return (
    <Form method="post" className="max-w-xl">
      <input type="hidden" name="intent" value="booking-rules" />
      <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">
        A request waits for your answer for the window below, and holds its dates for the length that fits how far away the show is,
        whichever ends first. You are reminded after 24 hours.
      </p>
      {(Object.keys(BOOKING_RULE_FIELDS) as BookingRuleField[]).map((name) => {
        const field = BOOKING_RULE_FIELDS[name]
        return (
          <Field
            key={name}
            labelProps={{ children: field.label }}
            hint={field.hint || undefined}
            inputProps={{
              id: `rule-${name}`,
              name,
              type: 'number',
              inputMode: 'numeric',
              min: field.min,
              max: field.max,
              step: 1,
              required: true,
              defaultValue: rules[name],
            }}
            errors={errors?.[name]}
          />
        )
      })}
      {/* Sticky at the window's foot while the form is on screen (.save-bar in app.css). */}
      <div className="save-bar">
        <Button type="submit" variant="outline" pending={pending}>
          Save booking rules
        </Button>
      </div>
    </Form>
  )
}
