import { z } from 'zod'
import { jsonObject, text } from '../../core/fields'

// The saved-plan bodies of the JSON API (POST /api/v1/tour-plans/save, PUT /api/v1/tour-plans/{id}).

export const MAX_SAVED_NAME = 120

/** Criteria travel as the planner's query contract: one validation path for forms, API and voice. */
const count = z.number({ error: 'Must be a number' }).finite().nullable().optional()
const names = z.array(text({ max: 100 })).max(50)
/**
 * A criteria object from the JSON API: each field of the type it names (numbers are JSON numbers,
 * never `true` or `[5]`); fields it does not name are ignored. The values are then checked like
 * the planner's query parameters.
 */
export const criteriaObject = z.object({
  cities: z
    .array(z.union([text({ max: 100 }), z.object({ name: text({ max: 100 }), stateCode: text({ max: 2 }).optional() })]))
    .max(50)
    .optional(),
  startDate: text({ max: 10 }).nullable().optional(),
  durationDays: count,
  budget: count,
  guestCount: count,
  genres: names.optional(),
  preferences: z
    .union([names, z.object({ genres: names.optional(), venueTypes: names.optional(), amenities: names.optional() })])
    .optional(),
  eventType: text({ max: 60 }).nullable().optional(),
  travelMode: text({ max: 20 }).nullable().optional(),
  crewSize: count,
  priority: text({ max: 20 }).nullable().optional(),
  startCity: text({ max: 100 }).nullable().optional(),
  endCity: text({ max: 100 }).nullable().optional(),
  maxTravelHoursPerDay: count,
  daysOff: z
    .object({ everyNShows: count, weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional() })
    .nullable()
    .optional(),
  showCount: count,
  keepOrder: z.boolean().optional(),
  homeCity: text({ max: 100 }).nullable().optional(),
  returnHome: z.boolean().optional(),
  regions: names.optional(),
  heading: text({ max: 20 }).nullable().optional(),
})

const criteriaInput = z.union([text({ max: 4000 }), jsonObject(4000, 'Criteria').pipe(criteriaObject)])

export const savePlanSchema = z.object({
  name: text({ max: MAX_SAVED_NAME, tooLong: `Please keep the name under ${MAX_SAVED_NAME} characters` }).optional(),
  criteria: criteriaInput,
})

export const updatePlanSchema = z.object({
  name: text({
    required: 'Give the plan a name',
    min: 1,
    max: MAX_SAVED_NAME,
    tooLong: `Please keep the name under ${MAX_SAVED_NAME} characters`,
  }).optional(),
  criteria: criteriaInput.optional(),
})

export type CriteriaObject = z.output<typeof criteriaObject>
