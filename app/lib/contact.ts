import { z } from 'zod'

export const CONTACT_TOPICS = ['general', 'booking', 'venues', 'sales', 'press'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  general: 'General question',
  booking: 'Bookings and holds',
  venues: 'Venue listings and claims',
  sales: 'Sales and paid plans',
  press: 'Press',
}

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === 'string' && (CONTACT_TOPICS as readonly string[]).includes(value)
}

export const MESSAGE_MIN = 10
export const MESSAGE_MAX = 5000

/** The contact form, shared by the page (conform, both sides) and the contact service. */
export const ContactSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  email: z
    .email({
      error: (issue) => (issue.input === undefined ? 'Email is required' : 'Please enter a valid email address'),
    })
    .max(254, 'Email must be at most 254 characters'),
  topic: z.enum(CONTACT_TOPICS, { error: 'Choose a topic' }),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(MESSAGE_MIN, `Message must be at least ${MESSAGE_MIN} characters`)
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
})

export type ContactInput = z.infer<typeof ContactSchema>
