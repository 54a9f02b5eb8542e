import { z } from 'zod'
import { noControl, text } from '../../core/fields'
import { CONTACT_TOPICS, MESSAGE_MAX, MESSAGE_MIN } from './contact-topics'

export * from './contact-topics'

/** The contact form, shared by the page's action (conform, server side only) and the contact service. */
export const ContactSchema = z.object({
  name: text({ required: 'Name is required', min: 1, max: 100, tooLong: 'Name must be at most 100 characters' }),
  email: noControl(
    z
      .email({
        error: (issue) => (issue.input === undefined ? 'Email is required' : 'Please enter a valid email address'),
      })
      .max(254, { error: 'Email must be at most 254 characters', abort: true }),
  ),
  topic: z.enum(CONTACT_TOPICS, { error: 'Choose a topic' }),
  message: text({
    required: 'Message is required',
    min: MESSAGE_MIN,
    tooShort: `Message must be at least ${MESSAGE_MIN} characters`,
    max: MESSAGE_MAX,
    tooLong: `Message must be at most ${MESSAGE_MAX} characters`,
    multiline: true,
  }),
})

export type ContactInput = z.infer<typeof ContactSchema>
