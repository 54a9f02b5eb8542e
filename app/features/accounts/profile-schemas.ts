import { z } from 'zod'
import { loginPasswordField, nameField, passwordField, phoneField } from './auth-schemas'
import { text, TEXT_LIMITS } from '../../core/fields'

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
  .extend({ name: text({ required: 'Name is required', min: 1, max: 160 }).optional() })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change')

export const passwordChangeSchema = z
  .object({
    currentPassword: loginPasswordField.optional(),
    newPassword: passwordField,
    confirmPassword: text({ required: 'Please repeat the new password', min: 1, max: TEXT_LIMITS.password, trim: false }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' })
