import { z } from 'zod'
import { CONTACT_TOPICS, MESSAGE_MAX, MESSAGE_MIN } from './contact-topics'

export * from './contact-topics'

/** The contact form, shared by the page's action (conform, server side only) and the contact service. */
export const ContactSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
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
