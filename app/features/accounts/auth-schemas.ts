import { z } from 'zod'
import { PHONE_SHAPE } from './auth-constants'
import { hasControlCharacters, noControl, text, TEXT_LIMITS } from '../../core/fields'

// The validation messages of docs/product.md §5, word for word. Shared by the forms (client and
// server through conform) and by the JSON API.

/** "A simple {email} shape": something@something.something, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const emailField = noControl(
  z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(TEXT_LIMITS.email, { error: 'Please enter a valid email address', abort: true })
    .regex(EMAIL_SHAPE, 'Please enter a valid email address'),
).transform((email) => email.toLowerCase())

export const PASSWORD_TOO_LONG = `Password must be at most ${TEXT_LIMITS.password} characters`

/** A password as typed at sign-in: required and capped (before any hashing), no length rule. */
export const loginPasswordField = text({
  required: 'Password is required',
  min: 1,
  max: TEXT_LIMITS.password,
  tooLong: PASSWORD_TOO_LONG,
  trim: false,
})

/** A new password: at least 6 characters, at most the cap. */
export const passwordField = text({
  required: 'Password is required',
  min: 6,
  tooShort: 'Password must be at least 6 characters',
  max: TEXT_LIMITS.password,
  tooLong: PASSWORD_TOO_LONG,
  trim: false,
})

export const phoneField = noControl(
  z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { error: 'Phone number is required', abort: true })
    .max(30, { error: 'Please enter a valid phone number', abort: true })
    .regex(PHONE_SHAPE, 'Please enter a valid phone number'),
)

export const nameField = (message: string) => text({ required: message, min: 1, max: 80, tooLong: 'Please keep it under 80 characters' })

/**
 * Where to go after signing in; safeRedirect decides whether it is used. A hidden field nobody can
 * correct, so a value that is too long or holds control characters is dropped (the default page),
 * never an error that blocks signing in.
 */
const redirectField = z.preprocess(
  (value) => (typeof value === 'string' && value.length <= 2000 && !hasControlCharacters(value) ? value : undefined),
  // Not trimmed: safeRedirect must see a leading U+3000 or a trailing U+2028 to refuse it.
  text({ max: 2000, trim: false }).optional(),
)

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
  redirectTo: redirectField,
})

export const SIGNUP_ROLE_VALUES = ['organizer', 'venue_owner'] as const

export const registerSchema = z.object({
  firstName: nameField('First name is required'),
  lastName: nameField('Last name is required'),
  email: emailField,
  password: passwordField,
  phone: phoneField,
  role: z.enum(SIGNUP_ROLE_VALUES, { error: 'Account type is required' }).default('organizer'),
  consentToCommunications: z.literal(['on', 'true', true], { error: 'Please opt in to receive SMS communications' }).transform(() => true),
  redirectTo: redirectField,
})

/** The API's register payload (docs/product.md §3): email, password, role, name. */
export const apiRegisterSchema = z.object({
  email: emailField,
  password: passwordField,
  role: z.enum(SIGNUP_ROLE_VALUES, { error: 'Account type is required' }).default('organizer'),
  name: text({ required: 'Name is required', min: 1, max: 160 }),
  phone: phoneField.optional(),
  consentToCommunications: z.boolean().optional(),
})

export type LoginInput = z.infer<typeof loginSchema>
export type RegisterInput = z.infer<typeof registerSchema>
