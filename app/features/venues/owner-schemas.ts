import { z } from 'zod'
import { isoDate, noControl, text } from '../../core/fields'

// Forms and API bodies of claims and inquiries, shared by the pages (conform) and the JSON API.

export const claimSchema = z.object({
  roleAtVenue: text({
    required: 'Your role at the venue is required',
    min: 2,
    tooShort: 'Your role at the venue is required',
    max: 100,
    tooLong: 'At most 100 characters',
  }),
  businessEmail: noControl(
    z
      .email({ error: 'Enter a valid business email' })
      .trim()
      .toLowerCase()
      .max(254, { error: 'Enter a valid business email', abort: true }),
  ),
  phone: text({ required: 'Phone is required', max: 30, tooLong: 'Phone must be at most 30 characters' })
    .regex(/^\+?[\d\s().-]+$/, 'Phone may hold digits, spaces, +, -, . and parentheses')
    .refine((phone) => phone.replace(/\D/g, '').length >= 10, 'Phone needs at least 10 digits'),
  note: text({ max: 2000, tooLong: 'At most 2000 characters', multiline: true }).optional().default(''),
})
export type ClaimInput = z.output<typeof claimSchema>

export const rejectClaimSchema = z.object({
  reason: text({
    required: 'Give a reason',
    min: 3,
    tooShort: 'Give a reason',
    max: 500,
    tooLong: 'At most 500 characters',
    multiline: true,
  }),
})

export const inquirySchema = z.object({
  question: text({
    required: 'Your question is required',
    min: 10,
    tooShort: 'Your question must be at least 10 characters',
    max: 2000,
    tooLong: 'Your question must be at most 2000 characters',
    multiline: true,
  }),
  date: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    isoDate({ message: 'Use a date like 2027-03-14' }).optional(),
  ),
})
export type InquiryInput = z.output<typeof inquirySchema>

export const answerSchema = z.object({
  answer: text({
    required: 'Your answer is required',
    min: 2,
    tooShort: 'Your answer is required',
    max: 4000,
    tooLong: 'At most 4000 characters',
    multiline: true,
  }),
})

/** The host of a URL without a leading www., lowercased; null when it is not a URL. */
export function websiteDomain(website: string | null | undefined) {
  if (!website) return null
  try {
    const host = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.toLowerCase()
    return host.replace(/^www\./, '') || null
  } catch {
    return null
  }
}

/**
 * Whether an email's domain is the website's domain or one of its subdomains (case-insensitive):
 * jo@box.thevenue.com matches thevenue.com; jo@notthevenue.com does not.
 */
export function emailMatchesWebsite(email: string, website: string | null | undefined) {
  const site = websiteDomain(website)
  const domain = email
    .split('@')
    .pop()
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '')
  if (!site || !domain || !email.includes('@')) return false
  return domain === site || domain.endsWith(`.${site}`)
}
