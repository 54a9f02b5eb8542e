import { z } from 'zod'
import { PHONE_SHAPE } from './auth-constants'

// The validation messages of spec section 5, word for word. Shared by the forms (client and
// server through conform) and by the JSON API.

/** "A simple {email} shape": something@something.something, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .regex(EMAIL_SHAPE, 'Please enter a valid email address')
  .transform((email) => email.toLowerCase())

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters')

export const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(30, 'Please enter a valid phone number')
  .regex(PHONE_SHAPE, 'Please enter a valid phone number')

export const nameField = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(80, 'Please keep it under 80 characters')

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
  redirectTo: z.string().optional(),
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
  redirectTo: z.string().optional(),
})

/** The API's register payload (spec section 3): email, password, role, name. */
export const apiRegisterSchema = z.object({
  email: emailField,
  password: passwordField,
  role: z.enum(SIGNUP_ROLE_VALUES, { error: 'Account type is required' }).default('organizer'),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(160),
  phone: phoneField.optional(),
  consentToCommunications: z.boolean().optional(),
})

export type LoginInput = z.infer<typeof loginSchema>
export type RegisterInput = z.infer<typeof registerSchema>
