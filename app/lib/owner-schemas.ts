import { z } from 'zod'

// Forms and API bodies of claims and inquiries, shared by the pages (conform) and the JSON API.

export const claimSchema = z.object({
  roleAtVenue: z
    .string({ error: 'Your role at the venue is required' })
    .trim()
    .min(2, 'Your role at the venue is required')
    .max(100, 'At most 100 characters'),
  businessEmail: z.email({ error: 'Enter a valid business email' }).trim().toLowerCase().max(254),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .regex(/^\+?[\d\s().-]+$/, 'Phone may hold digits, spaces, +, -, . and parentheses')
    .refine((phone) => phone.replace(/\D/g, '').length >= 10, 'Phone needs at least 10 digits')
    .max(30, 'Phone must be at most 30 characters'),
  note: z.string().trim().max(2000, 'At most 2000 characters').optional().default(''),
})
export type ClaimInput = z.output<typeof claimSchema>

export const rejectClaimSchema = z.object({
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason').max(500, 'At most 500 characters'),
})

const isoDay = /^\d{4}-\d{2}-\d{2}$/

export const inquirySchema = z.object({
  question: z
    .string({ error: 'Your question is required' })
    .trim()
    .min(10, 'Your question must be at least 10 characters')
    .max(2000, 'Your question must be at most 2000 characters'),
  date: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .regex(isoDay, 'Use a date like 2027-03-14')
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Use a real date')
      .optional(),
  ),
})
export type InquiryInput = z.output<typeof inquirySchema>

export const answerSchema = z.object({
  answer: z.string({ error: 'Your answer is required' }).trim().min(2, 'Your answer is required').max(4000, 'At most 4000 characters'),
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
