import { z } from 'zod'
import { US_STATES, VENUE_TYPE_LABELS, VENUE_TYPES } from '../../core/domain'
import { listOf } from '../../core/words'
import { noControl, text as textField } from '../../core/fields'

// The venue body of the API (POST and PUT /api/v1/venues) and, later, of the owner's venue form.

// An empty value gets one message, not 'required' and 'too short' together.
const text = (label: string, min: number, max: number) =>
  textField({
    required: `${label} is required`,
    min,
    tooShort: `${label} must be at least ${min} characters`,
    max,
    tooLong: `${label} must be at most ${max} characters`,
  })

const tags = (one: string, many: string, maxItems: number) =>
  z
    .array(textField({ required: `Each ${one} needs a name`, min: 1, max: 60, tooLong: `Each ${one} must be at most 60 characters` }), {
      error: `${many[0]!.toUpperCase()}${many.slice(1)} must be a list of names`,
    })
    .max(maxItems, `At most ${maxItems} ${many}`)
    // Duplicates add nothing; keep the first spelling.
    .transform((list) => {
      const seen = new Set<string>()
      return list.filter((item) => !seen.has(item.toLowerCase()) && Boolean(seen.add(item.toLowerCase())))
    })

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

export const venueFields = {
  name: text('Name', 2, 120),
  venueType: z.enum(VENUE_TYPES, {
    error: `Please choose a venue type: ${listOf(
      VENUE_TYPES.map((type) => VENUE_TYPE_LABELS[type]),
      'or',
    )}`,
  }),
  description: textField({
    required: 'Description must be text',
    max: 5000,
    tooLong: 'Description must be at most 5000 characters',
    multiline: true,
  }),
  address: text('Address', 3, 200),
  city: text('City', 2, 100),
  stateCode: textField({ required: 'State is required', max: 2, tooLong: 'State must be a two-letter US state code' })
    .toUpperCase()
    .refine((code) => code in US_STATES, 'State must be a two-letter US state code'),
  capacity: z
    .number({ error: 'Capacity must be a number' })
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(200_000, 'Capacity must be at most 200000'),
  dayRate: z
    .number({ error: 'Day rate must be a number' })
    .int('Day rate must be whole dollars')
    .min(0, 'Day rate cannot be negative')
    .max(10_000_000, 'Day rate must be at most 10000000'),
  amenities: tags('amenity', 'amenities', 40),
  genres: tags('genre', 'genres', 20),
  website: z.preprocess(
    emptyToNull,
    noControl(
      z
        .url({ protocol: /^https?$/, error: 'Website must be an http(s) URL' })
        .max(300, { error: 'Website must be at most 300 characters', abort: true }),
    ).nullable(),
  ),
  phone: z.preprocess(
    emptyToNull,
    textField({ required: 'Phone must be text', max: 30, tooLong: 'Phone must be at most 30 characters' })
      .regex(/^\+?[\d\s().-]+$/, 'Phone may hold digits, spaces, +, -, . and parentheses')
      .refine((phone) => phone.replace(/\D/g, '').length >= 10, 'Phone needs at least 10 digits')
      .nullable(),
  ),
}

/** A photo's description (its alt text); empty means the venue's name and city. */
export const photoAltField = textField({ max: 200, tooLong: 'Please keep the description under 200 characters' })

const NOT_AN_OBJECT = { error: 'The request body must be a JSON object' }

export const createVenueSchema = z.object(
  {
    ...venueFields,
    description: venueFields.description.default(''),
    amenities: venueFields.amenities.default([]),
    genres: venueFields.genres.default([]),
    website: venueFields.website.optional().transform((value) => value ?? null),
    phone: venueFields.phone.optional().transform((value) => value ?? null),
  },
  NOT_AN_OBJECT,
)

/** PUT is a partial update: only the fields present change. A city change needs its state. */
export const updateVenueSchema = z
  .object(venueFields, NOT_AN_OBJECT)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change')

export type CreateVenueInput = z.output<typeof createVenueSchema>
export type UpdateVenueInput = z.output<typeof updateVenueSchema>
