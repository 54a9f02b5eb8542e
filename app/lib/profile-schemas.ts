import { z } from 'zod'
import { nameField, passwordField, phoneField } from './auth-schemas'

export const profileSchema = z.object({
  firstName: nameField('First name is required'),
  lastName: nameField('Last name is required'),
  phone: phoneField,
  consentToCommunications: z
    .union([z.boolean(), z.literal('on')])
    .optional()
    .transform((value) => value === true || value === 'on'),
})

/** The API's partial update: any non-empty subset of the profile fields, each validated as in the form. */
export const profilePatchSchema = profileSchema
  .partial()
  .extend({ name: z.string().trim().min(1).max(160).optional() })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change')

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().optional(),
    newPassword: passwordField,
    confirmPassword: z.string({ error: 'Please repeat the new password' }).min(1, 'Please repeat the new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' })
